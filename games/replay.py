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


NOTED = 10
"""The last entries of a replay whose effects are noted as they replay (the game page's
newest moves; see :func:`engine_for`)."""


def engine_for(
    game: Game, seats: list[Seat] | None = None, upto: int | None = None, noted: int | None = NOTED
) -> EngineGame:
    """The engine state of ``game``: a replay of its move log (the first ``upto`` moves).

    What the last ``noted`` entries (every entry with ``None``) did is noted as they replay,
    and so is what a command plays on the engine next: the move list's newest words and
    a move's 201 need no second replay (:func:`games.engine.effects.noting`); noting costs
    about as much again as the replay itself, so an API state or a board does not pay it
    for the whole log.

    A waiting game has no bag yet: it gets a bag-less engine showing the start tile.
    """
    if seats is None:
        seats = seats_in_order(game)
    if game.seed is None:  # seats may still be open: the engine needs distinct names
        return EngineGame([f"seat {seat.position + 1}" for seat in seats], game.engine_rules)
    names = seat_names(seats)
    engine = EngineGame.new(names, game.engine_rules, seed=game.seed)
    query = game.moves.order_by("number").values_list("number", "seat", "entry")
    moves = list(query if upto is None else query[:upto])
    first_noted = 0 if noted is None else max(0, len(moves) - noted)
    for i, (number, seat, entry) in enumerate(moves):
        if i == first_noted:
            noting(engine)
        try:
            engine.play_json(named_entry(entry, seat, names))
        except IllegalMove as exc:  # the log was accepted once: this is corruption
            raise RuntimeError(f"{game}: stored move {number} no longer replays: {exc}") from exc
    if engine.observer is None:  # nothing replayed: what comes next is noted
        noting(engine)
    return engine


def named_entry(entry: dict, seat: int, names: list[str]) -> dict:
    """``entry`` naming the player of ``seat`` as they are called now (a renamed user's
    resignation still replays)."""
    if "player" in entry and 0 <= seat < len(names) and entry["player"] != names[seat]:
        return {**entry, "player": names[seat]}
    return entry
