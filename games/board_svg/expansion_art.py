"""What the board draws of an expansion's state, by expansion id: the one place the board
names an expansion.

Tile art (rivers, inns, cathedrals, goods, bridges, the City's walls) follows the tiles'
features and needs nothing here. What follows a game's state is drawn by the game's rule
module of that expansion: a drawing over one tile (the Count's quarters on their tile,
also on a tile preview) and lines under the board (King & Robber's awards). The assembly
draws every board alike and asks this table; a new expansion's drawing of its state is a
module of its own and one line here.

>>> sorted(ART), sorted(OVERLAID_TILES)
(['count', 'king_robber'], ['CO-7'])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from svgwrite.base import BaseElement

from games.board_svg.city import city_overlay
from games.board_svg.overlays import award_lines
from games.board_svg.shapes import QUARTER_TILE

if TYPE_CHECKING:  # pragma: no cover
    from carcassonne.game import Game

LegendLine = tuple[str, str, "int | None", str]


@dataclass(frozen=True)
class ExpansionArt:
    """An expansion's drawings of its state."""

    tiles: dict[str, Callable[[Any, int], BaseElement]] = field(default_factory=dict)
    """Tile id -> drawing over that tile, from the rule module (``None`` on a preview) and the rotation."""
    legend: Callable[[Game, Any], list[LegendLine]] | None = None
    """The lines under the board, from the game and its rule module."""


ART: dict[str, ExpansionArt] = {
    "count": ExpansionArt(tiles={QUARTER_TILE: city_overlay}),
    "king_robber": ExpansionArt(legend=award_lines),
}

OVERLAID_TILES = {tile: name for name, art in ART.items() for tile in art.tiles}
"""The tiles drawn with their expansion's state over them, and whose state it is."""


def rule_module(game: Game | None, name: str) -> Any:
    """The game's rule module ``name`` (its state), or ``None``."""
    return next((m for m in getattr(game, "modules", ()) if getattr(m, "name", "") == name), None)


def tile_overlay(game: Game | None, tile: str, rotation: int) -> BaseElement:
    """The drawing over ``tile`` (one of :data:`OVERLAID_TILES`) of ``game``'s state (``None``: a preview)."""
    name = OVERLAID_TILES[tile]
    return ART[name].tiles[tile](rule_module(game, name), rotation)


def legend_lines(game: Game) -> list[LegendLine]:
    """The lines under the board of every expansion ``game`` plays (none: no legend)."""
    lines: list[LegendLine] = []
    for name, art in ART.items():
        legend = art.legend
        module = rule_module(game, name) if legend is not None else None
        if legend is not None and module is not None:
            lines += legend(game, module)
    return lines
