"""Where followers stand: a coarse map of each tile (which segment lies under each cell),
the hedges between fields that touch, and the spot positions worked out from the map.

>>> from carcassonne.tiles import orientation
>>> spot_position(orientation("U", 0), "road:E")
(0.75, 0.5)
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from functools import cache

from carcassonne.tiles import EDGES, HALVES, Orientation, orientation
from games.board_svg.geometry import (
    EDGE_MID,
    HALF_ANCHOR,
    Point,
    along,
    bounding_box,
    chaikin,
    chains,
    distance_to_line,
    inside,
    turn,
)
from games.board_svg.palette import UNIT
from games.board_svg.shapes import TileShapes, tile_shapes

# Cloister footprint (also an obstacle for farmers) and the art around it.
_CLOISTER_BOX = (31.0, 24.0, 69.0, 70.0)
_GRID = 20
_CELL = UNIT / _GRID
_OBSTACLE = -2
_FREE = -1


@cache
def raster(tile_id: str, rotation: int) -> tuple[list[int], int]:
    """A coarse map of the tile: the segment index under each grid cell (or an obstacle).

    Cities, the cloister, roads and rivers are laid down; the remaining cells are
    flood-filled from the half-edges, so each field segment gets the area it really has;
    what no half-edge reaches is the tile's inner field (KR-5's two: west and east of the
    middle, on the unturned tile).
    """
    sh = tile_shapes(tile_id, rotation)
    n = _GRID
    label = _cell_labeller(sh)
    labels = [label(((i + 0.5) * _CELL, (j + 0.5) * _CELL)) for j in range(n) for i in range(n)]
    _flood_fields(sh.o, labels, n)
    inner = [s.index for s in sh.o.segments if s.kind == "field" and not s.halves]
    if inner:
        back = (4 - rotation // 90) & 3
        for c, here in enumerate(labels):
            if here == _FREE:
                j, i = divmod(c, n)
                x, _y = turn(((i + 0.5) * _CELL, (j + 0.5) * _CELL), back)
                labels[c] = inner[1] if len(inner) > 1 and x > 50 else inner[0]
    return labels, n


def _cell_labeller(sh: TileShapes) -> Callable[[Point], int]:
    """What lies under a point of the tile: a segment's index, an obstacle, or nothing yet (a field)."""
    o = sh.o
    boxes = sh.obstacles()
    walled = sh.walled[0] if sh.walled else None
    roads = [(idx, line, bounding_box(line, 8)) for idx, line in sh.roads.items()]
    rivers = [(line, bounding_box(line, 10)) for line in sh.rivers.values()]
    cities = list(sh.cities.items())
    cloister_segment = sh.cloister
    cloister = _CLOISTER_BOX if cloister_segment is not None else None
    middle_house = sh.junction or sh.village
    kinds = [seg.kind for seg in o.segments]

    def label(p: Point) -> int:
        px, py = p
        found = _FREE
        for idx, (outline, _walls, _pen) in cities:
            if inside(p, outline):
                found = idx
                break
        if found == _FREE:
            for idx, line, (bx0, by0, bx1, by1) in roads:
                if bx0 <= px <= bx1 and by0 <= py <= by1 and distance_to_line(p, line) < 8:
                    found = idx
                    break
        if found == _FREE:
            for line, (bx0, by0, bx1, by1) in rivers:
                if bx0 <= px <= bx1 and by0 <= py <= by1 and distance_to_line(p, line) < 10:
                    found = _OBSTACLE
                    break
            if sh.pool and math.hypot(px - 50, py - 50) < (27 if sh.pool == "lake" else 14):
                found = _OBSTACLE
            if walled is not None and inside(p, walled):
                found = _OBSTACLE
        if (
            cloister_segment is not None
            and cloister is not None
            and cloister[0] <= px <= cloister[2]
            and cloister[1] <= py <= cloister[3]
        ):
            found = cloister_segment
        if middle_house and abs(px - 50) < 11 and abs(py - 50) < 11:
            found = _OBSTACLE
        for hx, hy in sh.houses:
            if abs(px - hx) < 9 and abs(py - hy) < 9:
                found = _OBSTACLE
        if found >= 0 and kinds[found] != "cloister":
            in_city = kinds[found] == "city"
            for x0, y0, x1, y1, city_only in boxes:
                if (in_city or not city_only) and x0 <= px <= x1 and y0 <= py <= y1:
                    found = _OBSTACLE
        return found

    return label


def _flood_fields(o: Orientation, labels: list[int], n: int) -> None:
    """Give each free cell the field of the half-edge it is reached from."""
    queue: deque[int] = deque()
    for h, seg in enumerate(o.half_segment):
        if seg < 0:
            continue
        edge, second = h >> 1, h & 1
        for k in range(n // 2):
            step = k + (n // 2 if second else 0)
            if edge == 0:
                cell = step
            elif edge == 1:
                cell = step * n + n - 1
            elif edge == 2:
                cell = (n - 1) * n + (n - 1 - step)
            else:
                cell = (n - 1 - step) * n
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


@cache
def hedge_lines(tile_id: str) -> tuple[tuple[Point, ...], ...]:
    """Where two fields of the unturned tile meet with nothing between them (IC-G, TB-07):
    the lines between their areas of the raster, smoothed (hedges are drawn there)."""
    labels, n = raster(tile_id, 0)
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
    for chain in chains(edges):
        points = [(x * _CELL, y * _CELL) for x, y in chain]
        points = points[:-1:2] + [points[-1]]  # the staircase's every other corner, then rounded off
        for _round in range(2):
            points = chaikin(points)
        lines.append(tuple((round(x, 1), round(y, 1)) for x, y in points))
    return tuple(lines)


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


@cache
def spot_point(tile_id: str, rotation: int, spot: str) -> Point:
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
    return turn(_unturned_spot_point(tile_id, unturned), turns)


@cache
def _unturned_spot_point(tile_id: str, spot: str) -> Point:
    o = orientation(tile_id, 0)
    index = o.spot_index[spot]
    seg = o.segments[index]
    sh = tile_shapes(tile_id, 0)
    where = spot.split(":", 1)[1]
    if seg.kind == "road":
        edge = EDGES.index(where)
        line = sh.roads[index]
        if line[0] != EDGE_MID[edge]:
            line = line[::-1]
        x, y = along(line, 25)
        return round(x, 2), round(y, 2)
    if seg.kind == "field":  # an inner field (field:inner) has no half-edge: aim at the centre
        anchor = HALF_ANCHOR[HALVES.index(where)] if where in HALVES else (50.0, 50.0)
    else:
        anchor = EDGE_MID[EDGES.index(where)]
    labels, n = raster(tile_id, 0)
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
    x, y = spot_point(orientation.tile.id, orientation.rotation, spot)
    return round(x / UNIT, 4), round(y / UNIT, 4)
