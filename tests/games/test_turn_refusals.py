"""The turn panel's refusals (games.present.notices.turn_refusals): each refused spot's
sentence is worked out once per distinct refusal, and says just what it said when each
spot's was worked out on its own."""

from __future__ import annotations

import random

import pytest

from games.present import notices
from games.present.view import GameView
from tests.notifications.conftest import start_game

from .helpers import play_moves

pytestmark = pytest.mark.django_db


def test_the_refusals_are_the_same_as_when_each_spot_is_worked_out_on_its_own(api, ann, bob, monkeypatch):
    from games.models import Game

    game = start_game(ann, bob, rules={"expansions": ["inns_cathedrals", "traders_builders"]})
    Game.objects.filter(pk=game.pk).update(seed=7)
    clients = {user.username: api(user) for user in (ann, bob)}
    checked = 0
    for _ in range(6):
        play_moves(clients, game.pk, 4, seed=random.Random(checked).randrange(1000))
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        view = GameView.load(game, game.seats.get(position=game.current_seat).user)
        tile = view.chosen_tile(None)
        placements = view.placements(tile)
        shared = notices.turn_refusals(view, tile, placements)
        with monkeypatch.context() as alone:
            alone.setattr(notices, "_refusal_key", lambda refusal: object())  # no two spots share one
            assert notices.turn_refusals(view, tile, placements) == shared
        checked += 1
        assert len(shared["reasons"]) < sum(len(s) for s in shared["spots"].values()) + len(shared["cells"]) + 10
    assert checked >= 3
