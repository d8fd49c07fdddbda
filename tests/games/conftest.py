"""Fixtures of the games tests: a few users, API clients and started games."""

import pytest
from rest_framework.test import APIClient

from games import services


@pytest.fixture
def make_user(django_user_model, password):
    def make(username, email=None):
        return django_user_model.objects.create_user(
            username=username, email=email if email is not None else f"{username}@example.com", password=password
        )

    return make


@pytest.fixture
def ann(user):
    return user


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def cid(make_user):
    return make_user("cid", "cid@example.org")


@pytest.fixture
def dan(make_user):
    return make_user("dan")


@pytest.fixture
def api():
    """``api(user)``: an APIClient signed in as ``user`` (``None``: anonymous)."""

    def make(user=None):
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    return make


@pytest.fixture
def started(ann, bob):
    """An active two-player game: ann moves first, then bob."""
    game = services.create_game(ann, ["bob"])
    services.accept_invitation(game.pk, bob)
    game.refresh_from_db()
    return game


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
