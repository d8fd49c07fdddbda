"""Fixtures of the games tests: a few users, API clients and started games."""

import pytest
from rest_framework.test import APIClient

from games import lobby

from .helpers import drive_until, seeded_game

COUNT = {"expansions": ["count"]}
SEED = 221  # with drive_until(seed=221): ann is asked to reinforce on bob's tile


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
    game = lobby.create_game(ann, ["bob"])
    lobby.accept_invitation(game.pk, bob)
    game.refresh_from_db()
    return game


def reinforcement_for_other(engine):
    pending = engine.pending
    return pending.action == "reinforce" and pending.player != engine.current_player


def reinforcing_game(ann, bob, clients):
    """A game where ann (not on turn: bob placed the tile) may move a follower out of the
    City, played through ``clients`` (API clients by name): (game, engine)."""
    game = seeded_game(ann, [ann, bob], COUNT, SEED)
    engine = drive_until(clients, game, reinforcement_for_other, seed=SEED)
    assert reinforcement_for_other(engine), "the seeded game no longer reaches a reinforcement"
    game.refresh_from_db()
    return game, engine


@pytest.fixture
def reinforcing(ann, bob, api):
    """A game where ann (not on turn: bob placed the tile) may move a follower out of the City."""
    clients = {"ann": api(ann), "bob": api(bob)}
    game, engine = reinforcing_game(ann, bob, clients)
    return game, clients, engine
