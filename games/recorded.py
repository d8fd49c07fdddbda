"""What is recorded of a game: its NOTATION.md record and its stored outcome, written once
by the command that ends the game (``games.commands``) and read by every page."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Q

from carcassonne import Game as EngineGame
from carcassonne import Outcome
from carcassonne.record import kind_of
from games.models import Game, Move

DEPARTURES = ("resign", "forfeit")
"""The record entries by which a player leaves a game."""


def no_outcome() -> dict[str, Any]:
    """The outcome of a game that has none (yet)."""
    return {"winners": [], "ranks": [], "scores": [], "breakdown": [], "ending": "", "left": []}


def outcome_json(outcome: Outcome) -> dict[str, Any]:
    """The engine's outcome by seat, as stored on ``Game.outcome``."""
    return {
        "winners": list(outcome.winners),
        "ranks": list(outcome.ranks),
        "scores": list(outcome.scores),
        "breakdown": [dict(b) for b in outcome.breakdown],
        "ending": outcome.ending,
        "left": list(outcome.left),
    }


def record_meta(game: Game) -> dict[str, Any]:
    """The ``meta`` object of a game's record: where it comes from, and when."""
    return {
        "game": game.pk,
        "name": game.title,
        "status": game.status,
        "started": game.started_at.isoformat() if game.started_at else None,
        "finished": game.finished_at.isoformat() if game.finished_at else None,
    }


def record(game: Game, engine: EngineGame) -> dict[str, Any]:
    """The NOTATION.md record of the moves so far, with metadata under ``meta``."""
    data = engine.record()
    data["meta"] = record_meta(game)
    if engine.outcome is not None:
        data["meta"]["result"] = dict(zip(engine.players, engine.scores))
        data["meta"]["winners"] = engine.outcome.winner_names
    return data


def outcome_of(game: Game) -> dict[str, Any]:
    """The stored engine outcome of a finished game (see :func:`outcome_json`), as the
    command that ended it stored it (``games.commands``; migration 0009 stored the older
    games'); :func:`no_outcome` for a game without one. A read: nothing is written."""
    return game.outcome or no_outcome()


def departure_moves(game_ids: Iterable[int]) -> dict[int, list[tuple[int, int, dict]]]:
    """The resignations and losses on time of each game, in one query (lists of games)."""
    found: dict[int, list[tuple[int, int, dict]]] = {}
    rows = (
        Move.objects.filter(game_id__in=list(game_ids))
        .filter(Q(entry__contains='"resign"') | Q(entry__contains='"forfeit"'))
        .order_by("number")
        .values_list("game_id", "number", "seat", "entry")
    )
    for game_id, number, seat, entry in rows:
        if kind_of(entry) in DEPARTURES:
            found.setdefault(game_id, []).append((number, seat, entry))
    return found
