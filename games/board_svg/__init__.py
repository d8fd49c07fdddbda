"""Server-side SVG pictures of the board and of single tiles, drawn with svgwrite.

A pure package: it gets a :class:`carcassonne.Game` (or just a tile id) and returns SVG
text; no Django (words go through :func:`use_translation`, which the games app calls
with Django's gettext). Geometry follows ``docs/rules/NOTATION.md``: ``x`` grows east,
``y`` grows south, and everything is drawn in board orientation from the tile's
:class:`~carcassonne.tiles.Orientation`.

Inside the SVG one tile is 100 user units wide whatever ``cell_size`` is; the pixel size
only sets ``width`` and ``height``. Every tile of TILES.md has its art: inns beside roads,
cathedrals, the goods symbols, bridges (TB-24, KR-5), hedges between fields that touch,
the City of Carcassonne's walls; figures of every kind are drawn in their seat colour
(large followers bigger, builders, pigs). What an expansion adds of its own (the Count's
quarters, the awards under the board) its site module registers (``expansion_art``).

Where things are, from the bottom up:

- ``palette``, ``geometry``: colours, points and paths (the words are translated through
  :mod:`games.present.pictures`);
- ``svg``: svgwrite elements and documents, written out as text;
- ``shapes`` and ``spots``: where each feature of a tile lies, and where followers stand;
- ``tile_marks`` and ``tile_art``: the drawing of each tile type at each rotation (cached);
- ``figures``: followers, builders and pigs;
- ``overlays``: the legend under the board, the last move, the cells and spots to click;
- ``expansion_art``: the drawings each expansion's site module registers (marks on its
  tiles, its state over a tile, lines under the board): the board names no expansion;
- ``assembly``: :func:`render_board` and :func:`render_tile`, and the sprites of every
  tile's drawing that pages refer to (:func:`tile_sprite`, :func:`tile_icon`).

>>> from carcassonne import replay
>>> game = replay({"players": ["Ann", "Bob"], "moves": [
...     {"tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": "road:E"}]})
>>> svg = render_board(game, highlight=[(2, 0)])
>>> svg.count('class="tile"'), svg.count('kind-follower follower role-thief"'), svg.count('class="slot"')
(2, 1, 1)
>>> from carcassonne.tiles import orientation
>>> spot_position(orientation("U", 0), "road:E")
(0.75, 0.5)
"""

from __future__ import annotations

from games.board_svg.assembly import SPRITES, render_board, render_tile, sprite_version, tile_icon, tile_sprite
from games.board_svg.expansion_art import legend_lines
from games.board_svg.figures import FIGURE_SCALE
from games.board_svg.overlays import legend_icon
from games.board_svg.palette import PALETTE, SEAT_COLORS, seat_hex
from games.board_svg.spots import spot_position
from games.present.pictures import use_translation

__all__ = [
    "render_board",
    "render_tile",
    "tile_sprite",
    "sprite_version",
    "tile_icon",
    "SPRITES",
    "legend_lines",
    "legend_icon",
    "spot_position",
    "seat_hex",
    "use_translation",
    "PALETTE",
    "SEAT_COLORS",
    "FIGURE_SCALE",
]
