"""The game: board, features, followers, scores and the bag.

A :class:`Game` is played one :class:`Move` at a time. It always knows what is legal:
:meth:`Game.legal_placements` for the drawn tile, :meth:`Game.legal_spots` for one
placement, and :meth:`Game.check` says in words why a move is illegal.

>>> game = Game.new(["Ann", "Bob"], seed=7)
>>> game.tile, game.tiles_left, game.move_number
('U', 70, 1)
>>> place = game.legal_placements()[0]
>>> place
Placement(x=-1, y=0, rotation=0)
>>> game.legal_spots(place)
['road:E', 'field:NNW', 'field:ESE']
>>> turn = game.play(Move(game.tile, place.x, place.y, place.rotation, "road:E"))
>>> turn.points, game.supply, game.current_player
((0, 0), [6, 7], 1)

Two ways to feed tiles:

- ``Game.new(players, rules, seed)`` keeps a shuffled hidden bag and draws from it
  (:attr:`Game.tile` is the drawn tile, and a move must use it);
- ``Game(players, rules)`` has no bag: each move names its tile, which must still be
  in the set (this is how records are replayed, see :mod:`games.engine.record`).

Internally features are kept in a union-find over segments, each root carrying its
open edge count, tiles, pennants and followers, and the empty cells next to the board
are kept grouped by the edge pattern they demand, so that enumerating placements costs
one cached look-up per pattern.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Iterator, NamedTuple

from .moves import Entry, IllegalMove, Move, Placement, Resign, parse_entry, shown
from .outcome import Outcome, outcome_of
from .rules import COLORS, FOLLOWERS, MAX_PLAYERS, MIN_PLAYERS, Rules
from .tiles import (
    BASE_START,
    EDGES,
    HALVES,
    RIVER_END,
    RIVER_START,
    ROTATIONS,
    TERRAIN_NAMES,
    TILE_TYPES,
    Orientation,
    fitting_rotations,
    opposite_half,
    orientation,
)

# Cells are packed into one int: a neighbour is one addition away.
_OFFSET = 2048
_STRIDE = 4096
_DELTA = (-1, _STRIDE, 1, -_STRIDE)  # N, E, S, W
_AROUND = (-1, 1, _STRIDE, -_STRIDE, _STRIDE - 1, _STRIDE + 1, -_STRIDE - 1, -_STRIDE + 1)
_EDGE_WORDS = ("north", "east", "south", "west")
_ARTICLE = {"city": "a city", "road": "a road", "field": "a field", "river": "the river"}

CATEGORIES = ("roads", "cities", "cloisters", "farms")
_CATEGORY = {"road": "roads", "city": "cities", "cloister": "cloisters", "field": "farms"}


_OPPOSITE_HALF = tuple(opposite_half(h) for h in range(8))
# An empty cell's pattern packs what its neighbours show on N, E, S, W into 3 bits each.
_TERRAIN_CODE = {"C": 1, "R": 2, "F": 3, "W": 4}
_CODE_TERRAIN = ".CRFW"
_FIT: dict[str, dict[int, tuple[int, ...]]] = {t: {} for t in TILE_TYPES}


def _pattern_text(code: int) -> str:
    """``"C.F."``: the terrain each side of a cell must show, ``.`` for no neighbour."""
    return "".join(_CODE_TERRAIN[(code >> (3 * side)) & 7] for side in range(4))


def _fit(tile: str, code: int) -> tuple[int, ...]:
    """Indexes (rotation // 90) of the rotations of ``tile`` that fit pattern ``code``, cached."""
    found = _FIT[tile][code] = tuple(r // 90 for r in fitting_rotations(tile, _pattern_text(code)))
    return found


class _Layout(NamedTuple):
    """What placing an orientation needs, precomputed once per (tile, rotation)."""

    count: int
    kinds: tuple[str, ...]
    opens: tuple[int, ...]
    counted: tuple[bool, ...]  # segments whose feature counts tiles (not fields)
    pennants: tuple[int, ...]
    nobody: tuple[None, ...]
    field_cities: tuple[tuple[int, tuple[int, ...]], ...]
    links: tuple  # per edge: (cell delta, (my segment, their edge) or None, ((my field, their half), ...), pattern bits)
    closable: tuple[int, ...]  # road and city segments
    cloister: int


_LAYOUTS: dict[int, _Layout] = {}


def _layout(o: Orientation) -> _Layout:
    layout = _LAYOUTS.get(id(o))
    if layout is not None:
        return layout
    segments = o.segments
    links = []
    for e in range(4):
        s = o.edge_segment[e]
        edge_link = (s, (e + 2) & 3) if s >= 0 else None  # rivers join like roads but never score
        halves = tuple((o.half_segment[h], _OPPOSITE_HALF[h]) for h in (2 * e, 2 * e + 1) if o.half_segment[h] >= 0)
        bits = _TERRAIN_CODE[o.edges[e]] << (3 * ((e + 2) & 3))  # this edge, in the neighbour's pattern
        links.append((_DELTA[e], edge_link, halves, bits))
    layout = _LAYOUTS[id(o)] = _Layout(
        count=len(segments),
        kinds=tuple(seg.kind for seg in segments),
        opens=tuple(len(seg.edges) for seg in segments),
        counted=tuple(seg.kind != "field" for seg in segments),
        pennants=tuple(seg.pennants for seg in segments),
        nobody=(None,) * len(segments),
        field_cities=tuple((seg.index, seg.cities) for seg in segments if seg.kind == "field" and seg.cities),
        links=tuple(links),
        closable=tuple(seg.index for seg in segments if seg.kind in ("road", "city")),
        cloister=next((seg.index for seg in segments if seg.kind == "cloister"), -1),
    )
    return layout


def _key(x: int, y: int) -> int:
    return (x + _OFFSET) * _STRIDE + y + _OFFSET


def _xy(key: int) -> tuple[int, int]:
    return key // _STRIDE - _OFFSET, key % _STRIDE - _OFFSET


class Scoring(NamedTuple):
    """One feature scored: its kind, the points each winner got, winners (seat indexes)."""

    kind: str
    points: int
    winners: tuple[int, ...]
    complete: bool
    tiles: tuple[tuple[int, int], ...] = ()


class Pending(NamedTuple):
    """The decision the game waits for: ``player`` (a seat) must take ``action``.

    ``action`` is ``"turn"`` (a tile turn, extra turns included); expansions add others
    (the Count's ``"reinforce"``, ``"quarter"`` and ``"market"``)."""

    player: int
    action: str


class Turn(NamedTuple):
    """A played move with what it did: ``points[seat]`` scored on this move."""

    number: int
    player: int
    move: Move
    points: tuple[int, ...]
    scored: tuple[Scoring, ...] = ()


@dataclass(slots=True)
class PlacedTile:
    """A tile on the board; ``meeples`` holds ``(segment index, seat)`` pairs.

    ``base`` is the feature node of the tile's first segment; segment ``i`` is node ``base + i``.
    """

    x: int
    y: int
    orientation: Orientation
    base: int
    meeples: list[tuple[int, int]] = field(default_factory=list)

    @property
    def tile(self) -> str:
        return self.orientation.tile.id

    @property
    def rotation(self) -> int:
        return self.orientation.rotation

    def followers(self) -> list[tuple[str, int]]:
        """``(spot, seat)`` for each follower standing on this tile."""
        segments = self.orientation.segments
        return [(segments[s].spot or "", p) for s, p in self.meeples]


class Game:
    """A game of Carcassonne in progress (or finished).

    Public state: :attr:`players`, :attr:`rules`, :attr:`scores`, :attr:`supply`,
    :attr:`breakdown`, :attr:`history`, :attr:`current_player`, :attr:`tile`,
    :attr:`finished`, :attr:`final_points`; the board through :meth:`placed_tiles`.
    """

    def __init__(
        self,
        players: list[str],
        rules: Rules | None = None,
        start: tuple[str, int, int, int] | None = None,
    ) -> None:
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise IllegalMove(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}")
        if len(set(players)) != len(players):
            raise IllegalMove("player names must be different")
        self.players: list[str] = list(players)
        self.rules: Rules = rules or Rules()
        n = len(players)
        self.scores: list[int] = [0] * n
        self.supply: list[int] = [FOLLOWERS] * n
        self.breakdown: list[dict[str, int]] = [dict.fromkeys(CATEGORIES, 0) for _ in range(n)]
        self.history: list[Turn] = []
        self.current_player = 0
        self.tile: str | None = None
        self.finished = False
        self.ending: str | None = None  # see outcome.ENDINGS
        self.final_points: tuple[int, ...] | None = None
        self.final_scored: tuple[Scoring, ...] = ()
        self.remaining: dict[str, int] = {}
        for tile in TILE_TYPES.values():
            if tile.expansion == "base" or (tile.expansion == "river" and self.rules.river):
                self.remaining[tile.id] = tile.count
        self._bag: list[str] | None = None
        self._rng: random.Random | None = None
        self.out: set[int] = set()  # seats that forfeited or resigned: figures stay, weigh and score nothing
        self._board: dict[int, PlacedTile] = {}
        # union-find over segments; per-root data in parallel lists
        self._parent: list[int] = []
        self._kind: list[str] = []
        self._open: list[int] = []
        self._tiles: list[set[int] | None] = []
        self._pennants: list[int] = []
        self._meeples: list[list[tuple[int, int, int]] | None] = []
        self._cities: list[list[int] | None] = []
        self._cloisters: dict[int, int] = {}  # cell -> cloister node
        self._neighbours: dict[int, int] = {}  # cloister cell -> placed tiles around it
        self._watchers: dict[int, list[int]] = {}  # empty cell -> cloister cells waiting for it
        self._pattern: dict[int, int] = {}  # empty cell next to the board -> its packed pattern
        self._cell_placements: dict[int, tuple[Placement, ...]] = {}  # frontier cell -> its 4 placements
        self._river_end: tuple[int, int] | None = None  # (cell, edge) where the river flows on
        self._river_turn = 0  # direction of the river's last bend: 1 right, -1 left
        if start is None:
            start = (RIVER_START if self.rules.river else BASE_START, 0, 0, 0)
        tile_id, x, y, rotation = start
        if self.remaining.get(tile_id, 0) < 1:
            raise IllegalMove(f"unknown start tile {tile_id!r}")
        self.start = start
        self.remaining[tile_id] -= 1
        self._place(_key(x, y), orientation(tile_id, rotation), -1, 0, [0] * n, [])

    # --- set-up -------------------------------------------------------------------

    @classmethod
    def new(cls, players: list[str], rules: Rules | None = None, seed: int | None = None) -> Game:
        """A game with a shuffled hidden bag, its first tile drawn.

        The same seed gives the same bag. With the River, the river tiles come first
        in random order, the lake last, then the ordinary tiles.
        """
        game = cls(players, rules)
        rng = random.Random(seed)
        river = [t for t, c in game.remaining.items() for _ in range(c) if TILE_TYPES[t].expansion == "river"]
        others = [t for t, c in game.remaining.items() for _ in range(c) if TILE_TYPES[t].expansion != "river"]
        rng.shuffle(others)
        order = others
        if river:
            river.remove(RIVER_END)
            rng.shuffle(river)
            order = river + [RIVER_END] + others
        order.reverse()  # drawn from the end
        game._bag = order
        game._rng = rng
        game._draw()
        return game

    # --- what a player sees --------------------------------------------------------

    @property
    def move_number(self) -> int:
        """The number the next move will get (1 for the first)."""
        return len(self.history) + 1

    @property
    def tiles_left(self) -> int:
        """Tiles still to be drawn, not counting the drawn tile."""
        if self._bag is not None:
            return len(self._bag)
        return sum(self.remaining.values())

    @property
    def colors(self) -> list[str]:
        return list(COLORS[: len(self.players)])

    def placed_tiles(self) -> Iterator[PlacedTile]:
        """The tiles on the board, in the order they were placed."""
        return iter(self._board.values())

    def tile_at(self, x: int, y: int) -> PlacedTile | None:
        return self._board.get(_key(x, y))

    @property
    def last_placed(self) -> PlacedTile | None:
        return next(reversed(self._board.values())) if len(self._board) > 1 else None

    @property
    def pending(self) -> Pending | None:
        """Who must act next and how (``Pending(seat, "turn")``); ``None`` once finished."""
        if self.finished:
            return None
        return Pending(self.current_player, "turn")

    @property
    def outcome(self) -> Outcome | None:
        """Winners, ranks, scores and breakdown once the game is finished, else ``None``."""
        if not self.finished:
            return None
        return outcome_of(self.players, self.scores, self.breakdown, self.ending or "complete", self.out)

    # --- legality -------------------------------------------------------------------

    def legal_placements(self, tile: str | None = None) -> list[Placement]:
        """Every legal ``(x, y, rotation)`` of the drawn tile (or of ``tile``), sorted by x, y, rotation.

        An empty list means the tile fits nowhere and must be discarded.
        """
        tile = self._tile_for(tile)
        if TILE_TYPES[tile].expansion == "river" and self._river_end is not None:
            return self._river_placements(tile)
        result: list[Placement] = []
        append = result.append
        fits, placements = _FIT[tile], self._cell_placements
        for key, pattern in self._pattern.items():
            indexes = fits.get(pattern)
            if indexes is None:
                indexes = _fit(tile, pattern)
            if indexes:
                options = placements.get(key)
                if options is None:
                    x, y = key // _STRIDE - _OFFSET, key % _STRIDE - _OFFSET
                    options = placements[key] = (
                        Placement(x, y, 0), Placement(x, y, 90), Placement(x, y, 180), Placement(x, y, 270))
                for i in indexes:
                    append(options[i])
        result.sort()
        return result

    def can_place(self, tile: str | None = None) -> bool:
        """Whether the tile fits anywhere (cheaper than listing every placement)."""
        tile = self._tile_for(tile)
        if TILE_TYPES[tile].expansion == "river" and self._river_end is not None:
            return bool(self._river_placements(tile))
        fits = _FIT[tile]
        return any(fits[p] if p in fits else _fit(tile, p) for p in self._pattern.values())

    def legal_spots(self, placement: Placement, tile: str | None = None) -> list[str]:
        """Canonical spots where the current player may put a follower after ``placement``.

        The placement itself is assumed legal (see :meth:`check`). Empty when the
        player's supply is empty.
        """
        if not self.supply[self.current_player]:
            return []
        o = orientation(self._tile_for(tile), placement.rotation)
        key = _key(placement.x, placement.y)
        return [s.spot for s in o.segments if s.spot is not None and not self._occupied(key, o, s.index)]

    def legal_moves(self) -> list[tuple[Placement, list[str]]]:
        """Each legal placement of the drawn tile with its legal follower spots."""
        return [(p, self.legal_spots(p)) for p in self.legal_placements()]

    def check(self, move: Entry) -> None:
        """Raise :class:`IllegalMove` with the reason if the entry ``move`` is not legal now."""
        if self.finished:
            raise IllegalMove("the game is over: there is no tile left to play")
        if type(move) is not Move:
            if type(move) is Resign:
                self._check_resign(move)
                return
            raise IllegalMove(f"{type(move).__name__} entries are not part of this rule set")
        if move.player is not None and move.player != self.players[self.current_player]:
            raise IllegalMove(f"it is {self.players[self.current_player]}'s turn, not {move.player}'s")
        if move.figure != "follower":
            raise IllegalMove(f"the figure {move.figure!r} is not part of this rule set")
        tile = move.tile
        if tile not in TILE_TYPES:
            raise IllegalMove(f"unknown tile {tile!r}")
        if self._bag is not None:
            if tile != self.tile:
                raise IllegalMove(f"the drawn tile is {self.tile}, not {tile}")
        else:
            self._check_available(tile)
        if move.skip or move.forfeit:
            return
        if move.discard:
            placements = self.legal_placements(tile)
            if placements:
                p = placements[0]
                raise IllegalMove(
                    f"tile {tile} cannot be discarded: it fits, e.g. at ({p.x},{p.y}) rotation {p.rotation}"
                )
            return
        reason = self._placement_error(tile, move.x, move.y, move.rotation)
        if reason:
            raise IllegalMove(reason)
        if move.meeple is not None:
            self._check_spot(tile, move)

    # --- playing ------------------------------------------------------------------------

    def play(self, move: Entry) -> Turn:
        """Check and play one record entry; return the :class:`Turn` it became.

        Completed features are scored at once; after the last tile the final scoring
        is done and :attr:`finished` is set.
        """
        self.check(move)
        if type(move) is Resign:
            return self._resign(self.players.index(move.player))
        return self._apply(move)

    def play_json(self, data: object) -> Turn:
        """Read and play one record entry given as JSON data (see :func:`parse_entry`)."""
        return self.play(parse_entry(data))

    def discard_unplaceable(self) -> list[Turn]:
        """Discard the drawn tile while it fits nowhere (the same player draws again)."""
        turns = []
        while not self.finished and self.tile is not None and not self.can_place():
            turns.append(self._apply(Move.discard_of(self.tile)))
        return turns

    def finish(self, ending: str = "ended_early") -> None:
        """End the game now: score incomplete roads, cities and cloisters, then farms.

        ``ending`` says why (see :data:`games.engine.outcome.ENDINGS`); the engine passes
        ``complete`` after the last tile and ``one_left`` when all others have left.
        """
        if self.finished:
            return
        self.finished = True
        self.ending = ending
        self.tile = None
        n = len(self.players)
        points = [0] * n
        scored: list[Scoring] = []
        find = self._find
        seen = set()
        for placed in self._board.values():
            for s, _p in placed.meeples:
                root = find(placed.base + s)
                if root in seen or self._kind[root] == "field":
                    continue
                seen.add(root)
                self._score(root, False, points, scored)
        self._score_farms(points, scored)
        self.final_points = tuple(points)
        self.final_scored = tuple(scored)

    # --- records ------------------------------------------------------------------------

    def record(self) -> dict:
        """The NOTATION.md game record of the moves so far (never the bag)."""
        tile, x, y, rotation = self.start
        return {
            "format": "carcassonne-record/1",
            "rules": self.rules.to_json(),
            "players": list(self.players),
            "start": {"tile": tile, "x": x, "y": y, "rotation": rotation},
            "moves": [turn.move.to_json() for turn in self.history],
        }

    # --- internals ------------------------------------------------------------------

    def _tile_for(self, tile: str | None) -> str:
        tile = tile or self.tile
        if tile is None:
            raise IllegalMove("no tile has been drawn")
        if tile not in TILE_TYPES:
            raise IllegalMove(f"unknown tile {tile!r}")
        return tile

    def _draw(self) -> None:
        bag = self._bag
        if bag is None:
            self.tile = None
            if not any(self.remaining.values()):
                self.finish("complete")
            return
        if bag:
            self.tile = bag.pop()
        else:
            self.finish("complete")

    def _check_available(self, tile: str) -> None:
        left = self.remaining.get(tile)
        if left is None:
            raise IllegalMove(f"tile {tile} is not part of this rule set")
        if left < 1:
            raise IllegalMove(f"no tile {tile} is left: all {TILE_TYPES[tile].count} have been played")
        if self.remaining.get(RIVER_END):  # the river phase lasts until the lake is placed
            river_left = sum(c for t, c in self.remaining.items() if TILE_TYPES[t].expansion == "river")
            if TILE_TYPES[tile].expansion != "river" and river_left:
                raise IllegalMove(f"tile {tile} is drawn too early: the {river_left} river tiles come first")
            if tile == RIVER_END and river_left > 1:
                raise IllegalMove("the lake (RV-L) comes last of the river tiles")

    def _find(self, n: int) -> int:
        parent = self._parent
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    def _occupied(self, key: int, o: Orientation, index: int) -> bool:
        """Whether segment ``index`` of ``o`` placed at ``key`` would join a feature with a follower."""
        seg = o.segments[index]
        board, meeples, find = self._board, self._meeples, self._find
        if seg.kind == "field":
            for h in seg.halves:
                neighbour = board.get(key + _DELTA[h >> 1])
                if neighbour is not None:
                    node = neighbour.base + neighbour.orientation.half_segment[_OPPOSITE_HALF[h]]
                    if meeples[find(node)]:
                        return True
        elif seg.kind != "cloister":
            for e in seg.edges:
                neighbour = board.get(key + _DELTA[e])
                if neighbour is not None:
                    node = neighbour.base + neighbour.orientation.edge_segment[(e + 2) & 3]
                    if meeples[find(node)]:
                        return True
        return False

    def _placement_error(self, tile: str, x: int, y: int, rotation: int) -> str | None:
        if rotation not in ROTATIONS:
            return f"tile {tile} at ({x},{y}): rotation {rotation} is not one of 0, 90, 180, 270"
        if not (-_OFFSET < x < _OFFSET and -_OFFSET < y < _OFFSET):
            return f"tile {tile} at ({x},{y}) is off the board"
        key = (x + _OFFSET) * _STRIDE + y + _OFFSET
        code = self._pattern.get(key)
        if code is not None:
            indexes = _FIT[tile].get(code)
            if indexes is None:
                indexes = _fit(tile, code)
            if rotation // 90 in indexes:
                if self._river_end is not None and TILE_TYPES[tile].expansion == "river":
                    return self._river_error(tile, key, rotation)
                return None
        where = f"tile {tile} at ({x},{y})"
        taken = self._board.get(key)
        if taken is not None:
            return f"{where}: the cell is already taken by tile {taken.tile}"
        if code is None:
            return f"{where} touches no placed tile edge-to-edge"
        pattern = _pattern_text(code)
        edges = orientation(tile, rotation).edges
        for e in range(4):
            if pattern[e] != "." and pattern[e] != edges[e]:
                return (
                    f"{where} rotation {rotation} does not fit: its {_EDGE_WORDS[e]} edge "
                    f"({TERRAIN_NAMES[edges[e]]}) meets {_ARTICLE[TERRAIN_NAMES[pattern[e]]]}"
                )
        raise AssertionError(f"{where} rotation {rotation}: the fit table and the edges disagree")

    def _river_placements(self, tile: str) -> list[Placement]:
        end_key, end_edge = self._river_end  # type: ignore[misc]
        key = end_key + _DELTA[end_edge]
        code = self._pattern.get(key)
        if code is None:
            return []
        x, y = _xy(key)
        return [
            Placement(x, y, r)
            for r in fitting_rotations(tile, _pattern_text(code))
            if self._river_error(tile, key, r) is None
        ]

    def _river_error(self, tile: str, key: int, rotation: int) -> str | None:
        """Why a river tile may not go there: it must continue the river, with no U-turn."""
        end_key, end_edge = self._river_end  # type: ignore[misc]
        o = orientation(tile, rotation)
        x, y = _xy(key)
        ex, ey = _xy(end_key)
        if key != end_key + _DELTA[end_edge]:
            return (
                f"tile {tile} at ({x},{y}) does not continue the river: "
                f"it flows on {_EDGE_WORDS[end_edge]} of ({ex},{ey})"
            )
        inflow = (end_edge + 2) & 3
        if inflow not in o.river_edges:
            return f"tile {tile} at ({x},{y}) rotation {rotation} does not take up the river on its {_EDGE_WORDS[inflow]} edge"
        outflow = [e for e in o.river_edges if e != inflow]
        if outflow:
            bend = (outflow[0] - end_edge) & 3
            turn = 1 if bend == 1 else -1 if bend == 3 else 0
            if turn and turn == self._river_turn:
                side = "right" if turn == 1 else "left"
                return f"tile {tile} at ({x},{y}) rotation {rotation}: the river may not bend {side} twice in a row"
        return None

    def _check_spot(self, tile: str, move: Move) -> None:
        o = orientation(tile, move.rotation)
        index = o.spot_index.get(move.meeple or "")
        name = self.players[self.current_player]
        if index is None:
            raise IllegalMove(
                f"tile {tile} at rotation {move.rotation} has no spot {move.meeple!r} (its spots: {', '.join(o.spots)})"
            )
        if not self.supply[self.current_player]:
            raise IllegalMove(f"{name} has no follower left in supply")
        if self._occupied(_key(move.x, move.y), o, index):
            seg = o.segments[index]
            feature = "farm" if seg.kind == "field" else seg.kind
            raise IllegalMove(f"the {feature} at {move.meeple} already holds a follower")

    def _apply(self, move: Move) -> Turn:
        player = self.current_player
        n = len(self.players)
        points = [0] * n
        scored: list[Scoring] = []
        if move.skip or move.forfeit:
            self._put_back(move.tile)
            if move.forfeit:
                self.out.add(player)
            self.current_player = self._next_seat(player)
        else:
            self.remaining[move.tile] -= 1
            if not move.discard:
                o = orientation(move.tile, move.rotation)
                spot = o.spot_index[move.meeple] if move.meeple is not None else -1
                self._place(_key(move.x, move.y), o, spot, player, points, scored)
                self.current_player = self._next_seat(player) if self.out else (player + 1) % n
        turn = Turn(len(self.history) + 1, player, move, tuple(points), tuple(scored))
        self.history.append(turn)
        if len(self.out) >= n - 1:
            self.finish("one_left")
        else:
            self._draw()
        return turn

    def _check_resign(self, entry: Resign) -> None:
        if entry.player not in self.players:
            raise IllegalMove(f"{entry.player} does not play in this game")
        if self.players.index(entry.player) in self.out:
            raise IllegalMove(f"{entry.player} has already left the game")

    def _resign(self, seat: int) -> Turn:
        """``seat`` leaves the game; on turn, its drawn tile goes back into the bag."""
        self.out.add(seat)
        turn = Turn(len(self.history) + 1, seat, Resign(self.players[seat]), (0,) * len(self.players))
        self.history.append(turn)
        if len(self.out) >= len(self.players) - 1:
            self.finish("one_left")
        elif seat == self.current_player:
            if self.tile is not None:
                self._put_back(self.tile)
            self.current_player = self._next_seat(seat)
            self._draw()
        return turn

    def _next_seat(self, seat: int) -> int:
        """The next seat in turn order still in the game."""
        n = len(self.players)
        for step in range(1, n + 1):
            if (seat + step) % n not in self.out:
                return (seat + step) % n
        return seat

    def _put_back(self, tile: str) -> None:
        """Return a drawn tile into the bag at a random place (the bag stays secret)."""
        if self._bag is not None and self._rng is not None:
            self._bag.insert(self._rng.randrange(len(self._bag) + 1), tile)

    def _place(self, key: int, o: Orientation, spot: int, player: int, points: list[int], scored: list[Scoring]) -> None:
        layout = _layout(o)
        parent, opens, tiles, meeples = self._parent, self._open, self._tiles, self._meeples
        base = len(parent)
        parent.extend(range(base, base + layout.count))
        self._kind.extend(layout.kinds)
        opens.extend(layout.opens)
        tiles.extend([{key} if counted else None for counted in layout.counted])
        self._pennants.extend(layout.pennants)
        meeples.extend(layout.nobody)
        cities = self._cities
        cities.extend(layout.nobody)
        for s, borders in layout.field_cities:
            cities[base + s] = [base + c for c in borders]
        board = self._board
        find, union = self._find, self._union
        patterns = self._pattern
        if patterns.pop(key, None) is not None:
            self._cell_placements.pop(key, None)
        for delta, edge_link, half_links, bits in layout.links:
            neighbour = board.get(key + delta)
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
                    ma = meeples[a]
                    if ma:
                        mb = meeples[b]
                        meeples[b] = mb + ma if mb else ma
                    ca = cities[a]
                    if ca:
                        cb = cities[b]
                        if cb:
                            cb.extend(ca)  # each root owns its list
                        else:
                            cities[b] = ca
        placed = PlacedTile(key // _STRIDE - _OFFSET, key % _STRIDE - _OFFSET, o, base)
        board[key] = placed
        if spot >= 0:
            root = find(base + spot)
            meeples[root] = (meeples[root] or []) + [(player, key, spot)]
            placed.meeples.append((spot, player))
            self.supply[player] -= 1
        # roads and cities the tile completed (two segments may share one feature)
        done = None
        for s in layout.closable:
            root = find(base + s)
            if opens[root] == 0 and (done is None or root not in done):
                done = done or set()
                done.add(root)
                self._score(root, True, points, scored)
        # cloisters around the tile, then the tile's own
        watching = self._watchers.pop(key, None)
        if watching:
            around = self._neighbours
            for cell in watching:
                around[cell] = count = around[cell] + 1
                if count == 8:
                    self._score(self._cloisters[cell], True, points, scored)
        if layout.cloister >= 0:
            self._cloisters[key] = base + layout.cloister
            count = 0
            for delta in _AROUND:
                if key + delta in board:
                    count += 1
                else:
                    self._watchers.setdefault(key + delta, []).append(key)
            self._neighbours[key] = count
            if count == 8:
                self._score(base + layout.cloister, True, points, scored)
        if o.river_edges:
            self._update_river(key, o)

    def _union(self, a: int, b: int, matched: int) -> None:
        """Merge roots ``a`` and ``b``; ``matched`` open edges closed by the join."""
        ta, tb = self._tiles[a], self._tiles[b]
        if ta is not None and tb is not None:  # roads and cities count their tiles
            if len(ta) < len(tb):
                a, b, ta, tb = b, a, tb, ta
            ta.update(tb)
            self._open[a] += self._open[b] - matched
            self._pennants[a] += self._pennants[b]
        self._parent[b] = a
        mb = self._meeples[b]
        if mb:
            ma = self._meeples[a]
            self._meeples[a] = ma + mb if ma else mb
        cb = self._cities[b]
        if cb:
            ca = self._cities[a]
            self._cities[a] = ca + cb if ca else cb

    def _update_river(self, key: int, o: Orientation) -> None:
        if self._river_end is None:  # the spring
            self._river_end = (key, o.river_edges[0])
            return
        end_key, end_edge = self._river_end
        inflow = (end_edge + 2) & 3
        outflow = [e for e in o.river_edges if e != inflow]
        if not outflow:  # the lake
            self._river_end = None
            return
        bend = (outflow[0] - end_edge) & 3
        if bend in (1, 3):
            self._river_turn = 1 if bend == 1 else -1
        self._river_end = (key, outflow[0])

    def _feature_points(self, root: int, complete: bool) -> int:
        kind = self._kind[root]
        if kind == "cloister":
            (cell,) = self._tiles[root]  # type: ignore[misc]
            return 9 if complete else 1 + self._neighbours[cell]
        size = len(self._tiles[root])  # type: ignore[arg-type]
        if kind == "road":
            return size
        pennants = self._pennants[root]
        if not complete:
            return size + pennants
        if self.rules.small_city and size == 2:
            return size + pennants
        return 2 * (size + pennants)

    def _score(self, root: int, complete: bool, points: list[int], scored: list[Scoring]) -> None:
        """Score one road, city or cloister for its majority; on completion return followers."""
        followers = self._meeples[root]
        if not followers:
            return
        winners = self._majority(p for p, _key_, _s in followers)
        value = self._feature_points(root, complete)
        category = _CATEGORY[self._kind[root]]
        for p in winners:
            self.scores[p] += value
            self.breakdown[p][category] += value
            points[p] += value
        tiles = self._tiles[root] or ()
        scored.append(Scoring(self._kind[root], value, winners, complete, tuple(sorted(_xy(k) for k in tiles))))
        if complete:
            self._meeples[root] = None
            for p, key, s in followers:
                self.supply[p] += 1
                self._board[key].meeples.remove((s, p))

    def _score_farms(self, points: list[int], scored: list[Scoring]) -> None:
        """Final farm scoring under the rule set's ``farm_scoring``."""
        find, opens, meeples = self._find, self._open, self._meeples
        farms: dict[int, set[int]] = {}  # farm root with farmers -> completed cities it borders
        for placed in self._board.values():
            for s, _p in placed.meeples:
                root = find(placed.base + s)
                if self._kind[root] == "field" and root not in farms:
                    farms[root] = {c for c in map(find, self._cities[root] or ()) if opens[c] == 0}
        if self.rules.farm_scoring == "current":
            for root, cities in farms.items():
                if not cities:
                    continue
                self._award("field", 3 * len(cities), [p for p, _k, _s in meeples[root]], points, scored)  # type: ignore[union-attr]
            return
        by_city: dict[int, list[int]] = {}
        for root, cities in farms.items():
            for city in cities:
                by_city.setdefault(city, []).extend(p for p, _k, _s in meeples[root])  # type: ignore[union-attr]
        for city in sorted(by_city):
            self._award("field", 4, by_city[city], points, scored)

    def _majority(self, seats) -> tuple[int, ...]:
        """The seats with the most followers among ``seats`` (one entry per follower).

        Players who left the game weigh nothing: their figures stay but never win."""
        counts = [0] * len(self.players)
        for p in seats:
            counts[p] += 1
        for p in self.out:
            counts[p] = 0
        best = max(counts)
        return tuple(p for p, c in enumerate(counts) if c == best) if best else ()

    def _award(self, kind: str, value: int, farmers: list[int], points: list[int], scored: list[Scoring]) -> None:
        winners = self._majority(farmers)
        if not winners:
            return
        for p in winners:
            self.scores[p] += value
            self.breakdown[p]["farms"] += value
            points[p] += value
        scored.append(Scoring(kind, value, winners, False))
