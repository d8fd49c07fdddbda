"""The City of Carcassonne's quarters on their tile (CO-7): each quarter's name over an area
a page may click, the followers each player keeps there (with how many) and the Count.

>>> quarter_name("market")
'Market'
"""

from __future__ import annotations

import math
from typing import Any

from svgwrite.base import BaseElement

from carcassonne import QUARTERS
from games.board_svg.figures import count_figure, figure_shapes
from games.board_svg.geometry import Point, fmt
from games.board_svg.palette import PALETTE
from games.board_svg.svg import Drawn, element, text_element, titled
from games.board_svg.tile_marks import quarter_box
from games.present.pictures import _, ngettext


def quarter_name(quarter: str) -> str:
    """A quarter's name as the board shows it."""
    return {"castle": _("Castle"), "blacksmith": _("Blacksmith"), "cathedral": _("Cathedral"), "market": _("Market")}[
        quarter
    ]


def _in_quarter_label(quarter: str, player: str, followers: int, large: int) -> str:
    """The tooltip of a player's followers (or large followers) in a quarter: one whole sentence each."""
    values = {"player": player, "count": followers, "large": large}
    if large and followers:  # a player has one large follower
        return {
            "castle": ngettext(
                "%(player)s: a follower and the large follower in the castle",
                "%(player)s: %(count)d followers and the large follower in the castle",
                followers,
            ),
            "blacksmith": ngettext(
                "%(player)s: a follower and the large follower in the blacksmith's quarter",
                "%(player)s: %(count)d followers and the large follower in the blacksmith's quarter",
                followers,
            ),
            "cathedral": ngettext(
                "%(player)s: a follower and the large follower in the cathedral quarter",
                "%(player)s: %(count)d followers and the large follower in the cathedral quarter",
                followers,
            ),
            "market": ngettext(
                "%(player)s: a follower and the large follower in the market",
                "%(player)s: %(count)d followers and the large follower in the market",
                followers,
            ),
        }[quarter] % values
    n = followers or large
    return {
        ("castle", False): ngettext(
            "%(player)s: a follower in the castle", "%(player)s: %(count)d followers in the castle", n
        ),
        ("blacksmith", False): ngettext(
            "%(player)s: a follower in the blacksmith's quarter",
            "%(player)s: %(count)d followers in the blacksmith's quarter",
            n,
        ),
        ("cathedral", False): ngettext(
            "%(player)s: a follower in the cathedral quarter",
            "%(player)s: %(count)d followers in the cathedral quarter",
            n,
        ),
        ("market", False): ngettext(
            "%(player)s: a follower in the market", "%(player)s: %(count)d followers in the market", n
        ),
        ("castle", True): ngettext(
            "%(player)s: a large follower in the castle", "%(player)s: %(large)d large followers in the castle", n
        ),
        ("blacksmith", True): ngettext(
            "%(player)s: a large follower in the blacksmith's quarter",
            "%(player)s: %(large)d large followers in the blacksmith's quarter",
            n,
        ),
        ("cathedral", True): ngettext(
            "%(player)s: a large follower in the cathedral quarter",
            "%(player)s: %(large)d large followers in the cathedral quarter",
            n,
        ),
        ("market", True): ngettext(
            "%(player)s: a large follower in the market", "%(player)s: %(large)d large followers in the market", n
        ),
    }[quarter, bool(large)] % values


def _count_label(quarter: str) -> str:
    return {
        "castle": _("The Count stands in the castle"),
        "blacksmith": _("The Count stands in the blacksmith's quarter"),
        "cathedral": _("The Count stands in the cathedral quarter"),
        "market": _("The Count stands in the market"),
    }[quarter]


def _quarter_labels(rotation: int) -> Drawn:
    """Each quarter's name, over an area a page may make clickable (``rect.quarter-area``)."""
    out = []
    for quarter in QUARTERS:
        x, y = quarter_box(quarter, rotation)
        text = quarter_name(quarter)
        out.append(
            element(
                "rect",
                x=fmt(x + 2),
                y=fmt(y + 2),
                width="46",
                height="46",
                rx="3",
                fill="none",
                **{"class": "quarter-area", "data-quarter": quarter, "aria-label": text, "pointer-events": "all"},
            )
        )
        width = min(46.0, 6 + 4.4 * len(text))
        out.append(
            element(
                "rect",
                x=fmt(x + 25 - width / 2),
                y=fmt(y + 3.5),
                width=fmt(width),
                height="9.5",
                rx="2.5",
                fill=PALETTE["badge"],
                stroke=PALETTE["city_shade"],
                **{"stroke-width": "0.8", "fill-opacity": "0.92"},
            )
        )
        out.append(
            text_element(
                {
                    "class": f"quarter-name quarter-{quarter}",
                    "x": fmt(x + 25),
                    "y": fmt(y + 10.6),
                    "text-anchor": "middle",
                    "font-size": "7",
                    "font-weight": "bold",
                    "font-family": "sans-serif",
                    "fill": PALETTE["text"],
                },
                text,
            )
        )
    return out


def _count_badge(fx: float, fy: float, n: int) -> list[BaseElement]:
    """How many figures stand on one slot of a quarter: a small dark badge with the number."""
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


def city_overlay(count: Any, rotation: int) -> BaseElement:
    """What stands in the City's quarters: each player's followers (with how many) and the
    Count, from the game's rule module of the City (``None``: the quarters' names only)."""
    group = element("g", {"class": "city-quarters"})
    for label in _quarter_labels(rotation):
        group.add(label)
    if count is None:
        return group
    colors, names = count.game.colors, count.game.players
    for q, quarter in enumerate(QUARTERS):
        x, y = quarter_box(quarter, rotation)
        figures: list[tuple[str, int, int]] = []  # (kind, seat, how many)
        for seat, held in enumerate(count.city):
            followers, large = held[q]
            if followers:
                figures.append(("follower", seat, followers))
            if large:
                figures.append(("large", seat, large))
        here = count.count_at == quarter
        cols = max(3, math.ceil((len(figures) + (1 if here else 0)) / 2))
        step = 44 / cols

        def slot(i: int, x: float = x, y: float = y, step: float = step, cols: int = cols) -> Point:
            return x + 3 + step * (i % cols + 0.5), y + 24 + 14 * (i // cols)

        badges = []
        for i, (kind, seat, n) in enumerate(figures):
            fx, fy = slot(i)
            followers, large = count.city[seat][q]
            item = element(
                "g",
                {
                    "class": f"quarter-figure kind-{kind}",
                    "data-quarter": quarter,
                    "data-seat": str(seat),
                    "data-player": names[seat],
                    "data-count": str(n),
                },
            )
            titled(
                item,
                _in_quarter_label(
                    quarter, names[seat], followers if kind == "follower" else 0, large if kind == "large" else 0
                ),
            )
            for shape in figure_shapes(kind, fx, fy, colors[seat], 0.55 if kind == "follower" else 0.72):
                item.add(shape)
            group.add(item)
            if n > 1:  # how many, on a small badge drawn over the neighbours
                badges += _count_badge(fx, fy, n)
        for badge in badges:
            group.add(badge)
        if here:
            fx, fy = slot(2 * cols - 1)
            group.add(count_figure(fx, fy, quarter, _count_label(quarter)))
    return group
