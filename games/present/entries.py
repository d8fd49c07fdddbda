"""Stored record entries, as the API, the archive, the exports and the pages show them.

A :class:`games.models.Move` row holds one record entry exactly as the engine wrote it
(``entry``), with its number, the seat that acted and the points it scored. Every view
of the log goes through :func:`move_json` and :func:`describe`, so that a new entry kind
(an expansion's figure or decision) needs no change here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.utils.translation import gettext as _

from carcassonne import CATEGORIES as FEATURE_CATEGORIES
from carcassonne.effects import TurnEffects
from carcassonne.record import kind_of
from games.present import expansions, vocabulary
from games.present.followers import follower_on, follower_put
from games.present.move_sentences import COMPLETED, completed_text, placement
from games.present.tile_names import tile_phrase
from games.recorded import DEPARTURES

CATEGORY_EXPANSION = expansions.categories()
"""The expansions' breakdown categories, each with the expansion that scores it."""

CATEGORIES = (*FEATURE_CATEGORIES, *CATEGORY_EXPANSION)
"""Every breakdown category of the engine's scores: the features', then the expansions'."""


def categories_for(expansions) -> tuple[str, ...]:
    """The breakdown categories a game with ``expansions`` can score (the features always)."""
    return tuple(c for c in CATEGORIES if CATEGORY_EXPANSION.get(c) in (None, *expansions))


def figure_of(entry: dict[str, Any]) -> str:
    """The kind of the entry's figure (``follower`` unless the entry names another)."""
    meeple = entry.get("meeple")
    return meeple.get("figure", "follower") if isinstance(meeple, dict) else "follower"


def describe_spot(spot: str | None) -> str:
    """'knight in the city (north)', 'monk in the cloister' in the reader's language; '' for none."""
    return follower_on(spot)


def spot_of(entry: dict[str, Any]) -> str | None:
    """The spot of the entry's figure (a plain spot, or ``{"spot": ..., "figure": ...}``)."""
    meeple = entry.get("meeple")
    return meeple.get("spot") if isinstance(meeple, dict) else meeple


def describe(
    entry: dict[str, Any],
    who: str,
    scored: Sequence[dict[str, Any]] = (),
    names: Sequence[str] = (),
    effects: TurnEffects | None = None,
    seat: int | None = None,
) -> str:
    """One sentence for a person: what ``who`` (seat ``seat``) did with this entry ('Ann
    placed a curved road, extended the road east and put a thief on the road'); with the
    turn's ``scored`` features, the players' ``names`` and what the tile did to the board
    (``effects``, see :mod:`carcassonne.effects`), what it joined and completed and for
    whom ('completed a city (8 points)'). Tile moves are told by :mod:`games.present.move_sentences`."""
    if kind_of(entry) == "place":
        return placement(entry, who, effects, scored, names, seat)
    text = _describe(entry, who)
    completed = [
        completed_text(s, names)
        for s in scored
        if s.get("complete") and s.get("kind") in COMPLETED and s.get("winners")
    ]
    return "; ".join([text, *completed]) if completed else text


def _describe(entry: dict[str, Any], who: str) -> str:
    kind = kind_of(entry)
    tile = entry.get("tile")
    if kind == "discard":
        return _("%(who)s drew %(tile)s, which fits nowhere: discarded") % {"who": who, "tile": tile_phrase(tile)}
    if kind == "skip":
        if tile is None:  # with a hand of tiles, nothing goes back into the bag
            return _("%(who)s ran out of time: turn skipped") % {"who": who}
        return _("%(who)s ran out of time: turn skipped, %(tile)s went back into the bag") % {
            "who": who,
            "tile": tile_phrase(tile),
        }
    if kind == "forfeit":
        return _("%(who)s ran out of time and lost on time") % {"who": who}
    if kind == "resign":
        return _("%(who)s resigned") % {"who": who}
    expansion = expansions.for_entry(kind)
    if expansion is not None:
        return expansion.describe_entry(entry, who)
    return _("%(who)s: %(kind)s") % {"who": who, "kind": kind}


def scored_json(scored) -> list[dict[str, Any]]:
    """The engine's scorings of a turn (``Turn.scored``) as ``describe`` reads them."""
    return [
        {
            "kind": s.kind,
            "points": s.points,
            "winners": list(s.winners),
            "complete": s.complete,
            "tiles": [list(cell) for cell in s.tiles],
        }
        for s in scored
    ]


def move_json(
    number: int,
    seat: int,
    entry: dict[str, Any],
    points: Sequence[int],
    names: Sequence[str | None],
    text: str | None = None,
) -> dict[str, Any]:
    """One stored entry as the API and the archive show it: the entry itself under
    ``entry`` (exactly as stored), who acted, the points, and the entry's fields flat
    (``tile``, ``x``, ``y``, ``rotation``, ``meeple``, the flags) for simple clients;
    ``text``: the move in words (by default from the entry alone, see :func:`describe`)."""
    kind = kind_of(entry)
    places = kind == "place"
    who = names[seat] if 0 <= seat < len(names) else None
    return {
        "number": number,
        "seat": seat,
        "player": who,
        "kind": kind,
        "tile": entry.get("tile"),
        "x": entry.get("x") if places else None,
        "y": entry.get("y") if places else None,
        "rotation": entry.get("rotation") if places else None,
        "meeple": spot_of(entry) if places else None,
        "discard": kind == "discard",
        "skip": kind == "skip",
        "forfeit": kind == "forfeit",
        "resign": kind == "resign",
        "points": list(points or [0] * len(names)),
        "entry": entry,
        "text": text if text is not None else describe(entry, who or "?", seat=seat),
    }


def notation(entry: dict[str, Any]) -> str:
    """A placement in the notation a reply e-mail uses (NOTATION.md): ``2,-1 90 city:N``,
    ``0,1 180 large city:N``, ``3,0 270`` (no figure); '' for any other entry."""
    if kind_of(entry) != "place":
        return ""
    parts = [f"{entry.get('x')},{entry.get('y')}", str(entry.get("rotation", 0))]
    spot, figure = spot_of(entry), figure_of(entry)
    if spot:
        parts.append(spot if figure == "follower" else f"{figure} {spot}")
    return " ".join(parts)


def advice(entry: dict[str, Any], who: str) -> str:
    """An entry as advice to its player (a hint, the move an analysis prefers): 'Place a
    curved road at (2, -1), turned 90°, and put a thief on the road (east)', 'Move your
    follower from the Castle onto the city (north) at (2, -1)' (an expansion's decision,
    its ``advise_entry``); what has no advice as :func:`describe` tells it."""
    kind = kind_of(entry)
    if kind != "place":
        expansion = expansions.for_entry(kind)
        advised = expansion.advise_entry(entry) if expansion is not None else None
        return advised or describe(entry, who)
    values = {
        "tile": tile_phrase(entry.get("tile")),
        "x": entry.get("x"),
        "y": entry.get("y"),
        "rotation": entry.get("rotation", 0),
    }
    spot, figure = spot_of(entry), figure_of(entry)
    if not spot:
        return _("Place %(tile)s at (%(x)s, %(y)s), turned %(rotation)s°, with no figure") % values
    if figure == "follower":
        return _("Place %(tile)s at (%(x)s, %(y)s), turned %(rotation)s°, and put %(follower)s") % {
            **values,
            "follower": follower_put(spot),
        }
    return _("Place %(tile)s at (%(x)s, %(y)s), turned %(rotation)s°, with %(figure)s") % {
        **values,
        "figure": vocabulary.figure_on(figure, spot),
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
