"""Server-side SVG pictures of the board and of single tiles.

A pure module: it gets a :class:`games.engine.Game` (or just a tile id) and returns SVG
text; no Django. Geometry follows ``shared/rules/NOTATION.md``: ``x`` grows east,
``y`` grows south, and everything is drawn in board orientation from the tile's
:class:`~games.engine.tiles.Orientation` (its segments already carry their turned edges
and half-edges).

Inside the SVG one tile is 100 user units wide whatever ``cell_size`` is; the pixel size
only sets ``width`` and ``height``. The artwork of each tile type at each rotation is
built once and cached, so a full board costs little more than writing the elements.

>>> from games.engine import replay
>>> game = replay({"players": ["Ann", "Bob"], "moves": [
...     {"tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": "road:E"}]})
>>> svg = render_board(game, highlight=[(2, 0)])
>>> svg.count('class="tile"'), svg.count('class="follower role-thief"'), svg.count('class="slot"')
(2, 1, 1)
>>> spot_position(orientation("U", 0), "road:E")
(0.75, 0.5)
"""

from __future__ import annotations

import math
from collections import deque
from functools import lru_cache
from typing import TYPE_CHECKING, Iterable

import svgwrite
from svgwrite.base import BaseElement

from games import entries, vocabulary
from games.vocabulary import gettext as _
from games.engine import COLORS
from games.engine.tiles import EDGES, HALVES, RIVER_END, Orientation, orientation

if TYPE_CHECKING:  # pragma: no cover
    from games.engine.game import Game, PlacedTile

__all__ = ["render_board", "render_tile", "spot_position", "follower_role", "seat_hex", "PALETTE", "SEAT_COLORS"]

UNIT = 100
"""User units per tile side inside every SVG this module draws."""

PALETTE = {
    "board": "#efe7d4",
    "empty": "#f7f2e6",
    "empty_line": "#d3c6a6",
    "field": "#93c160",
    "field_edge": "#74a046",
    "city": "#e3c28c",
    "city_shade": "#d4ae72",
    "wall": "#6b4727",
    "road_edge": "#8b7f68",
    "road": "#f5f1e6",
    "river_bank": "#2e6aa3",
    "river": "#63aee8",
    "cloister": "#f3e8d1",
    "cloister_line": "#6a5538",
    "roof": "#c0392b",
    "roof_line": "#7e2219",
    "door": "#5a3d24",
    "pennant": "#2a5db7",
    "pennant_line": "#163167",
    "junction": "#b49b72",
    "junction_line": "#5e4a2e",
    "last_move": "#ff9800",
    "slot": "#ffffff",
    "slot_line": "#2e7d32",
    "spot": "#ffffff",
    "spot_line": "#263238",
    "meeple_line": "#1d1d1d",
    "shadow": "#000000",
}
"""Colours of the artwork, by what they paint."""

SEAT_COLORS = {
    "yellow": "#f5cf2b",
    "red": "#d8362b",
    "green": "#1f8a3e",
    "blue": "#2f66d8",
    "black": "#262626",
    "grey": "#9e9e9e",
}
"""The one table of seat colours (by the engine's COLORS names): followers, dots, charts.
static/css/game.css repeats it as ``--p-<name>`` (a test keeps them equal)."""


def seat_hex(position: int) -> str:
    """The hex colour of seat ``position``."""
    name = COLORS[position % len(COLORS)]
    return SEAT_COLORS.get(name, name)

# --- small geometry helpers -----------------------------------------------------

Point = tuple[float, float]

_EDGE_MID: tuple[Point, ...] = ((50, 0), (100, 50), (50, 100), (0, 50))
_HALF_ANCHOR: tuple[Point, ...] = ((25, 0), (75, 0), (100, 25), (100, 75), (75, 100), (25, 100), (0, 75), (0, 25))
_CENTRE: Point = (50, 50)


def _turn(p: Point, quarter_turns: int) -> Point:
    """``p`` turned clockwise about the tile centre by ``quarter_turns`` × 90°."""
    x, y = p
    for _ in range(quarter_turns & 3):
        x, y = UNIT - y, x
    return x, y


def _turned(points: Iterable[Point], quarter_turns: int) -> list[Point]:
    return [_turn(p, quarter_turns) for p in points]


def _cubic(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 12) -> list[Point]:
    out = []
    for i in range(n + 1):
        t = i / n
        a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return out


def _quad(p0: Point, p1: Point, p2: Point, n: int = 12) -> list[Point]:
    out = []
    for i in range(n + 1):
        t = i / n
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def _fmt(v: float) -> str:
    r = round(v, 1)
    return str(int(r)) if r == int(r) else str(r)


def _path(points: list[Point], closed: bool = False) -> str:
    d = "M" + " L".join(f"{_fmt(x)},{_fmt(y)}" for x, y in points)
    return d + " Z" if closed else d


def _inside(p: Point, polygon: list[Point]) -> bool:
    x, y = p
    inside = False
    j = len(polygon) - 1
    for i in range(len(polygon)):
        xi, yi = polygon[i]
        xj, yj = polygon[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def _distance_to_line(p: Point, line: list[Point]) -> float:
    best = math.inf
    px, py = p
    for (ax, ay), (bx, by) in zip(line, line[1:]):
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
        cx, cy = ax + t * dx, ay + t * dy
        best = min(best, math.hypot(px - cx, py - cy))
    return best


def _along(line: list[Point], distance: float) -> Point:
    """The point ``distance`` units along a polyline from its first point."""
    for (ax, ay), (bx, by) in zip(line, line[1:]):
        step = math.hypot(bx - ax, by - ay)
        if step >= distance and step > 0:
            t = distance / step
            return ax + t * (bx - ax), ay + t * (by - ay)
        distance -= step
    return line[-1]


# --- the shapes of one tile, in board orientation -----------------------------------

# Canonical city outlines (rotation applied afterwards): each is (fill polygon, walls,
# pennant point). A wall is a polyline not lying on the tile's border.
_CAP_WALL = _cubic((100, 0), (75, 38), (25, 38), (0, 0))
_BAND_WALLS = (_cubic((100, 0), (72, 30), (72, 70), (100, 100)), _cubic((0, 100), (28, 70), (28, 30), (0, 0)))
_DIAGONAL_WALL = _quad((100, 0), (38, 38), (0, 100))
_THREE_WALL = _cubic((100, 100), (72, 58), (28, 58), (0, 100))


def _city_shape(edges: tuple[int, ...]) -> tuple[list[Point], list[list[Point]], Point]:
    """Fill outline, walls and pennant position of a city touching ``edges``."""
    es = set(edges)
    if len(es) == 1:  # a cap on one edge; canonical: N
        k = edges[0]
        return _turned([(0, 0), (100, 0)] + _CAP_WALL[1:-1], k), [_turned(_CAP_WALL, k)], _turn((24, 9), k)
    if len(es) == 2 and (edges[0] + 2) & 3 == edges[1]:  # a band; canonical: N-S
        k = 0 if 0 in es else 1
        east, west = _BAND_WALLS
        outline = [(0, 0), (100, 0)] + east[1:] + west[:-1]
        return _turned(outline, k), [_turned(east, k), _turned(west, k)], (50, 50)
    if len(es) == 2:  # a diagonal on two adjacent edges; canonical: W+N
        a = edges[0] if (edges[0] + 1) & 3 in es else edges[1]
        k = (a + 1) & 3
        outline = [(0, 100), (0, 0), (100, 0)] + _DIAGONAL_WALL[1:-1]
        return _turned(outline, k), [_turned(_DIAGONAL_WALL, k)], _turn((55, 11), k)
    if len(es) == 3:  # three edges; canonical: open to the S
        missing = ({0, 1, 2, 3} - es).pop()
        k = (missing - 2) & 3
        outline = [(0, 100), (0, 0), (100, 0)] + _THREE_WALL[:-1]
        return _turned(outline, k), [_turned(_THREE_WALL, k)], _turn((20, 17), k)
    return [(0, 0), (100, 0), (100, 100), (0, 100)], [], (22, 20)


def _wiggle(line: list[Point], amplitude: float) -> list[Point]:
    """Bend a polyline sideways by a sine that is zero at both ends (a river's meander)."""
    out = [line[0]]
    n = len(line) - 1
    for i in range(1, n):
        (ax, ay), (bx, by) = line[i - 1], line[i + 1]
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy) or 1.0
        s = amplitude * math.sin(2 * math.pi * i / n)
        x, y = line[i]
        out.append((x - dy / length * s, y + dx / length * s))
    out.append(line[-1])
    return out


def _between(a: int, b: int, n: int = 12) -> list[Point]:
    """A line from the middle of edge ``a`` to the middle of edge ``b`` (curved if they meet at a corner)."""
    pa, pb = _EDGE_MID[a], _EDGE_MID[b]
    if (a + 2) & 3 == b:
        return [(pa[0] + (pb[0] - pa[0]) * i / n, pa[1] + (pb[1] - pa[1]) * i / n) for i in range(n + 1)]
    return _quad(pa, _CENTRE, pb, n)


def _stub(a: int, end: Point, n: int = 6) -> list[Point]:
    pa = _EDGE_MID[a]
    return [(pa[0] + (end[0] - pa[0]) * i / n, pa[1] + (end[1] - pa[1]) * i / n) for i in range(n + 1)]


class _Shapes:
    """Where every segment of one orientation lies, in 0..100 tile units."""

    def __init__(self, o: Orientation) -> None:
        self.o = o
        segs = o.segments
        self.cities: dict[int, tuple[list[Point], list[list[Point]], Point]] = {}
        self.roads: dict[int, list[Point]] = {}
        self.rivers: dict[int, list[Point]] = {}
        self.cloister: int | None = None
        self.junction = False
        self.village = False
        self.pool: str | None = None  # "spring" or "lake"
        for seg in segs:
            if seg.kind == "city":
                self.cities[seg.index] = _city_shape(seg.edges)
            elif seg.kind == "cloister":
                self.cloister = seg.index
        stubs = [s for s in segs if s.kind == "road" and len(s.edges) == 1]
        city_points = [_EDGE_MID[e] for s in segs if s.kind == "city" for e in s.edges]
        for seg in segs:
            if seg.kind == "road":
                if len(seg.edges) == 2:
                    self.roads[seg.index] = _between(*seg.edges)
                elif len(seg.edges) == 1:
                    (e,) = seg.edges
                    if self.cloister is not None or len(stubs) >= 3:
                        self.roads[seg.index] = _stub(e, _CENTRE)
                        self.junction = self.cloister is None
                    elif city_points:  # the road runs into the city, under its wall
                        cx = sum(p[0] for p in city_points) / len(city_points)
                        cy = sum(p[1] for p in city_points) / len(city_points)
                        deep = (50 + (cx - 50) * 0.8, 50 + (cy - 50) * 0.8)
                        self.roads[seg.index] = _stub(e, _CENTRE, 4) + _stub_from(_CENTRE, deep)
                    else:
                        self.roads[seg.index] = _stub(e, _CENTRE)
                        self.village = True
                else:
                    for e in seg.edges:
                        self.roads.setdefault(seg.index, []).extend(_stub(e, _CENTRE))
            elif seg.kind == "river":
                if len(seg.edges) == 2:
                    self.rivers[seg.index] = _wiggle(_between(*seg.edges, n=16), 5)
                elif len(seg.edges) == 1:
                    self.rivers[seg.index] = _wiggle(_stub(seg.edges[0], _CENTRE, 10), 3)
                    self.pool = "lake" if o.tile.id == RIVER_END else "spring"


def _stub_from(a: Point, b: Point, n: int = 4) -> list[Point]:
    return [(a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n) for i in range(1, n + 1)]


@lru_cache(maxsize=None)
def _shapes(tile_id: str, rotation: int) -> _Shapes:
    return _Shapes(orientation(tile_id, rotation))


# Cloister footprint (also an obstacle for farmers) and the art around it.
_CLOISTER_BOX = (31.0, 24.0, 69.0, 70.0)
_GRID = 20
_CELL = UNIT / _GRID
_OBSTACLE = -2
_FREE = -1


@lru_cache(maxsize=None)
def _raster(tile_id: str, rotation: int) -> tuple[list[int], int]:
    """A coarse map of the tile: the segment index under each grid cell (or an obstacle).

    Cities, the cloister, roads and rivers are laid down; the remaining cells are
    flood-filled from the half-edges, so each field segment gets the area it really has.
    """
    sh = _shapes(tile_id, rotation)
    o = sh.o
    n = _GRID
    labels = [_FREE] * (n * n)
    pennant_boxes = [(px - 9, py - 10, px + 9, py + 10) for idx, (_, _, (px, py)) in sh.cities.items() if o.segments[idx].pennants]
    for j in range(n):
        for i in range(n):
            p = ((i + 0.5) * _CELL, (j + 0.5) * _CELL)
            label = _FREE
            for idx, (outline, _walls, _pen) in sh.cities.items():
                if _inside(p, outline):
                    label = idx
                    break
            if label == _FREE:
                for idx, line in sh.roads.items():
                    if _distance_to_line(p, line) < 8:
                        label = idx
                        break
            if label == _FREE:
                for line in sh.rivers.values():
                    if _distance_to_line(p, line) < 10:
                        label = _OBSTACLE
                        break
                if sh.pool and math.hypot(p[0] - 50, p[1] - 50) < (27 if sh.pool == "lake" else 14):
                    label = _OBSTACLE
            if sh.cloister is not None:
                x0, y0, x1, y1 = _CLOISTER_BOX
                if x0 <= p[0] <= x1 and y0 <= p[1] <= y1:
                    label = sh.cloister
            if (sh.junction or sh.village) and abs(p[0] - 50) < 11 and abs(p[1] - 50) < 11:
                label = _OBSTACLE
            if label >= 0 and o.segments[label].kind == "city":
                for x0, y0, x1, y1 in pennant_boxes:
                    if x0 <= p[0] <= x1 and y0 <= p[1] <= y1:
                        label = _OBSTACLE
            labels[j * n + i] = label
    # flood-fill the fields from the half-edges
    queue: deque[int] = deque()
    for h, seg in enumerate(o.half_segment):
        if seg < 0:
            continue
        edge, second = h >> 1, h & 1
        for k in range(n // 2):
            along = k + (n // 2 if second else 0)
            if edge == 0:
                cell = along
            elif edge == 1:
                cell = along * n + n - 1
            elif edge == 2:
                cell = (n - 1) * n + (n - 1 - along)
            else:
                cell = (n - 1 - along) * n
            if labels[cell] == _FREE:
                labels[cell] = seg
                queue.append(cell)
    while queue:
        cell = queue.popleft()
        j, i = divmod(cell, n)
        for nj, ni in ((j - 1, i), (j + 1, i), (j, i - 1), (j, i + 1)):
            if 0 <= nj < n and 0 <= ni < n and labels[nj * n + ni] == _FREE:
                labels[nj * n + ni] = labels[cell]
                queue.append(nj * n + ni)
    return labels, n


def _clearance(labels: list[int], n: int, label: int) -> list[float]:
    """Chamfer distance (in cells) from each cell of ``label`` to anything else or the tile border."""
    big = 1e9
    d = [big] * (n * n)
    for j in range(n):
        for i in range(n):
            c = j * n + i
            if labels[c] != label:
                d[c] = 0.0
            else:
                d[c] = min(i, j, n - 1 - i, n - 1 - j) + 0.5
    diag = math.sqrt(2)
    for j in range(n):
        for i in range(n):
            c = j * n + i
            if d[c] == 0:
                continue
            if i > 0:
                d[c] = min(d[c], d[c - 1] + 1)
            if j > 0:
                d[c] = min(d[c], d[c - n] + 1)
                if i > 0:
                    d[c] = min(d[c], d[c - n - 1] + diag)
                if i < n - 1:
                    d[c] = min(d[c], d[c - n + 1] + diag)
    for j in range(n - 1, -1, -1):
        for i in range(n - 1, -1, -1):
            c = j * n + i
            if d[c] == 0:
                continue
            if i < n - 1:
                d[c] = min(d[c], d[c + 1] + 1)
            if j < n - 1:
                d[c] = min(d[c], d[c + n] + 1)
                if i < n - 1:
                    d[c] = min(d[c], d[c + n + 1] + diag)
                if i > 0:
                    d[c] = min(d[c], d[c + n - 1] + diag)
    return d


@lru_cache(maxsize=None)
def _spot_point(tile_id: str, rotation: int, spot: str) -> Point:
    """Where a follower on ``spot`` stands, in 0..100 units (cached).

    Worked out on the unturned tile and then turned, so a spot sits at the same place
    of its feature at every rotation.
    """
    o = orientation(tile_id, rotation)
    if spot not in o.spot_index:
        raise ValueError(f"tile {tile_id} at rotation {rotation} has no spot {spot!r}")
    turns = rotation // 90
    kind, _, where = spot.partition(":")
    if kind == "cloister":  # the monk stands at the door, whichever way the tile is turned
        return (50.0, 56.0)
    if len(where) == 1 and where in EDGES:
        where = EDGES[(EDGES.index(where) - turns) & 3]
    elif where in HALVES:
        where = HALVES[(HALVES.index(where) - 2 * turns) & 7]
    unturned = f"{kind}:{where}" if where else kind
    return _turn(_unturned_spot_point(tile_id, unturned), turns)


@lru_cache(maxsize=None)
def _unturned_spot_point(tile_id: str, spot: str) -> Point:
    o = orientation(tile_id, 0)
    index = o.spot_index[spot]
    seg = o.segments[index]
    sh = _shapes(tile_id, 0)
    where = spot.split(":", 1)[1]
    if seg.kind == "road":
        edge = EDGES.index(where)
        line = sh.roads[index]
        if line[0] != _EDGE_MID[edge]:
            line = line[::-1]
        x, y = _along(line, 25)
        return round(x, 2), round(y, 2)
    if seg.kind == "field":  # an inner field (field:inner) has no half-edge: aim at the centre
        anchor = _HALF_ANCHOR[HALVES.index(where)] if where in HALVES else (50.0, 50.0)
    else:
        anchor = _EDGE_MID[EDGES.index(where)]
    labels, n = _raster(tile_id, 0)
    clear = _clearance(labels, n, index)
    cap = 2.6 if seg.kind == "field" else 2.4
    scored = []
    for c, label in enumerate(labels):
        if label != index:
            continue
        j, i = divmod(c, n)
        p = ((i + 0.5) * _CELL, (j + 0.5) * _CELL)
        score = min(clear[c], cap) * 20 - math.hypot(p[0] - anchor[0], p[1] - anchor[1]) / _CELL
        scored.append((score, p))
    if not scored:
        return (anchor[0] * 0.7 + 15, anchor[1] * 0.7 + 15)
    best = max(score for score, _ in scored)
    ties = [p for score, p in scored if score > best - 1e-6]  # e.g. both cells either side of a middle line
    return (sum(p[0] for p in ties) / len(ties), sum(p[1] for p in ties) / len(ties))


def spot_position(orientation: Orientation, spot: str) -> tuple[float, float]:
    """Where a follower on ``spot`` stands, as fractions (0..1) of the tile from its north-west corner.

    ``spot`` is a NOTATION.md spot name in board orientation (any alias). Knights stand
    inside their city towards the named edge, thieves on the road a quarter of the tile
    from the named edge, monks in front of the cloister, farmers in the open part of
    their field nearest the named half-edge. Raises ``ValueError`` for an unknown spot.
    """
    x, y = _spot_point(orientation.tile.id, orientation.rotation, spot)
    return round(x / UNIT, 4), round(y / UNIT, 4)


follower_role = entries.follower_role


# --- the artwork: (tag, attributes) per orientation -------------------------------------

Art = tuple[tuple[str, dict[str, str]], ...]


def _draw_field() -> list[tuple[str, dict[str, str]]]:
    # the border line lies inside the tile, so a neighbour's city is never crossed by it
    return [("rect", {"x": "0.75", "y": "0.75", "width": "98.5", "height": "98.5", "fill": PALETTE["field"],
                      "stroke": PALETTE["field_edge"], "stroke-width": "1.5"})]


def _draw_river(sh: _Shapes) -> list[tuple[str, dict[str, str]]]:
    out = []
    if sh.rivers:
        d = " ".join(_path(line) for line in sh.rivers.values())
        out.append(("path", {"d": d, "fill": "none", "stroke": PALETTE["river_bank"], "stroke-width": "17"}))
        out.append(("path", {"d": d, "fill": "none", "stroke": PALETTE["river"], "stroke-width": "12"}))
    if sh.pool == "lake":
        out.append(("ellipse", {"cx": "50", "cy": "52", "rx": "27", "ry": "22", "fill": PALETTE["river"],
                                "stroke": PALETTE["river_bank"], "stroke-width": "3"}))
        out.append(("path", {"d": "M38,50 q6,-4 12,0 t12,0 M42,58 q5,-3 10,0 t10,0", "fill": "none",
                             "stroke": "#ffffff", "stroke-width": "1.6", "stroke-opacity": "0.8"}))
    elif sh.pool == "spring":
        out.append(("circle", {"cx": "50", "cy": "50", "r": "11", "fill": PALETTE["river"],
                               "stroke": PALETTE["river_bank"], "stroke-width": "3"}))
        out.append(("path", {"d": "M36,44 l6,-7 l7,2 l2,6 z M57,60 l5,-6 l7,3 l-1,6 z", "fill": "#9c9486",
                             "stroke": "#5f584c", "stroke-width": "1.2"}))
    return out


def _draw_roads(sh: _Shapes) -> list[tuple[str, dict[str, str]]]:
    out = []
    if sh.roads:  # all roads of the tile in one path: fewer elements, and crossings join cleanly
        d = " ".join(_path(line) for line in sh.roads.values())
        out.append(("path", {"d": d, "fill": "none", "stroke": PALETTE["road_edge"], "stroke-width": "13"}))
        out.append(("path", {"d": d, "fill": "none", "stroke": PALETTE["road"], "stroke-width": "9"}))
    if sh.junction or sh.village:
        # a small village house where the roads end
        out.append(("rect", {"x": "41", "y": "43", "width": "18", "height": "15", "fill": PALETTE["junction"],
                             "stroke": PALETTE["junction_line"], "stroke-width": "1.5"}))
        out.append(("path", {"d": "M38,44 L50,34 L62,44 Z", "fill": PALETTE["roof"],
                             "stroke": PALETTE["roof_line"], "stroke-width": "1.5"}))
    return out


def _draw_cities(sh: _Shapes) -> list[tuple[str, dict[str, str]]]:
    if not sh.cities:
        return []
    fill = " ".join(_path(outline, closed=True) for outline, _walls, _pennant in sh.cities.values())
    walls = " ".join(_path(wall) for _outline, ws, _pennant in sh.cities.values() for wall in ws)
    out = [("path", {"d": fill, "fill": PALETTE["city"]})]
    if walls:
        out.append(("path", {"d": walls, "fill": "none", "stroke": PALETTE["wall"], "stroke-width": "4"}))
        out.append(("path", {"d": walls, "fill": "none", "stroke": PALETTE["city_shade"], "stroke-width": "1.6",
                             "stroke-dasharray": "3 3"}))
    for idx, (_outline, _walls, (px, py)) in sh.cities.items():
        if sh.o.segments[idx].pennants:
            out.extend(_draw_pennant(px, py))
    return out


def _draw_pennant(px: float, py: float) -> list[tuple[str, dict[str, str]]]:
    x, y = _fmt(px), _fmt(py)
    shield = f"M{x},{y} m-6.5,-7.5 h13 v7 c0,4.5 -3.2,7 -6.5,8.5 c-3.3,-1.5 -6.5,-4 -6.5,-8.5 z"
    mark = f"M{x},{y} m-3.5,-3 l3.5,4.5 l3.5,-4.5"
    return [
        ("path", {"d": shield, "fill": PALETTE["pennant"], "stroke": PALETTE["pennant_line"], "stroke-width": "1.3"}),
        ("path", {"d": mark, "fill": "none", "stroke": "#ffffff", "stroke-width": "2", "stroke-linecap": "round",
                  "stroke-linejoin": "round"}),
    ]


def _draw_cloister(sh: _Shapes) -> list[tuple[str, dict[str, str]]]:
    if sh.cloister is None:
        return []
    line = PALETTE["cloister_line"]
    return [
        ("rect", {"x": "34", "y": "44", "width": "32", "height": "24", "fill": PALETTE["cloister"], "stroke": line,
                  "stroke-width": "1.6"}),
        ("path", {"d": "M30,45 L50,28 L70,45 Z", "fill": PALETTE["roof"], "stroke": PALETTE["roof_line"],
                  "stroke-width": "1.6", "stroke-linejoin": "round"}),
        ("path", {"d": "M50,28 V20 M46.5,23 H53.5", "fill": "none", "stroke": line, "stroke-width": "1.8"}),
        ("path", {"d": "M45.5,68 V59 a4.5,4.5 0 0 1 9,0 V68 Z", "fill": PALETTE["door"]}),
    ]


@lru_cache(maxsize=None)
def _tile_art(tile_id: str, rotation: int) -> Art:
    """The drawing of one tile type at one rotation, in 0..100 units (cached)."""
    sh = _shapes(tile_id, rotation)
    return tuple(_draw_field() + _draw_river(sh) + _draw_roads(sh) + _draw_cities(sh) + _draw_cloister(sh))


# --- followers -------------------------------------------------------------------------

_MEEPLE = (
    "M0,-10.5 C3.2,-10.5 4.6,-8.2 4.1,-5.6 L8.6,-3.2 C10.4,-2.2 9.9,0.6 7.8,0.6 L4.6,0.3 "
    "L7.6,8.4 C8.1,9.8 7.3,10.5 6.2,10.5 L2,10.5 L0,7 L-2,10.5 L-6.2,10.5 C-7.3,10.5 -8.1,9.8 -7.6,8.4 "
    "L-4.6,0.3 L-7.8,0.6 C-9.9,0.6 -10.4,-2.2 -8.6,-3.2 L-4.1,-5.6 C-4.6,-8.2 -3.2,-10.5 0,-10.5 Z"
)


_MEEPLE_SCALE = 1.25


class _Raw(BaseElement):
    """A plain SVG element with attributes written as given (no svgwrite validation)."""

    def __init__(self, tag: str, attribs: dict[str, str]) -> None:
        self.elementname = tag
        super().__init__(debug=False)
        self.attribs = dict(attribs)


def _element(tag: str, **attribs: object) -> _Raw:
    return _Raw(tag, {k: str(v) for k, v in attribs.items()})


def _title(element: BaseElement, text: str) -> None:
    element.set_desc(title=text)


def _follower(x: float, y: float, spot: str, color: str, label: str, data: dict[str, str]) -> _Raw:
    """A meeple at (x, y) in board units: standing, or lying (turned 90°) for a farmer."""
    role = follower_role(spot)
    group = _Raw("g", {"class": f"follower role-{role}", "data-spot": spot, **data})
    _title(group, label)
    fill = SEAT_COLORS.get(color, color)
    outline = "#e0e0e0" if color == "black" else PALETTE["meeple_line"]
    fx, fy = _fmt(x), _fmt(y)
    if role == "farmer":
        group.add(_element("ellipse", cx=fx, cy=_fmt(y + 10.5), rx="15", ry="4", fill=PALETTE["shadow"],
                           **{"fill-opacity": "0.25"}))
        transform = f"translate({fx},{fy}) rotate(90) scale({_MEEPLE_SCALE})"
    else:
        group.add(_element("ellipse", cx=fx, cy=_fmt(y + 13), rx="10", ry="3.2", fill=PALETTE["shadow"],
                           **{"fill-opacity": "0.3"}))
        transform = f"translate({fx},{fy}) scale({_MEEPLE_SCALE})"
    group.add(_element("path", d=_MEEPLE, transform=transform, fill=fill, stroke=outline,
                       **{"stroke-width": "1.2", "stroke-linejoin": "round"}))
    return group


# --- public API ----------------------------------------------------------------------------

def render_board(
    game: Game,
    *,
    last_move: bool = True,
    highlight: Iterable[tuple[int, int]] | None = None,
    cell_size: int = 64,
    interactive: bool = False,
    empty_cells: bool | None = None,
) -> str:
    """The whole board of ``game`` as an SVG document string.

    ``empty_cells`` (default: while the game is on) draws the dashed empty cells around
    the tiles; a finished board is shown without them.

    The ``viewBox`` covers every placed tile plus one cell all round, so the empty cells
    next to the board show; ``width``/``height`` are ``cell_size`` px per cell. Each
    placed tile is one ``<g class="tile">`` with ``data-x``, ``data-y``, ``data-tile``,
    ``data-rotation`` and a ``<title>``; followers are ``<g class="follower role-…">``
    meeples in their seat colour (farmers lie down); the last placed tile gets a
    ``class="last-move"`` outline when ``last_move`` is true. ``highlight`` lists empty
    cells ``(x, y)`` drawn as focusable ``<rect class="slot">`` buttons (the places where
    the drawn tile fits). ``interactive`` is accepted for the turn UI; the ``data-*``
    attributes are always written.
    """
    tiles = list(game.placed_tiles())
    cells = {(t.x, t.y) for t in tiles}
    slots: list[tuple[int, int]] = []
    for item in highlight or ():
        cell = (int(item[0]), int(item[1]))
        if cell not in cells and cell not in slots:
            slots.append(cell)
    empty = set()
    for x, y in cells:
        for nx, ny in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
            if (nx, ny) not in cells:
                empty.add((nx, ny))
    xs = [x for x, _ in cells] + [x for x, _ in slots]
    ys = [y for _, y in cells] + [y for _, y in slots]
    x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    cols, rows = x1 - x0 + 1, y1 - y0 + 1

    players = len(game.players)
    dwg = svgwrite.Drawing(size=(f"{cols * cell_size}px", f"{rows * cell_size}px"), debug=False)
    dwg.viewbox(x0 * UNIT, y0 * UNIT, cols * UNIT, rows * UNIT)
    dwg.attribs.update({
        "class": "board" + (" interactive" if interactive else ""),
        "role": "img",
        "aria-label": _("Carcassonne board: %(tiles)d tiles, %(players)d players") % {"tiles": len(tiles), "players": players},
        "data-min-x": str(x0 + 1), "data-min-y": str(y0 + 1), "data-cell": str(UNIT),
    })
    dwg.add(_element("rect", x=x0 * UNIT, y=y0 * UNIT, width=cols * UNIT, height=rows * UNIT, fill=PALETTE["board"]))
    grid = _Raw("g", {"class": "empty-cells", "fill": PALETTE["empty"], "stroke": PALETTE["empty_line"],
                      "stroke-width": "1.5", "stroke-dasharray": "6 5"})
    if empty_cells is None:
        empty_cells = not game.finished
    for x, y in sorted(empty - set(slots)) if empty_cells else ():
        grid.add(_element("rect", x=x * UNIT + 3, y=y * UNIT + 3, width=UNIT - 6, height=UNIT - 6, rx=6))
    dwg.add(grid)

    board = _Raw("g", {"class": "tiles"})
    for placed in tiles:
        board.add(_tile_group(placed))
    dwg.add(board)

    last = game.last_placed if last_move else None
    if last is not None:
        mark = _element("rect", x=last.x * UNIT + 2.5, y=last.y * UNIT + 2.5, width=UNIT - 5, height=UNIT - 5,
                        fill="none", stroke=PALETTE["last_move"], rx=4,
                        **{"class": "last-move", "stroke-width": "5", "data-x": last.x, "data-y": last.y})
        _title(mark, _("Last move: %(tile)s at (%(x)d,%(y)d)") % {"tile": last.tile, "x": last.x, "y": last.y})
        dwg.add(mark)

    colors = game.colors
    people = _Raw("g", {"class": "followers"})
    for placed in tiles:
        for spot, seat in placed.followers():
            fx, fy = _spot_point(placed.tile, placed.rotation, spot)
            color = colors[seat]
            label = _("%(color)s %(role)s on %(spot)s") % {
                "color": vocabulary.color_label(color), "role": vocabulary.role_label(follower_role(spot)), "spot": spot}
            data = {"data-x": str(placed.x), "data-y": str(placed.y), "data-seat": str(seat),
                    "data-player": game.players[seat]}
            people.add(_follower(placed.x * UNIT + fx, placed.y * UNIT + fy, spot, color, label, data))
    dwg.add(people)

    if slots:
        layer = _Raw("g", {"class": "slots"})
        for x, y in slots:
            slot = _element("rect", x=x * UNIT + 4, y=y * UNIT + 4, width=UNIT - 8, height=UNIT - 8, rx=8,
                            fill=PALETTE["slot"], stroke=PALETTE["slot_line"], tabindex="0", role="button",
                            **{"class": "slot", "data-x": x, "data-y": y, "aria-label": _("Place at (%(x)d,%(y)d)") % {"x": x, "y": y},
                               "fill-opacity": "0.5", "stroke-width": "4", "stroke-dasharray": "10 6",
                               "cursor": "pointer"})
            _title(slot, _("Place at (%(x)d,%(y)d)") % {"x": x, "y": y})
            layer.add(slot)
        dwg.add(layer)
    return dwg.tostring()


def _tile_group(placed: PlacedTile) -> _Raw:
    tile, rotation = placed.tile, placed.rotation
    group = _Raw("g", {
        "class": "tile",
        "transform": f"translate({placed.x * UNIT},{placed.y * UNIT})",
        "data-x": str(placed.x), "data-y": str(placed.y), "data-tile": tile, "data-rotation": str(rotation),
    })
    _title(group, _("%(tile)s at (%(x)d,%(y)d), rotation %(rotation)d")
           % {"tile": tile, "x": placed.x, "y": placed.y, "rotation": rotation})
    for tag, attrs in _tile_art(tile, rotation):
        group.add(_Raw(tag, attrs))
    return group


def render_tile(tile_id: str, rotation: int = 0, *, size: int = 96, spots: Iterable[str] | None = None) -> str:
    """One tile (e.g. the drawn tile's preview) as an SVG document string of ``size`` px.

    With ``spots`` (spot names in board orientation, e.g. from ``Game.legal_spots``),
    each is drawn as a focusable ``<circle class="spot" data-spot=…>`` button where a
    follower would stand. Raises ``KeyError``/``ValueError`` for an unknown tile,
    rotation or spot.
    """
    o = orientation(tile_id, rotation)
    dwg = svgwrite.Drawing(size=(f"{size}px", f"{size}px"), debug=False)
    dwg.viewbox(0, 0, UNIT, UNIT)
    dwg.attribs.update({"class": "tile-preview", "role": "img",
                        "aria-label": _("Tile %(tile)s, rotation %(rotation)d") % {"tile": tile_id, "rotation": rotation}})
    group = _Raw("g", {"class": "tile", "data-tile": tile_id, "data-rotation": str(rotation)})
    _title(group, _("%(tile)s, rotation %(rotation)d") % {"tile": tile_id, "rotation": rotation})
    for tag, attrs in _tile_art(tile_id, rotation):
        group.add(_Raw(tag, attrs))
    dwg.add(group)
    for spot in spots or ():
        x, y = _spot_point(o.tile.id, o.rotation, spot)
        role = follower_role(spot)
        circle = _element("circle", cx=_fmt(x), cy=_fmt(y), r="9", fill=PALETTE["spot"], stroke=PALETTE["spot_line"],
                          tabindex="0", role="button",
                          **{"class": f"spot role-{role}", "data-spot": spot, "fill-opacity": "0.75",
                             "stroke-width": "2.5", "cursor": "pointer",
                             "aria-label": _("Put a follower on %(spot)s") % {"spot": spot}})
        _title(circle, _("Put a follower on %(spot)s (%(role)s)") % {"spot": spot, "role": vocabulary.role_label(role)})
        dwg.add(circle)
    return dwg.tostring()

