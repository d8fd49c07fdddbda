"""The documents: the whole board of a game, and one tile on its own (a preview).

Each tile type at each rotation is drawn once (:mod:`games.board_svg.tile_art`), written
once as text and kept; a board defines each type it shows once (``<defs>``) and places it
with ``<use>``; what several tiles draw alike (the field, a coat of arms, the abbey) is
defined once beside them and placed with ``<use>`` inside each drawing. What a board shows from move to move is kept as text too, in bounded caches
keyed by all it shows (words included): each placed tile, empty cell and figure. So a full
board of 150 tiles takes about a millisecond once seen, a few the first time
(``manage.py bench_board``). What depends on the game's state beyond that (the City's
quarters, the awards, the last move, the cells to click) is drawn each time.

A page need not carry the tiles' drawings at all: given ``sprite`` (a URL pattern, see
:func:`tile_sprite`), a board or a tile preview refers to the drawings in the sprite of the
tile's expansion, one file per expansion that the browser keeps, instead of defining them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from svgwrite import Drawing
from svgwrite.base import BaseElement

from carcassonne.tiles import ROTATIONS, TILE_TYPES, orientation
from games.board_svg.expansion_art import legend_lines, overlaid, tile_overlay
from games.board_svg.figures import figure_defs, figures_layer
from games.board_svg.geometry import fmt
from games.board_svg.overlays import LEGEND_ROW, SLOTS_STYLE, SPOTS_STYLE, last_move_mark, slot, slot_label, spot_button
from games.board_svg.overlays import legend as draw_legend
from games.board_svg.palette import PALETTE, UNIT
from games.board_svg.svg import Markup, Node, document, element, group, to_text
from games.board_svg.tile_art import SYMBOLS, field_art, tile_art
from games.present.pictures import _, ngettext

if TYPE_CHECKING:  # pragma: no cover
    from carcassonne.game import Game, PlacedTile

_FIELD_ID = "carc-field"


def _defs_id(tile: str, rotation: int) -> str:
    return f"carc-{tile}-{rotation}"


@cache
def _field_def() -> Markup:
    """The field every tile lies on, defined once per board (kept as text)."""
    return Markup("g", to_text(group({"id": _FIELD_ID}, field_art())))


@cache
def _symbol_def(name: str) -> Markup:
    """A drawing several tiles share (:data:`~games.board_svg.tile_art.SYMBOLS`), defined once (kept as text)."""
    return Markup("g", to_text(group({"id": name}, SYMBOLS[name])))


def _symbol_defs(drawings: Iterable[Markup]) -> list[Markup]:
    """The shared drawings that ``drawings`` place, each once."""
    texts = [made.text for made in drawings]
    return [_symbol_def(name) for name in SYMBOLS if any(f'"#{name}"' in text for text in texts)]


@cache
def _tile_def(tile: str, rotation: int) -> Markup:
    """The drawing of one tile type at one rotation as a ``<defs>`` entry (kept as text)."""
    field = element("use", {"xlink:href": f"#{_FIELD_ID}"})
    return Markup("g", to_text(group({"id": _defs_id(tile, rotation)}, [field, *tile_art(tile, rotation)])))


@cache
def _tile_use(tile: str, rotation: int, sprite: str | None = None) -> BaseElement:
    """The ``<use>`` of a tile type's drawing (one element, shared by every tile of that type):
    in the board's own ``<defs>``, or with ``sprite`` in its expansion's sprite."""
    return element("use", {"xlink:href": tile_href(tile, rotation, sprite)})


SPRITES = tuple(sorted({t.expansion for t in TILE_TYPES.values()}))
"""The expansions, each with a sprite of its tiles' drawings (:func:`tile_sprite`)."""


@cache
def tile_sprite(expansion: str) -> str:
    """Every tile of ``expansion`` at every rotation, as the ``<defs>`` of an SVG document
    that pages refer to (``<use xlink:href="…/base.svg?v=…#carc-V-90">``): each drawing
    written once, kept by the browser, instead of defined again by every board and picture.
    Raises ``KeyError`` for an unknown expansion."""
    if expansion not in SPRITES:
        raise KeyError(expansion)
    tiles = sorted(t for t, kind in TILE_TYPES.items() if kind.expansion == expansion)
    drawings = [_tile_def(t, r) for t in tiles for r in ROTATIONS]
    defs = [_field_def(), *_symbol_defs(drawings), *drawings]
    return to_text(document({"width": "100px", "height": "100px", "viewBox": f"0,0,{UNIT},{UNIT}"}, [], defs))


@cache
def sprite_version(expansion: str) -> str:
    """A short digest of the sprite of ``expansion``: a new drawing is a new URL."""
    return hashlib.sha256(tile_sprite(expansion).encode()).hexdigest()[:8]


def tile_href(tile: str, rotation: int, sprite: str | None = None) -> str:
    """Where the drawing of ``tile`` at ``rotation`` is: ``#carc-V-90`` in the document's
    own ``<defs>``, or with ``sprite`` (a pattern such as ``/tiles/{expansion}.svg?v={version}``)
    in the sprite of the tile's expansion."""
    local = f"#{_defs_id(tile, rotation)}"
    if sprite is None:
        return local
    expansion = TILE_TYPES[tile].expansion
    return sprite.format(expansion=expansion, version=sprite_version(expansion)) + local


@lru_cache(maxsize=1024)
def tile_icon(tile: str, sprite: str, rotation: int = 0) -> str:
    """A small picture of ``tile`` for a list (the moves, the bag): a ``<use>`` of its drawing
    in ``sprite``, sized by the page's CSS, hidden from screen readers (the list says the tile)."""
    href = tile_href(tile, rotation, sprite)
    return f'<svg viewBox="0,0,{UNIT},{UNIT}" aria-hidden="true"><use xlink:href="{href}" /></svg>'


def render_board(
    game: Game,
    *,
    last_move: bool = True,
    highlight: Iterable[tuple[int, int]] | None = None,
    cell_size: int = 64,
    interactive: bool = False,
    empty_cells: bool | None = None,
    labels: Mapping[tuple[int, int], str] | None = None,
    legend: bool = True,
    sprite: str | None = None,
) -> str:
    """The whole board of ``game`` as an SVG document string.

    ``empty_cells`` (default: while the game is on) draws the dashed empty cells around
    the tiles; a finished board is shown without them.

    The ``viewBox`` covers every placed tile plus one cell all round, so the empty cells
    next to the board show; ``width``/``height`` are ``cell_size`` px per cell. Each tile
    type's drawing is defined once (``<defs>``) and each placed tile is one
    ``<g class="tile">`` with ``data-x``, ``data-y``, ``data-tile``, ``data-rotation``, a
    ``<title>`` and a ``<use>`` of its drawing; figures are ``<g class="figure kind-…">``
    in their seat colour (followers also ``follower role-…``: farmers lie down; large
    followers bigger; builders and pigs their own shapes). The City of Carcassonne's
    quarters tile shows the quarters' names, the followers in each and the Count. With
    King & Robber a legend under the board names the award holders (the ``viewBox`` grows
    by its height); ``legend=False`` leaves it out, for a page or an e-mail that shows
    :func:`~games.board_svg.expansion_art.legend_lines` beside the board in its own words.
    The last placed tile gets a ``class="last-move"`` outline when
    ``last_move`` is true. ``highlight`` lists empty cells ``(x, y)`` drawn as focusable
    ``<rect class="slot">`` buttons (the places where the drawn tile fits).
    ``labels`` writes a short text into some of those cells (``{(x, y): "A"}``: the
    turn e-mail's picture, which a reply names cells by).
    ``interactive`` is accepted for the turn UI; the ``data-*`` attributes are always
    written. ``sprite``: the tiles' drawings are not defined but referred to in the
    sprites (:func:`tile_sprite`; a page's board). Nothing hidden is drawn: neither the bag
    nor any player's tiles in hand.
    """
    return to_text(
        board_document(
            game,
            last_move=last_move,
            highlight=highlight,
            cell_size=cell_size,
            interactive=interactive,
            empty_cells=empty_cells,
            labels=labels,
            legend=legend,
            sprite=sprite,
        )
    )


def board_document(
    game: Game,
    *,
    last_move: bool,
    highlight: Iterable[tuple[int, int]] | None,
    cell_size: int,
    interactive: bool,
    empty_cells: bool | None,
    labels: Mapping[tuple[int, int], str] | None = None,
    legend: bool = True,
    sprite: str | None = None,
) -> Drawing:
    """The board of :func:`render_board` as an svgwrite drawing."""
    tiles = list(game.placed_tiles())
    cells = {(t.x, t.y) for t in tiles}
    slots = _slots(highlight, cells)
    x0, y0, cols, rows = _frame(cells, slots)
    awards = legend_lines(game) if legend else []
    below = len(awards) * LEGEND_ROW + 8 if awards else 0  # the legend's height
    layers: list[Node] = [
        element("rect", x=x0 * UNIT, y=y0 * UNIT, width=cols * UNIT, height=rows * UNIT, fill=PALETTE["board"]),
        _empty_cells(cells, slots, shown=not game.finished if empty_cells is None else empty_cells),
        group({"class": "tiles"}, [_tile_group(game, placed, sprite) for placed in tiles]),
    ]
    last = game.last_placed if last_move else None
    if last is not None:
        layers.append(last_move_mark(last))
    layers.append(figures_layer(game, tiles))
    if slots:
        layers.append(group({"class": "slots", **SLOTS_STYLE}, [slot(x, y) for x, y in slots]))
        if labels:
            layers.append(
                group({"class": "slot-labels"}, [slot_label(x, y, labels[x, y]) for x, y in slots if (x, y) in labels])
            )
    if awards:
        layers.append(draw_legend(game, awards, x0 * UNIT, (y0 + rows) * UNIT, cols * UNIT))
    label = ngettext(
        "Carcassonne board: %(tiles)d tile, %(players)d players",
        "Carcassonne board: %(tiles)d tiles, %(players)d players",
        len(tiles),
    ) % {"tiles": len(tiles), "players": len(game.players)}
    drawings = [_tile_def(tile, rotation) for tile, rotation in sorted({(t.tile, t.rotation) for t in tiles})]
    defs = [_field_def(), *_symbol_defs(drawings), *drawings]
    if sprite is not None:  # the drawings are in the sprites
        defs = []
    defs += figure_defs({(kind, game.colors[seat]) for placed in tiles for _spot, seat, kind in placed.figures_here()})
    return document(
        {
            "width": f"{cols * cell_size}px",
            "height": f"{fmt(rows * cell_size + below * cell_size / UNIT)}px",
            "viewBox": f"{x0 * UNIT},{y0 * UNIT},{cols * UNIT},{rows * UNIT + below}",
            # a picture, or a group when it holds buttons (an image's content is not reachable)
            "class": "board" + (" interactive" if interactive else ""),
            "role": "group" if slots else "img",
            "aria-label": label,
            "data-min-x": str(x0 + 1),
            "data-min-y": str(y0 + 1),
            "data-cell": str(UNIT),
        },
        layers,
        defs=defs,
    )


def _slots(highlight: Iterable[tuple[int, int]] | None, cells: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """The highlighted cells that are empty, each once, in the order given."""
    slots: list[tuple[int, int]] = []
    for item in highlight or ():
        cell = (int(item[0]), int(item[1]))
        if cell not in cells and cell not in slots:
            slots.append(cell)
    return slots


def _frame(cells: set[tuple[int, int]], slots: list[tuple[int, int]]) -> tuple[int, int, int, int]:
    """West and north cell, columns and rows of the board shown: every tile and slot, one cell all round."""
    xs = [x for x, _y in cells] + [x for x, _y in slots]
    ys = [y for _x, y in cells] + [y for _x, y in slots]
    x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    return x0, y0, x1 - x0 + 1, y1 - y0 + 1


def _empty_cells(cells: set[tuple[int, int]], slots: list[tuple[int, int]], shown: bool) -> BaseElement:
    """The dashed empty cells next to the tiles (where no slot is shown instead)."""
    empty = set()
    for x, y in cells:
        for near in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
            if near not in cells:
                empty.add(near)
    rects = [_empty_cell(x, y) for x, y in (sorted(empty - set(slots)) if shown else ())]
    return group(
        {
            "class": "empty-cells",
            "fill": PALETTE["empty"],
            "stroke": PALETTE["empty_line"],
            "stroke-width": "1.5",
            "stroke-dasharray": "6 5",
        },
        rects,
    )


@lru_cache(maxsize=4096)
def _empty_cell(x: int, y: int) -> Markup:
    """One dashed empty cell (kept as text: the cells round a board change little from move to move)."""
    return Markup(
        "rect", to_text(element("rect", x=x * UNIT + 3, y=y * UNIT + 3, width=UNIT - 6, height=UNIT - 6, rx=6))
    )


def _tile_group(game: Game, placed: PlacedTile, sprite: str | None = None) -> Node:
    """A placed tile: its place, its tooltip and the ``<use>`` of its drawing (and over some, an expansion's state)."""
    tile, rotation, x, y = placed.tile, placed.rotation, placed.x, placed.y
    title = _("%(tile)s at (%(x)d,%(y)d), rotation %(rotation)d") % {"tile": tile, "x": x, "y": y, "rotation": rotation}
    if overlaid(tile):
        return _tile_group_with(tile, rotation, x, y, title, [tile_overlay(game, tile, rotation)], sprite)
    return _placed_tile(tile, rotation, x, y, title, sprite)


@lru_cache(maxsize=8192)
def _placed_tile(tile: str, rotation: int, x: int, y: int, title: str, sprite: str | None = None) -> Markup:
    """A placed tile with nothing of the game's state on it (kept as text: a board grows by one tile a move)."""
    return Markup("g", to_text(_tile_group_with(tile, rotation, x, y, title, [], sprite)))


def _tile_group_with(
    tile: str, rotation: int, x: int, y: int, title: str, over: list[Node], sprite: str | None = None
) -> BaseElement:
    return group(
        {
            "class": "tile",
            "transform": f"translate({x * UNIT},{y * UNIT})",
            "data-x": str(x),
            "data-y": str(y),
            "data-tile": tile,
            "data-rotation": str(rotation),
        },
        [_tile_use(tile, rotation, sprite), *over],
        title=title,
    )


def render_tile(
    tile_id: str, rotation: int = 0, *, size: int = 96, spots: Iterable[str] | None = None, sprite: str | None = None
) -> str:
    """One tile (e.g. the drawn tile's preview) as an SVG document string of ``size`` px.

    With ``spots`` (spot names in board orientation, e.g. from ``Game.legal_spots``),
    each is drawn as a focusable ``<circle class="spot" data-spot=…>`` button where a
    follower would stand. ``sprite``: the drawing is referred to in the sprite of the
    tile's expansion (see :func:`tile_sprite`). Raises ``KeyError``/``ValueError`` for an
    unknown tile, rotation or spot.
    """
    return to_text(tile_document(tile_id, rotation, size=size, spots=spots, sprite=sprite))


def tile_document(
    tile_id: str, rotation: int = 0, *, size: int = 96, spots: Iterable[str] | None = None, sprite: str | None = None
) -> Drawing:
    """The tile of :func:`render_tile` as an svgwrite drawing."""
    o = orientation(tile_id, rotation)
    defs: list[Markup] = []
    if sprite is None:
        art: list[Node] = [*field_art(), *tile_art(tile_id, rotation)]
        defs = _symbol_defs([_tile_def(tile_id, rotation)])
    else:
        art = [_tile_use(tile_id, rotation, sprite)]
    if overlaid(tile_id):
        art.append(tile_overlay(None, tile_id, rotation))
    title = _("%(tile)s, rotation %(rotation)d") % {"tile": tile_id, "rotation": rotation}
    tile = group({"class": "tile", "data-tile": tile_id, "data-rotation": str(rotation)}, art, title=title)
    buttons = [spot_button(o.tile.id, o.rotation, spot) for spot in spots or ()]
    if buttons:
        buttons = [group({"class": "spot-buttons", **SPOTS_STYLE}, buttons)]
    return document(
        {
            "width": f"{size}px",
            "height": f"{size}px",
            "viewBox": f"0,0,{UNIT},{UNIT}",
            "class": "tile-preview",
            "role": "img",
            "aria-label": _("Tile %(tile)s, rotation %(rotation)d") % {"tile": tile_id, "rotation": rotation},
        },
        [tile, *buttons],
        defs=defs,
    )
