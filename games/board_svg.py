"""Server-side SVG pictures of the board and of single tiles.

A pure module: it gets a :class:`games.engine.Game` (or just a tile id) and returns SVG
text; no Django (words go through :func:`use_translation`, which the games app calls
with Django's gettext). Geometry follows ``shared/rules/NOTATION.md``: ``x`` grows east,
``y`` grows south, and everything is drawn in board orientation from the tile's
:class:`~games.engine.tiles.Orientation` (its segments already carry their turned edges
and half-edges).

Inside the SVG one tile is 100 user units wide whatever ``cell_size`` is; the pixel size
only sets ``width`` and ``height``. The artwork of each tile type at each rotation is
built once and cached as text; a board defines each type it shows once (``<defs>``) and
places it with ``<use>``, so a full board of 150 tiles takes a few milliseconds
(``manage.py bench_board``). Every tile of TILES.md has its art: inns beside roads,
cathedrals, the goods symbols, bridges (TB-24, KR-5), hedges between fields that touch,
the City of Carcassonne with its quarters; figures of every kind are drawn in their seat
colour (large followers bigger, builders, pigs), the Count in his quarter, and the King &
Robber awards in a legend under the board.

>>> from games.engine import replay
>>> game = replay({"players": ["Ann", "Bob"], "moves": [
...     {"tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": "road:E"}]})
>>> svg = render_board(game, highlight=[(2, 0)])
>>> svg.count('class="tile"'), svg.count('kind-follower follower role-thief"'), svg.count('class="slot"')
(2, 1, 1)
>>> spot_position(orientation("U", 0), "road:E")
(0.75, 0.5)
"""

from __future__ import annotations

import math
from collections import deque
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Iterable

from games import entries
from games.engine import COLORS
from games.engine.expansions.count import CITY_BLOCK, QUARTERS
from games.engine.expansions.traders_builders import GOODS
from games.engine.tiles import EDGES, HALVES, RIVER_END, Orientation, orientation

if TYPE_CHECKING:  # pragma: no cover
    from games.engine.game import Game, PlacedTile

__all__ = [
    "render_board", "render_tile", "spot_position", "follower_role", "quarter_name", "seat_hex", "use_translation",
    "PALETTE", "SEAT_COLORS", "FIGURE_SCALE",
]

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
    "road_edge": "#5f513d",
    "road": "#ece2c8",
    "road_stone": "#d8c9a5",
    "grass": "#7aa84a",
    "hedge": "#4d7a2c",
    "hedge_light": "#8cc05a",
    "bridge": "#9a8a72",
    "bridge_line": "#4e4232",
    "inn": "#f3e6c8",
    "inn_roof": "#9c4a26",
    "sign": "#f2b632",
    "badge": "#fff8e8",
    "leaf": "#4f8a2b",
    "wine": "#6d2c7c",
    "wine_line": "#3c1446",
    "grain": "#e3b23c",
    "grain_line": "#9a6d0b",
    "cloth": "#3f6fb5",
    "cloth_line": "#1f3f73",
    "cloth_light": "#a9c8ef",
    "stone": "#efe6d2",
    "slate": "#4f5d75",
    "window": "#6fa0d6",
    "tower": "#d9c398",
    "count": "#7e57c2",
    "crown": "#f2c531",
    "crown_line": "#8a6a0a",
    "robber": "#8d6e63",
    "legend": "#f7f2e6",
    "text": "#2b2118",
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


# --- words: every label and tooltip goes through the site's translation ---------------------

_gettext: Callable[[str], str] = str
_ngettext: Callable[[str, str, int], str] = lambda singular, plural, n: singular if n == 1 else plural


def use_translation(gettext: Callable[[str], str], ngettext: Callable[[str, str, int], str]) -> None:
    """Translate the pictures' words with these functions (the games app passes Django's at
    start-up; without them, as in a plain script, the words stay English)."""
    global _gettext, _ngettext
    _gettext, _ngettext = gettext, ngettext


def _(message: str) -> str:
    """``message`` in the active language (marked for ``makemessages``)."""
    return _gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural ``message`` for ``n`` in the active language (marked for ``makemessages``)."""
    return _ngettext(singular, plural, n)


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
    for _turns in range(quarter_turns & 3):
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
_SHALLOW_CAP_WALL = _cubic((100, 0), (75, 27), (25, 27), (0, 0))
_DIAGONAL_WALL = _quad((100, 0), (38, 38), (0, 100))
_SHALLOW_DIAGONAL_WALL = _quad((100, 0), (24, 24), (0, 100))
_THREE_WALL = _cubic((100, 100), (72, 58), (28, 58), (0, 100))
_BAND, _SLIM_BAND = 72.0, 36.0
"""Where a band's wall bends to: the usual band, and the side of a band facing a second city
of the tile (TB-03: room for the inner field between them)."""

CityShape = tuple[list[Point], list[list[Point]], Point]


def _band(k: int, east: float = _BAND, west: float = 100 - _BAND) -> CityShape:
    """A city band joining opposite edges (canonical N-S, turned by ``k`` quarters)."""
    east_wall = _cubic((100, 0), (east, 30), (east, 70), (100, 100))
    west_wall = _cubic((0, 100), (west, 70), (west, 30), (0, 0))
    outline = [(0, 0), (100, 0)] + east_wall[1:] + west_wall[:-1]
    middle = ((100 - 0.75 * (100 - east)) + 0.75 * west) / 2
    return _turned(outline, k), [_turned(east_wall, k), _turned(west_wall, k)], _turn((middle, 50), k)


def _crossing(k: int) -> CityShape:
    """One of two city bands crossing without joining (KR-5), canonical N-S: full width on
    its edges, narrow in the middle, leaving a pocket of field in each corner between them."""
    east_wall = [(100, 0)] + _quad((64, 14), (64, 50), (64, 86), 6) + [(100, 100)]
    west_wall = [(0, 100)] + _quad((36, 86), (36, 50), (36, 14), 6) + [(0, 0)]
    outline = [(0, 0), (100, 0)] + east_wall[1:] + west_wall[:-1]
    return _turned(outline, k), [_turned(east_wall, k), _turned(west_wall, k)], _turn((50, 22), k)


def _city_shape(edges: tuple[int, ...], others: tuple[tuple[int, ...], ...] = (), roomy: bool = False) -> CityShape:
    """Fill outline, walls and pennant position of a city touching ``edges``.

    ``others`` are the edges of the tile's other city segments: a band leaves room on the
    side of a second city, and a cap beside a band is shallower (TB-03, TB-04); two bands
    cross (KR-5). ``roomy``: the tile has an inner field, so caps and diagonals leave it room.
    """
    es = set(edges)
    beside_band = any(len(e) == 2 and (e[0] + 2) & 3 == e[1] for e in others)
    if len(es) == 1:  # a cap on one edge; canonical: N
        k = edges[0]
        wall = _SHALLOW_CAP_WALL if beside_band or roomy else _CAP_WALL
        return _turned([(0, 0), (100, 0)] + wall[1:-1], k), [_turned(wall, k)], _turn((24, 9), k)
    if len(es) == 2 and (edges[0] + 2) & 3 == edges[1]:  # a band; canonical: N-S
        k = 0 if 0 in es else 1
        if beside_band:  # two bands crossing (KR-5)
            return _crossing(k)
        taken = {e for other in others for e in other}
        east = _SLIM_BAND if (1 + k) & 3 in taken else _BAND
        west = 100 - _SLIM_BAND if (3 + k) & 3 in taken else 100 - _BAND
        return _band(k, east, west)
    if len(es) == 2:  # a diagonal on two adjacent edges; canonical: W+N
        a = edges[0] if (edges[0] + 1) & 3 in es else edges[1]
        k = (a + 1) & 3
        wall = _SHALLOW_DIAGONAL_WALL if roomy else _DIAGONAL_WALL
        outline = [(0, 100), (0, 0), (100, 0)] + wall[1:-1]
        return _turned(outline, k), [_turned(wall, k)], _turn((55, 11), k)
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


_BLOCK_AT = {tile: (x, y) for tile, x, y, _rotation in CITY_BLOCK}
"""Where each tile of the Count's City block lies (TILES.md)."""
_CITY_RECT = (-150.0, -50.0, 150.0, 150.0)
"""The City of Carcassonne's walls in block units (tile (x, y) spans x*100..x*100+100): from
the middle of the corner tiles CO-1, CO-4, CO-9 and CO-12, so that each ring tile's fields
lie outside them exactly as TILES.md lists its half-edges."""
QUARTER_TILE = "CO-7"
"""The tile of the City block that shows the four quarters."""


def _walled_part(tile_id: str, k: int) -> tuple[list[Point], list[list[Point]]] | None:
    """The part of the City of Carcassonne on a tile of its block: outline and walls."""
    at = _BLOCK_AT.get(tile_id)
    if at is None:
        return None
    ox, oy = at[0] * UNIT, at[1] * UNIT
    left, top, right, bottom = (_CITY_RECT[0] - ox, _CITY_RECT[1] - oy, _CITY_RECT[2] - ox, _CITY_RECT[3] - oy)
    x0, y0, x1, y1 = max(0.0, left), max(0.0, top), min(100.0, right), min(100.0, bottom)
    if x0 >= x1 or y0 >= y1:
        return None
    walls = []
    if 0 < left < 100:
        walls.append([(left, y0), (left, y1)])
    if 0 < right < 100:
        walls.append([(right, y0), (right, y1)])
    if 0 < top < 100:
        walls.append([(x0, top), (x1, top)])
    if 0 < bottom < 100:
        walls.append([(x0, bottom), (x1, bottom)])
    outline = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    return _turned(outline, k), [_turned(w, k) for w in walls]


class _Shapes:
    """Where every segment of one orientation lies, in 0..100 tile units."""

    def __init__(self, o: Orientation) -> None:
        self.o = o
        segs = o.segments
        k = o.rotation // 90
        self.cities: dict[int, CityShape] = {}
        self.roads: dict[int, list[Point]] = {}
        self.rivers: dict[int, list[Point]] = {}
        self.cloister: int | None = None
        self.junction = False
        self.village = False
        self.pool: str | None = None  # "spring" or "lake"
        self.bridge: int | None = None  # the road or city crossing another on a bridge (TB-24, KR-5)
        self.walled = _walled_part(o.tile.id, k)  # the City of Carcassonne on its block's tiles
        self.gates: list[Point] = []
        city_edges = [s.edges for s in segs if s.kind == "city"]
        roomy = any(s.kind == "field" and not s.halves for s in segs)
        for seg in segs:
            if seg.kind == "city":
                others = tuple(e for e in city_edges if e != seg.edges)
                self.cities[seg.index] = _city_shape(seg.edges, others, roomy)
            elif seg.kind == "cloister":
                self.cloister = seg.index
        stubs = [s for s in segs if s.kind == "road" and len(s.edges) == 1]
        stub_edges = [s.edges[0] for s in stubs]
        self.houses: list[Point] = []  # where roads end at a house short of the middle
        city_points = [_EDGE_MID[e] for s in segs if s.kind == "city" for e in s.edges]
        for seg in segs:
            if seg.kind == "road":
                if len(seg.edges) == 2:
                    self.roads[seg.index] = _between(*seg.edges)
                elif len(seg.edges) == 1:
                    (e,) = seg.edges
                    if self.walled is not None:  # the road ends at a gate of the City
                        self.roads[seg.index] = _stub(e, _CENTRE)
                        self.gates.append(_CENTRE)
                    elif self.cloister is not None or len(stubs) >= 3:
                        self.roads[seg.index] = _stub(e, _CENTRE)
                        self.junction = self.cloister is None
                    elif city_points and not self._ends_on_tile(e, len(stubs)):  # into the city, under its wall
                        cx = sum(p[0] for p in city_points) / len(city_points)
                        cy = sum(p[1] for p in city_points) / len(city_points)
                        deep = (50 + (cx - 50) * 0.8, 50 + (cy - 50) * 0.8)
                        self.roads[seg.index] = _stub(e, _CENTRE, 4) + _stub_from(_CENTRE, deep)
                    elif city_points and any(not self._ends_on_tile(o, len(stubs)) for o in stub_edges):
                        # another stub runs into the city through the middle: this one stops short (TB-23)
                        end = _along(_stub(e, _CENTRE), 34)
                        self.roads[seg.index] = _stub(e, end, 3)
                        self.houses.append(end)
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
        for kind in ("road", "city"):  # two straight ones crossing: the E-W one (unturned) is the bridge
            straight = [s for s in segs if s.kind == kind and len(s.edges) == 2 and (s.edges[0] + 2) & 3 == s.edges[1]]
            if len(straight) == 2:
                self.bridge = next(s.index for s in straight if o.tile.segments[s.index].edges == (1, 3))
        self.inns = {seg.index: self._inn_point(seg.index) for seg in segs if "inn" in seg.attributes}
        self.marks = self._marks()

    def _ends_on_tile(self, edge: int, stubs: int) -> bool:
        """Whether a road stub from ``edge`` ends at a house on the tile rather than in its city:
        when it is one of several stubs (IC-I, TB-23) and neither runs straight into a city
        across the tile nor meets one in the middle (TB-07's and IC-Q's stubs do)."""
        if stubs < 2:
            return False
        across = (edge + 2) & 3
        if any(across in seg.edges for seg in self.o.segments if seg.kind == "city"):
            return False
        return not any(_inside(_CENTRE, outline) for outline, _walls, _pen in self.cities.values())

    def _inn_point(self, index: int) -> Point:
        """Beside the middle of the road, on the side with more open field."""
        line = self.roads[index]
        length = sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(line, line[1:]))
        mx, my = _along(line, length / 2)
        ax, ay = _along(line, length / 2 - 2)
        bx, by = _along(line, length / 2 + 2)
        dx, dy = bx - ax, by - ay
        norm = math.hypot(dx, dy) or 1.0
        best, best_score = (mx, my), -math.inf
        for side in (-1, 1):
            p = (mx - dy / norm * 17 * side, my + dx / norm * 17 * side)
            score = min(p[0], p[1], 100 - p[0], 100 - p[1])
            if any(_inside(p, outline) for outline, _walls, _pen in self.cities.values()):
                score -= 100
            score += min(_distance_to_line(p, other) for other in self.roads.values()) / 4
            walls = [wall for _o, ws, _pen in self.cities.values() for wall in ws]
            if walls:
                score += min(20.0, min(_distance_to_line(p, wall) for wall in walls)) / 2
            if score > best_score:
                best, best_score = p, score
        return round(best[0], 1), round(best[1], 1)

    def _marks(self) -> list[tuple[str, Point]]:
        """Cathedrals and goods symbols, by where they stand in their city."""
        marks = []
        for seg in self.o.segments:
            if seg.kind != "city":
                continue
            _outline, _walls, (px, py) = self.cities[seg.index]
            if seg.pennants:  # the shield keeps its place; the symbol goes nearer the middle
                px, py = px + (50 - px) * 0.45, py + (50 - py) * 0.45
            for name in ("cathedral", *GOODS):
                if name in seg.attributes:
                    at = (50.0, 50.0) if name == "cathedral" and len(seg.edges) == 4 else (px, py)
                    marks.append((name, at))
        return marks

    def obstacles(self) -> list[tuple[float, float, float, float, bool]]:
        """Boxes where no follower should stand, and whether they stand in a city (pennants,
        symbols) or anywhere outside the cloister (inns)."""
        boxes = [(px - 9, py - 10, px + 9, py + 10, True) for idx, (_o, _w, (px, py)) in self.cities.items()
                 if self.o.segments[idx].pennants]
        for name, (px, py) in self.marks:
            r = 22 if name == "cathedral" else 9
            boxes.append((px - r, py - r, px + r, py + r, True))
        boxes.extend((px - 9, py - 9, px + 9, py + 9, False) for px, py in self.inns.values())
        return boxes


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


def _box(line: list[Point], margin: float) -> tuple[float, float, float, float]:
    """The bounding box of a polyline, grown by ``margin`` (a quick test before measuring)."""
    xs, ys = [p[0] for p in line], [p[1] for p in line]
    return min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin


@lru_cache(maxsize=None)
def _raster(tile_id: str, rotation: int) -> tuple[list[int], int]:
    """A coarse map of the tile: the segment index under each grid cell (or an obstacle).

    Cities, the cloister, roads and rivers are laid down; the remaining cells are
    flood-filled from the half-edges, so each field segment gets the area it really has;
    what no half-edge reaches is the tile's inner field (KR-5's two: west and east of the
    middle, on the unturned tile).
    """
    sh = _shapes(tile_id, rotation)
    o = sh.o
    n = _GRID
    labels = [_FREE] * (n * n)
    boxes = sh.obstacles()
    walled = sh.walled[0] if sh.walled else None
    roads = [(idx, line, _box(line, 8)) for idx, line in sh.roads.items()]
    rivers = [(line, _box(line, 10)) for line in sh.rivers.values()]
    for j in range(n):
        for i in range(n):
            p = ((i + 0.5) * _CELL, (j + 0.5) * _CELL)
            label = _FREE
            for idx, (outline, _walls, _pen) in sh.cities.items():
                if _inside(p, outline):
                    label = idx
                    break
            if label == _FREE:
                for idx, line, (bx0, by0, bx1, by1) in roads:
                    if bx0 <= p[0] <= bx1 and by0 <= p[1] <= by1 and _distance_to_line(p, line) < 8:
                        label = idx
                        break
            if label == _FREE:
                for line, (bx0, by0, bx1, by1) in rivers:
                    if bx0 <= p[0] <= bx1 and by0 <= p[1] <= by1 and _distance_to_line(p, line) < 10:
                        label = _OBSTACLE
                        break
                if sh.pool and math.hypot(p[0] - 50, p[1] - 50) < (27 if sh.pool == "lake" else 14):
                    label = _OBSTACLE
                if walled is not None and _inside(p, walled):
                    label = _OBSTACLE
            if sh.cloister is not None:
                x0, y0, x1, y1 = _CLOISTER_BOX
                if x0 <= p[0] <= x1 and y0 <= p[1] <= y1:
                    label = sh.cloister
            if (sh.junction or sh.village) and abs(p[0] - 50) < 11 and abs(p[1] - 50) < 11:
                label = _OBSTACLE
            for hx, hy in sh.houses:
                if abs(p[0] - hx) < 9 and abs(p[1] - hy) < 9:
                    label = _OBSTACLE
            if label >= 0 and o.segments[label].kind != "cloister":
                in_city = o.segments[label].kind == "city"
                for x0, y0, x1, y1, city_only in boxes:
                    if (in_city or not city_only) and x0 <= p[0] <= x1 and y0 <= p[1] <= y1:
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
    inner = [s.index for s in o.segments if s.kind == "field" and not s.halves]
    if inner:
        back = (4 - rotation // 90) & 3
        for c, label in enumerate(labels):
            if label == _FREE:
                j, i = divmod(c, n)
                x, _y = _turn(((i + 0.5) * _CELL, (j + 0.5) * _CELL), back)
                labels[c] = inner[1] if len(inner) > 1 and x > 50 else inner[0]
    return labels, n


@lru_cache(maxsize=None)
def _hedge_lines(tile_id: str) -> tuple[tuple[Point, ...], ...]:
    """Where two fields of the unturned tile meet with nothing between them (IC-G, TB-07):
    the lines between their areas of the raster, smoothed (hedges are drawn there)."""
    labels, n = _raster(tile_id, 0)
    segs = orientation(tile_id, 0).segments

    def field(label: int) -> bool:
        return label >= 0 and segs[label].kind == "field"

    edges: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for j in range(n):
        for i in range(n):
            a = labels[j * n + i]
            if not field(a):
                continue
            if i + 1 < n and field(labels[j * n + i + 1]) and labels[j * n + i + 1] != a:
                edges.append(((i + 1, j), (i + 1, j + 1)))
            if j + 1 < n and field(labels[(j + 1) * n + i]) and labels[(j + 1) * n + i] != a:
                edges.append(((i, j + 1), (i + 1, j + 1)))
    lines = []
    for chain in _chains(edges):
        points = [(x * _CELL, y * _CELL) for x, y in chain]
        points = points[:-1:2] + [points[-1]]  # the staircase's every other corner, then rounded off
        for _round in range(2):
            points = _chaikin(points)
        lines.append(tuple((round(x, 1), round(y, 1)) for x, y in points))
    return tuple(lines)


def _chains(edges: list[tuple[tuple[int, int], tuple[int, int]]]) -> list[list[tuple[int, int]]]:
    """Join unit segments sharing end points into polylines."""
    links: dict[tuple[int, int], list[int]] = {}
    for k, (a, b) in enumerate(edges):
        links.setdefault(a, []).append(k)
        links.setdefault(b, []).append(k)
    used = [False] * len(edges)
    chains = []
    starts = [p for p, ks in links.items() if len(ks) != 2] + list(links)
    for start in starts:
        for k in links[start]:
            if used[k]:
                continue
            chain, at = [start], start
            while True:
                used[k] = True
                a, b = edges[k]
                at = b if a == at else a
                chain.append(at)
                nxt = [m for m in links[at] if not used[m]]
                if len(links[at]) != 2 or not nxt:
                    break
                k = nxt[0]
            chains.append(chain)
    return chains


def _chaikin(points: list[Point]) -> list[Point]:
    """One round of corner cutting (the ends stay where they are)."""
    if len(points) < 3:
        return points
    out = [points[0]]
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        out.append((0.75 * ax + 0.25 * bx, 0.75 * ay + 0.25 * by))
        out.append((0.25 * ax + 0.75 * bx, 0.25 * ay + 0.75 * by))
    out[1:2] = []
    out[-1] = points[-1]
    return out


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
    kind, _sep, where = spot.partition(":")
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
    best = max(score for score, _p in scored)
    ties = [p for score, p in scored if score > best - 1e-6]  # e.g. both cells either side of a middle line
    ties = [p for p in ties if math.hypot(p[0] - ties[0][0], p[1] - ties[0][1]) <= 2 * _CELL]  # not two pockets apart
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
Drawn = list[tuple[str, dict[str, str]]]

_TUFTS = ((14, 12), (38, 8), (67, 15), (88, 9), (8, 37), (29, 31), (56, 36), (84, 33), (18, 58), (44, 62),
          (73, 55), (92, 63), (9, 84), (33, 88), (58, 81), (81, 90), (48, 21), (26, 74), (66, 71), (90, 46))
"""Where the little grass tufts of the field texture grow (most end up under roads and cities)."""


def _tufts() -> str:
    return " ".join(f"M{x - 2},{y - 2.4} L{x - 0.6},{y + 0.8} M{x},{y - 3.2} V{y + 0.8} M{x + 2},{y - 2.4} L{x + 0.6},{y + 0.8}"
                    for x, y in _TUFTS)


_TUFT_PATH = _tufts()


def _draw_field() -> Drawn:
    # the border line lies inside the tile, so a neighbour's city is never crossed by it
    return [
        ("rect", {"x": "0.75", "y": "0.75", "width": "98.5", "height": "98.5", "fill": PALETTE["field"],
                  "stroke": PALETTE["field_edge"], "stroke-width": "1.5"}),
        ("path", {"d": _TUFT_PATH, "fill": "none", "stroke": PALETTE["grass"], "stroke-width": "0.9",
                  "stroke-linecap": "round"}),
    ]


def _draw_hedges(sh: _Shapes) -> Drawn:
    """Hedges between two fields that touch on the tile (only their own tile says they are apart)."""
    lines = _hedge_lines(sh.o.tile.id)
    if not lines:
        return []
    k = sh.o.rotation // 90
    d = " ".join(_path(_turned(line, k)) for line in lines)
    return [
        ("path", {"class": "hedge", "d": d, "fill": "none", "stroke": PALETTE["hedge"], "stroke-width": "4",
                  "stroke-linecap": "round", "stroke-linejoin": "round"}),
        ("path", {"d": d, "fill": "none", "stroke": PALETTE["hedge_light"], "stroke-width": "2",
                  "stroke-dasharray": "1 3", "stroke-linecap": "round"}),
    ]


def _draw_river(sh: _Shapes) -> Drawn:
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


def _road_strokes(d: str) -> Drawn:
    """A road: a dark verge, the packed earth, and paving stones across it."""
    return [
        ("path", {"d": d, "fill": "none", "stroke": PALETTE["road_edge"], "stroke-width": "13"}),
        ("path", {"d": d, "fill": "none", "stroke": PALETTE["road"], "stroke-width": "9"}),
        ("path", {"d": d, "fill": "none", "stroke": PALETTE["road_stone"], "stroke-width": "6.5",
                  "stroke-dasharray": "3.2 2.6"}),
    ]


def _draw_roads(sh: _Shapes) -> Drawn:
    out: Drawn = []
    lines = {i: line for i, line in sh.roads.items() if i != sh.bridge}
    if lines:  # all roads of the tile in one path: fewer elements, and crossings join cleanly
        out.extend(_road_strokes(" ".join(_path(line) for line in lines.values())))
    if sh.bridge is not None and sh.bridge in sh.roads:
        line = sh.roads[sh.bridge]
        deck = _path([_along(line, 27), _along(line, 73)])
        shadow = _path([(x + 2.5, y + 3.5) for x, y in (_along(line, 29), _along(line, 71))])
        out.append(("path", {"d": shadow, "class": "bridge-shadow", "fill": "none", "stroke": PALETTE["shadow"],
                             "stroke-opacity": "0.3", "stroke-width": "17"}))
        out.append(("path", {"d": deck, "class": "bridge", "fill": "none", "stroke": PALETTE["bridge"],
                             "stroke-width": "18"}))
        out.append(("path", {"d": deck, "fill": "none", "stroke": PALETTE["bridge_line"], "stroke-width": "18",
                             "stroke-dasharray": "0.8 4.4"}))
        out.extend(_road_strokes(_path(line)))
    houses = ([_CENTRE] if sh.junction or sh.village else []) + [(x + 0.5, y) for x, y in sh.houses]
    for x, y in houses:  # a small village house where the roads end
        big = (x, y) == _CENTRE
        w, h, roof = (18, 15, 12) if big else (13, 11, 9)
        f = _fmt
        out.append(("rect", {"x": f(x - w / 2), "y": f(y - 7 if big else y - 5), "width": str(w), "height": str(h),
                             "fill": PALETTE["junction"], "stroke": PALETTE["junction_line"], "stroke-width": "1.5"}))
        top = y - 7 if big else y - 5
        out.append(("path", {"d": f"M{f(x - w / 2 - 3)},{f(top + 1)} L{f(x)},{f(top + 1 - roof * 0.85)} "
                                  f"L{f(x + w / 2 + 3)},{f(top + 1)} Z",
                             "fill": PALETTE["roof"], "stroke": PALETTE["roof_line"], "stroke-width": "1.5"}))
    return out


def _draw_inns(sh: _Shapes) -> Drawn:
    """An inn beside each road that has one: a house with a hanging sign."""
    out: Drawn = []
    for x, y in sh.inns.values():
        f = _fmt
        out.append(("path", {"class": "inn", "d": f"M{f(x - 6)},{f(y - 2)} h12 v9 h-12 Z", "fill": PALETTE["inn"],
                             "stroke": PALETTE["door"], "stroke-width": "1.1"}))
        out.append(("path", {"d": f"M{f(x - 8)},{f(y - 1.5)} L{f(x)},{f(y - 9)} L{f(x + 8)},{f(y - 1.5)} Z",
                             "fill": PALETTE["inn_roof"], "stroke": PALETTE["roof_line"], "stroke-width": "1.1",
                             "stroke-linejoin": "round"}))
        out.append(("path", {"d": f"M{f(x - 2.8)},{f(y + 7)} v-4.2 h3 v4.2 Z M{f(x + 6)},{f(y)} h3.5 v1",
                             "fill": PALETTE["door"], "stroke": PALETTE["door"], "stroke-width": "0.9"}))
        out.append(("rect", {"x": f(x + 6.8), "y": f(y + 1), "width": "4.6", "height": "3.6", "rx": "0.6",
                             "fill": PALETTE["sign"], "stroke": PALETTE["door"], "stroke-width": "0.8"}))
    return out


def _draw_cities(sh: _Shapes) -> Drawn:
    if not sh.cities:
        return []
    out: Drawn = []
    ground = {i: shape for i, shape in sh.cities.items() if i != sh.bridge}
    out.extend(_city_layer(ground.values()))
    if sh.bridge is not None and sh.bridge in sh.cities:  # KR-5: one city crosses the other on a bridge
        k = sh.o.rotation // 90
        shadow = _path(_turned([(37, 62), (63, 62), (63, 71), (37, 71)], k), closed=True)
        out.append(("path", {"d": shadow, "class": "bridge-shadow", "fill": PALETTE["shadow"], "fill-opacity": "0.3"}))
        layer = _city_layer([sh.cities[sh.bridge]])
        layer[0][1]["class"] = "bridge"
        out.extend(layer)
    for idx, (_outline, _walls, (px, py)) in sh.cities.items():
        if sh.o.segments[idx].pennants:
            out.extend(_draw_pennant(px, py))
    return out


def _city_layer(shapes: Iterable[CityShape]) -> Drawn:
    shapes = list(shapes)
    if not shapes:
        return []
    fill = " ".join(_path(outline, closed=True) for outline, _walls, _pennant in shapes)
    walls = " ".join(_path(wall) for _outline, ws, _pennant in shapes for wall in ws)
    out: Drawn = [("path", {"d": fill, "fill": PALETTE["city"]})]
    if walls:
        out.append(("path", {"d": walls, "fill": "none", "stroke": PALETTE["wall"], "stroke-width": "4"}))
        out.append(("path", {"d": walls, "fill": "none", "stroke": PALETTE["city_shade"], "stroke-width": "1.6",
                             "stroke-dasharray": "3 3"}))
    return out


def _draw_pennant(px: float, py: float) -> Drawn:
    x, y = _fmt(px), _fmt(py)
    shield = f"M{x},{y} m-6.5,-7.5 h13 v7 c0,4.5 -3.2,7 -6.5,8.5 c-3.3,-1.5 -6.5,-4 -6.5,-8.5 z"
    mark = f"M{x},{y} m-3.5,-3 l3.5,4.5 l3.5,-4.5"
    return [
        ("path", {"d": shield, "fill": PALETTE["pennant"], "stroke": PALETTE["pennant_line"], "stroke-width": "1.3"}),
        ("path", {"d": mark, "fill": "none", "stroke": "#ffffff", "stroke-width": "2", "stroke-linecap": "round",
                  "stroke-linejoin": "round"}),
    ]


def _circle_path(cx: float, cy: float, r: float) -> str:
    f = _fmt
    return f"M{f(cx + r)},{f(cy)} a{f(r)},{f(r)} 0 1 0 {f(-2 * r)},0 a{f(r)},{f(r)} 0 1 0 {f(2 * r)},0 Z"


def _lens(x: float, y: float, angle: float, length: float, width: float) -> str:
    """A grain ear: a pointed oval from (x, y) leaning ``angle`` degrees from upright."""
    a = math.radians(angle)
    ux, uy = math.sin(a), -math.cos(a)  # along the ear
    vx, vy = -uy, ux  # across it
    tip = (x + ux * length, y + uy * length)
    left = (x + ux * length / 2 - vx * width, y + uy * length / 2 - vy * width)
    right = (x + ux * length / 2 + vx * width, y + uy * length / 2 + vy * width)
    f = _fmt
    return (f"M{f(x)},{f(y)} Q{f(left[0])},{f(left[1])} {f(tip[0])},{f(tip[1])} "
            f"Q{f(right[0])},{f(right[1])} {f(x)},{f(y)} Z")


def _draw_goods(name: str, x: float, y: float) -> Drawn:
    """A goods symbol on a light round badge, as the tiles print them."""
    f = _fmt
    out: Drawn = [("circle", {"class": f"goods goods-{name}", "cx": f(x), "cy": f(y), "r": "9.5",
                              "fill": PALETTE["badge"], "fill-opacity": "0.85", "stroke": PALETTE["city_shade"],
                              "stroke-width": "1.2"})]
    if name == "wine":
        grapes = " ".join(_circle_path(x + dx, y + dy, 2.3) for dx, dy in
                          ((-3.6, -1.8), (0, -1.8), (3.6, -1.8), (-1.8, 1.6), (1.8, 1.6), (0, 5)))
        out.append(("path", {"d": f"M{f(x)},{f(y - 3.5)} q1,-3 4.5,-3.6 q-0.4,3.2 -4.5,3.6 Z M{f(x)},{f(y - 3.5)} v-3",
                             "fill": PALETTE["leaf"], "stroke": PALETTE["leaf"], "stroke-width": "0.9"}))
        out.append(("path", {"d": grapes, "fill": PALETTE["wine"], "stroke": PALETTE["wine_line"], "stroke-width": "0.7"}))
    elif name == "grain":
        base = (x, y + 7.5)
        ears = " ".join(_lens(x + dx, y - 0.5 + abs(dx) * 0.4, angle, 8, 3)
                        for dx, angle in ((-3.4, -30), (0, 0), (3.4, 30)))
        stalks = " ".join(f"M{f(base[0])},{f(base[1])} L{f(x + dx)},{f(y - 0.5 + abs(dx) * 0.4)}" for dx in (-3.4, 0, 3.4))
        out.append(("path", {"d": stalks + f" M{f(x - 2.6)},{f(y + 3.8)} h5.2", "fill": "none",
                             "stroke": PALETTE["grain_line"], "stroke-width": "1.5"}))
        out.append(("path", {"d": ears, "fill": PALETTE["grain"], "stroke": PALETTE["grain_line"], "stroke-width": "0.9"}))
    else:  # cloth: a bolt of blue cloth, its rolled end to the left
        out.append(("path", {"d": f"M{f(x - 5)},{f(y - 5)} h10.5 a2.2,5 0 0 1 0,10 h-10.5 Z", "fill": PALETTE["cloth"],
                             "stroke": PALETTE["cloth_line"], "stroke-width": "0.8"}))
        out.append(("path", {"d": f"M{f(x - 1)},{f(y - 5)} l3.5,10 M{f(x + 2.5)},{f(y - 5)} l3.5,10", "fill": "none",
                             "stroke": PALETTE["cloth_light"], "stroke-width": "1.1"}))
        out.append(("ellipse", {"cx": f(x - 5), "cy": f(y), "rx": "2.2", "ry": "5", "fill": PALETTE["cloth_light"],
                                "stroke": PALETTE["cloth_line"], "stroke-width": "0.8"}))
    return out


def _draw_cathedral(x: float, y: float) -> Drawn:
    """A cathedral front: two spired towers, a gable with a rose window and a portal."""
    f = _fmt
    grow = f"matrix(1.3,0,0,1.3,{f(-0.3 * x)},{f(-0.3 * y)})"  # drawn at 1.3 times the size below, about (x, y)
    line = {"stroke": PALETTE["cloister_line"], "stroke-width": "1.1", "stroke-linejoin": "round", "transform": grow}
    return [
        ("path", {"class": "cathedral", "fill": PALETTE["stone"], **line,
                  "d": f"M{f(x - 14)},{f(y + 14)} V{f(y - 8)} h7 v4 h14 v-4 h7 V{f(y + 14)} Z"}),
        ("path", {"fill": PALETTE["slate"], **line,
                  "d": f"M{f(x - 15)},{f(y - 8)} L{f(x - 10.5)},{f(y - 21)} L{f(x - 6)},{f(y - 8)} Z "
                       f"M{f(x + 6)},{f(y - 8)} L{f(x + 10.5)},{f(y - 21)} L{f(x + 15)},{f(y - 8)} Z "
                       f"M{f(x - 8)},{f(y - 4)} L{f(x)},{f(y - 12)} L{f(x + 8)},{f(y - 4)} Z"}),
        ("path", {"fill": PALETTE["window"], **line, "d": _circle_path(x, y + 1, 3.4)}),
        ("path", {"fill": PALETTE["door"], "transform": grow, "d": f"M{f(x - 3)},{f(y + 14)} V{f(y + 9.5)} a3,3 0 0 1 6,0 V{f(y + 14)} Z "
                                                 f"M{f(x - 11.5)},{f(y - 1)} h2 v4 h-2 Z M{f(x + 9.5)},{f(y - 1)} h2 v4 h-2 Z"}),
        ("path", {"fill": "none", "stroke": PALETTE["cloister_line"], "stroke-width": "1.2", "transform": grow,
                  "d": f"M{f(x)},{f(y - 12)} V{f(y - 16.5)} M{f(x - 1.8)},{f(y - 15)} H{f(x + 1.8)}"}),
    ]


def _draw_marks(sh: _Shapes) -> Drawn:
    out: Drawn = []
    for name, (x, y) in sh.marks:
        out.extend(_draw_cathedral(x, y) if name == "cathedral" else _draw_goods(name, x, y))
    return out


def _draw_cloister(sh: _Shapes) -> Drawn:
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


def _houses(outline: list[Point], margin: float = 5.0) -> tuple[str, str]:
    """Rows of little houses filling a rectangle: their walls and their roofs, as two paths."""
    xs, ys = [p[0] for p in outline], [p[1] for p in outline]
    x0, y0, x1, y1 = min(xs) + margin, min(ys) + margin, max(xs) - margin, max(ys) - margin
    walls, roofs = [], []
    for row in range(6):
        for col in range(6):
            x, y = 10 + col * 17 + (8 if row % 2 else 0), 9 + row * 17
            if x0 <= x - 5 and x + 5 <= x1 and y0 <= y - 5 and y + 4 <= y1:
                walls.append(f"M{x - 4},{y - 1} h8 v5 h-8 Z")
                roofs.append(f"M{x - 5},{y - 0.5} L{x},{y - 5} L{x + 5},{y - 0.5} Z")
    return " ".join(walls), " ".join(roofs)


def _draw_walled(sh: _Shapes) -> Drawn:
    """The part of the City of Carcassonne on a tile of its block: houses inside, walls and towers."""
    if sh.walled is None:
        return []
    outline, walls = sh.walled
    out: Drawn = [("path", {"class": "city-of-carcassonne", "d": _path(outline, closed=True), "fill": PALETTE["city"]})]
    if sh.o.tile.id != QUARTER_TILE:
        house_walls, roofs = _houses(outline)
        if house_walls:
            out.append(("path", {"d": house_walls, "fill": PALETTE["stone"], "stroke": PALETTE["city_shade"],
                                 "stroke-width": "0.8"}))
            out.append(("path", {"d": roofs, "fill": PALETTE["roof"], "fill-opacity": "0.85",
                                 "stroke": PALETTE["roof_line"], "stroke-width": "0.8", "stroke-linejoin": "round"}))
    if walls:
        d = " ".join(_path(w) for w in walls)
        out.append(("path", {"d": d, "fill": "none", "stroke": PALETTE["wall"], "stroke-width": "6"}))
        out.append(("path", {"d": d, "fill": "none", "stroke": PALETTE["city_shade"], "stroke-width": "2.4",
                             "stroke-dasharray": "3 3"}))
        ends = {p for w in walls for p in (w[0], w[-1])}
        towers = [p for p in ends if 0 < p[0] < 100 and 0 < p[1] < 100]
        for x, y in towers:
            out.append(("circle", {"cx": _fmt(x), "cy": _fmt(y), "r": "6.5", "fill": PALETTE["tower"],
                                   "stroke": PALETTE["wall"], "stroke-width": "2"}))
    for x, y in sh.gates:
        out.append(("circle", {"cx": _fmt(x), "cy": _fmt(y), "r": "6.5", "fill": PALETTE["tower"],
                               "stroke": PALETTE["wall"], "stroke-width": "2"}))
        out.append(("path", {"class": "gate", "d": f"M{_fmt(x - 3)},{_fmt(y + 3)} v-3 a3,3 0 0 1 6,0 v3 Z",
                             "fill": PALETTE["door"]}))
    return out


_QUARTER_CORNERS = {"castle": (0, 0), "blacksmith": (50, 0), "cathedral": (0, 50), "market": (50, 50)}
"""Where each quarter lies on the unturned quarters tile (CO-7): its north-west corner."""
_QUARTER_TINT = {"castle": "#c98f6b", "blacksmith": "#8f8f8f", "cathedral": "#8fa8cf", "market": "#9cc46a"}


def _quarter_box(quarter: str, rotation: int) -> Point:
    """The north-west corner of ``quarter`` on the quarters tile turned by ``rotation``."""
    x, y = _QUARTER_CORNERS[quarter]
    cx, cy = _turn((x + 25, y + 25), rotation // 90)
    return cx - 25, cy - 25


def _quarter_icon(quarter: str, x: float, y: float) -> str:
    """A faint picture of what the quarter is, centred on (x, y)."""
    f = _fmt
    if quarter == "castle":
        return (f"M{f(x - 8)},{f(y + 9)} V{f(y - 5)} h3 v-3 h3 v3 h4 v-3 h3 v3 h3 V{f(y + 9)} Z "
                f"M{f(x - 2.5)},{f(y + 9)} v-5 a2.5,2.5 0 0 1 5,0 v5 Z")
    if quarter == "blacksmith":
        return (f"M{f(x - 10)},{f(y - 1)} H{f(x + 7)} c0,3 -3,4 -5.5,4 V{f(y + 6)} H{f(x + 5)} V{f(y + 9)} "
                f"H{f(x - 6)} V{f(y + 6)} H{f(x - 2.5)} V{f(y + 3)} C{f(x - 6)},{f(y + 3)} {f(x - 9)},{f(y + 2)} "
                f"{f(x - 10)},{f(y - 1)} Z M{f(x + 1)},{f(y - 4)} l6,-7 l2,1.6 l-6,7 Z")
    if quarter == "cathedral":
        return (f"M{f(x - 8)},{f(y + 9)} V{f(y)} L{f(x - 2)},{f(y - 5)} V{f(y - 9)} h1.2 v-2 h1.6 v2 h1.2 "
                f"V{f(y - 5)} L{f(x + 8)},{f(y)} V{f(y + 9)} Z")
    return (f"M{f(x - 10)},{f(y - 3)} L{f(x - 7)},{f(y - 9)} H{f(x + 7)} L{f(x + 10)},{f(y - 3)} Z "
            f"M{f(x - 8)},{f(y - 3)} h1.6 v12 h-1.6 Z M{f(x + 6.4)},{f(y - 3)} h1.6 v12 h-1.6 Z "
            f"M{f(x - 7)},{f(y + 3)} h14 v3 h-14 Z")


def _draw_quarters(sh: _Shapes) -> Drawn:
    """The four quarters of the City on their tile (CO-7): tinted blocks with a faint picture."""
    if sh.o.tile.id != QUARTER_TILE:
        return []
    out: Drawn = []
    for quarter in QUARTERS:
        x, y = _quarter_box(quarter, sh.o.rotation)
        out.append(("rect", {"class": f"quarter quarter-{quarter}", "x": _fmt(x + 2), "y": _fmt(y + 2), "width": "46",
                             "height": "46", "rx": "3", "fill": _QUARTER_TINT[quarter], "fill-opacity": "0.35"}))
        out.append(("path", {"d": _quarter_icon(quarter, x + 25, y + 30), "fill": PALETTE["wall"],
                             "fill-opacity": "0.28"}))
    return out


@lru_cache(maxsize=None)
def _tile_art(tile_id: str, rotation: int) -> Art:
    """The drawing of one tile type at one rotation over its field, in 0..100 units (cached)."""
    sh = _shapes(tile_id, rotation)
    return tuple(
        _draw_hedges(sh) + _draw_walled(sh) + _draw_quarters(sh) + _draw_river(sh) + _draw_roads(sh)
        + _draw_cities(sh) + _draw_inns(sh) + _draw_marks(sh) + _draw_cloister(sh)
    )


# --- figures -------------------------------------------------------------------------

_MEEPLE = (
    "M0,-10.5 C3.2,-10.5 4.6,-8.2 4.1,-5.6 L8.6,-3.2 C10.4,-2.2 9.9,0.6 7.8,0.6 L4.6,0.3 "
    "L7.6,8.4 C8.1,9.8 7.3,10.5 6.2,10.5 L2,10.5 L0,7 L-2,10.5 L-6.2,10.5 C-7.3,10.5 -8.1,9.8 -7.6,8.4 "
    "L-4.6,0.3 L-7.8,0.6 C-9.9,0.6 -10.4,-2.2 -8.6,-3.2 L-4.1,-5.6 C-4.6,-8.2 -3.2,-10.5 0,-10.5 Z"
)
_BUILDER = (  # a tall figure in a wide-brimmed hat: body, head and hat in one outline
    "M-5.8,10.5 L-3.6,-1.6 C-2.2,-3.4 2.2,-3.4 3.6,-1.6 L5.8,10.5 Z "
    "M3.4,-5.4 A3.4,3.4 0 1 1 -3.4,-5.4 A3.4,3.4 0 1 1 3.4,-5.4 Z "
    "M-6.6,-7.6 H6.6 V-9 H3.2 L2.6,-13 H-2.6 L-3.2,-9 H-6.6 Z"
)
_BUILDER_TOOL = "M3.4,2.5 L9.2,-5.2 M6.8,-7.6 L11.4,-3.8"
_PIG = (  # a pig seen from the side, facing east
    "M-9.5,0.5 C-9.5,-5.5 -4,-7 1,-7 C5.5,-7 8.5,-5.5 9.4,-3 L12.6,-2.6 C13.8,-2.4 13.8,0.6 12.6,0.8 "
    "L9.6,1.2 C9,3.8 7.6,5 6.6,5.3 L6.6,9 H3.6 V6 H-4 V9 H-7 V4.8 C-8.7,3.8 -9.5,2.4 -9.5,0.5 Z "
    "M4.6,-6.6 L6.6,-10.4 L8.4,-5.4 Z"
)
_PIG_DETAIL = "M-9.3,-0.6 c-2.4,-1.4 -3.4,1.2 -1.6,1.8 c1.6,0.5 0.2,2.4 -1.5,1.4 M11.6,-1.9 v0.9 M12.6,-1.9 v0.9"
_COUNT = (  # a stout figure with a crown
    "M-7.6,10.5 C-7.6,1 -5.2,-2.6 0,-2.6 C5.2,-2.6 7.6,1 7.6,10.5 Z "
    "M3.8,-6.2 A3.8,3.8 0 1 1 -3.8,-6.2 A3.8,3.8 0 1 1 3.8,-6.2 Z"
)
_CROWN = "M-4.2,-9.2 L-4.4,-14.2 L-2.1,-11.6 L0,-15 L2.1,-11.6 L4.4,-14.2 L4.2,-9.2 Z"

FIGURE_SCALE = {"follower": 1.25, "large": 1.7, "builder": 1.25, "pig": 1.2}
"""How big each kind of figure is drawn on a tile (the large follower clearly bigger)."""


def _attr(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _text(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _markup(tag: str, attribs: dict[str, str], inner: str = "") -> str:
    """One element as SVG text, its attribute values escaped (``inner`` is markup already)."""
    attrs = "".join(f' {k}="{_attr(v)}"' for k, v in attribs.items())
    return f"<{tag}{attrs}>{inner}</{tag}>" if inner else f"<{tag}{attrs} />"


class _Raw:
    """An SVG element: attributes written as given (escaped), optional text, children.

    The board is written as text directly (svgwrite's element tree cost more than the
    drawing itself on a full board); children may be elements or ready markup strings.
    """

    __slots__ = ("tag", "attribs", "text", "children")

    def __init__(self, tag: str, attribs: dict[str, str], text: str | None = None) -> None:
        self.tag = tag
        self.attribs = dict(attribs)
        self.text = text
        self.children: list[_Raw | str] = []

    def add(self, child: _Raw | str) -> None:
        self.children.append(child)

    def tostring(self) -> str:
        inner = _text(self.text) if self.text is not None else ""
        inner += "".join(c if isinstance(c, str) else c.tostring() for c in self.children)
        return _markup(self.tag, self.attribs, inner)


def _element(tag: str, **attribs: object) -> _Raw:
    return _Raw(tag, {k: str(v) for k, v in attribs.items()})


def _title(element: _Raw, text: str) -> None:
    """Give ``element`` a tooltip (its first child, ``<title>``)."""
    element.children.insert(0, _Raw("title", {}, text))


def _outline_for(color: str) -> str:
    return "#e0e0e0" if color == "black" else PALETTE["meeple_line"]


def _figure_shapes(kind: str, x: float, y: float, color: str, scale: float, lying: bool = False) -> list[_Raw]:
    """The drawing of one figure of ``kind`` standing at (x, y): a shadow and the figure."""
    fill = SEAT_COLORS.get(color, color)
    outline = _outline_for(color)
    fx, fy = _fmt(x), _fmt(y)
    turn = " rotate(90)" if lying else ""
    transform = f"translate({fx},{fy}){turn} scale({_fmt(scale)})"
    body = {"follower": _MEEPLE, "large": _MEEPLE, "builder": _BUILDER, "pig": _PIG}[kind]
    if lying:
        shadow = _element("ellipse", cx=fx, cy=_fmt(y + 8.4 * scale), rx=_fmt(12 * scale), ry=_fmt(3.2 * scale),
                          fill=PALETTE["shadow"], **{"fill-opacity": "0.25"})
    else:
        shadow = _element("ellipse", cx=fx, cy=_fmt(y + 10.4 * scale), rx=_fmt((10 if kind == "pig" else 8) * scale),
                          ry=_fmt(2.6 * scale), fill=PALETTE["shadow"], **{"fill-opacity": "0.3"})
    shapes = [shadow, _element("path", d=body, transform=transform, fill=fill, stroke=outline,
                               **{"stroke-width": _fmt(1.5 / scale), "stroke-linejoin": "round"})]
    detail = {"builder": _BUILDER_TOOL, "pig": _PIG_DETAIL}.get(kind)
    if detail:
        shapes.append(_element("path", d=detail, transform=transform, fill="none", stroke=outline,
                               **{"stroke-width": _fmt(2.2 / scale if kind == "builder" else 1.2 / scale),
                                  "stroke-linecap": "round"}))
    return shapes


def _figure_label(kind: str, spot: str, player: str) -> str:
    """The figure's tooltip, one whole sentence per kind and role."""
    role = follower_role(spot)
    values = {"player": player, "spot": spot}
    if kind == "builder":
        return _("%(player)s's builder on %(spot)s") % values
    if kind == "pig":
        return _("%(player)s's pig on %(spot)s") % values
    if kind == "large":
        labels = {"knight": _("%(player)s's large follower, a knight on %(spot)s"),
                  "thief": _("%(player)s's large follower, a thief on %(spot)s"),
                  "monk": _("%(player)s's large follower, a monk on %(spot)s"),
                  "farmer": _("%(player)s's large follower, a farmer on %(spot)s")}
    else:
        labels = {"knight": _("%(player)s's knight on %(spot)s"), "thief": _("%(player)s's thief on %(spot)s"),
                  "monk": _("%(player)s's monk on %(spot)s"), "farmer": _("%(player)s's farmer on %(spot)s")}
    return labels.get(role, _("%(player)s's follower on %(spot)s")) % values


def _figure(x: float, y: float, spot: str, kind: str, color: str, label: str, data: dict[str, str]) -> _Raw:
    """A figure at (x, y) in board units: followers stand (farmers lie down), builders and pigs stand."""
    role = follower_role(spot)
    follower = kind in ("follower", "large")
    classes = f"figure kind-{kind}" + (f" follower role-{role}" if follower else "")
    group = _Raw("g", {"class": classes, "data-spot": spot, "data-figure": kind, **data})
    _title(group, label)
    for shape in _figure_shapes(kind, x, y, color, FIGURE_SCALE[kind], lying=follower and role == "farmer"):
        group.add(shape)
    return group


_SPREAD = ((0.0, 0.0), (9.0, 5.0), (-9.0, 5.0), (0.0, 10.0), (9.0, -5.0), (-9.0, -5.0))
"""Offsets of figures sharing one spot (a pig and a farmer, reinforcements from the City)."""


def _figures_layer(game: Game, tiles: list[PlacedTile]) -> _Raw:
    colors, names = game.colors, game.players
    layer = _Raw("g", {"class": "followers"})
    for placed in tiles:
        kinds = placed.kinds()
        if not kinds:
            continue
        taken: dict[str, int] = {}
        for (spot, seat, kind) in placed.figures_here():
            fx, fy = _spot_point(placed.tile, placed.rotation, spot)
            n = taken.get(spot, 0)
            taken[spot] = n + 1
            dx, dy = _SPREAD[n % len(_SPREAD)]
            data = {"data-x": str(placed.x), "data-y": str(placed.y), "data-seat": str(seat), "data-player": names[seat]}
            layer.add(_figure(placed.x * UNIT + fx + dx, placed.y * UNIT + fy + dy, spot, kind, colors[seat],
                              _figure_label(kind, spot, names[seat]), data))
    return layer


# --- the City of Carcassonne: quarter names, the followers in each quarter, the Count ----------

def quarter_name(quarter: str) -> str:
    """A quarter's name as the board shows it."""
    return {"castle": _("Castle"), "blacksmith": _("Blacksmith"), "cathedral": _("Cathedral"),
            "market": _("Market")}[quarter]


def _in_quarter_label(quarter: str, player: str, followers: int, large: int) -> str:
    """The tooltip of a player's followers (or large followers) in a quarter: one whole sentence each."""
    values = {"player": player, "count": followers, "large": large}
    if large and followers:
        return {
            "castle": _("%(player)s: %(count)d follower(s) and %(large)d large follower in the castle"),
            "blacksmith": _("%(player)s: %(count)d follower(s) and %(large)d large follower in the blacksmith's quarter"),
            "cathedral": _("%(player)s: %(count)d follower(s) and %(large)d large follower in the cathedral quarter"),
            "market": _("%(player)s: %(count)d follower(s) and %(large)d large follower in the market"),
        }[quarter] % values
    n = followers or large
    return {
        ("castle", False): ngettext("%(player)s: a follower in the castle", "%(player)s: %(count)d followers in the castle", n),
        ("blacksmith", False): ngettext("%(player)s: a follower in the blacksmith's quarter",
                                        "%(player)s: %(count)d followers in the blacksmith's quarter", n),
        ("cathedral", False): ngettext("%(player)s: a follower in the cathedral quarter",
                                       "%(player)s: %(count)d followers in the cathedral quarter", n),
        ("market", False): ngettext("%(player)s: a follower in the market", "%(player)s: %(count)d followers in the market", n),
        ("castle", True): ngettext("%(player)s: a large follower in the castle",
                                   "%(player)s: %(large)d large followers in the castle", n),
        ("blacksmith", True): ngettext("%(player)s: a large follower in the blacksmith's quarter",
                                       "%(player)s: %(large)d large followers in the blacksmith's quarter", n),
        ("cathedral", True): ngettext("%(player)s: a large follower in the cathedral quarter",
                                      "%(player)s: %(large)d large followers in the cathedral quarter", n),
        ("market", True): ngettext("%(player)s: a large follower in the market",
                                   "%(player)s: %(large)d large followers in the market", n),
    }[quarter, bool(large)] % values


def _count_label(quarter: str) -> str:
    return {"castle": _("The Count stands in the castle"), "blacksmith": _("The Count stands in the blacksmith's quarter"),
            "cathedral": _("The Count stands in the cathedral quarter"), "market": _("The Count stands in the market")}[quarter]


def _module(game: Game, name: str) -> Any:
    """The game's rule module ``name`` (its state: the City's quarters, the awards), or ``None``."""
    return next((m for m in getattr(game, "modules", ()) if getattr(m, "name", "") == name), None)


def _quarter_labels(rotation: int) -> list[_Raw]:
    """Each quarter's name, over an area a page may make clickable (``rect.quarter-area``)."""
    out = []
    for quarter in QUARTERS:
        x, y = _quarter_box(quarter, rotation)
        text = quarter_name(quarter)
        out.append(_element("rect", x=_fmt(x + 2), y=_fmt(y + 2), width="46", height="46", rx="3", fill="none",
                            **{"class": "quarter-area", "data-quarter": quarter, "aria-label": text,
                               "pointer-events": "all"}))
        width = min(46.0, 6 + 4.4 * len(text))
        out.append(_element("rect", x=_fmt(x + 25 - width / 2), y=_fmt(y + 3.5), width=_fmt(width), height="9.5", rx="2.5",
                            fill=PALETTE["badge"], stroke=PALETTE["city_shade"], **{"stroke-width": "0.8",
                                                                                     "fill-opacity": "0.92"}))
        out.append(_Raw("text", {"class": f"quarter-name quarter-{quarter}", "x": _fmt(x + 25), "y": _fmt(y + 10.6),
                                 "text-anchor": "middle", "font-size": "7", "font-weight": "bold",
                                 "font-family": "sans-serif", "fill": PALETTE["text"]}, text))
    return out


def _city_overlay(game: Game | None, rotation: int) -> _Raw:
    """What stands in the City's quarters: each player's followers (with how many) and the Count."""
    group = _Raw("g", {"class": "city-quarters"})
    for label in _quarter_labels(rotation):
        group.add(label)
    count = _module(game, "count") if game is not None else None
    if count is None:
        return group
    ox = oy = 0  # drawn inside the tile's group
    colors, names = game.colors, game.players  # type: ignore[union-attr]  (no module without a game)
    for q, quarter in enumerate(QUARTERS):
        x, y = _quarter_box(quarter, rotation)
        figures: list[tuple[str, int, int]] = []  # (kind, seat, how many)
        for seat, held in enumerate(count.city):
            followers, large = held[q]
            if followers:
                figures.append(("follower", seat, followers))
            if large:
                figures.append(("large", seat, large))
        here = count.count_at == quarter
        cols = max(3, math.ceil((len(figures) + (1 if here else 0)) / 2))
        step = 44 / cols

        def slot(i: int) -> Point:
            return x + 3 + step * (i % cols + 0.5), y + 24 + 14 * (i // cols)

        badges = []
        for i, (kind, seat, n) in enumerate(figures):
            fx, fy = slot(i)
            followers, large = count.city[seat][q]
            item = _Raw("g", {"class": f"quarter-figure kind-{kind}", "data-quarter": quarter, "data-seat": str(seat),
                              "data-player": names[seat], "data-count": str(n)})
            _title(item, _in_quarter_label(quarter, names[seat], followers if kind == "follower" else 0,
                                           large if kind == "large" else 0))
            for shape in _figure_shapes(kind, fx, fy, colors[seat], 0.55 if kind == "follower" else 0.72):
                item.add(shape)
            group.add(item)
            if n > 1:  # how many, on a small badge drawn over the neighbours
                badges.append(_element("circle", cx=_fmt(fx + 5), cy=_fmt(fy + 4), r="3.6", fill=PALETTE["text"],
                                       stroke="#ffffff", **{"stroke-width": "0.8"}))
                badges.append(_Raw("text", {"class": "quarter-count", "x": _fmt(fx + 5), "y": _fmt(fy + 6), "text-anchor": "middle",
                                            "font-size": "5.6", "font-weight": "bold", "font-family": "sans-serif",
                                            "fill": "#ffffff"}, str(n)))
        for badge in badges:
            group.add(badge)
        if here:
            fx, fy = slot(2 * cols - 1)
            figure = _Raw("g", {"class": "count-figure", "data-quarter": quarter})
            _title(figure, _count_label(quarter))
            figure.add(_element("ellipse", cx=_fmt(fx), cy=_fmt(fy + 8.5), rx="6.5", ry="2", fill=PALETTE["shadow"],
                                **{"fill-opacity": "0.3"}))
            transform = f"translate({_fmt(fx)},{_fmt(fy)}) scale(0.8)"
            figure.add(_element("path", d=_COUNT, transform=transform, fill=PALETTE["count"], stroke=PALETTE["meeple_line"],
                                **{"stroke-width": "1.6", "stroke-linejoin": "round"}))
            figure.add(_element("path", d=_CROWN, transform=transform, fill=PALETTE["crown"], stroke=PALETTE["meeple_line"],
                                **{"stroke-width": "1.2", "stroke-linejoin": "round"}))
            group.add(figure)
    return group


# --- the awards (King & Robber) -------------------------------------------------------------

_LEGEND_ROW = 38
"""Height in board units of one line of the legend under the board."""


def _award_lines(game: Game) -> list[tuple[str, str, int | None, str]]:
    """(award, text, holder's seat, tooltip) for the King & Robber awards of ``game``."""
    module = _module(game, "king_robber")
    if module is None:
        return []
    m = module
    return [
        _award_line(game, "king", m.king, m.largest_city, (
            _("King: not awarded yet"), _("The king goes to whoever completes the largest city so far."), _("King: %(player)s"),
            lambda n: ngettext("%(player)s holds the king: the largest city completed so far has %(size)d tile.",
                               "%(player)s holds the king: the largest city completed so far has %(size)d tiles.", n))),
        _award_line(game, "robber", m.robber, m.longest_road, (
            _("Robber: not awarded yet"), _("The robber goes to whoever completes the longest road so far."),
            _("Robber: %(player)s"),
            lambda n: ngettext("%(player)s holds the robber: the longest road completed so far has %(size)d tile.",
                               "%(player)s holds the robber: the longest road completed so far has %(size)d tiles.", n))),
    ]


def _award_line(game: Game, award: str, holder: int | None, size: int,
                words: tuple[str, str, str, Callable[[int], str]]) -> tuple[str, str, int | None, str]:
    """One award's line: nobody's yet (and how to win it), or its holder and their feature's size."""
    nobody, how, held, why = words
    if holder is None:
        return award, nobody, None, how
    values = {"player": game.players[holder], "size": size}
    return award, held % values, holder, why(size) % values


def _award_icon(award: str, x: float, y: float) -> list[_Raw]:
    f = _fmt
    if award == "king":
        return [_element("path", d=f"M{f(x - 8)},{f(y + 5)} L{f(x - 9)},{f(y - 6)} L{f(x - 4)},{f(y - 1)} L{f(x)},{f(y - 8)} "
                                   f"L{f(x + 4)},{f(y - 1)} L{f(x + 9)},{f(y - 6)} L{f(x + 8)},{f(y + 5)} Z",
                         fill=PALETTE["crown"], stroke=PALETTE["crown_line"], **{"stroke-width": "1.4", "stroke-linejoin": "round"})]
    return [  # the robber: a masked face
        _element("circle", cx=f(x), cy=f(y), r="8", fill=PALETTE["robber"], stroke=PALETTE["meeple_line"], **{"stroke-width": "1.2"}),
        _element("path", d=f"M{f(x - 8)},{f(y - 2)} h16 v4 h-16 Z", fill=PALETTE["meeple_line"]),
        _element("path", d=f"M{f(x - 3.2)},{f(y)} h0.1 M{f(x + 3.1)},{f(y)} h0.1", stroke="#ffffff",
                 **{"stroke-width": "2", "stroke-linecap": "round"}),
    ]


def _legend(game: Game, lines: list[tuple[str, str, int | None, str]], x0: float, y0: float, width: float) -> _Raw:
    """The awards under the board, each beside its holder's colour."""
    group = _Raw("g", {"class": "legend"})
    group.add(_element("rect", x=_fmt(x0), y=_fmt(y0), width=_fmt(width), height=_fmt(len(lines) * _LEGEND_ROW + 8),
                       fill=PALETTE["legend"]))
    for i, (award, text, seat, tooltip) in enumerate(lines):
        y = y0 + 4 + i * _LEGEND_ROW + _LEGEND_ROW / 2
        row = _Raw("g", {"class": f"award award-{award}", **({"data-seat": str(seat), "data-player": game.players[seat]}
                                                           if seat is not None else {})})
        _title(row, tooltip)
        for shape in _award_icon(award, x0 + 24, y):
            row.add(shape)
        x = x0 + 42
        if seat is not None:
            row.add(_element("circle", cx=_fmt(x + 8), cy=_fmt(y), r="8", fill=seat_hex(seat), stroke=PALETTE["meeple_line"],
                             **{"stroke-width": "1.2"}))
            x += 24
        shown = text if len(text) <= 40 else text[:39] + "…"
        row.add(_Raw("text", {"x": _fmt(x), "y": _fmt(y + 7), "font-size": "21", "font-family": "sans-serif",
                              "fill": PALETTE["text"]}, shown))
        group.add(row)
    return group


# --- public API ----------------------------------------------------------------------------

_FIELD_ID = "carc-field"
_SVG_NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1"'


def _defs_id(tile: str, rotation: int) -> str:
    return f"carc-{tile}-{rotation}"


def _art_markup(art: Iterable[tuple[str, dict[str, str]]]) -> str:
    return "".join(_markup(tag, attrs) for tag, attrs in art)


@lru_cache(maxsize=None)
def _field_def() -> str:
    """The field every tile lies on, defined once per board."""
    return _markup("g", {"id": _FIELD_ID}, _art_markup(_draw_field()))


@lru_cache(maxsize=None)
def _tile_def(tile: str, rotation: int) -> str:
    """The drawing of one tile type at one rotation as a ``<defs>`` entry (cached text)."""
    use = _markup("use", {"xlink:href": f"#{_FIELD_ID}"})
    return _markup("g", {"id": _defs_id(tile, rotation)}, use + _art_markup(_tile_art(tile, rotation)))


def _svg(attribs: dict[str, str], inner: str) -> str:
    attrs = "".join(f' {k}="{_attr(v)}"' for k, v in attribs.items())
    return f"<svg {_SVG_NS}{attrs}>{inner}</svg>"


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
    next to the board show; ``width``/``height`` are ``cell_size`` px per cell. Each tile
    type's drawing is defined once (``<defs>``) and each placed tile is one
    ``<g class="tile">`` with ``data-x``, ``data-y``, ``data-tile``, ``data-rotation``, a
    ``<title>`` and a ``<use>`` of its drawing; figures are ``<g class="figure kind-…">``
    in their seat colour (followers also ``follower role-…``: farmers lie down; large
    followers bigger; builders and pigs their own shapes). The City of Carcassonne's
    quarters tile shows the quarters' names, the followers in each and the Count. With
    King & Robber a legend under the board names the award holders (the ``viewBox`` grows
    by its height). The last placed tile gets a ``class="last-move"`` outline when
    ``last_move`` is true. ``highlight`` lists empty cells ``(x, y)`` drawn as focusable
    ``<rect class="slot">`` buttons (the places where the drawn tile fits).
    ``interactive`` is accepted for the turn UI; the ``data-*`` attributes are always
    written. Nothing hidden is drawn: neither the bag nor any player's tiles in hand.
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
    xs = [x for x, _y in cells] + [x for x, _y in slots]
    ys = [y for _x, y in cells] + [y for _x, y in slots]
    x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    awards = _award_lines(game)
    legend = len(awards) * _LEGEND_ROW + 8 if awards else 0
    players = len(game.players)
    parts: list[str] = []

    defs = [_field_def()] + [_tile_def(tile, rotation) for tile, rotation in sorted({(t.tile, t.rotation) for t in tiles})]
    parts.append(f"<defs>{''.join(defs)}</defs>")
    parts.append(_markup("rect", {"x": str(x0 * UNIT), "y": str(y0 * UNIT), "width": str(cols * UNIT),
                                  "height": str(rows * UNIT), "fill": PALETTE["board"]}))
    if empty_cells is None:
        empty_cells = not game.finished
    grid = "".join(f'<rect x="{x * UNIT + 3}" y="{y * UNIT + 3}" width="{UNIT - 6}" height="{UNIT - 6}" rx="6" />'
                   for x, y in (sorted(empty - set(slots)) if empty_cells else ()))
    parts.append(_markup("g", {"class": "empty-cells", "fill": PALETTE["empty"], "stroke": PALETTE["empty_line"],
                               "stroke-width": "1.5", "stroke-dasharray": "6 5"}, grid))

    parts.append('<g class="tiles">')
    for placed in tiles:
        parts.append(_tile_group(game, placed))
    parts.append("</g>")

    last = game.last_placed if last_move else None
    if last is not None:
        mark = _element("rect", x=last.x * UNIT + 2.5, y=last.y * UNIT + 2.5, width=UNIT - 5, height=UNIT - 5,
                        fill="none", stroke=PALETTE["last_move"], rx=4,
                        **{"class": "last-move", "stroke-width": "5", "data-x": last.x, "data-y": last.y})
        _title(mark, _("Last move: %(tile)s at (%(x)d,%(y)d)") % {"tile": last.tile, "x": last.x, "y": last.y})
        parts.append(mark.tostring())

    parts.append(_figures_layer(game, tiles).tostring())

    if slots:
        layer = _Raw("g", {"class": "slots"})
        for x, y in slots:
            where = _("Place at (%(x)d,%(y)d)") % {"x": x, "y": y}
            slot = _element("rect", x=x * UNIT + 4, y=y * UNIT + 4, width=UNIT - 8, height=UNIT - 8, rx=8,
                            fill=PALETTE["slot"], stroke=PALETTE["slot_line"], tabindex="0", role="button",
                            **{"class": "slot", "data-x": x, "data-y": y, "aria-label": where,
                               "fill-opacity": "0.5", "stroke-width": "4", "stroke-dasharray": "10 6",
                               "cursor": "pointer"})
            _title(slot, where)
            layer.add(slot)
        parts.append(layer.tostring())
    if awards:
        parts.append(_legend(game, awards, x0 * UNIT, (y1 + 1) * UNIT, cols * UNIT).tostring())
    height = _fmt(rows * cell_size + legend * cell_size / UNIT)  # in proportion to the view, legend included
    label = ngettext("Carcassonne board: %(tiles)d tile, %(players)d players",
                     "Carcassonne board: %(tiles)d tiles, %(players)d players", len(tiles)) % {
        "tiles": len(tiles), "players": players}
    return _svg({
        "width": f"{cols * cell_size}px", "height": f"{height}px",
        "viewBox": f"{x0 * UNIT},{y0 * UNIT},{cols * UNIT},{rows * UNIT + legend}",
        "class": "board" + (" interactive" if interactive else ""), "role": "img", "aria-label": label,
        "data-min-x": str(x0 + 1), "data-min-y": str(y0 + 1), "data-cell": str(UNIT),
    }, "".join(parts))


def _tile_group(game: Game, placed: PlacedTile) -> str:
    tile, rotation, x, y = placed.tile, placed.rotation, placed.x, placed.y
    title = _text(_("%(tile)s at (%(x)d,%(y)d), rotation %(rotation)d") % {"tile": tile, "x": x, "y": y, "rotation": rotation})
    overlay = _city_overlay(game, rotation).tostring() if tile == QUARTER_TILE else ""
    return (f'<g class="tile" transform="translate({x * UNIT},{y * UNIT})" data-x="{x}" data-y="{y}" '
            f'data-tile="{_attr(tile)}" data-rotation="{rotation}"><title>{title}</title>'
            f'<use xlink:href="#{_defs_id(tile, rotation)}" />{overlay}</g>')


def render_tile(tile_id: str, rotation: int = 0, *, size: int = 96, spots: Iterable[str] | None = None) -> str:
    """One tile (e.g. the drawn tile's preview) as an SVG document string of ``size`` px.

    With ``spots`` (spot names in board orientation, e.g. from ``Game.legal_spots``),
    each is drawn as a focusable ``<circle class="spot" data-spot=…>`` button where a
    follower would stand. Raises ``KeyError``/``ValueError`` for an unknown tile,
    rotation or spot.
    """
    o = orientation(tile_id, rotation)
    group = _Raw("g", {"class": "tile", "data-tile": tile_id, "data-rotation": str(rotation)})
    _title(group, _("%(tile)s, rotation %(rotation)d") % {"tile": tile_id, "rotation": rotation})
    group.add(_art_markup(_draw_field()) + _art_markup(_tile_art(tile_id, rotation)))
    if tile_id == QUARTER_TILE:
        group.add(_city_overlay(None, rotation))
    parts = [group.tostring()]
    for spot in spots or ():
        x, y = _spot_point(o.tile.id, o.rotation, spot)
        role = follower_role(spot)
        label = _("Put a follower on %(spot)s") % {"spot": spot}
        circle = _element("circle", cx=_fmt(x), cy=_fmt(y), r="9", fill=PALETTE["spot"], stroke=PALETTE["spot_line"],
                          tabindex="0", role="button",
                          **{"class": f"spot role-{role}", "data-spot": spot, "fill-opacity": "0.75",
                             "stroke-width": "2.5", "aria-label": label, "cursor": "pointer"})
        _title(circle, _("Put a follower on %(spot)s (%(role)s)") % {"spot": spot, "role": _(role)})
        parts.append(circle.tostring())
    return _svg({"width": f"{size}px", "height": f"{size}px", "viewBox": f"0,0,{UNIT},{UNIT}", "class": "tile-preview",
                 "role": "img", "aria-label": _("Tile %(tile)s, rotation %(rotation)d") % {"tile": tile_id, "rotation": rotation}},
                "".join(parts))
