"""Fixtures of the games tests: a few users, API clients and started games."""

import pytest
from rest_framework.test import APIClient

from games import services


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


