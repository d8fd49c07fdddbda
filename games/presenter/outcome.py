"""A finished game's outcome as stored on ``Game.outcome`` (by seat)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _

from carcassonne import Outcome
from games.models import Move
from games.words.entries import kind_of

DEPARTURES = ("resign", "forfeit")


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


def departure_text(kind: str, who: str, number: int) -> str:
    """'Bob resigned at move 1.', 'Bob lost on time at move 12.'"""
    if kind == "resign":
        return _("%(who)s resigned at move %(number)s.") % {"who": who, "number": number}
    return _("%(who)s ran out of time at move %(number)s and lost on time.") % {"who": who, "number": number}


def departures(moves: Iterable[tuple[int, int, dict]], names: Sequence[str]) -> list[str]:
    """Who left the game and when, in words, from move rows ``(number, seat, entry)``
    (a result that reads "0 won / 0" says why: a resignation at move 1)."""
    lines = []
    for number, seat, entry in sorted(moves, key=lambda m: m[0]):
        kind = kind_of(entry)
        if kind in DEPARTURES:
            lines.append(departure_text(kind, names[seat] if seat < len(names) else "?", number))
    return lines


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
