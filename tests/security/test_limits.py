"""Guessing passwords and sending invitations are limited."""

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from games.models import Seat


@pytest.fixture
def limits(settings):
    settings.AXES_FAILURE_LIMIT = 5


def wrong_logins(username, times, address="10.0.0.1"):
    client = Client(REMOTE_ADDR=address)
    for _ in range(times):
        client.post(reverse("login"), {"username": username, "password": "wrong-guess"})


@pytest.mark.django_db
def test_after_too_many_wrong_passwords_the_login_page_refuses_even_the_right_one(limits, user, password):
    wrong_logins("ann", 5)
    response = Client(REMOTE_ADDR="10.0.0.2").post(reverse("login"), {"username": "ann", "password": password})
    assert response.status_code == 429
    assert "Too many failed log-ins" in response.content.decode()


@pytest.mark.django_db
def test_after_too_many_wrong_passwords_the_token_api_answers_429_in_json(limits, user, password):
    api = APIClient(REMOTE_ADDR="10.0.0.3")
    for _ in range(4):
        assert api.post("/api/auth/token/", {"username": "ann", "password": "nope"}, format="json").status_code == 400
    assert api.post("/api/auth/token/", {"username": "ann", "password": "nope"}, format="json").status_code == 429
    response = api.post("/api/auth/token/", {"username": "ann", "password": password}, format="json")
    assert response.status_code == 429
    assert "Too many failed log-ins" in response.json()["detail"]


@pytest.mark.django_db
def test_wrong_passwords_for_one_user_do_not_lock_out_another_user_at_the_same_address(limits, user, password,
                                                                                        make_user):
    make_user("bob")
    wrong_logins("bob", 8, address="10.9.9.9")  # a guesser behind a shared address
    office = Client(REMOTE_ADDR="10.9.9.9")
    assert office.post(reverse("login"), {"username": "ann", "password": password}).status_code == 302
    elsewhere = Client(REMOTE_ADDR="10.8.8.8")
    assert elsewhere.post(reverse("login"), {"username": "bob", "password": password}).status_code == 429


@pytest.mark.django_db
def test_one_address_guessing_many_accounts_locks_none_of_the_others(limits, user, password):
    for name in ("a1", "a2", "a3", "a4", "a5", "a6"):
        wrong_logins(name, 1, address="10.9.9.9")
    response = Client(REMOTE_ADDR="10.9.9.9").post(reverse("login"), {"username": "ann", "password": password})
    assert response.status_code == 302


@pytest.mark.django_db
def test_a_few_wrong_passwords_do_not_lock_anyone_out(limits, user, password):
    wrong_logins("ann", 4)
    response = Client(REMOTE_ADDR="10.0.0.1").post(reverse("login"), {"username": "ann", "password": password})
    assert response.status_code == 302


@pytest.mark.django_db
def test_invitations_are_limited_per_user_per_day(ann, settings):
    settings.GAMES_INVITATIONS_PER_DAY = 6
    api = APIClient()
    api.force_authenticate(ann)
    for i in range(3):
        invite = [f"p{i}a@example.test", f"p{i}b@example.test"]
        assert api.post("/api/games/", {"invite": invite, "name": f"Spam {i}"}, format="json").status_code == 201
    response = api.post("/api/games/", {"invite": ["one-more@example.test"]}, format="json")
    assert response.status_code == 429
    assert "at most 6 invitations a day" in response.json()["detail"]
    assert Seat.objects.exclude(invited_email="").count() == 6
