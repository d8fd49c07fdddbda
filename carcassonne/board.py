"""The board: placed tiles, the cells where a tile may go, and the features they form.

A :class:`Board` knows geometry and connectivity only; it scores nothing and names no
player rule. Features are kept in a union-find over the tiles' segments: each root
carries its kind, open edge count, tiles, pennants, figures, bordering cities (fields)
and marks (segment attributes such as ``inn``). The empty cells next to the board are
kept with the packed edge pattern they demand, so that listing the placements of a tile
costs one cached look-up per cell.

>>> board = Board()
>>> placed, done = board.place(key_of(0, 0), orientation("D", 0))
>>> board.placement_error("E", 0, -1, 0)
'tile E at (0,-1) rotation 0 does not fit: its south edge (field) meets a city'
>>> placed, done = board.place(key_of(0, -1), orientation("E", 180))
>>> [(board.kind(root), board.size(root)) for root in done]  # E closes D's city
[('city', 2)]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import chain
from typing import NamedTuple

from . import errors
from .moves import Placement
from .tiles import TERRAIN_NAMES, TILE_TYPES, Orientation, OrientedSegment, opposite_half, orientation

# Cells are packed into one int: a neighbour is one addition away.
OFFSET = 2048
STRIDE = 4096
DELTA = (-1, STRIDE, 1, -STRIDE)  # N, E, S, W
AROUND = (-1, 1, STRIDE, -STRIDE, STRIDE - 1, STRIDE + 1, -STRIDE - 1, -STRIDE + 1)
EDGE_WORDS = ("north", "east", "south", "west")

_OPPOSITE_HALF = tuple(opposite_half(h) for h in range(8))
# An empty cell's pattern packs what its neighbours show on N, E, S, W into 3 bits each.
_TERRAIN_CODE = {"C": 1, "R": 2, "F": 3, "W": 4, "A": 5}
_CODE_TERRAIN = ".CRFWA"
_ANY = (1, 2, 3, 4)  # what an abbey's edge (``A``) meets: any terrain
_FIT: dict[str, dict[int, int]] = {}  # tile -> pattern -> mask of the rotations that fit (see _fits)


def key_of(x: int, y: int) -> int:
    """The packed cell key of ``(x, y)``."""
    return (x + OFFSET) * STRIDE + y + OFFSET


def xy_of(key: int) -> tuple[int, int]:
    return key // STRIDE - OFFSET, key % STRIDE - OFFSET


def pattern_text(code: int) -> str:
    """``"C.F."``: the terrain each side of a cell must show, ``.`` for no neighbour."""
    return "".join(_CODE_TERRAIN[(code >> (3 * side)) & 7] for side in range(4))


def _fits(tile: str) -> dict[int, int]:
    """Every pattern some rotation of ``tile`` fits, with a bit mask of those rotations
    (bit ``rotation // 90``); a pattern not in it fits none. Built once per tile: a
    rotation fits every pattern that agrees with its edges on the sides that have a
    neighbour, so its patterns are its packed edges with any sides left empty.

    >>> _fits("E")[_TERRAIN_CODE["C"]]  # a city to the north: E only with its city up
    1
    >>> _TERRAIN_CODE["R"] in _fits("E")  # a road to the north: no rotation of E fits
    False
    """
    table = _FIT.get(tile)
    if table is not None:
        return table
    table = _FIT[tile] = {}
    for i, rotation in enumerate((0, 90, 180, 270)):
        terrain = orientation(tile, rotation).edges
        if "A" in terrain:  # an abbey: its edges meet anything
            for code in _any_patterns(terrain):
                table[code] = table.get(code, 0) | 1 << i
            continue
        edges = [_TERRAIN_CODE[t] << (3 * e) for e, t in enumerate(terrain)]
        for sides in range(1, 16):  # which sides have a neighbour
            code = sum(edges[e] for e in range(4) if sides >> e & 1)
            table[code] = table.get(code, 0) | 1 << i
    return table


def _any_patterns(terrain: str) -> list[int]:
    """Every pattern (a neighbour on one side at least) that edges ``terrain`` fit, an
    abbey's edge ``A`` fitting any terrain."""
    codes = [0]
    for e, t in enumerate(terrain):
        options = (0, *_ANY) if t == "A" else (0, _TERRAIN_CODE[t])
        codes = [code | c << (3 * e) for code in codes for c in options]
    return [code for code in codes if code]


def fits_pattern(tile: str, pattern: int) -> bool:
    """Whether some rotation of ``tile`` fits an empty cell demanding ``pattern`` (a value
    of :attr:`Board.patterns`)."""
    return pattern in _fits(tile)


class _CellOptions(dict[int, tuple[Placement, ...]]):
    """``key << 4 | rotation mask`` -> the placements at cell ``key`` with those rotations
    (shared by all boards: a turn's placements are a few look-ups)."""

    def __missing__(self, packed: int) -> tuple[Placement, ...]:
        x, y = xy_of(packed >> 4)
        options = self[packed] = tuple(Placement(x, y, 90 * i) for i in range(4) if packed >> i & 1)
        return options


_CELL_OPTIONS = _CellOptions()


Probe = tuple[int, int, bool]
"""Where a segment meets a neighbour: (cell delta, the neighbour's half or edge, is a half)."""
Link = tuple[int, tuple[int, int] | None, tuple[tuple[int, int], ...], int]
"""Per edge: (cell delta, (my segment, their edge) or None, ((my field, their half), ...), pattern bits)."""


class _Layout(NamedTuple):
    """What placing an orientation needs, precomputed once per (tile, rotation)."""

    size: int  # segments
    kinds: tuple[str, ...]
    opens: tuple[int, ...]
    counted: tuple[bool, ...]  # segments whose feature counts tiles (not fields)
    pennants: tuple[int, ...]
    marks: tuple[dict[str, int] | None, ...]  # per segment: attribute counts, or None; () when the tile has none
    nobody: tuple[None, ...]
    field_cities: tuple[tuple[int, tuple[int, ...]], ...]
    links: tuple[Link, ...]
    closable: tuple[int, ...]  # road and city segments
    cloister: int
    probes: tuple[tuple[Probe, ...], ...]  # per segment
    siblings: tuple[tuple[int, ...], ...]  # per segment: the other segments of its kind (field, road, city) on the tile
    sides: tuple[
        tuple[int, tuple[Probe, ...]], ...
    ]  # per side with probes: (cell delta, probes with the segment first)
    grouped: bool  # whether any segment has siblings (a feature may meet two pieces of the tile)
    edge_links: tuple[tuple[int, int], ...]  # (cell delta, segment) per edge with a road, city or river, N E S W
    walls: tuple[int, ...]  # the edges (N E S W) of an abbey: they close the road or city they meet


_LAYOUTS: dict[int, _Layout] = {}


def _layout(o: Orientation) -> _Layout:
    layout = _LAYOUTS.get(id(o))
    if layout is not None:
        return layout
    segments = o.segments
    links: list[Link] = []
    for e in range(4):
        s = o.edge_segment[e]
        edge_link = (s, (e + 2) & 3) if s >= 0 else None  # rivers join like roads but never score
        halves = tuple((o.half_segment[h], _OPPOSITE_HALF[h]) for h in (2 * e, 2 * e + 1) if o.half_segment[h] >= 0)
        bits = _TERRAIN_CODE[o.edges[e]] << (3 * ((e + 2) & 3))  # this edge, in the neighbour's pattern
        links.append((DELTA[e], edge_link, halves, bits))
    layout = _LAYOUTS[id(o)] = _Layout(
        size=len(segments),
        kinds=tuple(seg.kind for seg in segments),
        opens=tuple(len(seg.edges) for seg in segments),
        counted=tuple(seg.kind != "field" for seg in segments),
        pennants=tuple(seg.pennants for seg in segments),
        marks=tuple({a: 1 for a in seg.attributes if a != "(inner)"} or None for seg in segments)
        if any(a != "(inner)" for seg in segments for a in seg.attributes)
        else (),
        nobody=(None,) * len(segments),
        field_cities=tuple((seg.index, seg.cities) for seg in segments if seg.kind == "field" and seg.cities),
        links=tuple(links),
        closable=tuple(seg.index for seg in segments if seg.kind in ("road", "city")),
        cloister=next((seg.index for seg in segments if seg.kind == "cloister"), -1),
        probes=tuple(_probes(seg) for seg in segments),
        sides=_sides(segments),
        grouped=any(seg.kind == t.kind != "cloister" and t.index != seg.index for seg in segments for t in segments),
        siblings=tuple(
            tuple(t.index for t in segments if t.kind == seg.kind and t.index != seg.index)
            if seg.kind in ("field", "road", "city")
            else ()
            for seg in segments
        ),
        edge_links=tuple((DELTA[e], s) for e, s in enumerate(o.edge_segment) if s >= 0),
        walls=tuple(e for e, t in enumerate(o.edges) if t == "A"),
    )
    return layout


def _sides(segments: tuple[OrientedSegment, ...]) -> tuple[tuple[int, tuple[Probe, ...]], ...]:
    """The segments' probes grouped by the neighbour cell they look at, each as
    (segment, the neighbour's half or edge, is a half)."""
    by_delta: dict[int, list[Probe]] = {}
    for seg in segments:
        for delta, other, half in _probes(seg):
            by_delta.setdefault(delta, []).append((seg.index, other, half))
    return tuple((delta, tuple(probes)) for delta, probes in by_delta.items())


def _probes(seg: OrientedSegment) -> tuple[Probe, ...]:
    """Where a segment meets its neighbours: for each of its half-edges (fields) or edges
    (roads, cities), the neighbour's cell delta and the half or edge it meets there."""
    if seg.kind == "field":
        return tuple((DELTA[h >> 1], _OPPOSITE_HALF[h], True) for h in seg.halves)
    if seg.kind in ("road", "city"):
        return tuple((DELTA[e], (e + 2) & 3, False) for e in seg.edges)
    return ()


class Figure(NamedTuple):
    """A figure on the board: its owner (seat), cell, segment of that tile, and kind."""

    player: int
    key: int
    segment: int
    kind: str = "follower"


@dataclass(slots=True)
class PlacedTile:
    """A tile on the board; ``meeples`` holds ``(segment index, seat)`` pairs, one per figure,
    and ``figures`` the kind of each (``"follower"`` unless an expansion's figure).

    ``base`` is the feature node of the tile's first segment; segment ``i`` is node ``base + i``.
    """

    x: int
    y: int
    orientation: Orientation
    base: int
    meeples: list[tuple[int, int]] = field(default_factory=list)
    figures: list[str] | None = None  # kind of each of ``meeples``; None while all are followers

    @property
    def tile(self) -> str:
        return self.orientation.tile.id

    @property
    def rotation(self) -> int:
        return self.orientation.rotation

    def followers(self) -> list[tuple[str, int]]:
        """``(spot, seat)`` for each figure standing on this tile."""
        segments = self.orientation.segments
        return [(segments[s].spot or "", p) for s, p in self.meeples]

    def figures_here(self) -> list[tuple[str, int, str]]:
        """``(spot, seat, figure kind)`` for each figure standing on this tile."""
        segments = self.orientation.segments
        return [(segments[s].spot or "", p, f) for (s, p), f in zip(self.meeples, self.kinds())]

    def kinds(self) -> list[str]:
        """The kind of each figure of :attr:`meeples`."""
        return self.figures if self.figures is not None else ["follower"] * len(self.meeples)

    def copy(self) -> PlacedTile:
        figures = list(self.figures) if self.figures is not None else None
        return PlacedTile(self.x, self.y, self.orientation, self.base, list(self.meeples), figures)


def _copy_cells(cells: dict[int, PlacedTile], share: bool = False) -> dict[int, PlacedTile]:
    """A copy of each placed tile (:meth:`PlacedTile.copy` inlined: a search copies
    thousands of boards, and a tile's constructor call cost half of it); with ``share``
    the tiles without figures stay the same objects (see :meth:`Board.copy`)."""
    copied = dict(cells) if share else {}
    new = PlacedTile.__new__  # not object.__new__: a compiled class refuses it
    for key, p in cells.items():
        if share and not p.meeples:
            continue
        q = new(PlacedTile)
        q.x, q.y, q.orientation, q.base, q.meeples = p.x, p.y, p.orientation, p.base, p.meeples[:]
        q.figures = None if p.figures is None else p.figures[:]
        copied[key] = q
    return copied


class Board:
    """Placed tiles and the features they form (see the module docstring)."""

    def __init__(self) -> None:
        self.cells: dict[int, PlacedTile] = {}
        # union-find over segments; per-root data in parallel lists
        self._parent: list[int] = []
        self._kind: list[str] = []
        self._open: list[int] = []
        self._tiles: list[set[int] | None] = []
        self._pennants: list[int] = []
        self._marks: dict[int, dict[str, int]] = {}  # root -> attribute counts, only where there are any
        # lists of figures and of bordering cities are replaced, never changed in place (copies share them)
        self._figures: list[list[Figure] | None] = []
        self._cities: list[list[int] | None] = []
        self.cloisters: dict[int, int] = {}  # cell -> cloister node
        self.neighbours: dict[int, int] = {}  # cloister cell -> placed tiles around it
        self._watchers: dict[int, list[int]] = {}  # empty cell -> cloister cells waiting for it
        self.patterns: dict[int, int] = {}  # empty cell next to the board -> its packed pattern
        self._touch: tuple[int, Orientation, list[tuple[int, int]]] | None = None  # (segment, root) pairs: _touching
        self._joined: tuple[int, Orientation, list[set[int]]] | None = None  # roots per segment: joined_roots
        self._busy: tuple[int, Orientation, set[int]] | None = None  # occupied segments: occupied_segments
        self._occupied: list[int] | None = None  # roots holding figures: occupied_features
        self._bordering: dict[int, set[int]] = {}  # farm root -> city roots: bordering_cities
        self._shares = False  # whether tiles without figures may be another board's too (see copy)
        self._last: PlacedTile | None = None  # the tile placed last, this board's own (see add_figure)

    def copy(self, share: bool = False) -> Board:
        """An independent copy (features, figures and frontier included).

        With ``share`` the two boards keep their tiles without figures as one object each,
        for a caller that adds figures only to the tile it has just placed (a game whose
        modules ask no decisions): a figure stood on any other tile copies it first."""
        other = Board.__new__(Board)
        other.cells = _copy_cells(self.cells, share)
        if share:
            self._shares = other._shares = True
            self._last = other._last = None  # the last tile placed is now both boards' own
        else:
            other._shares, other._last = False, None
        other._parent = list(self._parent)
        other._kind = list(self._kind)
        other._open = list(self._open)
        other._tiles = [set(t) if t is not None else None for t in self._tiles]
        other._pennants = list(self._pennants)
        other._marks = {k: dict(m) for k, m in self._marks.items()}
        other._figures = list(self._figures)  # a root's list is never changed in place: copies share them
        other._cities = list(self._cities)
        other.cloisters = dict(self.cloisters)
        other.neighbours = dict(self.neighbours)
        other._watchers = {k: list(v) for k, v in self._watchers.items()}
        other.patterns = dict(self.patterns)
        other._touch = other._joined = other._busy = None
        other._occupied = self._occupied  # never changed in place: replaced when the board changes
        other._bordering = {}
        return other

    # --- where a tile may go -----------------------------------------------------

    def __len__(self) -> int:
        return len(self.cells)

    def __iter__(self) -> Iterator[PlacedTile]:
        return iter(self.cells.values())

    def get(self, x: int, y: int) -> PlacedTile | None:
        return self.cells.get(key_of(x, y))

    def placements(self, tile: str) -> list[Placement]:
        """Every ``(x, y, rotation)`` where ``tile`` touches the board and every edge matches."""
        fits = _fits(tile).get
        found = [key << 4 | rotations for key, pattern in self.patterns.items() if (rotations := fits(pattern))]
        found.sort()  # cell keys sort by x, then y
        return list(chain.from_iterable(map(_CELL_OPTIONS.__getitem__, found)))

    def placements_at(self, key: int, tile: str) -> tuple[Placement, ...]:
        """The placements of ``tile`` on the open cell ``key`` whose edges match (none
        where the cell is not next to the board)."""
        rotations = _fits(tile).get(self.patterns.get(key, 0), 0)
        return _CELL_OPTIONS[key << 4 | rotations] if rotations else ()

    def can_place(self, tile: str) -> bool:
        fits = _fits(tile)
        return any(p in fits for p in self.patterns.values())

    def placement_error(self, tile: str, x: int, y: int, rotation: int) -> str | None:
        """Why ``tile`` may not go there by the edges (``None`` if it may)."""
        if rotation not in (0, 90, 180, 270):
            return errors.reason("bad_rotation", tile=tile, x=x, y=y, rotation=rotation)
        if not (-OFFSET < x < OFFSET and -OFFSET < y < OFFSET):
            return errors.reason("off_board", tile=tile, x=x, y=y)
        key = (x + OFFSET) * STRIDE + y + OFFSET
        code = self.patterns.get(key)
        if code is not None:
            if _fits(tile).get(code, 0) >> (rotation // 90) & 1:
                return None
        taken = self.cells.get(key)
        if taken is not None:
            return errors.reason("cell_taken", tile=tile, x=x, y=y, taken=taken.tile)
        if code is None:
            return errors.reason("not_adjacent", tile=tile, x=x, y=y)
        pattern = pattern_text(code)
        edges = orientation(tile, rotation).edges
        for e in range(4):
            if pattern[e] != "." and pattern[e] != edges[e]:
                return errors.reason(
                    "does_not_fit",
                    tile=tile,
                    x=x,
                    y=y,
                    rotation=rotation,
                    edge=EDGE_WORDS[e],
                    terrain=TERRAIN_NAMES[edges[e]],
                    met=TERRAIN_NAMES[pattern[e]],
                )
        raise AssertionError(f"tile {tile} at ({x},{y}) rotation {rotation}: the fit table and the edges disagree")

    # --- features ------------------------------------------------------------------

    def find(self, n: int) -> int:
        parent = self._parent
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    def root(self, key: int, segment: int) -> int:
        """The feature that segment ``segment`` of the tile at ``key`` belongs to."""
        return self.find(self.cells[key].base + segment)

    def kind(self, root: int) -> str:
        return self._kind[root]

    def size(self, root: int) -> int:
        """Tiles of a road, city or cloister (a tile counts once)."""
        return len(self._tiles[root] or ())

    def tiles(self, root: int) -> tuple[tuple[int, int], ...]:
        """Cells of a road, city or cloister, sorted."""
        return tuple(sorted(xy_of(k) for k in self._tiles[root] or ()))

    def pennants(self, root: int) -> int:
        return self._pennants[root]

    def marks(self, root: int) -> dict[str, int]:
        """Segment attributes in a feature (``{"inn": 1, "wine": 2}``); empty if none."""
        return self._marks.get(root, {})

    def is_complete(self, root: int) -> bool:
        if self._kind[root] == "cloister":
            tiles = self._tiles[root]
            assert tiles is not None, "a cloister's feature counts its one tile"
            (cell,) = tiles
            return self.neighbours[cell] == 8
        return self._open[root] == 0

    def open_edges(self, root: int) -> int:
        """Edges of a road or city still open (0 once complete; 0 for cloisters and fields)."""
        return self._open[root] if self._kind[root] in ("road", "city") else 0

    def open_cells(self, root: int) -> set[int]:
        """The empty cells (keys) next to the open edges of the road or city ``root``:
        where a tile would continue it (see :attr:`patterns` for what each demands)."""
        found: set[int] = set()
        cells, find, layouts = self.cells, self.find, _LAYOUTS
        for key in self._tiles[root] or ():
            placed = cells[key]
            o = placed.orientation
            layout = layouts.get(id(o)) or _layout(o)  # every placed tile's is known: the look-up inlined
            for delta, s in layout.edge_links:
                if key + delta not in cells and find(placed.base + s) == root:
                    found.add(key + delta)
        return found

    def cloister_cells(self, root: int) -> list[int]:
        """The empty cells around the cloister ``root``."""
        cell = self._cloister_cell(root)
        return [cell + delta for delta in AROUND if cell + delta not in self.cells]

    def cloister_neighbours(self, root: int) -> int:
        return self.neighbours[self._cloister_cell(root)]

    def _cloister_cell(self, root: int) -> int:
        """The cell of the cloister ``root`` (its feature counts its one tile)."""
        tiles = self._tiles[root]
        assert tiles is not None, "a cloister's feature counts its one tile"
        (cell,) = tiles
        return cell

    def figures(self, root: int) -> list[Figure]:
        """Figures standing on a feature."""
        return self._figures[root] or []

    def bordering_cities(self, farm: int) -> set[int]:
        """Roots of the cities a farm borders (complete or not); kept until a tile is placed
        (an evaluation asks thrice): the caller must not change it."""
        found = self._bordering.get(farm)
        if found is None:
            found = self._bordering[farm] = set(map(self.find, self._cities[farm] or ()))
        return found

    def occupied_features(self) -> Iterator[int]:
        """Every feature root holding at least one figure, each once, in placement order
        (kept until a tile or a figure changes the board: an evaluation asks thrice)."""
        occupied = self._occupied
        if occupied is None:
            occupied = self._occupied = []
            seen: set[int] = set()
            find = self.find
            for placed in self.cells.values():
                for s, _p in placed.meeples:
                    root = find(placed.base + s)
                    if root not in seen:
                        seen.add(root)
                        occupied.append(root)
        return iter(occupied)

    def joined_roots(self, key: int, o: Orientation, index: int) -> set[int]:
        """Every placed feature that segment ``index`` would be part of once ``o`` lies at
        ``key``: those it meets, and those that another piece of the same kind on the tile
        joins to them (a farm that reaches round to the tile's other field, and its farms).

        Worked out for every segment at once and kept until the next tile is placed (a
        turn asks it of several segments and figures)."""
        cached = self._joined
        if cached is None or cached[0] != key or cached[1] is not o:
            layout = _layout(o)
            met: list[set[int]] = [set() for _ in range(layout.size)]
            for segment, root in self._touching(key, o):
                met[segment].add(root)
            cached = self._joined = (key, o, [self._grown(layout, i, met) for i in range(layout.size)])
        return cached[2][index]

    def joining(
        self, key: int, o: Orientation, features: tuple[str, ...], player: int, kinds: tuple[str, ...]
    ) -> set[int]:
        """The segments of ``o`` placed at ``key`` on ``features`` (segment kinds) that
        would join a feature holding one of ``player``'s figures of ``kinds`` (directly,
        or through another piece of the same kind on the tile, as :meth:`joined_figures`
        says)."""
        figures, layout = self._figures, _layout(o)
        pieces = layout.kinds
        direct = set()
        for segment, root in self._touching(key, o):
            standing = figures[root]
            if standing and pieces[segment] in features:
                for f in standing:
                    if f.player == player and f.kind in kinds:
                        direct.add(segment)
                        break
        if not direct:
            return direct
        joined = set(direct)
        for segment, siblings in enumerate(layout.siblings):
            # a piece met by none of them joins one only through a sibling that meets one
            if (
                segment not in direct
                and not direct.isdisjoint(siblings)
                and any(f.player == player and f.kind in kinds for f in self.joined_figures(key, o, segment))
            ):
                joined.add(segment)
        return joined

    def _touching(self, key: int, o: Orientation) -> list[tuple[int, int]]:
        """``(segment, feature root)`` for every side where a piece of ``o`` placed at ``key``
        meets a placed feature (kept until the next tile is placed)."""
        cached = self._touch
        if cached is not None and cached[0] == key and cached[1] is o:
            return cached[2]
        cells, find = self.cells, self.find
        met: list[tuple[int, int]] = []
        for delta, probes in _layout(o).sides:
            n = cells.get(key + delta)
            if n is None:
                continue
            m, base = n.orientation, n.base
            halves, edges = m.half_segment, m.edge_segment
            for segment, other, half in probes:
                met.append((segment, find(base + (halves[other] if half else edges[other]))))
        self._touch = (key, o, met)
        return met

    @staticmethod
    def _grown(layout: _Layout, index: int, met: list[set[int]]) -> set[int]:
        """What piece ``index`` meets (``met``: per piece of the tile) with what the tile's
        other pieces of its kind join to it."""
        roots = met[index]
        siblings = layout.siblings[index]
        if not roots or not siblings:
            return roots
        roots = set(roots)
        others = {s: met[s] for s in siblings}
        grown = True
        while grown:
            grown = False
            for s in list(others):
                if roots & others[s]:
                    roots |= others.pop(s)
                    grown = True
        return roots

    def joined_figures(self, key: int, o: Orientation, index: int) -> list[Figure]:
        """Figures already on the features that segment ``index`` of ``o`` would join at ``key``."""
        figures = self._figures
        return [f for root in self.joined_roots(key, o, index) for f in figures[root] or ()]

    def occupied(self, key: int, o: Orientation, index: int) -> bool:
        """Whether segment ``index`` of ``o`` placed at ``key`` would join a feature with a figure."""
        layout = _layout(o)
        cells, figures, find = self.cells, self._figures, self.find
        met = False
        for delta, other, half in layout.probes[index]:  # its own sides first: the usual answer
            n = cells.get(key + delta)
            if n is not None:
                m = n.orientation
                if figures[find(n.base + (m.half_segment[other] if half else m.edge_segment[other]))]:
                    return True
                met = True
        if not met or not layout.siblings[index]:
            return False
        return any(figures[r] for r in self.joined_roots(key, o, index))

    def occupied_segments(self, key: int, o: Orientation) -> set[int]:
        """The segments of ``o`` placed at ``key`` that would join a feature holding a figure,
        directly or through another piece of the same tile (a farm that reaches round to
        the tile's other field, where an occupied farm touches it).

        Kept until a tile or figure changes the board (a turn asks it for every figure)."""
        cached = self._busy
        if cached is not None and cached[0] == key and cached[1] is o:
            return cached[2]
        busy = self._occupied_segments(key, o)
        self._busy = (key, o, busy)
        return busy

    def _occupied_segments(self, key: int, o: Orientation) -> set[int]:
        layout = _layout(o)
        figures = self._figures
        met = self._touching(key, o)
        direct = {segment for segment, r in met if figures[r]}
        if not direct:
            return direct
        if not layout.grouped:
            return direct
        owner: dict[int, int] = {}
        shared = False
        for segment, r in met:
            if owner.setdefault(r, segment) != segment:
                shared = True
        if not shared:  # no feature meets two pieces of the tile
            return direct
        # pieces of the tile that meet one feature become one feature: group them
        group = list(range(layout.size))

        def top(i: int) -> int:
            while group[i] != i:
                i = group[i]
            return i

        for segment, r in met:
            a, b = top(segment), top(owner[r])
            if a != b:
                group[a] = b
        busy = {top(segment) for r, segment in owner.items() if figures[r]}
        return {segment for segment, _r in met if top(segment) in busy}

    # --- changing the board ----------------------------------------------------------

    def add_figure(self, key: int, segment: int, player: int, kind: str = "follower") -> int:
        """Stand a figure on a segment of a placed tile; returns the feature's root."""
        placed = self.cells[key]
        if self._shares and placed is not self._last and not placed.meeples:  # maybe another board's too
            placed = self.cells[key] = placed.copy()
        root = self.find(placed.base + segment)
        self._busy = self._occupied = None
        self._figures[root] = (self._figures[root] or []) + [Figure(player, key, segment, kind)]
        if kind != "follower" and placed.figures is None:
            placed.figures = ["follower"] * len(placed.meeples)
        placed.meeples.append((segment, player))
        if placed.figures is not None:
            placed.figures.append(kind)
        return root

    def remove_figures(self, root: int) -> list[Figure]:
        """Take every figure off a feature (they go home); returns them."""
        figures = self._figures[root]
        if not figures:
            return []
        self._busy = self._occupied = None
        self._figures[root] = None
        for f in figures:
            self._unstand(f)
        return figures

    def remove_figure(self, f: Figure) -> None:
        """Take one figure off the board (eaten by the dragon, sent home by the princess)."""
        placed = self.cells[f.key]
        if self._shares and placed is not self._last:  # maybe another board's too
            self.cells[f.key] = placed.copy()
        root = self.find(self.cells[f.key].base + f.segment)
        figures = list(self._figures[root] or ())
        figures.remove(f)
        self._busy = self._occupied = None
        self._figures[root] = figures or None
        self._unstand(f)

    def _unstand(self, f: Figure) -> None:
        placed = self.cells[f.key]
        kinds = placed.kinds()
        for i, (s, p) in enumerate(placed.meeples):
            if s == f.segment and p == f.player and kinds[i] == f.kind:
                del placed.meeples[i]
                if placed.figures is not None:
                    del placed.figures[i]
                return

    def place(self, key: int, o: Orientation) -> tuple[PlacedTile, list[int]]:
        """Put a tile on the board; return it with the roads, cities and cloisters it completed.

        Completed features are roots; two segments of the tile on one feature give it once.
        """
        layout = _layout(o)
        self._touch = self._joined = self._busy = self._occupied = None
        if self._bordering:
            self._bordering.clear()
        base = self._add_segments(key, layout)
        opens, find, union = self._open, self.find, self._union
        parent, figures, cities, marks = self._parent, self._figures, self._cities, self._marks
        cells = self.cells
        patterns = self.patterns
        patterns.pop(key, None)
        for delta, edge_link, half_links, bits in layout.links:
            neighbour = cells.get(key + delta)
            if neighbour is None:  # an empty cell: what it must match now includes this edge
                patterns[key + delta] = patterns.get(key + delta, 0) | bits
                continue
            theirs = neighbour.base
            if edge_link is not None:
                mine, their_segment = edge_link
                a = find(base + mine)
                b = find(theirs + neighbour.orientation.edge_segment[their_segment])
                if a == b:
                    opens[a] -= 2
                else:
                    union(a, b, 2)
            for mine, their_half in half_links:  # fields: inline, they are most joins
                a = find(base + mine)
                b = find(theirs + neighbour.orientation.half_segment[their_half])
                if a != b:
                    parent[a] = b
                    if marks:  # the City's wall along a farm (CoC)
                        self._merge_marks(b, a)
                    fa = figures[a]
                    if fa:
                        fb = figures[b]
                        figures[b] = fb + fa if fb else fa
                    ca = cities[a]
                    if ca:
                        cb = cities[b]
                        if cb:
                            cities[b] = cb + ca  # a new list: copies of the board share the old one
                        else:
                            cities[b] = ca
        placed = self._last = PlacedTile(key // STRIDE - OFFSET, key % STRIDE - OFFSET, o, base, [])
        cells[key] = placed
        done: list[int] = []
        if layout.walls:
            self._close_walls(key, layout.walls, done)
        for s in layout.closable:
            root = find(base + s)
            if opens[root] == 0 and root not in done:
                done.append(root)
        self._cloisters_done(key, base, layout.cloister, done)
        return placed, done

    def _close_walls(self, key: int, walls: tuple[int, ...], done: list[int]) -> None:
        """An abbey's edges ``walls`` close each road or city of a neighbour they meet
        (adding to ``done`` those it completes: a feature met twice closes once)."""
        cells, find, opens = self.cells, self.find, self._open
        for e in walls:
            neighbour = cells.get(key + DELTA[e])
            if neighbour is None:
                continue
            segment = neighbour.orientation.edge_segment[(e + 2) & 3]
            if segment < 0 or self._kind[neighbour.base + segment] == "river":
                continue
            root = find(neighbour.base + segment)
            opens[root] -= 1
            if opens[root] == 0 and root not in done:
                done.append(root)

    def _add_segments(self, key: int, layout: _Layout) -> int:
        """The tile's segments as features of their own (joined to nothing yet); returns the
        index of its first segment."""
        base = len(self._parent)
        self._parent.extend(range(base, base + layout.size))
        self._kind.extend(layout.kinds)
        self._open.extend(layout.opens)
        self._tiles.extend([{key} if counted else None for counted in layout.counted])
        self._pennants.extend(layout.pennants)
        if layout.marks:
            for s, m in enumerate(layout.marks):
                if m:
                    self._marks[base + s] = dict(m)
        self._figures.extend(layout.nobody)
        self._cities.extend(layout.nobody)
        for s, borders in layout.field_cities:
            self._cities[base + s] = [base + c for c in borders]
        return base

    def _cloisters_done(self, key: int, base: int, cloister: int, done: list[int]) -> None:
        """Add to ``done`` the cloisters the tile at ``key`` completes: those around it, then
        its own (``cloister``: its segment, or -1 for none)."""
        watching = self._watchers.pop(key, None)
        if watching:
            around = self.neighbours
            for cell in watching:
                around[cell] = count = around[cell] + 1
                if count == 8:
                    done.append(self.cloisters[cell])
        if cloister >= 0:
            self.cloisters[key] = base + cloister
            count = 0
            for delta in AROUND:
                if key + delta in self.cells:
                    count += 1
                else:
                    self._watchers.setdefault(key + delta, []).append(key)
            self.neighbours[key] = count
            if count == 8:
                done.append(base + cloister)

    def _merge_marks(self, a: int, b: int) -> None:
        """Root ``a`` takes root ``b``'s marks."""
        marks = self._marks
        mb = marks.pop(b, None)
        if mb:
            ma = marks.get(a)
            if ma:
                for name, count in mb.items():
                    ma[name] = ma.get(name, 0) + count
            else:
                marks[a] = mb

    def _union(self, a: int, b: int, matched: int) -> None:
        """Merge roots ``a`` and ``b``; ``matched`` open edges closed by the join."""
        ta, tb = self._tiles[a], self._tiles[b]
        if ta is not None and tb is not None:  # roads and cities count their tiles
            if len(ta) < len(tb):
                a, b, ta, tb = b, a, tb, ta
            ta.update(tb)
            self._open[a] += self._open[b] - matched
            self._pennants[a] += self._pennants[b]
            if self._marks:
                self._merge_marks(a, b)
        self._parent[b] = a
        fb = self._figures[b]
        if fb:
            fa = self._figures[a]
            self._figures[a] = fa + fb if fa else fb
        cb = self._cities[b]
        if cb:
            ca = self._cities[a]
            self._cities[a] = ca + cb if ca else cb


__all__ = ["Board", "Figure", "PlacedTile", "key_of", "xy_of", "TILE_TYPES"]
