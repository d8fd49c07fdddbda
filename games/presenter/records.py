"""What is recorded of a game: its NOTATION.md record and its stored outcome (read only)."""

from __future__ import annotations

from typing import Any

from carcassonne import Game as EngineGame
from games.models import Game

from .outcome import no_outcome


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
