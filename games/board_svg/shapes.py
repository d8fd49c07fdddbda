"""Where every feature of one tile lies, in board orientation: cities (outline, walls,
pennant), roads, rivers, the cloister, inns, cathedrals and goods, bridges, and the part
of the City of Carcassonne on the tiles of its block. Worked out once per tile type and
rotation from the tile's :class:`~carcassonne.tiles.Orientation` (its segments already
carry their turned edges and half-edges).

>>> sorted(tile_shapes("D", 0).roads), tile_shapes("D", 0).bridge
([1], None)
"""

from __future__ import annotations

import math
from functools import cache

from carcassonne import CITY_BLOCK, GOODS
from carcassonne.tiles import RIVER_END, Orientation, orientation
from games.board_svg.geometry import (
    CENTRE,
    EDGE_MID,
    Point,
    along,
    between,
    cubic,
    distance_to_line,
    inside,
    quad,
    stub,
    stub_from,
    turn,
    turned,
    wiggle,
)
from games.board_svg.palette import UNIT

# Canonical city outlines (rotation applied afterwards): each is (fill polygon, walls,
# pennant point). A wall is a polyline not lying on the tile's border.
_CAP_WALL = cubic((100, 0), (75, 38), (25, 38), (0, 0))
_SHALLOW_CAP_WALL = cubic((100, 0), (75, 27), (25, 27), (0, 0))
_DIAGONAL_WALL = quad((100, 0), (38, 38), (0, 100))
_SHALLOW_DIAGONAL_WALL = quad((100, 0), (24, 24), (0, 100))
_THREE_WALL = cubic((100, 100), (72, 58), (28, 58), (0, 100))
_BAND, _SLIM_BAND = 72.0, 36.0
"""Where a band's wall bends to: the usual band, and the side of a band facing a second city
of the tile (TB-03: room for the inner field between them)."""

CityShape = tuple[list[Point], list[list[Point]], Point]

SHIELD_BOX = (-11.0, -12.0, 11.0, 14.5)
"""The coat of arms of a city with a pennant, about its middle: west, north, east, south
(it is drawn upright at every rotation, a little taller than wide)."""


def shield_at(point: Point) -> Point:
    """Where the coat of arms of a city whose pennant point is ``point`` is drawn: the
    point, moved in so that the whole shield stays on the tile (some points lie near an edge)."""
    x, y = point
    x0, y0, x1, y1 = SHIELD_BOX
    return min(max(x, 1.5 - x0), 98.5 - x1), min(max(y, 1.5 - y0), 98.5 - y1)


def _band(k: int, east: float = _BAND, west: float = 100 - _BAND) -> CityShape:
    """A city band joining opposite edges (canonical N-S, turned by ``k`` quarters)."""
    east_wall = cubic((100, 0), (east, 30), (east, 70), (100, 100))
    west_wall = cubic((0, 100), (west, 70), (west, 30), (0, 0))
    outline = [(0, 0), (100, 0)] + east_wall[1:] + west_wall[:-1]
    middle = ((100 - 0.75 * (100 - east)) + 0.75 * west) / 2
    return turned(outline, k), [turned(east_wall, k), turned(west_wall, k)], turn((middle, 50), k)


def _crossing(k: int) -> CityShape:
    """One of two city bands crossing without joining (KR-5), canonical N-S: full width on
    its edges, narrow in the middle, leaving a pocket of field in each corner between them."""
    east_wall = [(100, 0)] + quad((64, 14), (64, 50), (64, 86), 6) + [(100, 100)]
    west_wall = [(0, 100)] + quad((36, 86), (36, 50), (36, 14), 6) + [(0, 0)]
    outline = [(0, 0), (100, 0)] + east_wall[1:] + west_wall[:-1]
    return turned(outline, k), [turned(east_wall, k), turned(west_wall, k)], turn((50, 22), k)


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
        return turned([(0, 0), (100, 0)] + wall[1:-1], k), [turned(wall, k)], turn((24, 9), k)
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
        return turned(outline, k), [turned(wall, k)], turn((55, 11), k)
    if len(es) == 3:  # three edges; canonical: open to the S
        missing = ({0, 1, 2, 3} - es).pop()
        k = (missing - 2) & 3
        outline = [(0, 100), (0, 0), (100, 0)] + _THREE_WALL[:-1]
        return turned(outline, k), [turned(_THREE_WALL, k)], turn((20, 17), k)
    return [(0, 0), (100, 0), (100, 100), (0, 100)], [], (22, 20)


_BLOCK_AT = {tile: (x, y) for tile, x, y, _rotation in CITY_BLOCK}
"""Where each tile of the Count's City block lies (TILES.md)."""
_CITY_RECT = (-150.0, -50.0, 150.0, 150.0)
"""The City of Carcassonne's walls in block units (tile (x, y) spans x*100..x*100+100): from
the middle of the corner tiles CO-1, CO-4, CO-9 and CO-12, so that each ring tile's fields
lie outside them exactly as TILES.md lists its half-edges."""


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
    return turned(outline, k), [turned(w, k) for w in walls]


class TileShapes:
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
        city_points = [EDGE_MID[e] for s in segs if s.kind == "city" for e in s.edges]
        for seg in segs:
            if seg.kind == "road":
                if len(seg.edges) == 2:
                    self.roads[seg.index] = between(*seg.edges)
                elif len(seg.edges) == 1:
                    (e,) = seg.edges
                    if self.walled is not None:  # the road ends at a gate of the City
                        self.roads[seg.index] = stub(e, CENTRE)
                        self.gates.append(CENTRE)
                    elif self.cloister is not None or len(stubs) >= 3:
                        self.roads[seg.index] = stub(e, CENTRE)
                        self.junction = self.cloister is None
                    elif city_points and not self._ends_on_tile(e, len(stubs)):  # into the city, under its wall
                        cx = sum(p[0] for p in city_points) / len(city_points)
                        cy = sum(p[1] for p in city_points) / len(city_points)
                        deep = (50 + (cx - 50) * 0.8, 50 + (cy - 50) * 0.8)
                        self.roads[seg.index] = stub(e, CENTRE, 4) + stub_from(CENTRE, deep)
                    elif city_points and any(not self._ends_on_tile(o, len(stubs)) for o in stub_edges):
                        # another stub runs into the city through the middle: this one stops short (TB-23)
                        end = along(stub(e, CENTRE), 34)
                        self.roads[seg.index] = stub(e, end, 3)
                        self.houses.append(end)
                    else:
                        self.roads[seg.index] = stub(e, CENTRE)
                        self.village = True
                else:
                    for e in seg.edges:
                        self.roads.setdefault(seg.index, []).extend(stub(e, CENTRE))
            elif seg.kind == "river":
                if len(seg.edges) == 2:
                    self.rivers[seg.index] = wiggle(between(*seg.edges, n=16), 5)
                elif len(seg.edges) == 1:
                    self.rivers[seg.index] = wiggle(stub(seg.edges[0], CENTRE, 10), 3)
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
        return not any(inside(CENTRE, outline) for outline, _walls, _pen in self.cities.values())

    def _inn_point(self, index: int) -> Point:
        """Beside the middle of the road, on the side with more open field."""
        line = self.roads[index]
        length = sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(line, line[1:]))
        mx, my = along(line, length / 2)
        ax, ay = along(line, length / 2 - 2)
        bx, by = along(line, length / 2 + 2)
        dx, dy = bx - ax, by - ay
        norm = math.hypot(dx, dy) or 1.0
        best, best_score = (mx, my), -math.inf
        for side in (-1, 1):
            p = (mx - dy / norm * 17 * side, my + dx / norm * 17 * side)
            score = min(p[0], p[1], 100 - p[0], 100 - p[1])
            if any(inside(p, outline) for outline, _walls, _pen in self.cities.values()):
                score -= 100
            score += min(distance_to_line(p, other) for other in self.roads.values()) / 4
            walls = [wall for _o, ws, _pen in self.cities.values() for wall in ws]
            if walls:
                score += min(20.0, min(distance_to_line(p, wall) for wall in walls)) / 2
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
        boxes = []
        for idx, (_o, _w, point) in self.cities.items():
            if self.o.segments[idx].pennants:
                x, y = shield_at(point)
                boxes.append((x + SHIELD_BOX[0], y + SHIELD_BOX[1], x + SHIELD_BOX[2], y + SHIELD_BOX[3], True))
        for name, (px, py) in self.marks:
            r = 22 if name == "cathedral" else 9
            boxes.append((px - r, py - r, px + r, py + r, True))
        boxes.extend((px - 9, py - 9, px + 9, py + 9, False) for px, py in self.inns.values())
        return boxes


@cache
def tile_shapes(tile_id: str, rotation: int) -> TileShapes:
    """The shapes of ``tile_id`` at ``rotation`` (worked out once)."""
    return TileShapes(orientation(tile_id, rotation))
