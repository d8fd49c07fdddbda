"""A tile move in words, as a person tells it, in the reader's language: the one place that
says what a placed tile did (the game page's and the archive's move lists, the e-mails'
last turn, the API's ``text``).

A sentence is the mover and a list of clauses: the tile placed, then what it did to each
road, city and cloister (:mod:`carcassonne.effects`), then the figure put on it::

    Ann placed a curved road, extended the road east and put a thief on the road
    Bob placed a city cap and completed a city (4 points)
    Cid placed a city corner, joined two cities and put a knight in the city
    Dee placed a curved road, completed a road (3 points for Ann) and took the robber

Running example: the start tile's road runs west-east through (0,0). Ann lays a curved
road at (1,0); its west side meets that road, so the road now reaches east of where it
was: "extended the road east" (the direction is the side of the feature on which the
tile lies, ``Effect.towards``). Completed features come first, with the points they
scored ("4 points", or "4 points for Bob" when the scorers are not only the mover), then
joined ("joined two roads"), extended and started ones; a new cloister is not told (the
tile's name says "a cloister"). A figure's side ("(north)") is told only where the tile
has more than one piece of its kind, and a farmer's side is where its field lies.

Each clause is translated whole as a phrase in the past participle, so that the helping
verb stays in the sentence's frame: "Ann hat eine Straßenkurve gelegt, die Straße nach
Osten verlängert und …", "Ann a posé un virage, prolongé la route vers l’est et …".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.utils.translation import gettext, ngettext, npgettext_lazy, pgettext, pgettext_lazy

from carcassonne import orientation
from carcassonne.effects import TurnEffects
from carcassonne.tiles import HALVES, TILE_TYPES
from games.present import expansions
from games.present.followers import DIRECTION_LABELS
from games.present.tile_names import tile_phrase

TOWARDS = {
    "N": pgettext_lazy("towards", "north"),
    "E": pgettext_lazy("towards", "east"),
    "S": pgettext_lazy("towards", "south"),
    "W": pgettext_lazy("towards", "west"),
    "NE": pgettext_lazy("towards", "north-east"),
    "SE": pgettext_lazy("towards", "south-east"),
    "SW": pgettext_lazy("towards", "south-west"),
    "NW": pgettext_lazy("towards", "north-west"),
}
"""Where an extended feature went: 'extended the road *east*' (de *nach Osten*, fr *vers l’est*)."""

EXTENDED = {
    "road": pgettext_lazy("move", "extended the road %(towards)s"),
    "city": pgettext_lazy("move", "extended the city %(towards)s"),
}
EXTENDED_SOMEWHERE = {
    "road": pgettext_lazy("move", "extended a road"),
    "city": pgettext_lazy("move", "extended a city"),
}
JOINED_TWO = {"road": pgettext_lazy("move", "joined two roads"), "city": pgettext_lazy("move", "joined two cities")}
JOINED = {
    "road": npgettext_lazy("move", "joined %(count)d road", "joined %(count)d roads", "count"),
    "city": npgettext_lazy("move", "joined %(count)d city", "joined %(count)d cities", "count"),
}
STARTED = {
    "road": npgettext_lazy("move", "started a road", "started %(count)d roads", "count"),
    "city": npgettext_lazy("move", "started a city", "started %(count)d cities", "count"),
}
COMPLETED = {
    "road": pgettext_lazy("move", "completed a road"),
    "city": pgettext_lazy("move", "completed a city"),
    "cloister": pgettext_lazy("move", "completed a cloister"),
}
COMPLETED_POINTS = {
    "road": npgettext_lazy(
        "move", "completed a road (%(count)d point)", "completed a road (%(count)d points)", "count"
    ),
    "city": npgettext_lazy(
        "move", "completed a city (%(count)d point)", "completed a city (%(count)d points)", "count"
    ),
    "cloister": npgettext_lazy(
        "move", "completed a cloister (%(count)d point)", "completed a cloister (%(count)d points)", "count"
    ),
}
COMPLETED_POINTS_FOR = {
    "road": npgettext_lazy(
        "move",
        "completed a road (%(count)d point for %(names)s)",
        "completed a road (%(count)d points for %(names)s)",
        "count",
    ),
    "city": npgettext_lazy(
        "move",
        "completed a city (%(count)d point for %(names)s)",
        "completed a city (%(count)d points for %(names)s)",
        "count",
    ),
    "cloister": npgettext_lazy(
        "move",
        "completed a cloister (%(count)d point for %(names)s)",
        "completed a cloister (%(count)d points for %(names)s)",
        "count",
    ),
}

FIGURE_PUT = {
    ("follower", "road"): pgettext_lazy("move", "put a thief on the road"),
    ("follower", "city"): pgettext_lazy("move", "put a knight in the city"),
    ("follower", "cloister"): pgettext_lazy("move", "put a monk in the cloister"),
    ("follower", "field"): pgettext_lazy("move", "put a farmer in the field"),
    **expansions.table("figure_put"),
}
"""A figure put on the placed tile, by figure and the kind of feature under it (the
expansions add theirs: the large follower, the builder, the pig)."""

ORDER = {"completed": 0, "joined": 1, "extended": 2, "started": 3}
HALF_AT = {
    h: (x, y) for h, (x, y) in zip(HALVES, ((-1, -2), (1, -2), (2, -1), (2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1)))
}


def placement(
    entry: dict[str, Any],
    who: str,
    effects: TurnEffects | None = None,
    scored: Sequence[dict[str, Any]] = (),
    names: Sequence[str] = (),
    seat: int | None = None,
) -> str:
    """'Ann placed a curved road, extended the road east and put a thief on the road': a
    tile move ``entry`` by ``who`` (seat ``seat``) with what it did (``effects``, see
    :mod:`carcassonne.effects`; without them only the tile and the figure are told), the
    turn's ``scored`` features and the players' ``names``; completions it did not tell are
    added after it ('; city completed: …')."""
    used: set[int] = set()
    clauses = [pgettext("move", "placed %(tile)s") % {"tile": tile_phrase(entry.get("tile"))}]
    if effects is not None:
        clauses += effect_clauses(effects.features, scored, names, seat, used)
        for expansion in expansions.REGISTRY:
            clauses += expansion.move_clauses(effects.changed, effects.player)
    figure = figure_clause(entry)
    if figure:
        clauses.append(figure)
    for expansion in expansions.REGISTRY:
        clauses += expansion.action_clauses(entry)
    text = pgettext("move", "%(who)s %(did)s") % {"who": who, "did": join_clauses(clauses)}
    left = [
        completed_text(s, names)
        for i, s in enumerate(scored)
        if i not in used and s.get("complete") and s.get("kind") in COMPLETED and s.get("winners")
    ]
    return "; ".join([text, *left])


def effect_clauses(
    effects: Iterable[Any], scored: Sequence[dict[str, Any]], names: Sequence[str], seat: int | None, used: set[int]
) -> list[str]:
    """What the tile did, most telling first; the scorings told are added to ``used``."""
    clauses = []
    started: dict[str, int] = {}
    for effect in sorted(effects, key=lambda e: (ORDER[e.did], e.kind != "city")):
        if effect.did == "completed":
            clauses.append(_completed(effect, scored, names, seat, used))
        elif effect.did == "joined":
            table = JOINED_TWO if effect.joined == 2 else JOINED
            clauses.append(table[effect.kind] % {"count": effect.joined})
        elif effect.did == "extended" and effect.towards:
            clauses.append(EXTENDED[effect.kind] % {"towards": TOWARDS[effect.towards]})
        elif effect.did == "extended":
            clauses.append(str(EXTENDED_SOMEWHERE[effect.kind]))
        elif effect.kind in STARTED:
            started[effect.kind] = started.get(effect.kind, 0) + 1
    clauses += [STARTED[kind] % {"count": count} for kind, count in sorted(started.items())]
    return clauses


def _completed(effect, scored: Sequence[dict[str, Any]], names: Sequence[str], seat: int | None, used: set[int]) -> str:
    """'completed a city (4 points)', '… (4 points for Bob)', or without points when nobody scored."""
    for i, scoring in enumerate(scored):
        if i in used or scoring.get("kind") != effect.kind or not scoring.get("complete"):
            continue
        if tuple(map(tuple, scoring.get("tiles") or ())) != effect.tiles or not scoring.get("winners"):
            continue
        used.add(i)
        winners = list(scoring["winners"])
        values = {"count": scoring.get("points", 0)}
        if winners == [seat]:
            return COMPLETED_POINTS[effect.kind] % values
        values["names"] = join_names([names[w] for w in winners if 0 <= w < len(names)])
        return COMPLETED_POINTS_FOR[effect.kind] % values
    return str(COMPLETED[effect.kind])


def figure_clause(entry: dict[str, Any]) -> str:
    """'put a thief on the road', 'put a knight in the city (north)'; '' for no figure."""
    meeple = entry.get("meeple")
    spot, figure = (
        (meeple.get("spot"), meeple.get("figure", "follower")) if isinstance(meeple, dict) else (meeple, "follower")
    )
    if not isinstance(spot, str) or not spot:
        return ""
    kind = spot.partition(":")[0]
    text = FIGURE_PUT.get((figure, kind))
    if text is None:
        text = FIGURE_PUT.get(("follower", kind), spot)
    side = spot_side(entry, spot)
    if side:
        return gettext("%(follower)s (%(side)s)") % {"follower": text, "side": DIRECTION_LABELS[side]}
    return str(text)


def spot_side(entry: dict[str, Any], spot: str) -> str:
    """Where on the tile ``spot`` lies (``N`` … ``NW``) when the tile has more than one
    piece of its kind, else ``""``: the edge of a road or city, a field's middle."""
    tile = TILE_TYPES.get(entry.get("tile", ""))
    if tile is None or entry.get("rotation") not in (0, 90, 180, 270):
        return ""
    turned = orientation(tile.id, entry["rotation"])
    index = turned.spot_index.get(spot)
    if index is None:
        return ""
    piece = turned.segments[index]
    if sum(s.kind == piece.kind for s in turned.segments) < 2:
        return ""
    if piece.kind != "field":
        return "NESW"[piece.edges[0]] if piece.edges else ""
    x = sum(HALF_AT[HALVES[h]][0] for h in piece.halves)
    y = sum(HALF_AT[HALVES[h]][1] for h in piece.halves)
    return _compass(x, y)


def _compass(x: float, y: float) -> str:
    """The 8-way direction of ``(x, y)`` from the tile's middle (y grows southwards)."""
    if x == y == 0:
        return ""
    ns = "N" if y < 0 and abs(y) * 2.4 >= abs(x) else "S" if y > 0 and abs(y) * 2.4 >= abs(x) else ""
    ew = "E" if x > 0 and abs(x) * 2.4 >= abs(y) else "W" if x < 0 and abs(x) * 2.4 >= abs(y) else ""
    return ns + ew


def join_clauses(clauses: Sequence[str]) -> str:
    """'a, b and c' of a sentence's clauses."""
    if len(clauses) == 1:
        return clauses[0]
    return pgettext("move", "%(clauses)s and %(last)s") % {"clauses": ", ".join(clauses[:-1]), "last": clauses[-1]}


def completed_text(scoring: dict[str, Any], names: Sequence[str]) -> str:
    """'city completed: 8 points for Ann' (or 'for Ann and Bob')."""
    winners = [names[w] for w in scoring.get("winners", ()) if 0 <= w < len(names)]
    points = scoring.get("points", 0)
    values = {"count": points, "names": join_names(winners)}
    if scoring["kind"] == "road":
        return (
            ngettext(
                "road completed: %(count)d point for %(names)s",
                "road completed: %(count)d points for %(names)s",
                points,
            )
            % values
        )
    if scoring["kind"] == "city":
        return (
            ngettext(
                "city completed: %(count)d point for %(names)s",
                "city completed: %(count)d points for %(names)s",
                points,
            )
            % values
        )
    return (
        ngettext(
            "cloister completed: %(count)d point for %(names)s",
            "cloister completed: %(count)d points for %(names)s",
            points,
        )
        % values
    )


def join_names(names: Sequence[str]) -> str:
    """'Ann', 'Ann and Bob', 'Ann, Bob and Cid'."""
    if len(names) <= 1:
        return "".join(names)
    return gettext("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}
