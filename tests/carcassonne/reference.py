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
  ``current`` or ``classic`` scoring, with the ``small_city`` house rule);
- the expansions' scoring, from RULES.md alone: Inns & Cathedrals (a large follower weighs
  2; an inn's road scores 2 per tile complete and 0 incomplete, a cathedral's city 3 per
  tile and pennant complete and 0 incomplete), Traders & Builders (builders and pigs weigh
  0, a builder or a pig only joins its owner's follower, goods go to whoever completes the
  city and 10 per kind to the majority at the end, a pig makes its owner's cities worth one
  more), King & Robber (the king and the robber pass to the completer of a strictly larger
  city or road; +1 per completed city or road on the board at the end), the extra turns of
  the builder and the hole bonus (never a third turn in a row), and the house rules
  ``incomplete_score`` and ``hole_bonus``; the Count's City of Carcassonne (its block's
  farms border one more completed city; one more city for the king) and the followers
  its decisions move onto roads, cities, cloisters and farms.

A :class:`Board` is built from the engine's board as it stands (``Board.of(game)``: each
placed tile's x, y, tile id, rotation and figures) or by hand (``Board.from_rows``);
:func:`play_tile` then says what one more tile does, and :func:`final_scoring` what the
end of the game gives. Nothing here is fast: every question is a fresh flood fill.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from carcassonne.tiles import EDGES, HALVES, TILE_TYPES

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
CATEGORY = {
    "road": "roads",
    "city": "cities",
    "cloister": "cloisters",
    "field": "farms",
    "wine": "goods",
    "grain": "goods",
    "cloth": "goods",
    "king": "king",
    "robber": "robber",
}
FEATURES = ("road", "city", "cloister", "field")
BASE_CATEGORIES = ("roads", "cities", "cloisters", "farms")  # a breakdown's keys before any bonus
FOLLOWERS = 7
WEIGHT = {"follower": 1, "large": 2, "builder": 0, "pig": 0}  # RULES.md, Figures, majorities
FOLLOWER_KINDS = ("follower", "large")  # the figures that occupy a feature
GOODS = ("wine", "grain", "cloth")
CITY = frozenset({"the City of Carcassonne"})  # a farm's extra completed city (RULES.md, The Count)
QUARTER_OF = {"city": "castle", "road": "blacksmith", "cloister": "cathedral", "field": "market"}


def in_the_city(tile: str) -> bool:
    """Whether a tile is one of the Count's City block (TILES.md)."""
    return TILE_TYPES[tile].expansion == "count"


@dataclass(frozen=True)
class Piece:
    """One segment of a turned tile, in board orientation, with edge and half names."""

    index: int
    kind: str
    edges: frozenset[str]
    halves: frozenset[str]
    pennants: int
    cities: tuple[int, ...]  # indexes of the city pieces of the same tile this field borders
    attributes: frozenset[str] = frozenset()  # inn, cathedral, wine, grain, cloth


@cache
def turned(tile_id: str, rotation: int) -> tuple[Piece, ...]:
    """The pieces of ``tile_id`` turned clockwise by ``rotation`` degrees."""
    assert rotation in (0, 90, 180, 270), rotation
    quarter = rotation // 90
    pieces = []
    for index, seg in enumerate(TILE_TYPES[tile_id].segments):
        edges = frozenset(EDGE_NAMES[(EDGE_NAMES.index(EDGES[e]) + quarter) % 4] for e in seg.edges)
        halves = frozenset(HALF_NAMES[(HALF_NAMES.index(HALVES[h]) + 2 * quarter) % 8] for h in seg.halves)
        pieces.append(Piece(index, seg.kind, edges, halves, seg.pennants, tuple(seg.cities), seg.attributes))
    return tuple(pieces)


def edge_terrain(pieces: tuple[Piece, ...], edge: str) -> str:
    """``C``, ``R``, ``W`` (river) or ``F``: what a turned tile shows on ``edge``."""
    for piece in pieces:
        if piece.kind in TERRAIN and edge in piece.edges:
            return TERRAIN[piece.kind]
    return "F"


def spot_piece(pieces: tuple[Piece, ...], spot: str) -> int:
    """The index of the piece a NOTATION.md spot (``city:N``, ``field:SSE``, ``cloister``,
    ``field:inner``, ``field:inner2``) names."""
    kind, _, where = spot.partition(":")
    if where in ("inner", "inner2"):  # fields touching no edge, in the order the tile lists them
        inner = [p.index for p in pieces if p.kind == "field" and not p.halves]
        return inner[where == "inner2"]
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
    figures: list[tuple[int, int, str]] = field(default_factory=list)  # (piece index, seat, kind)

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
    figures: tuple[tuple[int, int, int, int, str], ...]  # (x, y, piece index, seat, kind)
    ends: frozenset[tuple[int, int]] = frozenset()  # empty cells its open edges face
    marks: tuple[str, ...] = ()  # the attributes of its pieces, one per piece (inn, wine, ...)

    @property
    def complete(self) -> bool:
        return self.kind != "field" and self.open_edges == 0

    @property
    def occupied(self) -> bool:
        """Whether a follower (ordinary or large) stands on it."""
        return any(kind in FOLLOWER_KINDS for *_where, kind in self.figures)

    def holds_follower_of(self, seat: int) -> bool:
        return any(s == seat and kind in FOLLOWER_KINDS for *_where, s, kind in self.figures)


class Board:
    """Placed tiles by cell, with the figures standing on them."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], Cell] = {}

    @classmethod
    def of(cls, game) -> Board:
        """The engine's board as it stands: x, y, tile id, rotation and figures of each tile."""
        return cls.from_rows(
            (t.x, t.y, t.tile, t.rotation, [(i, seat, kind) for (i, seat), kind in zip(t.meeples, t.kinds())])
            for t in game.placed_tiles()
        )

    @classmethod
    def from_rows(cls, rows) -> Board:
        board = cls()
        for x, y, tile, rotation, figures in rows:
            board.cells[(x, y)] = Cell(tile, rotation, [tuple(f) for f in figures])
        return board

    def copy(self) -> Board:
        return Board.from_rows((x, y, c.tile, c.rotation, c.figures) for (x, y), c in self.cells.items())

    def figures(self) -> list[tuple[int, int, int, int, str]]:
        """Every figure as ``(x, y, piece index, seat, kind)``, sorted."""
        return sorted((x, y, i, seat, kind) for (x, y), c in self.cells.items() for i, seat, kind in c.figures)

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
        empty = {(x + dx, y + dy) for (x, y) in self.cells for dx, dy in STEP.values()} - set(self.cells)
        return {(x, y, r) for x, y in empty for r in (0, 90, 180, 270) if self.fits(tile, x, y, r)}

    # --- features ----------------------------------------------------------------------

    def feature(self, x: int, y: int, index: int) -> Feature:
        """The whole feature that piece ``index`` of the tile at ``(x, y)`` belongs to."""
        start = self.cells[(x, y)].pieces[index]
        if start.kind == "cloister":
            present = sum((x + dx, y + dy) in self.cells for dx, dy in AROUND)
            figures = tuple((x, y, i, s, k) for i, s, k in self.cells[(x, y)].figures if i == index)
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
                if not found and in_the_city(other.tile) and in_the_city(self.cells[(cx, cy)].tile):
                    continue  # the City's wall between two tiles of its block: nothing joins there
                assert len(found) == 1 and found[0].kind == kind, (
                    f"{kind} at ({cx},{cy}) meets {[p.kind for p in found]} at ({cx + dx},{cy + dy})"
                )
                node = (cx + dx, cy + dy, found[0].index)
                if node not in seen:
                    seen.add(node)
                    todo.append(node)
        figures = tuple(
            sorted((nx, ny, i, s, k) for nx, ny, ni in seen for i, s, k in self.cells[(nx, ny)].figures if i == ni)
        )
        pennants = sum(self.cells[(nx, ny)].pieces[ni].pennants for nx, ny, ni in seen)
        tiles = frozenset((nx, ny) for nx, ny, _ni in seen)
        marks = tuple(sorted(a for nx, ny, ni in seen for a in self.cells[(nx, ny)].pieces[ni].attributes))
        return Feature(kind, frozenset(seen), tiles, open_edges, pennants, figures, frozenset(ends), marks)

    def farm_cities(self, farm: Feature) -> set[frozenset]:
        """The completed cities (by their nodes) whose wall runs along the farm on some tile;
        the City of Carcassonne (:data:`CITY`) when the farm holds a field of its block."""
        cities: set[frozenset] = set()  # city nodes, or CITY
        for x, y, i in farm.nodes:
            if "CoC" in self.cells[(x, y)].pieces[i].attributes:
                cities.add(CITY)
            for c in self.cells[(x, y)].pieces[i].cities:
                city = self.feature(x, y, c)
                if city.complete:
                    cities.add(city.nodes)
        return cities

    def every(self, kind: str) -> list[Feature]:
        """Every road, city, cloister or farm on the board, each once."""
        found: dict[frozenset, Feature] = {}
        for (x, y), cell in self.cells.items():
            for piece in cell.pieces:
                if piece.kind == kind and not any((x, y, piece.index) in nodes for nodes in found):
                    feature = self.feature(x, y, piece.index)
                    found[feature.nodes] = feature
        return list(found.values())

    def walled_in(self, x: int, y: int) -> bool:
        """Whether the cell has placed neighbours on all four sides (the hole bonus)."""
        return all((x + dx, y + dy) in self.cells for dx, dy in STEP.values())


# --- scoring ------------------------------------------------------------------------------


def majority(figures, out=frozenset()) -> tuple[int, ...]:
    """Seats with the greatest weight (more than 0) on a feature: a follower weighs 1, a
    large follower 2, builders and pigs nothing; seats in ``out`` weigh nothing."""
    weight: dict[int, int] = {}
    for *_where, seat, kind in figures:
        if seat not in out:
            weight[seat] = weight.get(seat, 0) + WEIGHT[kind]
    best = max(weight.values(), default=0)
    if best == 0:
        return ()
    return tuple(sorted(seat for seat, w in weight.items() if w == best))


def value(feature: Feature, rules) -> int:
    """Points of a road, city or cloister: complete during play, incomplete at the end."""
    size = len(feature.tiles)
    if not feature.complete and not rules.incomplete_score:
        return 0
    if feature.kind == "road":
        if "inn" in feature.marks:
            return 2 * size if feature.complete else 0
        return size
    if feature.kind == "cloister":
        return 9 if feature.complete else 1 + 8 - feature.open_edges
    assert feature.kind == "city", feature.kind
    if "cathedral" in feature.marks:
        return 3 * (size + feature.pennants) if feature.complete else 0
    if not feature.complete:
        return size + feature.pennants
    if rules.small_city and size == 2:
        return size + feature.pennants
    return 2 * (size + feature.pennants)


@dataclass
class Result:
    """What a tile (or the final scoring) gave: points per seat, the scored features and
    bonuses as ``(kind, points, winners)`` (only those with winners), the figures sent home
    ``(x, y, piece index, seat, kind)``, the board afterwards, points per seat and category,
    how many scored features held followers of several players (``shared``); for a tile
    also the goods the active player takes, the sizes of the cities and roads it completed
    and whether it gives its player an extra turn (when the turn was an ordinary one)."""

    points: list[int]
    scored: list[tuple[str, int, tuple[int, ...]]]
    returned: list[tuple[int, int, int, int, str]]
    board: Board
    breakdown: list[dict[str, int]]
    shared: int = 0
    goods: dict[str, int] = field(default_factory=dict)
    cities: list[int] = field(default_factory=list)
    roads: list[int] = field(default_factory=list)
    extra_turn: bool = False


def _award(result: Result, kind: str, points: int, winners: tuple[int, ...], out=frozenset()) -> None:
    winners = tuple(seat for seat in winners if seat not in out)
    if not winners:
        return
    result.scored.append((kind, points, winners))
    for seat in winners:
        result.points[seat] += points
        category = CATEGORY[kind]
        result.breakdown[seat][category] = result.breakdown[seat].get(category, 0) + points


def _empty_result(board: Board, players: int) -> Result:
    return Result([0] * players, [], [], board, [dict.fromkeys(BASE_CATEGORIES, 0) for _ in range(players)])


def legal_figures(
    board: Board, tile: str, x: int, y: int, rotation: int, seat: int, supply: int, reserve: dict[str, int]
) -> set[tuple[int, str]]:
    """``(piece index, figure kind)`` for every figure ``seat`` may deploy after placing the
    tile: a follower or a large follower (while in supply) on every road, city, cloister and
    field piece whose whole feature holds no follower; a builder on a road or city piece, a
    pig on a field piece, whose feature holds one of the seat's followers."""
    trial = board.copy()
    trial.cells[(x, y)] = Cell(tile, rotation)
    found = set()
    for p in trial.cells[(x, y)].pieces:
        if p.kind not in FEATURES:
            continue
        feature = trial.feature(x, y, p.index)
        if not feature.occupied:
            found |= {(p.index, kind) for kind, left in (("follower", supply), ("large", reserve.get("large"))) if left}
        own = feature.holds_follower_of(seat)
        if own and reserve.get("builder") and p.kind in ("road", "city"):
            found.add((p.index, "builder"))
        if own and reserve.get("pig") and p.kind == "field":
            found.add((p.index, "pig"))
    return found


def legal_spots(board: Board, tile: str, x: int, y: int, rotation: int) -> set[int]:
    """Indexes of the pieces a follower may go on after placing the tile (ignoring supply)."""
    return {i for i, kind in legal_figures(board, tile, x, y, rotation, 0, 1, {}) if kind == "follower"}


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


def builder_extends(board: Board, tile: str, x: int, y: int, rotation: int, seat: int) -> bool:
    """Whether the tile joins a road or city on which ``seat``'s builder already stands."""
    trial = board.copy()
    trial.cells[(x, y)] = Cell(tile, rotation)
    for p in trial.cells[(x, y)].pieces:
        if p.kind in ("road", "city"):
            if any(s == seat and kind == "builder" for *_where, s, kind in trial.feature(x, y, p.index).figures):
                return True
    return False


def play_tile(
    board: Board,
    tile: str,
    x: int,
    y: int,
    rotation: int,
    spot: str | None,
    seat: int,
    rules,
    players: int,
    out=frozenset(),
    figure: str = "follower",
    extra: bool = False,
    reinforcements=(),
) -> Result:
    """What placing ``tile`` (and a figure of ``seat`` on ``spot``) does to ``board``;
    ``extra``: whether this is an extra turn (which never grants another); ``reinforcements``:
    followers ``(x, y, piece index, seat, kind)`` the Count's reinforcement round moved onto
    what the tile completed, before it is scored.

    The board is not changed; the result carries the board after the turn."""
    assert board.fits(tile, x, y, rotation), f"tile {tile} does not fit at ({x},{y}) rotation {rotation}"
    result = _empty_result(board, players)
    if not extra:  # RULES.md: the builder's double turn, the hole bonus; the tile's own builder never counts
        builder = "traders_builders" in rules.expansions and builder_extends(board, tile, x, y, rotation, seat)
        hole = rules.hole_bonus and board.walled_in(x, y)
        result.extra_turn = builder or hole
    after = board.copy()
    cell = after.cells[(x, y)] = Cell(tile, rotation)
    if spot is not None:
        index = spot_piece(cell.pieces, spot)
        assert (index, figure) in legal_figures(board, tile, x, y, rotation, seat, 1, dict.fromkeys(WEIGHT, 1)), (
            f"a {figure} may not go on {spot}"
        )
        cell.figures.append((index, seat, figure))
    for fx, fy, i, s, kind in reinforcements:
        after.cells[(fx, fy)].figures.append((i, s, kind))
    result.board = after
    for feature in completed_by(after, x, y):
        if feature.kind == "city":
            result.cities.append(len(feature.tiles))
            for kind in GOODS:  # the active player takes the goods, whoever owns the city
                result.goods[kind] = result.goods.get(kind, 0) + feature.marks.count(kind)
        elif feature.kind == "road":
            result.roads.append(len(feature.tiles))
        if not feature.figures:
            continue
        _award(result, feature.kind, value(feature, rules), majority(feature.figures, out))
        result.shared += len({s for *_where, s, kind in feature.figures if kind in FOLLOWER_KINDS}) > 1
        for fx, fy, i, s, kind in feature.figures:  # everyone on it goes home, winners or not
            after.cells[(fx, fy)].figures.remove((i, s, kind))
            result.returned.append((fx, fy, i, s, kind))
    return result


def _farm_award(result: Result, by_value: dict[int, list[int]]) -> None:
    for points, seats in by_value.items():
        _award(result, "field", points, tuple(seats))


def _has_pig(farm: Feature, seat: int) -> bool:
    return any(s == seat and kind == "pig" for *_where, s, kind in farm.figures)


def final_scoring(
    board: Board, rules, players: int, out=frozenset(), goods=None, king: int | None = None, robber: int | None = None
) -> Result:
    """The end: incomplete roads, cities and cloisters with figures, then farms (pigs
    included), then goods (``goods[seat][kind]`` tokens), then the king and the robber.

    Figures stay on the board (nothing goes home at the end)."""
    result = _empty_result(board, players)
    features: dict[frozenset, Feature] = {}
    for x, y, i, _seat, _kind in board.figures():
        if board.cells[(x, y)].pieces[i].kind in ("road", "city", "cloister"):
            feature = board.feature(x, y, i)
            assert not feature.complete, f"a completed {feature.kind} still holds figures at the end"
            features.setdefault(feature.nodes, feature)
    for feature in features.values():
        _award(result, feature.kind, value(feature, rules), majority(feature.figures, out))
    farms: dict[frozenset, Feature] = {}
    for x, y, i, _seat, _kind in board.figures():
        if board.cells[(x, y)].pieces[i].kind == "field":
            farm = board.feature(x, y, i)
            farms.setdefault(farm.nodes, farm)
    if rules.farm_scoring == "current":
        # each farm on its own: 3 per completed city along it (4 with the owner's pig), to its owners
        for farm in farms.values():
            cities = board.farm_cities(farm)
            if cities:
                by_value: dict[int, list[int]] = {}
                for seat in majority(farm.figures, out):
                    by_value.setdefault((3 + _has_pig(farm, seat)) * len(cities), []).append(seat)
                _farm_award(result, by_value)
    else:
        # classic: each completed city once, 4 to the most farmers on all farms along it
        # (5 to one whose pig stands in any of those farms)
        around: dict[frozenset, list[Feature]] = {}
        for farm in farms.values():
            for city in board.farm_cities(farm):
                around.setdefault(city, []).append(farm)
        for along in around.values():
            by_value = {}
            for seat in majority([f for farm in along for f in farm.figures], out):
                by_value.setdefault(4 + any(_has_pig(farm, seat) for farm in along), []).append(seat)
            _farm_award(result, by_value)
    if goods is not None:
        for kind in GOODS:
            held = {seat: goods[seat][kind] for seat in range(players) if seat not in out}
            best = max(held.values(), default=0)
            if best > 0:
                _award(result, kind, 10, tuple(seat for seat, n in held.items() if n == best))
    if king is not None:  # with the Count, the City of Carcassonne is one more completed city
        completed = sum(c.complete for c in board.every("city")) + ("count" in rules.expansions)
        _award(result, "king", completed, (king,), out)
    if robber is not None:
        _award(result, "robber", sum(r.complete for r in board.every("road")), (robber,), out)
    return result
