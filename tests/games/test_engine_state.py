"""A game's engine state, replayed or copied from the states a process kept: the same state
either way, never one of another log, and never changed by what a request plays on it."""

from __future__ import annotations

import pytest

from games.engine_state import REPLAYS, engine_for
from games.models import Game, Move
from tests.games.conftest import COUNT, SEED  # a game of the Count that asks a decision off turn
from tests.games.helpers import api_clients, drive_until, seeded_game

pytestmark = pytest.mark.django_db


def _fresh(game: Game):
    """The state replayed from the log alone, as if the process had kept nothing."""
    kept, REPLAYS.size = REPLAYS.size, 0
    try:
        return engine_for(game)
    finally:
        REPLAYS.size = kept


def _same(a, b) -> None:
    assert a.record() == b.record()
    assert a.pending == b.pending and a.scores == b.scores and a.supply == b.supply
    assert a.options() == b.options()
    assert [str(t) for t in a.history] == [str(t) for t in b.history]


@pytest.fixture(autouse=True)
def _kept_nothing():
    REPLAYS.clear()
    yield
    REPLAYS.clear()


def test_a_kept_state_is_the_replayed_one_at_every_move_of_a_game_with_decisions(ann, bob):
    clients = api_clients(ann, bob)
    game = seeded_game(ann, [ann, bob], COUNT, SEED)
    checked, decisions = 0, 0

    def every_move_the_same(engine) -> bool:
        nonlocal checked, decisions
        _same(engine_for(game), _fresh(game))
        checked += 1
        decisions += engine.pending.action != "turn"
        return checked == 50

    drive_until(clients, game, every_move_the_same, seed=SEED, limit=60)
    assert checked == 50 and REPLAYS.hits >= checked  # each state after the first started from a kept one
    assert decisions, "the game asked no decision: pick another seed"


def test_what_a_request_plays_on_its_state_never_reaches_the_kept_one(ann, bob):
    game = seeded_game(ann, [ann, bob], {}, seed=7)
    for _ in range(3):
        engine = engine_for(game)
        assert len(engine.history) == 0
        engine.play(engine.options()[0])  # a command plays on its own copy
    assert REPLAYS.hits == 2
    _same(engine_for(game), _fresh(game))


def test_another_log_under_the_same_game_is_replayed_not_taken_from_the_kept_state(ann, bob):
    clients = api_clients(ann, bob)
    game = seeded_game(ann, [ann, bob], {}, seed=7)
    drive_until(clients, game, lambda engine: len(engine.history) >= 3, seed=1)
    kept = engine_for(game)
    last = game.moves.order_by("number").last()
    last.delete()
    before = _fresh(game)
    other = next(o for o in before.options() if o.to_json() != last.entry)
    Move.objects.create(game=game, number=last.number, seat=last.seat, entry=other.to_json())  # as after a rollback
    replayed = engine_for(game)
    assert len(replayed.history) == len(kept.history) and replayed.history[-1].move == other
    _same(replayed, _fresh(game))


def test_a_process_keeps_no_more_states_than_its_size(ann, bob):
    REPLAYS.size, size = 2, REPLAYS.size
    try:
        games = [seeded_game(ann, [ann, bob], {}, seed=s) for s in (1, 2, 3)]
        REPLAYS.clear()
        for game in games:
            engine_for(game)
        engine_for(games[0])  # the oldest was let go
        assert REPLAYS.hits == 0 and REPLAYS.misses == 4
        engine_for(games[2])
        assert REPLAYS.hits == 1
    finally:
        REPLAYS.size = size
