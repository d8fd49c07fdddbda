"""The River (RULES.md, The River): river tiles first, each continuing the river.

- The spring ``RV-S`` is the start tile; the river tiles are drawn first, in random
  order, the lake ``RV-L`` last.
- Every river tile goes on the cell in front of the open river end, taking up the river.
- No U-turns: two successive bends may not turn the same way, even with straight
  tiles between them.
"""

from __future__ import annotations

import random

from .. import errors
from ..board import DELTA, EDGE_WORDS, PlacedTile, key_of, xy_of
from ..hooks import RuleModule, register
from ..moves import Placement
from ..rules import Option
from ..tiles import RIVER_END, RIVER_START, TILE_TYPES, orientation

RIVER_TILES = {t.id: t.count for t in TILE_TYPES.values() if t.expansion == "river"}


@register
class River(RuleModule):
    name = "river"
    order = 10
    option = Option.expansion(
        "river",
        "The River",
        "River tiles are drawn first and must continue the river; no two bends the same way.",
    )
    end: tuple[int, int] | None = None  # (cell, edge) where the river flows on
    bend = 0  # direction of the river's last bend: 1 right, -1 left

    def tiles(self) -> dict[str, int]:
        return dict(RIVER_TILES)

    def start(self) -> tuple[str, int, int, int]:
        return (RIVER_START, 0, 0, 0)

    def order_bag(self, tiles: list[str], rng: random.Random) -> list[str]:
        river = [t for t in tiles if t in RIVER_TILES]
        others = [t for t in tiles if t not in RIVER_TILES]
        rng.shuffle(others)
        river.remove(RIVER_END)
        spring = []
        if RIVER_START in river:
            river.remove(RIVER_START)
            spring = [RIVER_START]
        rng.shuffle(river)
        return spring + river + [RIVER_END] + others

    def draw_error(self, tile: str) -> str | None:
        remaining = self.game.remaining
        if remaining.get(RIVER_START) and tile != RIVER_START:
            return errors.reason("spring_first", tile=tile)
        if not remaining.get(RIVER_END):  # the river phase lasts until the lake is placed
            return None
        river_left = sum(remaining[t] for t in RIVER_TILES)
        if tile not in RIVER_TILES:
            return errors.reason("river_tiles_first", tile=tile, count=river_left)
        if tile == RIVER_END and river_left > 1:
            return errors.reason("lake_last")
        return None

    def restricts(self, tile: str) -> bool:
        if self.end is None:
            return tile == RIVER_START  # the spring, placed like a tile (with the Count)
        return tile in RIVER_TILES

    def placements(self, tile: str) -> list[Placement]:
        if self.end is None:
            return [p for p in self.game.board.placements(tile) if self._spring_error(tile, *p) is None]
        end_key, end_edge = self.end
        options = self.game.board.placements_at(end_key + DELTA[end_edge], tile)
        return [p for p in options if self.placement_error(tile, *p) is None]

    def placement_error(self, tile: str, x: int, y: int, rotation: int) -> str | None:
        """Why a river tile may not go there: it must continue the river, with no U-turn."""
        if self.end is None:
            return self._spring_error(tile, x, y, rotation)
        end_key, end_edge = self.end
        o = orientation(tile, rotation)
        ex, ey = xy_of(end_key)
        if key_of(x, y) != end_key + DELTA[end_edge]:
            return errors.reason("river_not_continued", tile=tile, x=x, y=y, edge=EDGE_WORDS[end_edge], ex=ex, ey=ey)
        inflow = (end_edge + 2) & 3
        if inflow not in o.river_edges:
            return errors.reason("river_not_taken_up", tile=tile, x=x, y=y, rotation=rotation, edge=EDGE_WORDS[inflow])
        outflow = [e for e in o.river_edges if e != inflow]
        if outflow:
            turn = _bend(end_edge, outflow[0])
            if turn and turn == self.bend:
                side = "right" if turn == 1 else "left"
                return errors.reason("river_bends_twice", tile=tile, x=x, y=y, rotation=rotation, side=side)
        return None

    def _spring_error(self, tile: str, x: int, y: int, rotation: int) -> str | None:
        (edge,) = orientation(tile, rotation).river_edges
        if key_of(x, y) + DELTA[edge] in self.game.board.cells:
            return errors.reason("spring_faces_taken_cell", tile=tile, x=x, y=y, rotation=rotation)
        return None

    def after_place(self, placed: PlacedTile) -> None:
        o = placed.orientation
        if not o.river_edges:
            return
        key = key_of(placed.x, placed.y)
        if self.end is None:  # the spring
            self.end = (key, o.river_edges[0])
            return
        end_key, end_edge = self.end
        inflow = (end_edge + 2) & 3
        outflow = [e for e in o.river_edges if e != inflow]
        if not outflow:  # the lake
            self.end = None
            return
        turn = _bend(end_edge, outflow[0])
        if turn:
            self.bend = turn
        self.end = (key, outflow[0])


def _bend(inflow_edge: int, outflow: int) -> int:
    """1 when the river turns right, -1 left, 0 straight on."""
    bend = (outflow - inflow_edge) & 3
    return 1 if bend == 1 else -1 if bend == 3 else 0
