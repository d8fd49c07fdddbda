"""Stored record entries, as the API, the archive, the exports and the pages show them.

A :class:`games.models.Move` row holds one record entry exactly as the engine wrote it
(``entry``), with its number, the seat that acted and the points it scored. Every view
of the log goes through :func:`move_json` and :func:`describe`, so that a new entry kind
(an expansion's figure or decision) needs no change here.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import expansions, vocabulary
from games.tile_words import tile_phrase
from games.words import follower_put
from games.engine import CATEGORIES as FEATURE_CATEGORIES
from games.vocabulary import CATEGORY_LABELS, FIGURE_LABELS, GOODS_LABELS, QUARTER_LABELS  # noqa: F401  (the pages' words)

ROLES = {"road": "thief", "city": "knight", "cloister": "monk", "field": "farmer"}
"""The name of a follower by the feature it stands on (board pictures, move lists, JS)."""

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


def follower_role(spot: str | None) -> str:
    """``thief``, ``knight``, ``monk`` or ``farmer`` for a follower on ``spot``."""
    kind = (spot or "").partition(":")[0]
    return ROLES.get(kind, kind)


def describe_spot(spot: str | None) -> str:
    """'knight in the city (north)', 'monk in the cloister' in the reader's language; '' for none."""
    return vocabulary.follower_on(spot)


def spot_of(entry: dict[str, Any]) -> str | None:
    """The spot of the entry's figure (a plain spot, or ``{"spot": ..., "figure": ...}``)."""
    meeple = entry.get("meeple")
    return meeple.get("spot") if isinstance(meeple, dict) else meeple


def kind_of(entry: dict[str, Any]) -> str:
    """``place``, ``discard``, ``skip``, ``forfeit``, ``resign`` or an expansion's key."""
    for flag in ("discard", "skip", "forfeit", "resign"):
        if entry.get(flag) is True:
            return flag
    if "tile" in entry:
        return "place"
    return next((k for k in entry if k != "player"), "unknown")


def describe(entry: dict[str, Any], who: str, scored: Iterable[dict[str, Any]] = (),
             names: Sequence[str] = ()) -> str:
    """One sentence for a person: what ``who`` did with this entry ('Ann placed a curved
    road and put a thief on the road (east)'); with the turn's ``scored`` features and the
    players' ``names``, what it completed ('city completed: 8 points for Ann')."""
    text = _describe(entry, who)
    completed = [completed_text(s, names) for s in scored
                 if s.get("complete") and s.get("kind") in COMPLETED and s.get("winners")]
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
            "who": who, "tile": tile_phrase(tile)}
    if kind == "forfeit":
        return _("%(who)s ran out of time and lost on time") % {"who": who}
    if kind == "resign":
        return _("%(who)s resigned") % {"who": who}
    if kind == "place":
        values = {"who": who, "tile": tile_phrase(tile)}
        spot, figure = spot_of(entry), figure_of(entry)
        if not spot:
            return _("%(who)s placed %(tile)s") % values
        if figure == "follower":
            return _("%(who)s placed %(tile)s and put %(follower)s") % {**values, "follower": follower_put(spot)}
        return _("%(who)s placed %(tile)s, %(follower)s") % {**values, "follower": vocabulary.figure_on(figure, spot)}
    expansion = expansions.for_entry(kind)
    if expansion is not None:
        return expansion.describe_entry(entry, who)
    return _("%(who)s: %(kind)s") % {"who": who, "kind": kind}


COMPLETED = ("road", "city", "cloister")
"""The features whose completion a move's sentence tells."""


def completed_text(scoring: dict[str, Any], names: Sequence[str]) -> str:
    """'city completed: 8 points for Ann' (or 'for Ann and Bob')."""
    winners = [names[w] for w in scoring.get("winners", ()) if 0 <= w < len(names)]
    points = scoring.get("points", 0)
    values = {"count": points, "names": join_names(winners)}
    if scoring["kind"] == "road":
        return ngettext("road completed: %(count)d point for %(names)s", "road completed: %(count)d points for %(names)s",
                        points) % values
    if scoring["kind"] == "city":
        return ngettext("city completed: %(count)d point for %(names)s", "city completed: %(count)d points for %(names)s",
                        points) % values
    return ngettext("cloister completed: %(count)d point for %(names)s",
                    "cloister completed: %(count)d points for %(names)s", points) % values


def join_names(names: Sequence[str]) -> str:
    """'Ann', 'Ann and Bob', 'Ann, Bob and Cid'."""
    if len(names) <= 1:
        return "".join(names)
    return _("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}


def scored_json(scored) -> list[dict[str, Any]]:
    """The engine's scorings of a turn (``Turn.scored``) as ``describe`` reads them."""
    return [{"kind": s.kind, "points": s.points, "winners": list(s.winners), "complete": s.complete} for s in scored]


def move_json(number: int, seat: int, entry: dict[str, Any], points: Sequence[int], names: Sequence[str | None]) -> dict[str, Any]:
    """One stored entry as the API and the archive show it: the entry itself under
    ``entry`` (exactly as stored), who acted, the points, and the entry's fields flat
    (``tile``, ``x``, ``y``, ``rotation``, ``meeple``, the flags) for simple clients."""
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
        "text": describe(entry, who or "?"),
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
    curved road at (2, -1), turned 90°, and put a thief on the road (east)'; an entry
    that places no tile as :func:`describe` tells it."""
    if kind_of(entry) != "place":
        return describe(entry, who)
    values = {"tile": tile_phrase(entry.get("tile")), "x": entry.get("x"), "y": entry.get("y"),
              "rotation": entry.get("rotation", 0)}
    spot, figure = spot_of(entry), figure_of(entry)
    if not spot:
        return _("Place %(tile)s at (%(x)s, %(y)s), turned %(rotation)s°, with no figure") % values
    if figure == "follower":
        return _("Place %(tile)s at (%(x)s, %(y)s), turned %(rotation)s°, and put %(follower)s") % {
            **values, "follower": follower_put(spot)}
    return _("Place %(tile)s at (%(x)s, %(y)s), turned %(rotation)s°, with %(figure)s") % {
        **values, "figure": vocabulary.figure_on(figure, spot)}
