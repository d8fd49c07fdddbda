"""A slow, independent reference scorer for the engine's tests.

It shares no code with the engine's union-find: it reads only the rotation-0 rows of
the tile types (``TILE_TYPES[id].segments``, themselves checked against TILES.md by
``test_engine_tiles.py``) and does everything else itself, the plain way:

- it turns a tile by renaming its edges and half-edges (NOTATION.md: a quarter turn
  moves N to E and NNW to ENE);
- it finds a road, city or farm by flood fill over the placed tiles, following edges
  (roads, cities, rivers) and half-edges (fields) to the facing segment of the neighbour;
- it decides completion, majorities (seats that left the game weigh nothing), points,
  which followers go home, and the final scoring (incomplete features, then farms in
  ``current`` or ``classic`` scoring, with the ``small_city`` house rule).

A :class:`Board` is built from the engine's board as it stands (``Board.of(game)``: each
placed tile's x, y, tile id, rotation and figures) or by hand (``Board.from_rows``);
:func:`play_tile` then says what one more tile does, and :func:`final_scoring` what the
end of the game gives. Nothing here is fast: every question is a fresh flood fill.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from games.engine.tiles import EDGES, HALVES, TILE_TYPES

EDGE_NAMES = ("N", "E", "S", "W")
HALF_NAMES = ("NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW")
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
FACING_EDGE = {"N": "S", "S": "N", "E": "W", "W": "E"}
# NOTATION.md: NNW of a tile touches SSW of its northern neighbour, NNE-SSE, ENE-WNW, ESE-WSW.
FACING_HALF = {"NNW": "SSW", "NNE": "SSE", "ENE": "WNW", "ESE": "WSW"}
FACING_HALF.update({b: a for a, b in list(FACING_HALF.items())})
AROUND = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
TERRAIN = {"city": "C", "road": "R", "river": "W"}
LINKED_BY_EDGES = ("city", "road", "river")
CATEGORY = {"road": "roads", "city": "cities", "cloister": "cloisters", "field": "farms"}
FOLLOWERS = 7


@dataclass(frozen=True)
class Piece:
    """One segment of a turned tile, in board orientation, with edge and half names."""

    index: int
    kind: str
    edges: frozenset[str]
    halves: frozenset[str]
    pennants: int
    cities: tuple[int, ...]  # indexes of the city pieces of the same tile this field borders


@lru_cache(maxsize=None)
def turned(tile_id: str, rotation: int) -> tuple[Piece, ...]:
    """The pieces of ``tile_id`` turned clockwise by ``rotation`` degrees."""
    assert rotation in (0, 90, 180, 270), rotation
    quarter = rotation // 90
    pieces = []
    for index, seg in enumerate(TILE_TYPES[tile_id].segments):
        edges = frozenset(EDGE_NAMES[(EDGE_NAMES.index(EDGES[e]) + quarter) % 4] for e in seg.edges)
        halves = frozenset(HALF_NAMES[(HALF_NAMES.index(HALVES[h]) + 2 * quarter) % 8] for h in seg.halves)
        pieces.append(Piece(index, seg.kind, edges, halves, seg.pennants, tuple(seg.cities)))
    return tuple(pieces)


def edge_terrain(pieces: tuple[Piece, ...], edge: str) -> str:
    """``C``, ``R``, ``W`` (river) or ``F``: what a turned tile shows on ``edge``."""
    for piece in pieces:
        if piece.kind in TERRAIN and edge in piece.edges:
            return TERRAIN[piece.kind]
    return "F"


def spot_piece(pieces: tuple[Piece, ...], spot: str) -> int:
    """The index of the piece a NOTATION.md spot (``city:N``, ``field:SSE``, ``cloister``) names."""
    kind, _, where = spot.partition(":")
    for piece in pieces:
        if piece.kind != kind:
            continue
        if kind == "cloister" or (kind == "field" and where in piece.halves) or where in piece.edges:
            return piece.index
    raise ValueError(f"no spot {spot!r} on this tile")


@dataclass
class Cell:
    tile: str
    rotation: int
    figures: list[tuple[int, int]] = field(default_factory=list)  # (piece index, seat)

    @property
    def pieces(self) -> tuple[Piece, ...]:
        return turned(self.tile, self.rotation)


@dataclass(frozen=True)
class Feature:
    """A road, city, river, farm or cloister found by flood fill."""

    kind: str
    nodes: frozenset[tuple[int, int, int]]  # (x, y, piece index)
    tiles: frozenset[tuple[int, int]]
    open_edges: int  # roads, cities: edges facing an empty cell; cloisters: empty cells around
    pennants: int
    figures: tuple[tuple[int, int, int, int], ...]  # (x, y, piece index, seat)
    ends: frozenset[tuple[int, int]] = frozenset()  # empty cells its open edges face

    @property
    def complete(self) -> bool:
        return self.kind != "field" and self.open_edges == 0


class Board:
    """Placed tiles by cell, with the figures standing on them."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], Cell] = {}

    @classmethod
    def of(cls, game) -> Board:
        """The engine's board as it stands: x, y, tile id, rotation and figures of each tile."""
        return cls.from_rows((t.x, t.y, t.tile, t.rotation, list(t.meeples)) for t in game.placed_tiles())

    @classmethod
    def from_rows(cls, rows) -> Board:
        board = cls()
        for x, y, tile, rotation, figures in rows:
            board.cells[(x, y)] = Cell(tile, rotation, [tuple(f) for f in figures])
        return board

    def copy(self) -> Board:
        return Board.from_rows((x, y, c.tile, c.rotation, c.figures) for (x, y), c in self.cells.items())

    def figures(self) -> list[tuple[int, int, int, int]]:
        """Every figure as ``(x, y, piece index, seat)``, sorted."""
        return sorted((x, y, i, seat) for (x, y), c in self.cells.items() for i, seat in c.figures)

    # --- placement -------------------------------------------------------------------

    def fits(self, tile: str, x: int, y: int, rotation: int) -> bool:
        """Whether the tile may lie there: an empty cell, touching the board edge to edge,
        every touching edge matching (river rules are not checked here)."""
        if (x, y) in self.cells:
            return False
        pieces = turned(tile, rotation)
        touching = False
        for edge, (dx, dy) in STEP.items():
            other = self.cells.get((x + dx, y + dy))
            if other is None:
                continue
            touching = True
            if edge_terrain(pieces, edge) != edge_terrain(other.pieces, FACING_EDGE[edge]):
                return False
        return touching

    def placements(self, tile: str) -> set[tuple[int, int, int]]:
        """Every ``(x, y, rotation)`` where ``tile`` fits (ordinary matching only)."""
        empty = {
            (x + dx, y + dy) for (x, y) in self.cells for dx, dy in STEP.values()
        } - set(self.cells)
        return {(x, y, r) for x, y in empty for r in (0, 90, 180, 270) if self.fits(tile, x, y, r)}

    # --- features ----------------------------------------------------------------------

    def feature(self, x: int, y: int, index: int) -> Feature:
        """The whole feature that piece ``index`` of the tile at ``(x, y)`` belongs to."""
        start = self.cells[(x, y)].pieces[index]
        if start.kind == "cloister":
            present = sum((x + dx, y + dy) in self.cells for dx, dy in AROUND)
            figures = tuple((x, y, i, s) for i, s in self.cells[(x, y)].figures if i == index)
            return Feature("cloister", frozenset({(x, y, index)}), frozenset({(x, y)}), 8 - present, 0, figures)
        kind = start.kind
        seen = {(x, y, index)}
        todo = [(x, y, index)]
        open_edges = 0
        ends = set()
        while todo:
            cx, cy, i = todo.pop()
            piece = self.cells[(cx, cy)].pieces[i]
            if kind == "field":
                links = [(h[0], h, FACING_HALF[h]) for h in piece.halves]  # a half lies on the edge of its first letter
            else:
                links = [(e, e, FACING_EDGE[e]) for e in piece.edges]
            for edge, _mine, theirs in links:
                dx, dy = STEP[edge]
                other = self.cells.get((cx + dx, cy + dy))
                if other is None:
                    open_edges += 1
                    ends.add((cx + dx, cy + dy))
                    continue
                if kind == "field":
                    found = [p for p in other.pieces if p.kind == "field" and theirs in p.halves]
                else:
                    found = [p for p in other.pieces if p.kind in LINKED_BY_EDGES and theirs in p.edges]
                assert len(found) == 1 and found[0].kind == kind, (
                    f"{kind} at ({cx},{cy}) meets {[p.kind for p in found]} at ({cx + dx},{cy + dy})"
                )
                node = (cx + dx, cy + dy, found[0].index)
                if node not in seen:
                    seen.add(node)
                    todo.append(node)
        figures = tuple(
            sorted((nx, ny, i, s) for nx, ny, ni in seen for i, s in self.cells[(nx, ny)].figures if i == ni)
        )
        pennants = sum(self.cells[(nx, ny)].pieces[ni].pennants for nx, ny, ni in seen)
        tiles = frozenset((nx, ny) for nx, ny, _ni in seen)
        return Feature(kind, frozenset(seen), tiles, open_edges, pennants, figures, frozenset(ends))

    def farm_cities(self, farm: Feature) -> set[frozenset]:
        """The completed cities (by their nodes) whose wall runs along the farm on some tile."""
        cities = set()
        for x, y, i in farm.nodes:
            for c in self.cells[(x, y)].pieces[i].cities:
                city = self.feature(x, y, c)
                if city.complete:
                    cities.add(city.nodes)
        return cities


# --- scoring ------------------------------------------------------------------------------


def majority(figures, out=frozenset()) -> tuple[int, ...]:
    """Seats with the most followers on a feature; seats in ``out`` weigh nothing."""
    weight: dict[int, int] = {}
    for *_where, seat in figures:
        if seat not in out:
            weight[seat] = weight.get(seat, 0) + 1
    if not weight:
        return ()
    best = max(weight.values())
    return tuple(sorted(seat for seat, w in weight.items() if w == best))


def value(feature: Feature, rules) -> int:
    """Points of a road, city or cloister: complete during play, incomplete at the end."""
    size = len(feature.tiles)
    if feature.kind == "road":
        return size
    if feature.kind == "cloister":
        return 9 if feature.complete else 1 + 8 - feature.open_edges
    assert feature.kind == "city", feature.kind
    if not feature.complete:
        return size + feature.pennants
    if rules.small_city and size == 2:
        return size + feature.pennants
    return 2 * (size + feature.pennants)


@dataclass
class Result:
    """What a tile (or the final scoring) gave: points per seat, the scored features as
    ``(kind, points, winners)`` (only those with winners), the figures sent home, the
    board afterwards, points per seat and category, and how many scored features held
    followers of several players (``shared``)."""

    points: list[int]
    scored: list[tuple[str, int, tuple[int, ...]]]
    returned: list[tuple[int, int, int, int]]
    board: Board
    breakdown: list[dict[str, int]]
    shared: int = 0


def _award(result: Result, kind: str, points: int, winners: tuple[int, ...]) -> None:
    if not winners:
        return
    result.scored.append((kind, points, winners))
    for seat in winners:
        result.points[seat] += points
        result.breakdown[seat][CATEGORY[kind]] += points


def _empty_result(board: Board, players: int) -> Result:
    return Result([0] * players, [], [], board, [dict.fromkeys(CATEGORY.values(), 0) for _ in range(players)])


def legal_spots(board: Board, tile: str, x: int, y: int, rotation: int) -> set[int]:
    """Indexes of the pieces a follower may go on after placing the tile (ignoring supply):
    every road, city, cloister and field piece whose whole feature holds no figure."""
    trial = board.copy()
    trial.cells[(x, y)] = Cell(tile, rotation)
    return {
        p.index
        for p in trial.cells[(x, y)].pieces
        if p.kind in CATEGORY and not trial.feature(x, y, p.index).figures
    }


def completed_by(board: Board, x: int, y: int) -> list[Feature]:
    """Roads, cities and cloisters the tile at ``(x, y)`` completed (each once)."""
    found: dict[frozenset, Feature] = {}
    for p in board.cells[(x, y)].pieces:
        if p.kind in ("road", "city"):
            feature = board.feature(x, y, p.index)
            if feature.complete:
                found.setdefault(feature.nodes, feature)
    for dx, dy in [(0, 0)] + AROUND:
        cell = board.cells.get((x + dx, y + dy))
        if cell is None:
            continue
        for p in cell.pieces:
            if p.kind == "cloister":
                feature = board.feature(x + dx, y + dy, p.index)
                if feature.complete:
                    found.setdefault(feature.nodes, feature)
    return list(found.values())


def play_tile(board: Board, tile: str, x: int, y: int, rotation: int, spot: str | None, seat: int,
              rules, players: int, out=frozenset()) -> Result:
    """What placing ``tile`` (and a follower of ``seat`` on ``spot``) does to ``board``.

    The board is not changed; the result carries the board after the turn."""
    assert board.fits(tile, x, y, rotation), f"tile {tile} does not fit at ({x},{y}) rotation {rotation}"
    after = board.copy()
    cell = after.cells[(x, y)] = Cell(tile, rotation)
    if spot is not None:
        index = spot_piece(cell.pieces, spot)
        assert not after.feature(x, y, index).figures, f"{spot} joins an occupied feature"
        cell.figures.append((index, seat))
    result = _empty_result(after, players)
    for feature in completed_by(after, x, y):
        if not feature.figures:
            continue
        _award(result, feature.kind, value(feature, rules), majority(feature.figures, out))
        result.shared += len({seat for *_where, seat in feature.figures}) > 1
        for fx, fy, i, s in feature.figures:  # everyone on it goes home, winners or not
            after.cells[(fx, fy)].figures.remove((i, s))
            result.returned.append((fx, fy, i, s))
    return result


def final_scoring(board: Board, rules, players: int, out=frozenset()) -> Result:
    """The end: incomplete roads, cities and cloisters with figures, then farms.

    Figures stay on the board (nothing goes home at the end)."""
    result = _empty_result(board, players)
    features: dict[frozenset, Feature] = {}
    for x, y, i, _seat in board.figures():
        if board.cells[(x, y)].pieces[i].kind in ("road", "city", "cloister"):
            feature = board.feature(x, y, i)
            assert not feature.complete, f"a completed {feature.kind} still holds figures at the end"
            features.setdefault(feature.nodes, feature)
    for feature in features.values():
        _award(result, feature.kind, value(feature, rules), majority(feature.figures, out))
    farms: dict[frozenset, Feature] = {}
    for x, y, i, _seat in board.figures():
        if board.cells[(x, y)].pieces[i].kind == "field":
            farm = board.feature(x, y, i)
            farms.setdefault(farm.nodes, farm)
    if rules.farm_scoring == "current":
        # each farm on its own: 3 per completed city along it, to its owners
        for farm in farms.values():
            cities = board.farm_cities(farm)
            if cities:
                _award(result, "field", 3 * len(cities), majority(farm.figures, out))
    else:
        # classic: each completed city once, 4 to the most farmers on all farms along it
        around: dict[frozenset, list] = {}
        for farm in farms.values():
            for city in board.farm_cities(farm):
                around.setdefault(city, []).extend(farm.figures)
        for farmers in around.values():
            _award(result, "field", 4, majority(farmers, out))
    return result
