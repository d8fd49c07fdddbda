"""The engine state of a game: always a replay of its move log, from its secret seed."""

from __future__ import annotations

from collections.abc import Iterable

from games.engine import Game as EngineGame
from games.engine import IllegalMove
from games.engine.effects import noting

from .models import Game, Seat
from .seating import seats_in_order


def seat_names(seats: Iterable[Seat]) -> list[str]:
    return [seat.display_name for seat in seats]


def engine_for(game: Game, seats: list[Seat] | None = None, upto: int | None = None) -> EngineGame:
    """The engine state of ``game``: a replay of its move log (the first ``upto`` moves),
    noting what each entry did (the move list's words need no second replay, see
    :func:`games.engine.effects.noting`), also of the entries a command plays on it next.

    A waiting game has no bag yet: it gets a bag-less engine showing the start tile.
    """
    if seats is None:
        seats = seats_in_order(game)
    if game.seed is None:  # seats may still be open: the engine needs distinct names
        return EngineGame([f"seat {seat.position + 1}" for seat in seats], game.engine_rules)
    names = seat_names(seats)
    engine = noting(EngineGame.new(names, game.engine_rules, seed=game.seed))
    moves = game.moves.order_by("number").values_list("number", "seat", "entry")
    if upto is not None:
        moves = moves[:upto]
    for number, seat, entry in moves:
        try:
            engine.play_json(named_entry(entry, seat, names))
        except IllegalMove as exc:  # the log was accepted once: this is corruption
            raise RuntimeError(f"{game}: stored move {number} no longer replays: {exc}") from exc
    return engine


def named_entry(entry: dict, seat: int, names: list[str]) -> dict:
    """``entry`` naming the player of ``seat`` as they are called now (a renamed user's
    resignation still replays)."""
    if "player" in entry and 0 <= seat < len(names) and entry["player"] != names[seat]:
        return {**entry, "player": names[seat]}
    return entry
