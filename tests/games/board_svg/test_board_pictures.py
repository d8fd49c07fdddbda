"""The board pictures look exactly as they did before the renderer moved onto svgwrite.

Each picture of ``board_pictures`` (every expansion, a 140-tile game of five players,
highlighted cells, the Count's City, every tile type at every rotation with its spots,
a phone-size board) is drawn through cairosvg and compared pixel by pixel with its
reference PNG. Regenerate the references only for a deliberate change of the artwork:
``python -m tests.games.board_svg.board_pictures``.
"""

from __future__ import annotations

import json
from typing import cast

import pytest
from PIL import Image, ImageChops

from tests.games.board_svg import board_pictures

TOLERANCE = 0
"""The largest difference allowed in any channel of any pixel (0..255): none, since the
same SVG geometry goes through the same cairo."""


def difference(expected: Image.Image, got: Image.Image) -> tuple[int, int]:
    """The largest channel difference of any pixel, and how many pixels differ at all."""
    diff = ImageChops.difference(expected, got)
    bands = cast(tuple[tuple[int, int], ...], diff.getextrema())  # an RGB(A) picture: per band
    largest = max(high for _low, high in bands)
    marks = [band.point(lambda v: 255 if v else 0) for band in diff.split()]
    anywhere = marks[0]
    for mark in marks[1:]:
        anywhere = ImageChops.lighter(anywhere, mark)
    return largest, anywhere.histogram()[255]


@pytest.mark.parametrize("name", sorted(board_pictures.pictures()))
def test_the_picture_is_the_same_as_before(name):
    expected = Image.open(board_pictures.HERE / f"{name}.png").convert("RGBA")
    got = board_pictures.pictures()[name]()
    assert got.size == expected.size
    largest, changed = difference(expected, got)
    assert largest <= TOLERANCE, f"{name}: {changed} pixels differ, by up to {largest}"


@pytest.mark.parametrize("name", sorted(board_pictures.board_cases()))
def test_the_board_has_the_same_elements_as_before(name):
    """Same classes, ids, titles, data attributes and geometry, element by element."""
    expected = json.loads(board_pictures.STRUCTURE.read_text())[name]
    assert board_pictures.structure(board_pictures.board_cases()[name]()) == expected
