"""Seats differ by more than colour, and their colours stay apart for readers with the
three common colour-vision deficiencies.

The simulation: Machado, Oliveira & Fernandes (2009), full severity, on linear sRGB; the
distance: CIE 1976 ΔE in L*a*b* (D65). The threshold, ΔE ≥ 25 for every pair of seat
colours under each vision (the old palette's red and green were 15 apart under protanopia),
is about where two small patches read as different colours rather than shades of one.
"""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

import pytest

from carcassonne import COLORS, Rules
from carcassonne.autoplay import random_game
from games.board_svg import render_board
from games.board_svg.palette import SEAT_COLORS, SEAT_MARKS

THRESHOLD = 25.0

VISIONS = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(rgb: list[float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen(hex_colour: str, vision: str) -> tuple[float, float, float]:
    """The colour as a reader with ``vision`` sees it, in L*a*b*."""
    rgb = [_linear(int(hex_colour[i : i + 2], 16)) for i in (1, 3, 5)]
    matrix = VISIONS[vision]
    simulated = [min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb)))) for row in matrix]
    return _lab(simulated)


def closest_pair(palette: dict[str, str], vision: str) -> tuple[float, str, str]:
    return min(
        (math.dist(seen(palette[a], vision), seen(palette[b], vision)), a, b)
        for a, b in itertools.combinations(palette, 2)
    )


@pytest.mark.parametrize("vision", VISIONS)
def test_every_two_seat_colours_stay_apart(vision):
    distance, a, b = closest_pair(SEAT_COLORS, vision)
    assert distance >= THRESHOLD, f"{a} and {b} are {distance:.1f} apart under {vision}"


def test_the_old_palette_fails_the_same_measure():
    old = {
        "yellow": "#f5cf2b",
        "red": "#d8362b",
        "green": "#1f8a3e",
        "blue": "#2f66d8",
        "black": "#262626",
        "grey": "#9e9e9e",
    }
    assert min(closest_pair(old, v)[0] for v in VISIONS) < THRESHOLD


def test_every_figure_on_the_board_carries_its_seats_mark():
    assert set(SEAT_MARKS) == set(COLORS) and len(set(SEAT_MARKS.values())) == len(COLORS)
    rules = Rules(expansions=("inns_cathedrals", "traders_builders"))
    game = random_game(5, players=6, rules=rules, follower_rate=0.9)
    svg = render_board(game)
    figures = re.findall(r'<g class="figure[^"]*"[^>]*data-seat="(\d)".*?</g>', svg, re.S)
    assert len(figures) >= 12
    for match in re.finditer(r'<g class="figure kind-(\w+)[^"]*"[^>]*data-seat="(\d)"(.*?)</g>', svg, re.S):
        kind, seat, inside = match.group(1), int(match.group(2)), match.group(3)
        colour = COLORS[seat]
        shape = "follower" if kind == "large" else kind
        assert f'xlink:href="#carc-{shape}-{colour}"' in inside, (kind, seat)
        defined = re.search(rf'<g id="carc-{shape}-{colour}">(.*?)</g>', svg, re.S)
        assert defined and f'd="{SEAT_MARKS[colour]}"' in defined.group(1), (kind, colour)


def test_the_pages_dots_take_the_seats_shapes():
    css = (Path(__file__).resolve().parents[3] / "static" / "css" / "site.css").read_text()
    shaped = set(re.findall(r"\.dot-(\w+) \{[^}]*(?:clip-path|radial-gradient)", css))
    assert shaped == set(COLORS) - {"yellow"}  # yellow keeps the round dot
