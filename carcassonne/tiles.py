"""Tile types as data, and their four orientations.

The tables below are copied row for row from ``docs/rules/TILES.md`` and parsed at
import time, so the data reads exactly like the reference it comes from::

    | D | 4 | C R F R | city N; road E W; field ENE WNW | 1; field ESE SSE SSW WSW |

Each tile type has :class:`Segment` s (a city, road, river, cloister or field piece of
the tile). An :class:`Orientation` is a tile type turned clockwise by 0, 90, 180 or 270
degrees, with everything the rules need precomputed: the terrain on each edge, which
segment touches each edge and half-edge, and the spot names of NOTATION.md.

>>> d = orientation("D", 90)
>>> d.edges
'RCRF'
>>> [s.spot for s in d.segments]
['city:E', 'road:N', 'field:NNE', 'field:NNW']
>>> d.spot_index["field:SSE"] == d.spot_index["field:NNE"]
True

Expansions add rows (and segment attributes such as ``inn``, ``cathedral`` or goods)
without touching the parser or the rules core.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

EDGES = "NESW"
"""Edge names in index order: 0 = N, 1 = E, 2 = S, 3 = W."""

HALVES = ("NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW")
"""Half-edge names, clockwise from the north-west corner; half ``h`` lies on edge ``h // 2``."""

TERRAIN_NAMES = {"C": "city", "R": "road", "F": "field", "W": "river", "A": "abbey"}
"""Terrain letters of a tile's edges; ``A``: an abbey's edge, which meets any terrain (and
closes a road or city it meets)."""
ROTATIONS = (0, 90, 180, 270)
KINDS = ("city", "road", "field", "cloister", "river")
SEGMENT_ATTRIBUTES = ("inn", "cathedral", "wine", "grain", "cloth", "CoC", "princess")
TILE_MARKS = ("quarter", "volcano", "dragon", "portal", "tower", "abbey", "hill", "vineyard", "bazaar", "no_castle")
"""Words of a row's segments cell that mark the whole tile (:attr:`TileType.marks`), not a
segment: the Count's quarters, The Princess & the Dragon's volcano, dragon and portal, The
Tower's tower foundation, Abbey & Mayor's abbey tile (a player's own, never in the bag),
Hills & Sheep's hill and vineyard, Bridges, Castles & Bazaars' bazaar and the city that is no
castle base (``no_castle``)."""


def opposite_edge(edge: int) -> int:
    """The edge of the neighbour that touches ``edge``: N (0) meets S (2).

    >>> EDGES[opposite_edge(EDGES.index("E"))]
    'W'
    """
    return (edge + 2) & 3


def opposite_half(half: int) -> int:
    """The half-edge of the neighbour touching ``half``: NNW meets SSW, ENE meets WNW.

    >>> HALVES[opposite_half(HALVES.index("NNW"))], HALVES[opposite_half(HALVES.index("ESE"))]
    ('SSW', 'WSW')
    """
    return 2 * (((half >> 1) + 2) & 3) + (1 - (half & 1))


@dataclass(frozen=True)
class Segment:
    """One piece of a tile: a city, road, river, field or cloister.

    ``edges`` and ``halves`` are indexes into :data:`EDGES` and :data:`HALVES`;
    ``cities`` (fields only) lists the indexes, in ``TileType.segments``, of the city
    segments of the same tile whose wall runs along this field.
    """

    kind: str
    edges: tuple[int, ...] = ()
    halves: tuple[int, ...] = ()
    pennants: int = 0
    cities: tuple[int, ...] = ()
    attributes: frozenset[str] = frozenset()


@dataclass(frozen=True)
class TileType:
    """A kind of tile, at rotation 0, as one row of TILES.md."""

    id: str
    count: int
    edges: str
    segments: tuple[Segment, ...]
    expansion: str = "base"
    marks: frozenset[str] = frozenset()  # see TILE_MARKS


@dataclass(frozen=True)
class OrientedSegment:
    """A segment of a turned tile, in board orientation, with its canonical spot name."""

    index: int
    kind: str
    edges: tuple[int, ...]
    halves: tuple[int, ...]
    pennants: int
    cities: tuple[int, ...]
    spot: str | None
    attributes: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Orientation:
    """A tile type turned clockwise by ``rotation`` degrees.

    ``edge_segment[e]`` is the index of the road, city or river segment on edge ``e``
    (``-1`` for a field edge); ``half_segment[h]`` the field segment on half ``h``
    (``-1`` where a city runs along that half). ``spot_index`` maps every name of every
    follower spot (all aliases of NOTATION.md) to its segment index.
    """

    tile: TileType
    rotation: int
    edges: str
    segments: tuple[OrientedSegment, ...]
    edge_segment: tuple[int, ...]
    half_segment: tuple[int, ...]
    spot_index: dict[str, int] = field(hash=False, compare=False)
    river_edges: tuple[int, ...] = ()

    @property
    def spots(self) -> list[str]:
        """Canonical names of every follower spot of this orientation, in segment order."""
        return [s.spot for s in self.segments if s.spot is not None]


# --- the tables -----------------------------------------------------------------

BASE_TABLE = """
| A | 2 | F F R F | cloister; road S; field NNW NNE ENE ESE SSE SSW WSW WNW |
| B | 4 | F F F F | cloister; field NNW NNE ENE ESE SSE SSW WSW WNW |
| C | 1 | C C C C | city N E S W + |
| D | 4 | C R F R | city N; road E W; field ENE WNW | 1; field ESE SSE SSW WSW |
| E | 5 | C F F F | city N; field ENE ESE SSE SSW WSW WNW | 1 |
| F | 2 | F C F C | city E W +; field NNW NNE | 1; field SSE SSW | 1 |
| G | 1 | F C F C | city E W; field NNW NNE | 1; field SSE SSW | 1 |
| H | 3 | C F C F | city N; city S; field ENE ESE WSW WNW | 1 2 |
| I | 2 | C F F C | city N; city W; field ENE ESE SSE SSW | 1 2 |
| J | 3 | C R R F | city N; road E S; field ESE SSE; field ENE SSW WSW WNW | 1 |
| K | 3 | C F R R | city N; road S W; field SSW WSW; field WNW ENE ESE SSE | 1 |
| L | 3 | C R R R | city N; road E; road S; road W; field ENE WNW | 1; field ESE SSE; field SSW WSW |
| M | 2 | C F F C | city N W +; field ENE ESE SSE SSW | 1 |
| N | 3 | C F F C | city N W; field ENE ESE SSE SSW | 1 |
| O | 2 | C R R C | city N W +; road E S; field ENE SSW | 1; field ESE SSE |
| P | 3 | C R R C | city N W; road E S; field ENE SSW | 1; field ESE SSE |
| Q | 1 | C C F C | city N E W +; field SSE SSW | 1 |
| R | 3 | C C F C | city N E W; field SSE SSW | 1 |
| S | 2 | C C R C | city N E W +; road S; field SSE | 1; field SSW | 1 |
| T | 1 | C C R C | city N E W; road S; field SSE | 1; field SSW | 1 |
| U | 8 | F R F R | road E W; field NNW NNE ENE WNW; field ESE SSE SSW WSW |
| V | 9 | F F R R | road S W; field SSW WSW; field WNW NNW NNE ENE ESE SSE |
| W | 4 | F R R R | road E; road S; road W; field WNW NNW NNE ENE; field ESE SSE; field SSW WSW |
| X | 1 | R R R R | road N; road E; road S; road W; field NNE ENE; field ESE SSE; field SSW WSW; field WNW NNW |
"""

RIVER_TABLE = """
| RV-S | 1 | F W F F | river E; field NNW NNE ENE ESE SSE SSW WSW WNW |
| RV-L | 1 | F F F W | river W; field NNW NNE ENE ESE SSE SSW WSW WNW |
| RV-1 | 1 | C W C W | city N; city S; river E W; field ENE WNW | 1; field ESE WSW | 2 |
| RV-2 | 1 | C W R W | city N; road S; river E W; field ENE | 1; field WNW | 1; field ESE SSE; field SSW WSW |
| RV-3 | 1 | F W R W | cloister; road S; river E W; field NNW NNE ENE WNW; field ESE SSE; field SSW WSW |
| RV-4 | 1 | W R W R | road E W; river N S; field NNW WNW; field NNE ENE; field ESE SSE; field SSW WSW |
| RV-5 | 2 | F W F W | river E W; field NNW NNE ENE WNW; field ESE SSE SSW WSW |
| RV-6 | 1 | C W W C | city N W; river E S; field ENE SSW | 1; field ESE SSE |
| RV-7 | 1 | R R W W | road N E; river S W; field NNW ESE SSE WNW; field NNE ENE; field SSW WSW |
| RV-8 | 2 | F F W W | river S W; field NNW NNE ENE ESE SSE WNW; field SSW WSW |
"""

IC_TABLE = """
| IC-K | 2 | C C C C | city N E S W cathedral |
| IC-D | 1 | F R F R | cloister; road W; road E; field ESE SSE SSW WSW; field NNW NNE ENE WNW |
| IC-H | 1 | C C C C | city N; city W; city E; city S; field (inner) | 1 2 3 4 |
| IC-O | 1 | C C F C | city N; city W; city E; field SSE SSW | 1 2 3 |
| IC-I | 1 | C R C R | city N; city S; road W; road E; field ESE | 2; field WSW | 2; field ENE | 1; field WNW | 1 |
| IC-P | 1 | C F C C | city N W +; city S; field ENE ESE | 1 2 |
| IC-G | 1 | C F F F | city N; field ENE ESE | 1; field SSE SSW WSW WNW | 1 |
| IC-J | 1 | C F R F | city N; road S; field SSW WSW WNW | 1; field ENE ESE SSE | 1 |
| IC-F | 1 | C R F C | city N W; road E; field ENE | 1; field ESE SSE SSW | 1 |
| IC-Q | 1 | R C R C | city E W +; road N; road S; field NNW | 1; field NNE | 1; field SSE | 1; field SSW | 1 |
| IC-N | 1 | C F R C | city N W; road S inn; field SSW | 1; field ENE ESE SSE | 1 |
| IC-M | 1 | C F R R | city N; road S W inn; field SSW WSW; field ENE ESE SSE WNW | 1 |
| IC-L | 1 | C R R C | city N W +; road E S inn; field ESE SSE; field ENE SSW | 1 |
| IC-C | 1 | F R R R | road E inn; road W; road S; field NNW NNE ENE WNW; field SSW WSW; field ESE SSE |
| IC-B | 1 | F R F R | road E W inn; field NNW NNE ENE WNW; field ESE SSE SSW WSW |
| IC-A | 1 | F F R R | road S W inn; field NNW NNE ENE ESE SSE WNW; field SSW WSW |
| IC-E | 1 | R R R R | road N W; road E S; field NNW WNW; field ESE SSE; field NNE ENE SSW WSW |
"""

TB_TABLE = """
| TB-01 | 1 | C F F C | city N W grain; field ENE ESE SSE SSW | 1 |
| TB-02 | 1 | C F F C | city N W wine; field ENE ESE SSE SSW | 1 |
| TB-03 | 1 | F C C C | city E W cloth; city S; field NNW NNE | 1; field (inner) | 1 2 |
| TB-04 | 1 | F C C C | city E W wine; city S; field NNW NNE | 1; field (inner) | 1 2 |
| TB-05 | 1 | C C F C | city N E W grain; field SSE SSW | 1 |
| TB-06 | 1 | C C C C | city N W cloth; city S; city E; field (inner) | 1 2 3 |
| TB-07 | 1 | C R R C | city N W cloth; road S; road E; field SSW | 1; field SSE | 1; field ESE | 1; field ENE | 1 |
| TB-08 | 1 | C R R C | city N W wine; road S; road E; field SSW | 1; field ESE SSE | 1; field ENE | 1 |
| TB-09 | 1 | C R C C | city N W cloth; city S; road E; field ENE | 1; field ESE | 1 2 |
| TB-10 | 1 | C R C C | city N W grain; city S; road E; field ENE | 1; field ESE | 1 2 |
| TB-11 | 1 | C R F C | city N W cloth; road E; field ENE | 1; field ESE SSE SSW | 1 |
| TB-12 | 1 | C R F C | city N W wine; road E; field ENE | 1; field ESE | 1; field SSE SSW | 1 |
| TB-13 | 1 | C C R C | city N E W wine; road S; field SSW | 1; field SSE | 1 |
| TB-14 | 1 | C C C C | city N W wine; city E S; field (inner) | 1 2 |
| TB-15 | 1 | F C F C | city E W wine; field NNW NNE | 1; field SSE SSW | 1 |
| TB-16 | 1 | C R F F | city N; road E; field ENE | 1; field ESE SSE SSW WSW WNW | 1 |
| TB-17 | 1 | F C R C | city E W grain; road S; field NNW NNE | 1; field SSW | 1; field SSE | 1 |
| TB-18 | 1 | F C R C | city E W wine; road S; field NNW NNE | 1; field SSW | 1; field SSE | 1 |
| TB-19 | 1 | R C R C | city E W wine; road N; road S; field NNW | 1; field NNE | 1; field SSE | 1; field SSW | 1 |
| TB-20 | 1 | F R R R | cloister; road E; road S; road W; field NNW NNE ENE WNW; field ESE SSE; field SSW WSW |
| TB-21 | 1 | C F R C | city N W grain; road S; field SSW | 1; field ENE ESE SSE | 1 |
| TB-22 | 1 | C F R C | city N W grain; road S; field SSW | 1; field SSE | 1; field ENE ESE | 1 |
| TB-23 | 1 | C F R R | city N; road W; road S; field WNW | 1; field SSW WSW; field ENE ESE SSE | 1 |
| TB-24 | 1 | R R R R | road N S; road E W; field NNW WNW; field NNE ENE; field ESE SSE; field SSW WSW |
"""

KR_TABLE = """
| KR-1 | 1 | C F F F | cloister; city N; field ENE ESE SSE SSW WSW WNW | 1 |
| KR-2 | 1 | C F F R | city N; road W; field WNW | 1; field ENE ESE SSE SSW WSW | 1 |
| KR-3 | 1 | C R R R | city N; road W; road E S; field WNW | 1; field ENE SSW WSW | 1; field ESE SSE |
| KR-4 | 1 | C R R C | city N W; road S; road E; field SSW | 1; field SSE | 1; field ESE | 1; field ENE | 1 |
| KR-5 | 1 | C C C C | city E W; city N S; field (inner) | 1 2; field (inner) | 1 2 |
"""

CO_TABLE = """
| CO-1 | 1 | F F F R | road W; field NNW NNE ENE WNW CoC; field SSW WSW CoC |
| CO-2 | 1 | F F F F | field NNW NNE ENE WNW CoC |
| CO-3 | 1 | F F F F | field NNW NNE ENE WNW CoC |
| CO-4 | 1 | R F F F | road N; field NNW WNW CoC; field NNE ENE ESE SSE CoC |
| CO-5 | 1 | F F F F | field NNW SSW WSW WNW CoC |
| CO-6 | 1 | F F F F |  |
| CO-7 | 1 | F F F F | quarter |
| CO-8 | 1 | F F F F | field NNE ENE ESE SSE CoC |
| CO-9 | 1 | F F C F | city S; field NNW ESE WSW WNW | 1 CoC |
| CO-10 | 1 | F F F F | field ESE SSE SSW WSW CoC |
| CO-11 | 1 | F F R F | road S; field ESE SSE CoC; field SSW WSW CoC |
| CO-12 | 1 | F C F F | city E; field NNE SSE SSW WSW | 1 CoC |
"""

PD_TABLE = """
| PD-01 | 1 | F F F F | volcano; field NNW NNE ENE ESE SSE SSW WSW WNW |
| PD-02 | 1 | R R R R | portal; road N W; road E S; field NNW WNW; field ESE SSE; field NNE ENE SSW WSW |
| PD-03 | 1 | F F R F | volcano; road S; field NNW NNE ENE ESE SSE SSW WSW WNW |
| PD-04 | 1 | C F F F | dragon; city N; field ENE ESE SSE SSW WSW WNW | 1 |
| PD-05 | 1 | C F F F | volcano; city N; field ENE ESE SSE SSW WSW WNW | 1 |
| PD-06 | 1 | F R R R | dragon; cloister; road E; road S; road W; field NNW NNE ENE WNW; field ESE SSE; field SSW WSW |
| PD-07 | 1 | F R R R | dragon; road E; road S; road W; field NNW NNE ENE WNW; field ESE SSE; field SSW WSW |
| PD-08 | 1 | F R R R | portal; road E; road S; road W; field NNW NNE ENE WNW; field ESE SSE; field SSW WSW |
| PD-09 | 1 | C R R R | city N princess; road E; road S; road W; field ENE WNW | 1; field ESE SSE; field SSW WSW |
| PD-10 | 1 | C C C F | city N princess; city E S +; field WSW WNW | 1; field (inner) | 1 2 |
| PD-11 | 1 | C C F C | city N E W princess; field SSE SSW | 1 |
| PD-12 | 1 | C C F C | portal; city N E W +; field SSE SSW | 1 |
| PD-13 | 1 | C C F C | dragon; cloister; city N E W; field SSE SSW | 1 |
| PD-14 | 2 | F F R R | dragon; road S W; field SSW WSW; field WNW NNW NNE ENE ESE SSE |
| PD-15 | 1 | F F R R | volcano; road S W; field SSW WSW; field WNW NNW NNE ENE ESE SSE |
| PD-16 | 1 | F R F R | dragon; road E W; field NNW NNE ENE WNW; field ESE SSE SSW WSW |
| PD-17 | 1 | F R F R | volcano; road E W; field NNW NNE ENE WNW; field ESE SSE SSW WSW |
| PD-18 | 1 | C F F C | city N W princess; field ENE ESE | 1; field SSE SSW | 1 |
| PD-19 | 1 | C F F C | dragon; city N W; field ENE ESE SSE SSW | 1 |
| PD-20 | 1 | C F F C | city N W princess; field ENE ESE SSE SSW | 1 |
| PD-21 | 1 | C C F F | volcano; city N; city E; field SSE SSW WSW WNW | 1 2 |
| PD-22 | 1 | F C F C | dragon; city E W +; field NNW NNE | 1; field SSE SSW | 1 |
| PD-23 | 1 | C R R C | city N W princess; road E S; field ENE SSW | 1; field ESE SSE |
| PD-24 | 1 | C R R C | portal; city N W; road E S; field ENE SSW | 1; field ESE SSE |
| PD-25 | 1 | R C R C | dragon; city E W; road N S; field NNW NNE | 1; field SSE SSW | 1 |
| PD-26 | 1 | C F R R | dragon; city N; road S W; field SSW WSW; field WNW ENE ESE SSE | 1 |
| PD-27 | 1 | C F R R | portal; city N; road S W; field SSW WSW; field WNW ENE ESE SSE | 1 |
| PD-28 | 1 | C R R F | dragon; city N; road E S; field ESE SSE; field ENE SSW WSW WNW | 1 |
| PD-29 | 1 | C R R F | portal; city N; road E S; field ESE SSE; field ENE SSW WSW WNW | 1 |
"""

TOWER_TABLE = """
| TO-01 | 2 | C F F F | tower; city N; field ENE ESE SSE SSW WSW WNW | 1 |
| TO-02 | 1 | F F F F | tower; field NNW NNE ENE ESE SSE SSW WSW WNW |
| TO-03 | 1 | F F F F | tower; cloister; field NNW NNE ENE ESE SSE SSW WSW WNW |
| TO-04 | 1 | F F R R | tower; road S; road W; field NNW NNE ENE ESE SSE WNW; field SSW WSW |
| TO-05 | 1 | R R F R | tower; road N; road E; road W; field WNW NNW; field NNE ENE; field ESE SSE SSW WSW |
| TO-06 | 1 | R R R R | tower; road N W; road E S; field NNW WNW; field ESE SSE; field NNE ENE SSW WSW |
| TO-07 | 1 | R R R R | tower; road N; road E; road S; road W; field WNW NNW; field NNE ENE; field ESE SSE; field SSW WSW |
| TO-08 | 1 | R C R C | tower; city E W; road N S; field NNW | 1; field NNE | 1; field SSE | 1; field SSW | 1 |
| TO-09 | 1 | C F R F | tower; city N; road S; field SSW WSW WNW | 1; field ENE ESE SSE | 1 |
| TO-10 | 1 | C F R R | tower; city N; road S W; field ENE ESE SSE WNW | 1; field SSW WSW |
| TO-11 | 1 | C R F R | tower; city N; road E W; field WNW | 1; field ENE | 1; field ESE SSE SSW WSW |
| TO-12 | 1 | C F F C | tower; city N W; field ENE ESE SSE SSW | 1 |
| TO-13 | 1 | C R F C | tower; city N W; road E; field ENE | 1; field ESE | 1; field SSE SSW | 1 |
| TO-14 | 1 | C F F C | tower; city N; city W; field ENE ESE SSE SSW | 1 2 |
| TO-15 | 1 | C R C R | tower; city N; city S; road E W; field WNW ENE | 1; field ESE WSW | 2 |
| TO-16 | 1 | C C R C | tower; city N E W; road S; field SSE | 1; field SSW | 1 |
| TO-17 | 1 | C C C C | tower; city N E W +; city S; field (inner) | 1 2 |
"""

AM_TABLE = """
| AM-01 | 1 | C C C C | city N E S W + + |
| AM-02 | 1 | C C C C | city N S +; city E W; field (inner) | 1 2; field (inner) | 1 2 |
| AM-03 | 1 | C C F C | city N +; city E W; field (inner) | 1 2; field SSE SSW | 1 2 |
| AM-04 | 1 | C R R C | city N; city W; road E; road S; field ENE | 1; field SSW | 2; field ESE SSE | 1 2 |
| AM-05 | 1 | R R R R | cloister; road N; road E; road S; road W; field WNW NNW; field NNE ENE; field ESE SSE; field SSW WSW |
| AM-06 | 1 | C F F R | city N; road W; field WNW | 1; field ENE ESE SSE SSW WSW | 1 |
| AM-07 | 1 | C R R F | city N; road E S; field SSW WSW WNW | 1; field ENE | 1; field ESE SSE |
| AM-08 | 1 | C F R R | city N; road S W; field ENE ESE SSE | 1; field WNW | 1; field SSW WSW |
| AM-09 | 1 | F F F C | city W +; field NNW NNE | 1; field ENE ESE | 1; field SSE SSW | 1 |
| AM-10 | 1 | F F R F | road S; field NNW NNE ENE ESE SSE SSW WSW WNW |
| AM-11 | 1 | R R F R | road N E W; field WNW NNW; field NNE ENE; field ESE SSE SSW WSW |
| AM-12 | 1 | R C R C | city E W +; road N S; field SSE SSW | 1; field NNW | 1; field NNE | 1 |
| AM-A | 1 | A A A A | abbey; cloister |
"""

HS_TABLE = """
| HS-01 | 2 | C F F F | vineyard; city N; field WNW WSW SSW | 1; field ENE ESE SSE | 1 |
| HS-02 | 2 | C C F C | vineyard; city N E W; field SSE SSW | 1 |
| HS-03 | 1 | C F F C | hill; city N W; field ENE ESE SSE SSW | 1 |
| HS-04 | 1 | C F F C | hill; city N; city W; field ENE ESE SSE SSW | 1 2 |
| HS-05 | 1 | C F F C | vineyard; city N W; field ENE ESE SSE SSW | 1 |
| HS-06 | 1 | C F C F | hill; city N; city S; field ENE ESE WSW WNW | 1 2 |
| HS-07 | 1 | F C F C | vineyard; city W; city E; field NNW NNE | 1 2; field SSE SSW | 1 2 |
| HS-08 | 1 | C F R F | hill; city N; road S; field SSW WSW WNW | 1; field ENE ESE SSE | 1 |
| HS-09 | 1 | C R R F | hill; city N; road E S; field ENE SSW WSW WNW | 1; field ESE SSE |
| HS-10 | 1 | C R R F | cloister; city N; road E S; field ENE SSW WSW WNW | 1; field ESE SSE |
| HS-11 | 1 | R R R F | cloister; road S; road N E; field ESE SSE SSW WSW WNW NNW; field NNE ENE |
| HS-12 | 1 | C F R C | vineyard; city N; city W; road S; field SSW | 1 2; field ENE ESE SSE | 1 |
| HS-13 | 1 | R F R F | hill; road N; road S; field NNE ENE ESE SSE; field SSW WSW WNW NNW |
| HS-14 | 1 | F F R R | hill; road S; road W; field WNW NNW NNE ENE ESE SSE; field SSW WSW |
| HS-15 | 1 | C F R R | hill; city N; road S W; field WNW ENE ESE SSE | 1; field SSW WSW |
| HS-16 | 1 | F R R R | vineyard; road E W; road S; field WNW NNW NNE ENE; field ESE SSE SSW WSW |
"""


BCB_TABLE = """
| BB-01 | 2 | C C C C | bazaar; city N E S W |
| BB-02 | 1 | C C R C | city N; city E; city W; road S; field SSW | 1 2 3; field SSE | 2 |
| BB-03 | 1 | F C F C | bazaar; city E W; field NNW NNE | 1; field SSE SSW | 1 |
| BB-04 | 1 | F R F C | no_castle; city W; road E; field NNW NNE | 1; field ENE | 1; field ESE SSE SSW | 1 |
| BB-05 | 1 | C F R F | bazaar; city N; road S; field ENE ESE SSE SSW WSW WNW | 1 |
| BB-06 | 1 | F F F F | bazaar; field NNW NNE ENE ESE SSE SSW WSW WNW |
| BB-07 | 1 | F C F C | cloister; city E W; field NNW NNE | 1; field SSE SSW | 1 |
| BB-08 | 1 | F R F R | cloister; road E W; field WNW NNW NNE ENE; field ESE SSE SSW WSW |
| BB-09 | 1 | F F R F | bazaar; road S inn; field NNW NNE ENE ESE SSE SSW WSW WNW |
| BB-10 | 1 | R F R F | bazaar; road N; road S; field SSW WSW WNW NNW; field NNE ENE ESE SSE |
| BB-11 | 1 | R F R F | bazaar; road N; road S inn; field SSW WSW WNW NNW; field NNE ENE ESE SSE |
"""


def parse_table(table: str, expansion: str) -> dict[str, TileType]:
    """Parse rows of a TILES.md table into tile types, keyed by id.

    Table cells are separated by ``|``; inside the segments cell a ``|`` introduces
    the city numbers a field borders, so a row is split on its first three bars only.

    >>> t = parse_table("| Z | 1 | C F F F | city N +; field ENE ESE SSE SSW WSW WNW | 1 |", "x")
    >>> t["Z"].segments[0].pennants, t["Z"].segments[1].cities
    (1, (0,))
    """
    tiles: dict[str, TileType] = {}
    for line in table.strip().splitlines():
        _, tile_id, count, edges, rest = (part.strip() for part in line.strip().split("|", 4))
        rest = rest.rstrip().rstrip("|").strip()
        segments = _parse_segments(tile_id, rest)
        marks = frozenset(part.strip() for part in rest.split(";") if part.strip() in TILE_MARKS)
        tiles[tile_id] = TileType(tile_id, int(count), edges.replace(" ", ""), segments, expansion, marks)
    return tiles


def _parse_segments(tile_id: str, text: str) -> tuple[Segment, ...]:
    # a tile's marks ("quarter": CO-7 holds the City's quarters) are no segment a figure could stand on
    raw = [part.strip() for part in text.split(";") if part.strip() and part.strip() not in TILE_MARKS]
    city_positions = [i for i, part in enumerate(raw) if part.split()[0] == "city"]
    segments = []
    for part in raw:
        borders: tuple[int, ...] = ()
        extra: frozenset[str] = frozenset()
        if "|" in part:
            part, numbers = part.split("|", 1)
            borders = tuple(city_positions[int(n) - 1] for n in numbers.split() if n.isdigit())
            extra = frozenset(n for n in numbers.split() if n in SEGMENT_ATTRIBUTES)  # "| 1 CoC"
        words = part.split()
        kind, args = words[0], words[1:]
        if kind not in KINDS:
            raise ValueError(f"tile {tile_id}: unknown segment kind {kind!r}")
        edges = tuple(EDGES.index(a) for a in args if a in ("N", "E", "S", "W"))
        halves = tuple(HALVES.index(a) for a in args if a in HALVES)
        attributes = frozenset(a for a in args if a in SEGMENT_ATTRIBUTES or a == "(inner)")
        pennants = args.count("+")
        segments.append(Segment(kind, edges, halves, pennants, borders, attributes | extra))
    return tuple(segments)


TILE_TYPES: dict[str, TileType] = {
    **parse_table(BASE_TABLE, "base"),
    **parse_table(RIVER_TABLE, "river"),
    **parse_table(IC_TABLE, "inns_cathedrals"),
    **parse_table(TB_TABLE, "traders_builders"),
    **parse_table(KR_TABLE, "king_robber"),
    **parse_table(CO_TABLE, "count"),
    **parse_table(PD_TABLE, "princess_dragon"),
    **parse_table(TOWER_TABLE, "tower"),
    **parse_table(AM_TABLE, "abbey_mayor"),
    **parse_table(HS_TABLE, "hills_sheep"),
    **parse_table(BCB_TABLE, "bridges_castles_bazaars"),
}
"""Every tile type the engine knows, by id."""

BASE_START = "D"
RIVER_START = "RV-S"
RIVER_END = "RV-L"
ABBEY = "AM-A"
"""Abbey & Mayor's abbey tile: each player holds one, played instead of a drawn tile."""


@cache
def orientation(tile_id: str, rotation: int) -> Orientation:
    """The tile ``tile_id`` turned clockwise by ``rotation`` degrees (cached).

    Raises ``KeyError`` for an unknown tile and ``ValueError`` for a bad rotation.

    >>> orientation("V", 180).edges
    'RRFF'
    """
    tile = TILE_TYPES[tile_id]
    if rotation not in ROTATIONS:
        raise ValueError(f"rotation {rotation} is not one of 0, 90, 180, 270")
    turns = rotation // 90
    edges = "".join(tile.edges[(e - turns) & 3] for e in range(4))
    edge_segment = [-1, -1, -1, -1]
    half_segment = [-1] * 8
    spot_index: dict[str, int] = {}
    segments = []
    river_edges: list[int] = []
    inner = 0
    for index, seg in enumerate(tile.segments):
        seg_edges = tuple(sorted((e + turns) & 3 for e in seg.edges))
        seg_halves = tuple(sorted((h + 2 * turns) & 7 for h in seg.halves))
        spot = None
        if seg.kind in ("city", "road"):
            for e in seg_edges:
                edge_segment[e] = index
                spot_index[f"{seg.kind}:{EDGES[e]}"] = index
            spot = f"{seg.kind}:{EDGES[seg_edges[0]]}" if seg_edges else None
        elif seg.kind == "river":
            for e in seg_edges:
                edge_segment[e] = index
            river_edges.extend(seg_edges)
        elif seg.kind == "field":
            for h in seg_halves:
                half_segment[h] = index
                spot_index[f"field:{HALVES[h]}"] = index
            if seg_halves:
                spot = f"field:{HALVES[seg_halves[0]]}"
            else:  # an inner field: field:inner, then field:inner2 (rotation does not change them)
                inner += 1
                spot = "field:inner" if inner == 1 else f"field:inner{inner}"
                spot_index[spot] = index
        elif seg.kind == "cloister":
            spot = "cloister"
            spot_index[spot] = index
        segments.append(
            OrientedSegment(index, seg.kind, seg_edges, seg_halves, seg.pennants, seg.cities, spot, seg.attributes)
        )
    return Orientation(
        tile,
        rotation,
        edges,
        tuple(segments),
        tuple(edge_segment),
        tuple(half_segment),
        spot_index,
        tuple(sorted(river_edges)),
    )
