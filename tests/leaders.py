"""A two-player game whose leader leaves it (on time or by resigning): every layer
must then name the other player the winner, whatever the scores say."""

from __future__ import annotations

import random

from carcassonne import Resign
from games import engine_state, timeouts, turns
from games.models import Game
from games.present.view import placements_of


def play_until_leader_on_turn(game: Game, seed: int = 3) -> Game:
    """Play seeded random legal moves until the player on turn leads on points, and
    still would after the final scoring that follows their leaving."""
    assert game.move_count == 0
    Game.objects.filter(pk=game.pk).update(seed=seed)  # a known bag: the test does not depend on luck
    rng = random.Random(seed)
    for _ in range(200):
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE, "nobody took a lasting lead"
        seats = list(game.seats.select_related("user").order_by("position"))
        current = game.current_seat
        assert current is not None
        engine = engine_state.engine_for(game, seats)
        engine.play(Resign(engine.players[current]))
        if engine.scores[current] > max(s for i, s in enumerate(engine.scores) if i != current):
            return game
        engine = engine_state.engine_for(game, seats)
        assert engine.tile is not None
        choice = rng.choice(placements_of(engine, engine.tile))
        # only the first seat places followers: it takes the lead, the other scores little
        meeple = rng.choice(choice["meeples"]) if choice["meeples"] and current == 0 else None
        turns.play_move(
            game.pk, seats[current].user, game.move_count + 1, choice["x"], choice["y"], choice["rotation"], meeple
        )
    raise AssertionError("nobody took the lead")


def leader_leaves(game: Game, how: str):
    """The leader (on turn) loses on time (``how="time"``) or resigns (``"resign"``).
    Returns ``(game, leader, other)`` once the game is over."""
    game = play_until_leader_on_turn(game)
    seats = list(game.seats.select_related("user").order_by("position"))
    assert game.current_seat is not None
    leader, other = seats[game.current_seat].user, seats[1 - game.current_seat].user
    if how == "time":
        Game.objects.filter(pk=game.pk).update(timeout_rule=Game.TimeoutRule.LOSE, move_days=1)
        assert timeouts.play_timeout(game.pk, game.move_count + 1) is not None
    else:
        turns.resign(game.pk, leader)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.scores[seats.index(next(s for s in seats if s.user == leader))] > max(
        s for i, s in enumerate(game.scores) if seats[i].user != leader
    ), "the leader still leads on points"
    return game, leader, other
