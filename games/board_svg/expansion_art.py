"""What the board draws of an expansion, filled in by the site's expansion modules
(``games.present.expansions``): the board itself names no expansion.

Tile art that follows the tiles' features (rivers, inns, cathedrals, goods, the City's
walls) needs nothing here. What an expansion adds is registered by its site module, as an
:class:`ExpansionArt`: marks on some tiles' own drawing (cached with the tile), a drawing
of the game's state over a tile (also on a tile preview), and lines under the board with
their icons.

>>> art = ExpansionArt(legend_icons={"moon": lambda x, y: []})
>>> register("moon", art); legend_icon_shapes("moon", 0, 0); del ART["moon"]
[]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from svgwrite.base import BaseElement

from games.board_svg.svg import Drawn

if TYPE_CHECKING:  # pragma: no cover
    from carcassonne.game import Game
    from games.board_svg.shapes import TileShapes


class LegendLine(NamedTuple):
    """One line under the board: its icon's key, its text, the seat it names (or ``None``), its tooltip."""

    key: str
    text: str
    seat: int | None
    tooltip: str


@dataclass(frozen=True)
class ExpansionArt:
    """An expansion's drawings on the board."""

    tile_marks: dict[str, Callable[[TileShapes], Drawn]] = field(default_factory=dict)
    """Tile id -> marks drawn into that tile's own (cached) picture; such a tile draws no houses."""
    tiles: dict[str, Callable[[Any, int], BaseElement]] = field(default_factory=dict)
    """Tile id -> drawing over that tile, from the rule module (``None`` on a preview) and the rotation."""
    legend: Callable[[Game, Any], list[LegendLine]] | None = None
    """The lines under the board, from the game and its rule module."""
    legend_icons: dict[str, Callable[[float, float], Drawn]] = field(default_factory=dict)
    """A legend line's icon by its key, centred on (x, y)."""


ART: dict[str, ExpansionArt] = {}
"""Each expansion's art by expansion id, in the site registry's order."""

_MARKS: dict[str, Callable[[TileShapes], Drawn]] = {}
_OVERLAYS: dict[str, tuple[str, Callable[[Any, int], BaseElement]]] = {}
"""The tiles of :data:`ART` looked up on every board (kept beside it by :func:`register`)."""


def register(expansion: str, art: ExpansionArt) -> None:
    """Add ``expansion``'s drawings to the board (its site module does, on import)."""
    ART[expansion] = art
    _MARKS.update(art.tile_marks)
    _OVERLAYS.update({tile: (expansion, draw) for tile, draw in art.tiles.items()})


def clear() -> None:
    """Forget every expansion's drawings (before the site registry registers them again)."""
    ART.clear()
    _MARKS.clear()
    _OVERLAYS.clear()


def marked(tile: str) -> bool:
    """Whether an expansion marks ``tile``'s own picture."""
    return tile in _MARKS


def tile_marks(sh: TileShapes) -> Drawn:
    """The marks an expansion adds to the picture of the tile ``sh`` draws (none for most)."""
    draw = _MARKS.get(sh.o.tile.id)
    return draw(sh) if draw else []


def overlaid(tile: str) -> bool:
    """Whether ``tile`` is drawn with an expansion's state over it."""
    return tile in _OVERLAYS


def rule_module(game: Game | None, name: str) -> Any:
    """The game's rule module ``name`` (its state), or ``None``."""
    return next((m for m in getattr(game, "modules", ()) if getattr(m, "name", "") == name), None)


def tile_overlay(game: Game | None, tile: str, rotation: int) -> BaseElement:
    """The drawing over ``tile`` (see :func:`overlaid`) of ``game``'s state (``None``: a preview)."""
    name, draw = _OVERLAYS[tile]
    return draw(rule_module(game, name), rotation)


def legend_lines(game: Game) -> list[LegendLine]:
    """The lines under the board of every expansion ``game`` plays (none: no legend)."""
    lines: list[LegendLine] = []
    for name, art in ART.items():
        module = rule_module(game, name) if art.legend is not None else None
        if art.legend is not None and module is not None:
            lines += art.legend(game, module)
    return lines


def legend_icon_shapes(key: str, x: float, y: float) -> Drawn:
    """The icon of the legend lines ``key``, centred on (x, y)."""
    for art in ART.values():
        if key in art.legend_icons:
            return art.legend_icons[key](x, y)
    return []
