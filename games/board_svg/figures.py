"""The figures on the board: followers (farmers lying down, large followers bigger),
builders and pigs in their seat's colour with its mark, each with a tooltip in whole sentences;
a crowned figure (the Count) and a badge of how many stand on one place.

>>> [made.elementname for made in figure_shapes("pig", 50, 50, "red", FIGURE_SCALE["pig"])]
['ellipse', 'path', 'path', 'path']
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING

from svgwrite.base import BaseElement

from carcassonne.figures import follower_role
from games.board_svg.geometry import fmt
from games.board_svg.palette import MARK_INK, PALETTE, SEAT_COLORS, SEAT_MARKS, UNIT
from games.board_svg.spots import spot_point
from games.board_svg.svg import Drawn, Markup, element, group, text_element, to_text
from games.present.pictures import _, figure_words

if TYPE_CHECKING:  # pragma: no cover
    from carcassonne.game import Game, PlacedTile


_MEEPLE = (
    "M0,-10.5 C3.2,-10.5 4.6,-8.2 4.1,-5.6 L8.6,-3.2 C10.4,-2.2 9.9,0.6 7.8,0.6 L4.6,0.3 "
    "L7.6,8.4 C8.1,9.8 7.3,10.5 6.2,10.5 L2,10.5 L0,7 L-2,10.5 L-6.2,10.5 C-7.3,10.5 -8.1,9.8 -7.6,8.4 "
    "L-4.6,0.3 L-7.8,0.6 C-9.9,0.6 -10.4,-2.2 -8.6,-3.2 L-4.1,-5.6 C-4.6,-8.2 -3.2,-10.5 0,-10.5 Z"
)
_BUILDER = (  # a tall figure in a wide-brimmed hat: body, head and hat in one outline
    "M-5.8,10.5 L-3.6,-1.6 C-2.2,-3.4 2.2,-3.4 3.6,-1.6 L5.8,10.5 Z "
    "M3.4,-5.4 A3.4,3.4 0 1 1 -3.4,-5.4 A3.4,3.4 0 1 1 3.4,-5.4 Z "
    "M-6.6,-7.6 H6.6 V-9 H3.2 L2.6,-13 H-2.6 L-3.2,-9 H-6.6 Z"
)
_BUILDER_TOOL = "M3.4,2.5 L9.2,-5.2 M6.8,-7.6 L11.4,-3.8"
_PIG = (  # a pig seen from the side, facing east
    "M-9.5,0.5 C-9.5,-5.5 -4,-7 1,-7 C5.5,-7 8.5,-5.5 9.4,-3 L12.6,-2.6 C13.8,-2.4 13.8,0.6 12.6,0.8 "
    "L9.6,1.2 C9,3.8 7.6,5 6.6,5.3 L6.6,9 H3.6 V6 H-4 V9 H-7 V4.8 C-8.7,3.8 -9.5,2.4 -9.5,0.5 Z "
    "M4.6,-6.6 L6.6,-10.4 L8.4,-5.4 Z"
)
_PIG_DETAIL = "M-9.3,-0.6 c-2.4,-1.4 -3.4,1.2 -1.6,1.8 c1.6,0.5 0.2,2.4 -1.5,1.4 M11.6,-1.9 v0.9 M12.6,-1.9 v0.9"

_MAYOR = (  # a stout figure in a top hat (Abbey & Mayor's mayor)
    "M-7,10.5 C-7,1 -4.8,-2.4 0,-2.4 C4.8,-2.4 7,1 7,10.5 Z "
    "M3.6,-5.8 A3.6,3.6 0 1 1 -3.6,-5.8 A3.6,3.6 0 1 1 3.6,-5.8 Z "
    "M-5.8,-8.6 H5.8 V-10 H3.2 V-15 H-3.2 V-10 H-5.8 Z"
)
_MAYOR_DETAIL = "M-3.4,-0.8 L0,3.2 L3.4,-0.8"  # the chain of office
_WAGON = (  # a cart seen from the side, its shaft to the east, on two wheels
    "M-10,-6.5 H10 L8.6,2.6 H-8.6 Z M10,-1.6 L14.4,-3.6 L14.8,-2.4 L10,0 Z "
    "M-2.6,6.4 A3.8,3.8 0 1 1 -10.2,6.4 A3.8,3.8 0 1 1 -2.6,6.4 Z "
    "M10.2,6.4 A3.8,3.8 0 1 1 2.6,6.4 A3.8,3.8 0 1 1 10.2,6.4 Z"
)
_WAGON_DETAIL = "M-6.4,4.4 V8.4 M-8.4,6.4 H-4.4 M6.4,4.4 V8.4 M4.4,6.4 H8.4"  # the wheels' spokes
_BARN = "M-10,10.5 V-2.5 L0,-11 L10,-2.5 V10.5 Z"  # a barn: walls and a pitched roof
_BARN_DETAIL = "M-3.6,10.5 V4 H3.6 V10.5 M-3.6,4 L3.6,10.5 M3.6,4 L-3.6,10.5 M-10,-2.5 H10"  # its door and eaves

_CROWNED = (  # a stout figure with a crown (the Count)
    "M-7.6,10.5 C-7.6,1 -5.2,-2.6 0,-2.6 C5.2,-2.6 7.6,1 7.6,10.5 Z "
    "M3.8,-6.2 A3.8,3.8 0 1 1 -3.8,-6.2 A3.8,3.8 0 1 1 3.8,-6.2 Z"
)
_CROWN = "M-4.2,-9.2 L-4.4,-14.2 L-2.1,-11.6 L0,-15 L2.1,-11.6 L4.4,-14.2 L4.2,-9.2 Z"

FIGURE_SCALE = {"follower": 1.25, "large": 1.7, "builder": 1.25, "pig": 1.2, "mayor": 1.3, "wagon": 1.2, "barn": 1.35}
"""How big each kind of figure is drawn on a tile (the large follower clearly bigger)."""


def _outline_for(color: str) -> str:
    return "#e0e0e0" if color == "black" else PALETTE["meeple_line"]


_BODIES = {
    "follower": _MEEPLE,
    "large": _MEEPLE,
    "builder": _BUILDER,
    "pig": _PIG,
    "mayor": _MAYOR,
    "wagon": _WAGON,
    "barn": _BARN,
}
_MARK_AT = {
    "follower": (0.0, 1.2),
    "large": (0.0, 1.2),
    "builder": (0.0, 4.4),
    "pig": (-1.0, -0.8),
    "mayor": (0.0, 6.4),
    "wagon": (0.0, -2.2),
    "barn": (0.0, -1.2),
}
"""Where the seat's mark sits on each kind of figure, in its units (the chest, the pig's flank,
the wagon's box, the barn's gable)."""
_DETAILS = {
    "builder": _BUILDER_TOOL,
    "pig": _PIG_DETAIL,
    "mayor": _MAYOR_DETAIL,
    "wagon": _WAGON_DETAIL,
    "barn": _BARN_DETAIL,
}
_SHADOW_WIDTH = {"pig": 10.0, "wagon": 11.0, "barn": 11.0}
"""Half the width of a standing figure's shadow, in its units (8 for the others)."""
CORNERS = ((1, -1, (1, 2)), (1, 1, (3, 4)), (-1, 1, (5, 6)), (-1, -1, (7, 0)))
"""A tile's corners (NE, SE, SW, NW) as the signs of their direction and the two halves of
its edges (``carcassonne.tiles.HALVES``) that meet there."""


def _shape_id(kind: str, part: str = "body") -> str:
    return f"carc-{'follower' if kind == 'large' else kind}-{part}"


def figure_defs(figures: Iterable[tuple[str, str]]) -> list[Markup]:
    """The outlines of the ``figures`` (kind and seat colour) on a board, each defined once
    (the board's figures are ``<use>`` s of them, in their colours): a kind's outline, and
    for each colour of it the outline with the seat's mark."""
    defs = {}
    for kind, color in figures:
        defs[_shape_id(kind)] = f'<path id="{_shape_id(kind)}" d="{_BODIES[kind]}" />'
        if kind in _DETAILS:
            defs[_shape_id(kind, "detail")] = f'<path id="{_shape_id(kind, "detail")}" d="{_DETAILS[kind]}" />'
        if color in SEAT_MARKS:
            mark = _mark(kind, color)
            marked = _shape_id(kind, color)
            defs[marked] = f'<g id="{marked}"><use xlink:href="#{_shape_id(kind)}" />{to_text(mark)}</g>'
    return [Markup("path" if text.startswith("<path") else "g", text) for _name, text in sorted(defs.items())]


def _mark(kind: str, color: str, transform: str = "") -> BaseElement:
    """The seat's mark on a figure of ``kind`` (in the figure's units, after ``transform``)."""
    mx, my = _MARK_AT[kind]
    return element(
        "path",
        d=SEAT_MARKS[color],
        transform=f"{transform} translate({fmt(mx)},{fmt(my)}) scale(0.85)".strip(),
        fill=MARK_INK.get(color, "#ffffff"),
        stroke="none",
    )


def figure_shapes(
    kind: str, x: float, y: float, color: str, scale: float, lying: bool = False, defined: bool = False
) -> Drawn:
    """The drawing of one figure of ``kind`` standing at (x, y): a shadow and the figure
    (``defined``: its outlines are ``<use>`` s of :func:`figure_defs`)."""
    fill = SEAT_COLORS.get(color, color)
    outline = _outline_for(color)
    fx, fy = fmt(x), fmt(y)
    lie = " rotate(90)" if lying else ""
    transform = f"translate({fx},{fy}){lie} scale({fmt(scale)})"
    body = _BODIES[kind]
    if lying:
        shadow = element(
            "ellipse",
            cx=fx,
            cy=fmt(y + 8.4 * scale),
            rx=fmt(12 * scale),
            ry=fmt(3.2 * scale),
            fill=PALETTE["shadow"],
            **{"fill-opacity": "0.25"},
        )
    else:
        shadow = element(
            "ellipse",
            cx=fx,
            cy=fmt(y + 10.4 * scale),
            rx=fmt(_SHADOW_WIDTH.get(kind, 8.0) * scale),
            ry=fmt(2.6 * scale),
            fill=PALETTE["shadow"],
            **{"fill-opacity": "0.3"},
        )
    marked = color in SEAT_MARKS
    shapes = [
        shadow,
        _outline(
            body,
            (_shape_id(kind, color) if marked else _shape_id(kind)) if defined else None,
            transform=transform,
            fill=fill,
            stroke=outline,
            **{"stroke-width": fmt(1.5 / scale), "stroke-linejoin": "round"},
        ),
    ]
    if marked and not defined:
        shapes.append(_mark(kind, color, transform))
    detail = _DETAILS.get(kind)
    if detail:
        shapes.append(
            _outline(
                detail,
                _shape_id(kind, "detail") if defined else None,
                transform=transform,
                fill="none",
                stroke=outline,
                **{"stroke-width": fmt(2.2 / scale if kind == "builder" else 1.2 / scale), "stroke-linecap": "round"},
            )
        )
    return shapes


def _outline(d: str, defined: str | None, **attributes: str) -> BaseElement:
    """A figure's outline: the path itself, or a ``<use>`` of its definition ``defined``."""
    if defined is None:
        return element("path", d=d, **attributes)
    return element("use", {"xlink:href": f"#{defined}"}, **attributes)


def _figure_label(kind: str, spot: str, player: str) -> str:
    """The figure's tooltip: its player, and the figure on its spot in the reader's words."""
    return _("%(player)s: %(figure)s") % {"player": player, "figure": figure_words(kind, spot)}


@lru_cache(maxsize=4096)
def _figure(
    x: float, y: float, spot: str, kind: str, color: str, label: str, data: tuple[tuple[str, str], ...]
) -> Markup:
    """A figure at (x, y) in board units: followers stand (farmers lie down), builders and pigs stand.
    Kept as text: a figure stays on the board from move to move."""
    role = follower_role(spot)
    follower = kind in ("follower", "large")
    classes = f"figure kind-{kind}" + (f" follower role-{role}" if follower else "")
    shapes = figure_shapes(kind, x, y, color, FIGURE_SCALE[kind], lying=follower and role == "farmer", defined=True)
    return Markup(
        "g",
        to_text(group({"class": classes, "data-spot": spot, "data-figure": kind, **dict(data)}, shapes, title=label)),
    )


_SPREAD = ((0.0, 0.0), (9.0, 5.0), (-9.0, 5.0), (0.0, 10.0), (9.0, -5.0), (-9.0, -5.0))
"""Offsets of figures sharing one spot (a pig and a farmer, reinforcements from the City)."""


def figures_layer(game: Game, tiles: list[PlacedTile]) -> BaseElement:
    """Every figure on the board, in its seat's colour, with a tooltip and its place as ``data-*``."""
    colors, names = game.colors, game.players
    layer = element("g", {"class": "followers"})
    for placed in tiles:
        kinds = placed.kinds()
        if not kinds:
            continue
        taken: dict[str, int] = {}
        for spot, seat, kind in placed.figures_here():
            fx, fy = (
                _corner_point(game, placed, spot) if kind == "barn" else spot_point(placed.tile, placed.rotation, spot)
            )
            n = taken.get(spot, 0)
            taken[spot] = n + 1
            dx, dy = _SPREAD[n % len(_SPREAD)]
            data = (
                ("data-x", str(placed.x)),
                ("data-y", str(placed.y)),
                ("data-seat", str(seat)),
                ("data-player", names[seat]),
            )
            layer.add(
                _figure(
                    placed.x * UNIT + fx + dx,
                    placed.y * UNIT + fy + dy,
                    spot,
                    kind,
                    colors[seat],
                    _figure_label(kind, spot, names[seat]),
                    data,
                )
            )
    return layer


def _corner_point(game: Game, placed: PlacedTile, spot: str) -> tuple[float, float]:
    """Where a figure standing on a corner of its field (the barn) is drawn, in the tile's
    0..100 units: on the first corner of the field ``spot`` where four tiles meet (else
    the field's spot)."""
    o = placed.orientation
    index = o.spot_index.get(spot)
    for dx, dy, (a, b) in CORNERS:
        if index is not None and o.half_segment[a] == o.half_segment[b] == index:
            around = ((placed.x + dx, placed.y), (placed.x, placed.y + dy), (placed.x + dx, placed.y + dy))
            if all(game.tile_at(x, y) is not None for x, y in around):
                return 50.0 + 50 * dx, 50.0 + 50 * dy - 6
    return spot_point(placed.tile, placed.rotation, spot)


def crowned_figure(x: float, y: float, color: str, attributes: dict[str, str], label: str) -> BaseElement:
    """A crowned figure standing at (x, y) in ``color`` (the Count), with its group's ``attributes``."""
    transform = f"translate({fmt(x)},{fmt(y)}) scale(0.8)"
    return group(
        attributes,
        [
            element(
                "ellipse",
                cx=fmt(x),
                cy=fmt(y + 8.5),
                rx="6.5",
                ry="2",
                fill=PALETTE["shadow"],
                **{"fill-opacity": "0.3"},
            ),
            element(
                "path",
                d=_CROWNED,
                transform=transform,
                fill=color,
                stroke=PALETTE["meeple_line"],
                **{"stroke-width": "1.6", "stroke-linejoin": "round"},
            ),
            element(
                "path",
                d=_CROWN,
                transform=transform,
                fill=PALETTE["crown"],
                stroke=PALETTE["meeple_line"],
                **{"stroke-width": "1.2", "stroke-linejoin": "round"},
            ),
        ],
        title=label,
    )


def number_badge(fx: float, fy: float, n: int) -> list[BaseElement]:
    """How many figures stand on one place: a small dark badge with the number, beside (fx, fy)."""
    circle = {"cx": fmt(fx + 5), "cy": fmt(fy + 4), "r": "3.6", "fill": PALETTE["text"], "stroke": "#ffffff"}
    disc = element("circle", {**circle, "stroke-width": "0.8"})
    number = {
        "class": "quarter-count",
        "x": fmt(fx + 5),
        "y": fmt(fy + 6),
        "text-anchor": "middle",
        "font-size": "5.6",
        "font-weight": "bold",
        "font-family": "sans-serif",
        "fill": "#ffffff",
    }
    return [disc, text_element(number, str(n))]
