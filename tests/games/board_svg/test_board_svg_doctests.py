"""The board package's docstring examples are true, and it writes what svgwrite would."""

import doctest
import importlib
import pkgutil
from xml.etree import ElementTree

import pytest
import svgwrite

import games.board_svg
from carcassonne.record import replay
from games.board_svg.assembly import board_document, tile_document
from games.board_svg.svg import to_text

MODULES = ["games.board_svg"] + sorted(
    m.name for m in pkgutil.walk_packages(games.board_svg.__path__, "games.board_svg.")
)
WITHOUT_EXAMPLES = {"games.board_svg.assembly", "games.board_svg.palette"}


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    if name not in WITHOUT_EXAMPLES:
        assert result.attempted > 0


UNREAD = ("baseProfile", "version")
"""What svgwrite writes on a document and we leave out (no browser or rasteriser reads it)."""


def canonical(text: str) -> list:
    return [
        (el.tag, sorted((k, v) for k, v in el.attrib.items() if k not in UNREAD), (el.text or "").strip())
        for el in ElementTree.fromstring(text).iter()
    ]


@pytest.mark.parametrize("tile, rotation", [("CO-7", 90), ("TB-24", 270), ("RV-1", 0), ("KR-5", 180)])
def test_a_tile_is_written_as_svgwrite_writes_it_less_its_profile_and_version(tile, rotation):
    from carcassonne.tiles import orientation

    drawing = tile_document(tile, rotation, size=80, spots=orientation(tile, rotation).spots)
    assert isinstance(drawing, svgwrite.Drawing)
    assert canonical(to_text(drawing)) == canonical(drawing.tostring())


def test_a_board_is_an_svgwrite_drawing():
    game = replay(
        {"players": ["Ann", "Bob"], "moves": [{"tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": "road:E"}]}
    )
    drawing = board_document(game, last_move=True, highlight=[(2, 0)], cell_size=64, interactive=True, empty_cells=None)
    assert isinstance(drawing, svgwrite.Drawing) and drawing.debug is False
    assert 'class="board interactive"' in to_text(drawing)
