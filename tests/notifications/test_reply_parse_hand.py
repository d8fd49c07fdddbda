"""Reading a reply's move in a game with hands of tiles: ``[TILE] CELL [rotation] [spot]``,
the tile left out where only one of the hand fits as the line says; a word is a tile
only when a cell follows it."""

from __future__ import annotations

import pytest

from notifications.replies import parse
from notifications.replies.answers import Answers, Cell, Fits

from .test_reply_parse import message

# Tiles V and CO-1 in hand; cells B (0,-1), C (1,0), D (0,1): no cell spells a tile.
HAND = Answers(
    "turn",
    cells=[Cell("B", 0, -1, {}), Cell("C", 1, 0, {}), Cell("D", 0, 1, {})],
    hand=[
        Fits(
            "V",
            [
                Cell("B", 0, -1, {90: ["road:N", "field:NNE"], 180: ["road:N"]}),
                Cell("C", 1, 0, {0: ["road:S", "field:SSW"]}),
            ],
        ),
        Fits(
            "CO-1",
            [Cell("B", 0, -1, {180: ["city:S", "large city:S"]}), Cell("D", 0, 1, {0: ["city:N"], 90: ["city:E"]})],
        ),
    ],
)


def read(line: str) -> dict:
    return parse.read(message(line + "\n"), HAND)


@pytest.mark.parametrize(
    "line, move",
    [
        ("V B 90", {"tile": "V", "x": 0, "y": -1, "rotation": 90, "meeple": None}),
        ("v  0,-1  90 road:n", {"tile": "V", "x": 0, "y": -1, "rotation": 90, "meeple": "road:N"}),
        (
            "co-1 b 180 large city:s",
            {"tile": "CO-1", "x": 0, "y": -1, "rotation": 180, "meeple": {"spot": "city:S", "figure": "large"}},
        ),
        ("CO-1 (0,1) 90", {"tile": "CO-1", "x": 0, "y": 1, "rotation": 90, "meeple": None}),
        ("c", {"tile": "V", "x": 1, "y": 0, "rotation": 0, "meeple": None}),  # only V fits C, in one rotation
        ("b 90", {"tile": "V", "x": 0, "y": -1, "rotation": 90, "meeple": None}),  # only V fits B in 90
        ("b city", {"tile": "CO-1", "x": 0, "y": -1, "rotation": 180, "meeple": "city:S"}),  # only CO-1 has a city
        ("d 90", {"tile": "CO-1", "x": 0, "y": 1, "rotation": 90, "meeple": None}),
        # V's road turned 180 runs N and E: listed as road:N, named here by its other side
        ("b 180 road:e", {"tile": "V", "x": 0, "y": -1, "rotation": 180, "meeple": "road:E"}),
    ],
)
def test_a_hand_move_line_reads_as_the_tile_and_move_it_names(line, move):
    assert read(line) == move


@pytest.mark.parametrize(
    "line, code",
    [
        ("b", "tile_needed"),  # V and CO-1 both fit B
        ("b 180", "tile_needed"),  # both fit B in 180
        ("v 90", "cell_needed"),  # V is a tile, never a cell
        ("x b 90", "not_your_tile"),
        ("co-1 c 0", "no_fit"),
        ("5,5 90", "none_fits"),
        ("z 90", "unknown_cell"),
        ("d", "rotation_needed"),
    ],
)
def test_a_hand_move_line_that_says_no_one_move_is_explained(line, code):
    with pytest.raises(parse.Unreadable) as caught:
        read(line)
    assert caught.value.code == code


def test_the_tiles_that_fit_are_told_when_the_line_could_mean_several():
    with pytest.raises(parse.Unreadable) as caught:
        read("b")
    assert caught.value.detail == "V, CO-1"


def test_the_example_names_the_tile_first():
    assert HAND.example == "V B 90 road:N"


def test_a_drawn_tile_is_never_named():
    from .test_reply_parse import TURN

    with pytest.raises(parse.Unreadable) as caught:
        parse.read(message("k a 180\n"), TURN)  # K is the drawn tile: "k" is read as a cell
    assert caught.value.code == "unknown_cell"


def test_a_cells_label_before_its_coordinates_is_no_tile():
    with pytest.raises(parse.Unreadable) as caught:
        read("C (1,0): 0")  # a line of the e-mail's list, copied
    assert (caught.value.code, caught.value.line) == ("no_move", "C (1,0): 0")
