"""The marks inside cities and the City of Carcassonne: cathedrals, goods symbols on their
badges, and the houses, walls, towers and gates of the City's block.

>>> from games.board_svg.shapes import tile_shapes
>>> [made.attribs.get("class") for made in walled_city_art(tile_shapes("CO-1", 0))][:1]
['city-of-carcassonne']
"""

from __future__ import annotations

import math

from svgwrite.base import BaseElement

from games.board_svg.expansion_art import marked
from games.board_svg.geometry import Point, circle_path, distance_to_line, fmt, inside, path_data
from games.board_svg.palette import PALETTE
from games.board_svg.shapes import TileShapes
from games.board_svg.svg import Drawn, element


def _lens(x: float, y: float, angle: float, length: float, width: float) -> str:
    """A grain ear: a pointed oval from (x, y) leaning ``angle`` degrees from upright."""
    a = math.radians(angle)
    ux, uy = math.sin(a), -math.cos(a)  # along the ear
    vx, vy = -uy, ux  # across it
    tip = (x + ux * length, y + uy * length)
    left = (x + ux * length / 2 - vx * width, y + uy * length / 2 - vy * width)
    right = (x + ux * length / 2 + vx * width, y + uy * length / 2 + vy * width)
    f = fmt
    return (
        f"M{f(x)},{f(y)} Q{f(left[0])},{f(left[1])} {f(tip[0])},{f(tip[1])} "
        f"Q{f(right[0])},{f(right[1])} {f(x)},{f(y)} Z"
    )


def _wine_mark(x: float, y: float) -> Drawn:
    """Grapes on a leafy stem."""
    f = fmt
    out: Drawn = []
    grapes = " ".join(
        circle_path(x + dx, y + dy, 2.3)
        for dx, dy in ((-3.6, -1.8), (0, -1.8), (3.6, -1.8), (-1.8, 1.6), (1.8, 1.6), (0, 5))
    )
    out.append(
        element(
            "path",
            {
                "d": f"M{f(x)},{f(y - 3.5)} q1,-3 4.5,-3.6 q-0.4,3.2 -4.5,3.6 Z M{f(x)},{f(y - 3.5)} v-3",
                "fill": PALETTE["leaf"],
                "stroke": PALETTE["leaf"],
                "stroke-width": "0.9",
            },
        )
    )
    out.append(
        element("path", {"d": grapes, "fill": PALETTE["wine"], "stroke": PALETTE["wine_line"], "stroke-width": "0.7"})
    )
    return out


def _grain_mark(x: float, y: float) -> Drawn:
    """Three ears of grain on their stalks."""
    f = fmt
    out: Drawn = []
    base = (x, y + 7.5)
    ears = " ".join(
        _lens(x + dx, y - 0.5 + abs(dx) * 0.4, angle, 8, 3) for dx, angle in ((-3.4, -30), (0, 0), (3.4, 30))
    )
    stalks = " ".join(f"M{f(base[0])},{f(base[1])} L{f(x + dx)},{f(y - 0.5 + abs(dx) * 0.4)}" for dx in (-3.4, 0, 3.4))
    out.append(
        element(
            "path",
            {
                "d": stalks + f" M{f(x - 2.6)},{f(y + 3.8)} h5.2",
                "fill": "none",
                "stroke": PALETTE["grain_line"],
                "stroke-width": "1.5",
            },
        )
    )
    out.append(
        element("path", {"d": ears, "fill": PALETTE["grain"], "stroke": PALETTE["grain_line"], "stroke-width": "0.9"})
    )
    return out


def _cloth_mark(x: float, y: float) -> Drawn:
    """A bolt of blue cloth, its rolled end to the left."""
    f = fmt
    out: Drawn = []
    out.append(
        element(
            "path",
            {
                "d": f"M{f(x - 5)},{f(y - 5)} h10.5 a2.2,5 0 0 1 0,10 h-10.5 Z",
                "fill": PALETTE["cloth"],
                "stroke": PALETTE["cloth_line"],
                "stroke-width": "0.8",
            },
        )
    )
    out.append(
        element(
            "path",
            {
                "d": f"M{f(x - 1)},{f(y - 5)} l3.5,10 M{f(x + 2.5)},{f(y - 5)} l3.5,10",
                "fill": "none",
                "stroke": PALETTE["cloth_light"],
                "stroke-width": "1.1",
            },
        )
    )
    out.append(
        element(
            "ellipse",
            {
                "cx": f(x - 5),
                "cy": f(y),
                "rx": "2.2",
                "ry": "5",
                "fill": PALETTE["cloth_light"],
                "stroke": PALETTE["cloth_line"],
                "stroke-width": "0.8",
            },
        )
    )
    return out


def _draw_goods(name: str, x: float, y: float) -> Drawn:
    """A goods symbol on a light round badge, as the tiles print them."""
    f = fmt
    out: Drawn = [
        element(
            "circle",
            {
                "class": f"goods goods-{name}",
                "cx": f(x),
                "cy": f(y),
                "r": "9.5",
                "fill": PALETTE["badge"],
                "fill-opacity": "0.85",
                "stroke": PALETTE["city_shade"],
                "stroke-width": "1.2",
            },
        )
    ]
    out += GOODS_MARKS[name](x, y)
    return out


GOODS_MARKS = {"wine": _wine_mark, "grain": _grain_mark, "cloth": _cloth_mark}


def _draw_cathedral(x: float, y: float) -> Drawn:
    """A cathedral front: two spired towers, a gable with a rose window and a portal."""
    f = fmt
    grow = f"matrix(1.3,0,0,1.3,{f(-0.3 * x)},{f(-0.3 * y)})"  # drawn at 1.3 times the size below, about (x, y)
    line = {"stroke": PALETTE["cloister_line"], "stroke-width": "1.1", "stroke-linejoin": "round", "transform": grow}
    return [
        element(
            "path",
            {
                "class": "cathedral",
                "fill": PALETTE["stone"],
                **line,
                "d": f"M{f(x - 14)},{f(y + 14)} V{f(y - 8)} h7 v4 h14 v-4 h7 V{f(y + 14)} Z",
            },
        ),
        element(
            "path",
            {
                "fill": PALETTE["slate"],
                **line,
                "d": f"M{f(x - 15)},{f(y - 8)} L{f(x - 10.5)},{f(y - 21)} L{f(x - 6)},{f(y - 8)} Z "
                f"M{f(x + 6)},{f(y - 8)} L{f(x + 10.5)},{f(y - 21)} L{f(x + 15)},{f(y - 8)} Z "
                f"M{f(x - 8)},{f(y - 4)} L{f(x)},{f(y - 12)} L{f(x + 8)},{f(y - 4)} Z",
            },
        ),
        element("path", {"fill": PALETTE["window"], **line, "d": circle_path(x, y + 1, 3.4)}),
        element(
            "path",
            {
                "fill": PALETTE["door"],
                "transform": grow,
                "d": f"M{f(x - 3)},{f(y + 14)} V{f(y + 9.5)} a3,3 0 0 1 6,0 V{f(y + 14)} Z "
                f"M{f(x - 11.5)},{f(y - 1)} h2 v4 h-2 Z M{f(x + 9.5)},{f(y - 1)} h2 v4 h-2 Z",
            },
        ),
        element(
            "path",
            {
                "fill": "none",
                "stroke": PALETTE["cloister_line"],
                "stroke-width": "1.2",
                "transform": grow,
                "d": f"M{f(x)},{f(y - 12)} V{f(y - 16.5)} M{f(x - 1.8)},{f(y - 15)} H{f(x + 1.8)}",
            },
        ),
    ]


def marks_art(sh: TileShapes) -> Drawn:
    out: Drawn = []
    for name, (x, y) in sh.marks:
        out.extend(_draw_cathedral(x, y) if name == "cathedral" else _draw_goods(name, x, y))
    return out


def _houses(outline: list[Point], margin: float = 5.0) -> tuple[str, str]:
    """Rows of little houses filling a rectangle: their walls and their roofs, as two paths."""
    xs, ys = [p[0] for p in outline], [p[1] for p in outline]
    x0, y0, x1, y1 = min(xs) + margin, min(ys) + margin, max(xs) - margin, max(ys) - margin
    walls, roofs = [], []
    for row in range(6):
        for col in range(6):
            x, y = 10 + col * 17 + (8 if row % 2 else 0), 9 + row * 17
            if x0 <= x - 5 and x + 5 <= x1 and y0 <= y - 5 and y + 4 <= y1:
                walls.append(f"M{x - 4},{y - 1} h8 v5 h-8 Z")
                roofs.append(f"M{x - 5},{y - 0.5} L{x},{y - 5} L{x + 5},{y - 0.5} Z")
    return " ".join(walls), " ".join(roofs)


def _tower(x: float, y: float) -> BaseElement:
    """A round tower of the city wall (also beside each gate)."""
    return element(
        "circle",
        {
            "cx": fmt(x),
            "cy": fmt(y),
            "r": "6.5",
            "fill": PALETTE["wall_tower"],
            "stroke": PALETTE["wall"],
            "stroke-width": "2",
        },
    )


def town_houses(outline: list[Point], walls: list[list[Point]], keep_clear: Point) -> Drawn:
    """A few houses with red roofs inside an ordinary city, scattered in small groups away
    from its walls and from the spot of its coat of arms (``keep_clear``), so that a city
    reads as a town at a glance. The scatter is fixed: the same city looks the same."""
    walls_, roofs = [], []
    for row in range(6):
        for col in range(6):
            if (row * 7 + col * 3) % 5 in (1, 3):  # leave gaps between the groups
                continue
            x = 10 + col * 16 + (8 if row % 2 else 0) + (row * 5 + col * 3) % 5 - 2
            y = 11 + row * 16 + (col * 7 + row) % 5 - 2
            corners = [(x - 7, y - 8), (x + 7, y - 8), (x - 7, y + 7), (x + 7, y + 7)]
            if not all(inside(c, outline) for c in corners) or math.dist((x, y), keep_clear) < 15:
                continue
            if walls and min(distance_to_line((x, y), w) for w in walls) < 10:
                continue
            walls_.append(f"M{fmt(x - 4.5)},{fmt(y - 0.5)} h9 v6 h-9 Z")
            roofs.append(f"M{fmt(x - 6)},{fmt(y)} L{fmt(x - 2)},{fmt(y - 6)} H{fmt(x + 2)} L{fmt(x + 6)},{fmt(y)} Z")
    return _house_paths(" ".join(walls_), " ".join(roofs))


def _house_art(outline) -> Drawn:
    """Houses and their roofs inside the City's walls."""
    house_walls, roofs = _houses(outline)
    return _house_paths(house_walls, roofs)


def _house_paths(house_walls: str, roofs: str) -> Drawn:
    if not house_walls:
        return []
    stone = {"d": house_walls, "fill": PALETTE["stone"], "stroke": PALETTE["city_shade"], "stroke-width": "0.8"}
    roof = {
        "d": roofs,
        "fill": PALETTE["roof"],
        "fill-opacity": "0.85",
        "stroke": PALETTE["roof_line"],
        "stroke-width": "0.8",
        "stroke-linejoin": "round",
    }
    return [element("path", stone), element("path", roof)]


def walled_city_art(sh: TileShapes) -> Drawn:
    """The part of the City of Carcassonne on a tile of its block: houses inside, walls and towers."""
    if sh.walled is None:
        return []
    outline, walls = sh.walled
    out: Drawn = [
        element("path", {"class": "city-of-carcassonne", "d": path_data(outline, closed=True), "fill": PALETTE["city"]})
    ]
    if not marked(sh.o.tile.id):  # a tile an expansion marks shows its marks instead of houses
        out += _house_art(outline)
    if walls:
        d = " ".join(path_data(w) for w in walls)
        out.append(element("path", {"d": d, "fill": "none", "stroke": PALETTE["wall"], "stroke-width": "6"}))
        dashes = {
            "d": d,
            "fill": "none",
            "stroke": PALETTE["city_shade"],
            "stroke-width": "2.4",
            "stroke-dasharray": "3 3",
        }
        out.append(element("path", dashes))
        ends = {p for w in walls for p in (w[0], w[-1])}
        out += [_tower(x, y) for x, y in ends if 0 < x < 100 and 0 < y < 100]
    for x, y in sh.gates:
        out.append(_tower(x, y))
        gate = f"M{fmt(x - 3)},{fmt(y + 3)} v-3 a3,3 0 0 1 6,0 v3 Z"
        out.append(element("path", {"class": "gate", "d": gate, "fill": PALETTE["door"]}))
    return out
