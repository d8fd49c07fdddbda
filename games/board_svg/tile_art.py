"""The art of one tile type at one rotation: fields and hedges, rivers, roads and bridges,
villages, inns, cities with walls and pennants, cloisters; the marks in cities (cathedrals,
goods) and the City of Carcassonne come from :mod:`games.board_svg.tile_marks`. Each is a
tuple of svgwrite elements in 0..100 units, built once (a board writes it once as text).

>>> [made.elementname for made in tile_art("U", 0)][:3]
['path', 'path', 'path']
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from svgwrite.base import BaseElement

from games.board_svg.expansion_art import tile_marks
from games.board_svg.geometry import CENTRE, along, fmt, path_data, turned
from games.board_svg.palette import PALETTE
from games.board_svg.shapes import CityShape, TileShapes, shield_at, tile_shapes
from games.board_svg.spots import hedge_lines
from games.board_svg.svg import Drawn, element
from games.board_svg.tile_marks import marks_art, town_houses, walled_city_art

Art = tuple[BaseElement, ...]

_TUFTS = (
    (14, 12),
    (38, 8),
    (67, 15),
    (88, 9),
    (8, 37),
    (29, 31),
    (56, 36),
    (84, 33),
    (18, 58),
    (44, 62),
    (73, 55),
    (92, 63),
    (9, 84),
    (33, 88),
    (58, 81),
    (81, 90),
    (48, 21),
    (26, 74),
    (66, 71),
    (90, 46),
)
"""Where the little grass tufts of the field texture grow (most end up under roads and cities)."""


def _tufts() -> str:
    return " ".join(
        f"M{x - 2},{y - 2.4} L{x - 0.6},{y + 0.8} M{x},{y - 3.2} V{y + 0.8} M{x + 2},{y - 2.4} L{x + 0.6},{y + 0.8}"
        for x, y in _TUFTS
    )


_TUFT_PATH = _tufts()


@cache
def field_art() -> Art:
    """The field every tile lies on: grass, its tufts, a border."""
    # the border line lies inside the tile, so a neighbour's city is never crossed by it
    return (
        element(
            "rect",
            {
                "x": "0.75",
                "y": "0.75",
                "width": "98.5",
                "height": "98.5",
                "fill": PALETTE["field"],
                "stroke": PALETTE["field_edge"],
                "stroke-width": "1.5",
            },
        ),
        element(
            "path",
            {
                "d": _TUFT_PATH,
                "fill": "none",
                "stroke": PALETTE["grass"],
                "stroke-width": "0.9",
                "stroke-linecap": "round",
            },
        ),
    )


def _draw_hedges(sh: TileShapes) -> Drawn:
    """Hedges between two fields that touch on the tile (only their own tile says they are apart)."""
    lines = hedge_lines(sh.o.tile.id)
    if not lines:
        return []
    k = sh.o.rotation // 90
    d = " ".join(path_data(turned(line, k)) for line in lines)
    return [
        element(
            "path",
            {
                "class": "hedge",
                "d": d,
                "fill": "none",
                "stroke": PALETTE["hedge"],
                "stroke-width": "4",
                "stroke-linecap": "round",
                "stroke-linejoin": "round",
            },
        ),
        element(
            "path",
            {
                "d": d,
                "fill": "none",
                "stroke": PALETTE["hedge_light"],
                "stroke-width": "2",
                "stroke-dasharray": "1 3",
                "stroke-linecap": "round",
            },
        ),
    ]


def _draw_river(sh: TileShapes) -> Drawn:
    out = []
    if sh.rivers:
        d = " ".join(path_data(line) for line in sh.rivers.values())
        out.append(element("path", {"d": d, "fill": "none", "stroke": PALETTE["river_bank"], "stroke-width": "17"}))
        out.append(element("path", {"d": d, "fill": "none", "stroke": PALETTE["river"], "stroke-width": "12"}))
    if sh.pool == "lake":
        out.append(
            element(
                "ellipse",
                {
                    "cx": "50",
                    "cy": "52",
                    "rx": "27",
                    "ry": "22",
                    "fill": PALETTE["river"],
                    "stroke": PALETTE["river_bank"],
                    "stroke-width": "3",
                },
            )
        )
        out.append(
            element(
                "path",
                {
                    "d": "M38,50 q6,-4 12,0 t12,0 M42,58 q5,-3 10,0 t10,0",
                    "fill": "none",
                    "stroke": "#ffffff",
                    "stroke-width": "1.6",
                    "stroke-opacity": "0.8",
                },
            )
        )
    elif sh.pool == "spring":
        out.append(
            element(
                "circle",
                {
                    "cx": "50",
                    "cy": "50",
                    "r": "11",
                    "fill": PALETTE["river"],
                    "stroke": PALETTE["river_bank"],
                    "stroke-width": "3",
                },
            )
        )
        out.append(
            element(
                "path",
                {
                    "d": "M36,44 l6,-7 l7,2 l2,6 z M57,60 l5,-6 l7,3 l-1,6 z",
                    "fill": "#9c9486",
                    "stroke": "#5f584c",
                    "stroke-width": "1.2",
                },
            )
        )
    return out


def _road_strokes(d: str) -> Drawn:
    """A road: a dark verge, the packed earth, and paving stones across it."""
    return [
        element("path", {"d": d, "fill": "none", "stroke": PALETTE["road_edge"], "stroke-width": "15"}),
        element("path", {"d": d, "fill": "none", "stroke": PALETTE["road"], "stroke-width": "10.5"}),
        element(
            "path",
            {
                "d": d,
                "fill": "none",
                "stroke": PALETTE["road_stone"],
                "stroke-width": "5",
                "stroke-dasharray": "2.6 3.4",
            },
        ),
    ]


def _draw_roads(sh: TileShapes) -> Drawn:
    out: Drawn = []
    lines = {i: line for i, line in sh.roads.items() if i != sh.bridge}
    if lines:  # all roads of the tile in one path: fewer elements, and crossings join cleanly
        out.extend(_road_strokes(" ".join(path_data(line) for line in lines.values())))
    if sh.bridge is not None and sh.bridge in sh.roads:
        line = sh.roads[sh.bridge]
        deck = path_data([along(line, 27), along(line, 73)])
        shadow = path_data([(x + 2.5, y + 3.5) for x, y in (along(line, 29), along(line, 71))])
        out.append(
            element(
                "path",
                {
                    "d": shadow,
                    "class": "bridge-shadow",
                    "fill": "none",
                    "stroke": PALETTE["shadow"],
                    "stroke-opacity": "0.3",
                    "stroke-width": "17",
                },
            )
        )
        out.append(
            element(
                "path",
                {"d": deck, "class": "bridge", "fill": "none", "stroke": PALETTE["bridge"], "stroke-width": "18"},
            )
        )
        out.append(
            element(
                "path",
                {
                    "d": deck,
                    "fill": "none",
                    "stroke": PALETTE["bridge_line"],
                    "stroke-width": "18",
                    "stroke-dasharray": "0.8 4.4",
                },
            )
        )
        out.extend(_road_strokes(path_data(line)))
    houses = ([CENTRE] if sh.junction or sh.village else []) + [(x + 0.5, y) for x, y in sh.houses]
    for x, y in houses:  # a small village house where the roads end
        big = (x, y) == CENTRE
        w, h, roof = (18, 15, 12) if big else (13, 11, 9)
        f = fmt
        out.append(
            element(
                "rect",
                {
                    "x": f(x - w / 2),
                    "y": f(y - 7 if big else y - 5),
                    "width": str(w),
                    "height": str(h),
                    "fill": PALETTE["junction"],
                    "stroke": PALETTE["junction_line"],
                    "stroke-width": "1.5",
                },
            )
        )
        top = y - 7 if big else y - 5
        out.append(
            element(
                "path",
                {
                    "d": f"M{f(x - w / 2 - 3)},{f(top + 1)} L{f(x)},{f(top + 1 - roof * 0.85)} "
                    f"L{f(x + w / 2 + 3)},{f(top + 1)} Z",
                    "fill": PALETTE["roof"],
                    "stroke": PALETTE["roof_line"],
                    "stroke-width": "1.5",
                },
            )
        )
    return out


def _draw_inns(sh: TileShapes) -> Drawn:
    """An inn beside each road that has one: a house with a hanging sign."""
    out: Drawn = []
    for x, y in sh.inns.values():
        f = fmt
        out.append(
            element(
                "path",
                {
                    "class": "inn",
                    "d": f"M{f(x - 6)},{f(y - 2)} h12 v9 h-12 Z",
                    "fill": PALETTE["inn"],
                    "stroke": PALETTE["door"],
                    "stroke-width": "1.1",
                },
            )
        )
        out.append(
            element(
                "path",
                {
                    "d": f"M{f(x - 8)},{f(y - 1.5)} L{f(x)},{f(y - 9)} L{f(x + 8)},{f(y - 1.5)} Z",
                    "fill": PALETTE["inn_roof"],
                    "stroke": PALETTE["roof_line"],
                    "stroke-width": "1.1",
                    "stroke-linejoin": "round",
                },
            )
        )
        out.append(
            element(
                "path",
                {
                    "d": f"M{f(x - 2.8)},{f(y + 7)} v-4.2 h3 v4.2 Z M{f(x + 6)},{f(y)} h3.5 v1",
                    "fill": PALETTE["door"],
                    "stroke": PALETTE["door"],
                    "stroke-width": "0.9",
                },
            )
        )
        out.append(
            element(
                "rect",
                {
                    "x": f(x + 6.8),
                    "y": f(y + 1),
                    "width": "4.6",
                    "height": "3.6",
                    "rx": "0.6",
                    "fill": PALETTE["sign"],
                    "stroke": PALETTE["door"],
                    "stroke-width": "0.8",
                },
            )
        )
    return out


def _draw_cities(sh: TileShapes) -> Drawn:
    if not sh.cities:
        return []
    out: Drawn = []
    ground = {i: shape for i, shape in sh.cities.items() if i != sh.bridge}
    out.extend(_city_layer(ground.values()))
    if sh.bridge is not None and sh.bridge in sh.cities:  # KR-5: one city crosses the other on a bridge
        k = sh.o.rotation // 90
        shadow = path_data(turned([(37, 62), (63, 62), (63, 71), (37, 71)], k), closed=True)
        out.append(
            element("path", {"d": shadow, "class": "bridge-shadow", "fill": PALETTE["shadow"], "fill-opacity": "0.3"})
        )
        layer = _city_layer([sh.cities[sh.bridge]])
        layer[0].attribs["class"] = "bridge"
        out.extend(layer)
    for idx, (_outline, _walls, (px, py)) in sh.cities.items():
        if sh.o.segments[idx].pennants:
            out.extend(_draw_pennant(px, py))
    return out


def _city_layer(shapes: Iterable[CityShape]) -> Drawn:
    shapes = list(shapes)
    if not shapes:
        return []
    fill = " ".join(path_data(outline, closed=True) for outline, _walls, _pennant in shapes)
    walls = " ".join(path_data(wall) for _outline, ws, _pennant in shapes for wall in ws)
    out: Drawn = [element("path", {"d": fill, "fill": PALETTE["city"]})]
    for outline, ws, pennant in shapes:
        out += town_houses(outline, ws, pennant)
    if walls:
        out.append(element("path", {"d": walls, "fill": "none", "stroke": PALETTE["wall"], "stroke-width": "4"}))
        out.append(
            element(
                "path",
                {
                    "d": walls,
                    "fill": "none",
                    "stroke": PALETTE["city_shade"],
                    "stroke-width": "1.6",
                    "stroke-dasharray": "3 3",
                },
            )
        )
    return out


_SHIELD = "M-10,-11 H10 V0 C10,7 5,11 0,13.5 C-5,11 -10,7 -10,0 Z"
"""A heater shield about its middle, 20 units wide and 24.5 tall (inside ``SHIELD_BOX``)."""


def _shield_symbol() -> Art:
    """A city's coat of arms: a blue heater shield with a gold chief and a white chevron,
    in a dark outline (blue and gold stay apart for every colour vision)."""
    return (
        element("path", {"d": _SHIELD, "fill": PALETTE["pennant"]}),
        element("path", {"d": "M-10,-11 H10 V-5 H-10 Z", "fill": PALETTE["crown"]}),
        element(
            "path",
            {
                "d": "M-7,8 L0,0.5 L7,8",
                "fill": "none",
                "stroke": "#ffffff",
                "stroke-width": "3.4",
                "stroke-linejoin": "miter",
            },
        ),
        element(
            "path",
            {"d": _SHIELD, "fill": "none", "stroke": PALETTE["pennant_line"], "stroke-width": "1.6"},
        ),
    )


def _draw_pennant(px: float, py: float) -> Drawn:
    x, y = shield_at((px, py))
    return [element("use", {"xlink:href": f"#{SHIELD_ID}", "x": fmt(x), "y": fmt(y)})]


def _abbey_symbol() -> Art:
    """A cloister: an abbey church (nave, gable with a rose window, a door) and its bell
    tower (a bell in the belfry, a spire and a cross), in tile units (the monk stands at its door)."""
    line = PALETTE["cloister_line"]
    walls = {"fill": PALETTE["cloister"], "stroke": line, "stroke-width": "1.5", "stroke-linejoin": "round"}
    roofs = {"fill": PALETTE["roof"], "stroke": PALETTE["roof_line"], "stroke-width": "1.5", "stroke-linejoin": "round"}
    return (
        element(
            "ellipse", {"cx": "53", "cy": "69", "rx": "24", "ry": "3", "fill": PALETTE["shadow"], "fill-opacity": "0.2"}
        ),
        element("path", {"d": "M38,69 V45 H62 V69 Z M62,69 V36 H72 V69 Z", **walls}),
        element("path", {"d": "M35,46 L50,31 L65,46 Z M60.5,37 L67,19 L73.5,37 Z", **roofs}),
        element(
            "path",
            {"d": "M67,19 V12 M64,14.6 H70", "fill": "none", "stroke": line, "stroke-width": "1.6"},
        ),
        element(
            "path",
            {
                "d": "M45.5,69 V60 a4.5,4.5 0 0 1 9,0 V69 Z M64.5,48 v-4 a2.5,2.5 0 0 1 5,0 v4 Z",
                "fill": PALETTE["door"],
            },
        ),
        element(
            "circle", {"cx": "50", "cy": "41", "r": "3", "fill": PALETTE["window"], "stroke": line, "stroke-width": "1"}
        ),
        element("circle", {"cx": "67", "cy": "45.5", "r": "1.4", "fill": PALETTE["sign"]}),
    )


SHIELD_ID, ABBEY_ID = "carc-shield", "carc-abbey"
SYMBOLS: dict[str, Art] = {SHIELD_ID: _shield_symbol(), ABBEY_ID: _abbey_symbol()}
"""The drawings several tiles share, defined once beside the tiles' drawings (a board's
``<defs>``, each sprite) and placed with ``<use>``: a coat of arms, the abbey."""


def _draw_cloister(sh: TileShapes) -> Drawn:
    if sh.cloister is None:
        return []
    return [element("use", {"xlink:href": f"#{ABBEY_ID}"})]


@cache
def tile_art(tile_id: str, rotation: int) -> Art:
    """The drawing of one tile type at one rotation over its field, in 0..100 units (cached)."""
    sh = tile_shapes(tile_id, rotation)
    return tuple(
        _draw_hedges(sh)
        + walled_city_art(sh)
        + tile_marks(sh)
        + _draw_river(sh)
        + _draw_roads(sh)
        + _draw_cities(sh)
        + _draw_inns(sh)
        + marks_art(sh)
        + _draw_cloister(sh)
    )
