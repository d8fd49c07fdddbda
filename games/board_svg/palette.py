"""The colours of the board, the seat colours, and the size of a tile in user units."""

from __future__ import annotations

from carcassonne import COLORS

UNIT = 100
"""User units per tile side inside every SVG this module draws."""

PALETTE = {
    "board": "#efe7d4",
    "empty": "#f7f2e6",
    "empty_line": "#d3c6a6",
    "field": "#93c160",
    "field_edge": "#74a046",
    "city": "#e3c28c",
    "city_shade": "#d4ae72",
    "wall": "#6b4727",
    "road_edge": "#5f513d",
    "road": "#ece2c8",
    "road_stone": "#d8c9a5",
    "grass": "#7aa84a",
    "hedge": "#4d7a2c",
    "hedge_light": "#8cc05a",
    "bridge": "#9a8a72",
    "bridge_line": "#4e4232",
    "inn": "#f3e6c8",
    "inn_roof": "#9c4a26",
    "sign": "#f2b632",
    "badge": "#fff8e8",
    "leaf": "#4f8a2b",
    "wine": "#6d2c7c",
    "wine_line": "#3c1446",
    "grain": "#e3b23c",
    "grain_line": "#9a6d0b",
    "cloth": "#3f6fb5",
    "cloth_line": "#1f3f73",
    "cloth_light": "#a9c8ef",
    "stone": "#efe6d2",
    "slate": "#4f5d75",
    "window": "#6fa0d6",
    "wall_tower": "#d9c398",
    "crown": "#f2c531",
    "crown_line": "#8a6a0a",
    "robber": "#8d6e63",
    "legend": "#f7f2e6",
    "text": "#2b2118",
    "river_bank": "#2e6aa3",
    "river": "#63aee8",
    "cloister": "#f3e8d1",
    "cloister_line": "#6a5538",
    "roof": "#c0392b",
    "roof_line": "#7e2219",
    "door": "#5a3d24",
    "pennant": "#2a5db7",
    "pennant_line": "#163167",
    "junction": "#b49b72",
    "junction_line": "#5e4a2e",
    "last_move": "#ff9800",
    "slot": "#ffffff",
    "slot_line": "#2e7d32",
    "spot": "#ffffff",
    "spot_line": "#263238",
    "meeple_line": "#1d1d1d",
    "shadow": "#000000",
}
"""Colours of the artwork, by what they paint."""

SEAT_COLORS = {
    "yellow": "#f5d82e",
    "red": "#be3817",
    "green": "#14b366",
    "blue": "#0b62c8",
    "black": "#262626",
    "grey": "#a3a3a3",
}
"""The one table of seat colours (by the engine's COLORS names): followers, dots, charts.
Chosen to stay apart for readers with the three common colour-vision deficiencies (a test
simulates them); static/css/site.css repeats it as ``--p-<name>`` (a test keeps them equal)."""

SEAT_MARKS = {
    "yellow": "M0,-3.3 A3.3,3.3 0 1 1 0,3.3 A3.3,3.3 0 1 1 0,-3.3 Z",
    "red": "M0,-3.9 L3.6,2.6 H-3.6 Z",
    "green": "M-3,-3 H3 V3 H-3 Z",
    "blue": "M0,-4 L3.6,0 L0,4 L-3.6,0 Z",
    "black": "M-1.3,-3.8 H1.3 V-1.3 H3.8 V1.3 H1.3 V3.8 H-1.3 V1.3 H-3.8 V-1.3 H-1.3 Z",
    "grey": "M0,-3.6 A3.6,3.6 0 1 1 0,3.6 A3.6,3.6 0 1 1 0,-3.6 Z M0,-1.6 A1.6,1.6 0 1 0 0,1.6 A1.6,1.6 0 1 0 0,-1.6 Z",
}
"""Each seat's mark, drawn on every figure of that seat (about the figure's chest, in figure
units): circle, triangle, square, diamond, cross and ring, so that figures differ by more
than colour; the pages' dots (``.dot-<colour>``) take the same shapes."""

MARK_INK = {"yellow": "#1d1d1d", "grey": "#1d1d1d"}
"""The mark's colour on light seat colours (white on the others)."""


def seat_hex(position: int) -> str:
    """The hex colour of seat ``position``."""
    name = COLORS[position % len(COLORS)]
    return SEAT_COLORS.get(name, name)
