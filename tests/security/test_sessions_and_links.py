"""Log-in links work once and never switch users silently; token API calls create no
sessions; expired sessions are cleared."""

from datetime import timedelta

import pytest
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from notifications import links, tasks
from notifications.models import Preference


@pytest.fixture
def link(ann):
    return f"/notifications/go/{links.login_token(ann, '/games/')}/"


@pytest.mark.django_db
def test_a_login_link_logs_in_once_only(link, ann):
    first = Client()
    assert first.post(link)["Location"] == "/games/"
    assert int(first.session["_auth_user_id"]) == ann.pk
    first.post("/accounts/logout/")
    again = Client()
    response = again.post(link)
    assert response["Location"].startswith("/accounts/login/")
    assert "_auth_user_id" not in again.session


@pytest.mark.django_db
def test_opening_someone_elses_link_asks_before_switching_users(link, ann, bob):
    client = Client()
    client.force_login(bob)
    page = client.get(link)
    assert page.status_code == 200
    assert "You are logged in as <strong>bob</strong>" in page.content.decode()
    assert int(client.session["_auth_user_id"]) == bob.pk
    client.post(link)
    assert int(client.session["_auth_user_id"]) == ann.pk


@pytest.mark.django_db
def test_a_login_link_cannot_be_used_from_another_site_without_a_csrf_token(link, ann):
    client = Client(enforce_csrf_checks=True)
    assert client.post(link).status_code == 403
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_token_api_calls_create_no_sessions_but_record_activity(ann):
    token = Token.objects.create(user=ann)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    for _ in range(5):
        assert api.get("/api/games/").status_code == 200
    assert Session.objects.count() == 0
    assert Preference.objects.get(user=ann).last_seen is not None


@pytest.mark.django_db
def test_housekeeping_clears_expired_sessions_and_old_used_links(ann, link):
    client = Client()
    client.force_login(ann)
    Session.objects.create(session_key="x" * 32, session_data="", expire_date=timezone.now() - timedelta(days=1))
    Client().post(link)
    from notifications.models import UsedLoginLink

    UsedLoginLink.objects.update(used_at=timezone.now() - timedelta(days=30))
    tasks.housekeeping()
    keys = set(Session.objects.values_list("session_key", flat=True))
    assert "x" * 32 not in keys and client.session.session_key in keys
    assert not UsedLoginLink.objects.exists()
