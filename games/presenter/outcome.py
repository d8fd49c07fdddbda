"""A finished game's outcome as stored on ``Game.outcome`` (by seat)."""

from __future__ import annotations

from typing import Any

from games.engine import Outcome

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
