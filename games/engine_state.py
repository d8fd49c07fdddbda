"""The engine state of a game: always a replay of its move log, from its secret seed.

A process keeps the last states it replayed (:class:`Replays`): the same seed, rules, names
and entries give the same state, so a request whose log starts with a kept one copies it
and plays only the entries after it (a game's state, legal moves, move and page, each
asked within seconds of the others, replay the log once between them).
"""

from __future__ import annotations

import copy
import json
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _

from carcassonne import Game as EngineGame
from carcassonne import IllegalMove
from carcassonne.effects import EffectsLog, noting

from .errors import GameError
from .models import Game, Seat
from .seating import seats_in_order


def seat_names(seats: Iterable[Seat]) -> list[str]:
    return [seat.display_name for seat in seats]


NOTED = 10
"""The last entries of a replay whose effects are noted as they replay (the game page's
newest moves; see :func:`engine_for`)."""


def engine_for(
    game: Game,
    seats: list[Seat] | None = None,
    upto: int | None = None,
    noted: int | None = NOTED,
    log: Sequence[tuple[Any, ...]] | None = None,
) -> EngineGame:
    """The engine state of ``game``: a replay of its move log (the first ``upto`` moves).

    What the last ``noted`` entries (every entry with ``None``) did is noted as they replay,
    and so is what a command plays on the engine next: the move list's newest words and
    a move's 201 need no second replay (:func:`carcassonne.effects.noting`); noting costs
    about as much again as the replay itself, so an API state or a board does not pay it
    for the whole log.

    A waiting game has no bag yet: it gets a bag-less engine showing the start tile.
    ``log``: the game's move log, oldest first, rows that start (number, seat, entry), when
    the caller has read it already (the game page reads it with the points too).
    """
    if seats is None:
        seats = seats_in_order(game)
    if game.seed is None:  # seats may still be open: the engine needs distinct names
        return EngineGame([f"seat {seat.position + 1}" for seat in seats], game.engine_rules)
    names = seat_names(seats)
    if log is None:
        query = game.moves.order_by("number").values_list("number", "seat", "entry")
        moves = list(query if upto is None else query[:upto])
    else:
        moves = [(row[0], row[1], row[2]) for row in (log if upto is None else log[:upto])]
    first_noted = 0 if noted is None else max(0, len(moves) - noted)
    key = (game.pk, game.seed, json.dumps(game.rules, sort_keys=True), tuple(names))
    kept = REPLAYS.start(key, moves, first_noted) if upto is None else None
    if kept is None:
        engine, done = EngineGame.new(names, game.engine_rules, seed=game.seed), 0
    else:
        engine, done = kept
    for i in range(done, len(moves)):
        number, seat, entry = moves[i]
        if i == first_noted:
            noting(engine)
        try:
            engine.play_json(named_entry(entry, seat, names))
        except IllegalMove as exc:  # the log was accepted once: this is corruption
            raise RuntimeError(f"{game}: stored move {number} no longer replays: {exc}") from exc
    if engine.observer is None:  # nothing replayed: what comes next is noted
        noting(engine)
    if upto is None and (kept is None or done < len(moves)):  # a new state to keep
        REPLAYS.keep(key, moves, engine)
    return engine


class Replays:
    """The last ``size`` engine states a process replayed, each with the entries it played:
    a state is a pure function of the seed, the rules, the names and the entries (the key
    holds the first three, and the entries are compared in full), so a kept one is never
    stale, whatever happened to the database since (a test's rollback, a deleted game).

    Callers get copies (:meth:`carcassonne.Game.copy`, about 0.03 ms against 2 ms for a
    replay of 40 entries): a command plays its move on its own engine, never on a kept one.
    ``hits`` and ``misses`` count the lookups (a hit saved a replay, or most of one).
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: OrderedDict[tuple, tuple[list, EngineGame]] = OrderedDict()
        self._lock = threading.Lock()  # a threaded server's requests share the kept states
        self.hits = 0
        self.misses = 0

    def start(self, key: tuple, moves: list, first_noted: int) -> tuple[EngineGame, int] | None:
        """A copy of the kept state whose entries begin ``moves``, and how many it played;
        ``None`` without one (or one that did not note its entries from ``first_noted`` on)."""
        with self._lock:
            found = self._kept.get(key) if self.size > 0 else None
            if found is not None:
                self._kept.move_to_end(key)
        if found is not None:
            played, engine = found
            observer = engine.observer
            noted_from = observer.first - 1 if isinstance(observer, EffectsLog) else len(played)
            if len(played) <= len(moves) and moves[: len(played)] == played and noted_from <= first_noted:
                self.hits += 1
                return _copy(engine), len(played)
        self.misses += 1
        return None

    def keep(self, key: tuple, moves: list, engine: EngineGame) -> None:
        if self.size <= 0:
            return
        kept = (moves, _copy(engine))
        with self._lock:
            self._kept[key] = kept
            self._kept.move_to_end(key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)

    def clear(self) -> None:
        """Forget every kept state and start counting again."""
        with self._lock:
            self._kept.clear()
        self.hits = self.misses = 0


def _copy(engine: EngineGame) -> EngineGame:
    """An independent copy of ``engine`` that goes on noting what it noted."""
    other = engine.copy()
    if isinstance(engine.observer, EffectsLog):
        log = copy.copy(engine.observer)
        log.found = list(log.found)
        other.observer = log
    return other


REPLAYS = Replays(settings.ENGINE_REPLAYS_KEPT)


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
