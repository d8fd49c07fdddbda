"""A username longer than any account's (300 characters) at the three log-in doors: the
usual refusal (wrong name or password), never a server error from the log of failed
log-ins (django-axes keeps at most 255 characters of a name); it still counts towards
the lockout of that name."""

import pytest
from django.test import Client
from rest_framework.test import APIClient

LONG = "n" * 300


@pytest.fixture
def client():
    return Client(raise_request_exception=False)


@pytest.mark.django_db
def test_the_login_page_refuses_a_300_character_name_as_a_wrong_one(client):
    response = client.post("/accounts/login/", {"username": LONG, "password": "x"})
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.content.decode()


@pytest.mark.django_db
def test_the_admin_login_refuses_a_300_character_name_as_a_wrong_one(client):
    response = client.post("/admin/login/", {"username": LONG, "password": "x"})
    assert response.status_code == 200
    assert "Please enter the correct username and password" in response.content.decode()


@pytest.mark.django_db
def test_the_token_api_refuses_a_300_character_name_with_a_400(settings):
    settings.AXES_FAILURE_LIMIT = 3
    api = APIClient(raise_request_exception=False)
    answers = [api.post("/api/auth/token/", {"username": LONG, "password": "x"}, format="json") for _ in range(3)]
    assert [a.status_code for a in answers] == [400, 400, 429]
    assert "Unable to log in" in answers[0].json()["detail"]
