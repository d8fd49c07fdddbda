"""What lies over the board's tiles: the expansions' legend under the board, the last
move's outline, the empty cells where the drawn tile fits (buttons), and the spots of a
tile preview where a follower may stand (buttons).

>>> to_text(slot(2, -1)).split(" tabindex=")[0]
'<rect x="204" y="-96" width="92" height="92" rx="8"'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from svgwrite.base import BaseElement

from carcassonne import COLORS
from carcassonne.figures import follower_role
from games.board_svg.expansion_art import LegendLine, legend_icon_shapes
from games.board_svg.geometry import fmt
from games.board_svg.palette import MARK_INK, PALETTE, SEAT_MARKS, UNIT, seat_hex
from games.board_svg.spots import spot_point
from games.board_svg.svg import document, element, text_element, titled, to_text
from games.present.pictures import _, figure_words

if TYPE_CHECKING:  # pragma: no cover
    from carcassonne.game import Game, PlacedTile


LEGEND_ROW = 38
"""Height in board units of one line of the legend under the board."""


def legend_icon(key: str) -> str:
    """A legend line's small picture (see ``expansion_art``) as an SVG document, for a page's legend."""
    return to_text(
        document(
            {
                "width": "20",
                "height": "20",
                "viewBox": "0,0,20,20",
                "aria-hidden": "true",
                "class": f"award-icon award-icon-{key}",
            },
            legend_icon_shapes(key, 10, 10),
        )
    )


def _seat_mark(seat: int, x: float, y: float) -> BaseElement:
    """The seat's mark (see ``palette.SEAT_MARKS``) inside its colour's disc at (x, y)."""
    color = COLORS[seat % len(COLORS)]
    return element(
        "path",
        {"class": "seat-mark"},
        d=SEAT_MARKS[color],
        transform=f"translate({fmt(x)},{fmt(y)}) scale(1.2)",
        fill=MARK_INK.get(color, "#ffffff"),
    )


def legend(game: Game, lines: list[LegendLine], x0: float, y0: float, width: float) -> BaseElement:
    """The awards under the board, each beside its holder's colour."""
    layer = element("g", {"class": "legend"})
    layer.add(
        element(
            "rect",
            x=fmt(x0),
            y=fmt(y0),
            width=fmt(width),
            height=fmt(len(lines) * LEGEND_ROW + 8),
            fill=PALETTE["legend"],
        )
    )
    for i, (award, text, seat, tooltip) in enumerate(lines):
        y = y0 + 4 + i * LEGEND_ROW + LEGEND_ROW / 2
        row = element(
            "g",
            {
                "class": f"award award-{award}",
                **({"data-seat": str(seat), "data-player": game.players[seat]} if seat is not None else {}),
            },
        )
        titled(row, tooltip)
        for shape in legend_icon_shapes(award, x0 + 24, y):
            row.add(shape)
        x = x0 + 42
        if seat is not None:
            row.add(
                element(
                    "circle",
                    cx=fmt(x + 8),
                    cy=fmt(y),
                    r="8",
                    fill=seat_hex(seat),
                    stroke=PALETTE["meeple_line"],
                    **{"stroke-width": "1.2"},
                )
            )
            row.add(_seat_mark(seat, x + 8, y))
            x += 24
        shown = text if len(text) <= 40 else text[:39] + "…"
        row.add(
            text_element(
                {"x": fmt(x), "y": fmt(y + 7), "font-size": "21", "font-family": "sans-serif", "fill": PALETTE["text"]},
                shown,
            )
        )
        layer.add(row)
    return layer


def last_move_mark(last: PlacedTile) -> BaseElement:
    """An orange outline round the tile placed last."""
    mark = element(
        "rect",
        x=last.x * UNIT + 2.5,
        y=last.y * UNIT + 2.5,
        width=UNIT - 5,
        height=UNIT - 5,
        fill="none",
        stroke=PALETTE["last_move"],
        rx=4,
        **{"class": "last-move", "stroke-width": "5", "data-x": last.x, "data-y": last.y},
    )
    return titled(mark, _("Last move: %(tile)s at (%(x)d,%(y)d)") % {"tile": last.tile, "x": last.x, "y": last.y})


SLOTS_STYLE = {
    "fill": PALETTE["slot"],
    "stroke": PALETTE["slot_line"],
    "fill-opacity": "0.5",
    "stroke-width": "4",
    "stroke-dasharray": "10 6",
    "cursor": "pointer",
}
"""How the slots look, written once on their group (:func:`slot`)."""


def slot(x: int, y: int) -> BaseElement:
    """An empty cell where the drawn tile fits: a focusable button, named by its place (it
    looks as :data:`SLOTS_STYLE`, set on the group of slots)."""
    where = _("Place at (%(x)d,%(y)d)") % {"x": x, "y": y}
    return element(
        "rect",
        x=x * UNIT + 4,
        y=y * UNIT + 4,
        width=UNIT - 8,
        height=UNIT - 8,
        rx=8,
        tabindex="0",
        role="button",
        **{"class": "slot", "data-x": x, "data-y": y, "aria-label": where},
    )


def slot_label(x: int, y: int, text: str) -> BaseElement:
    """A cell's label written large in its slot (the turn e-mail's picture: a reply names the cell)."""
    size = 44 if len(text) < 2 else 34
    return text_element(
        {
            "x": fmt(x * UNIT + UNIT / 2),
            "y": fmt(y * UNIT + UNIT / 2 + size * 0.35),
            "font-size": str(size),
            "font-family": "sans-serif",
            "font-weight": "bold",
            "text-anchor": "middle",
            "fill": PALETTE["slot_line"],
            "class": "slot-label",
            "data-x": str(x),
            "data-y": str(y),
        },
        text,
    )


SPOTS_STYLE = {
    "fill": PALETTE["spot"],
    "stroke": PALETTE["spot_line"],
    "fill-opacity": "0.75",
    "stroke-width": "2.5",
    "cursor": "pointer",
}
"""How the follower spots of a tile preview look, written once on their group (:func:`spot_button`)."""


def spot_button(tile_id: str, rotation: int, spot: str) -> BaseElement:
    """Where a follower would stand on ``spot`` of a tile preview: a focusable button (it
    looks as :data:`SPOTS_STYLE`, set on the group of spots)."""
    x, y = spot_point(tile_id, rotation, spot)
    role = follower_role(spot)
    label = _("Put a follower here: %(follower)s") % {"follower": figure_words("follower", spot)}
    circle = element(
        "circle",
        cx=fmt(x),
        cy=fmt(y),
        r="9",
        tabindex="0",
        role="button",
        **{"class": f"spot role-{role}", "data-spot": spot, "aria-label": label},
    )
    return titled(circle, label)
