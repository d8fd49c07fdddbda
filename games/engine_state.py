"""The engine state of a game: always a replay of its move log, from its secret seed."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext as _

from carcassonne import Game as EngineGame
from carcassonne import IllegalMove
from carcassonne.effects import noting

from .errors import GameError
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
    a move's 201 need no second replay (:func:`carcassonne.effects.noting`); noting costs
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


class BadMoveNumber(GameError):
    """A ``?move=k`` that names no move of the game (400, ``field`` ``move``): the APIs
    answer it as every error, ``{"detail": ..., "errors": {"move": [...]}}``, the pages
    with a 400 page saying the same."""

    def __init__(self, message: str):
        super().__init__(message, field="move")


def move_number(raw: str | None, total: int) -> int | None:
    """The ``k`` of ``?move=k`` (the board, the replay after move k) for a game of ``total``
    moves so far: ``None`` when not given; :class:`BadMoveNumber` for one that is not a
    whole number from 0 (the start tile alone) to ``total``. The one reader of the
    parameter: the game's and the archive's board API, the replay and import pages."""
    if raw is None:
        return None
    try:
        k = int(raw.strip())
    except ValueError:
        raise BadMoveNumber(_("move must be a whole number, not %(value)r") % {"value": raw}) from None
    if not 0 <= k <= total:
        raise BadMoveNumber(_("move must be between 0 and %(most)d, not %(value)d") % {"most": total, "value": k})
    return k
