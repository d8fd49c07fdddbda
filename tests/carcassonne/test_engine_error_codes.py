"""The engine's reasons for an illegal move carry a code and parameters (for a site that
translates them) while their English str() stays exactly what the CLI prints."""

import pytest

from carcassonne import Game, IllegalMove, Move, Rules
from carcassonne.errors import TEMPLATES, reason


def start(bag):
    return Game.new(["ann", "bob"], Rules(), seed=1).copy(bag=bag)


@pytest.mark.parametrize(
    "move, code, text",
    [
        (
            Move("U", 1, 0, 90, None),
            "does_not_fit",
            "tile U at (1,0) rotation 90 does not fit: its west edge (field) meets a road",
        ),
        (Move("U", 5, 5, 0, None), "not_adjacent", "tile U at (5,5) touches no placed tile edge-to-edge"),
        (Move("U", 0, 0, 0, None), "cell_taken", "tile U at (0,0): the cell is already taken by tile D"),
        (
            Move("U", 1, 0, 0, "city:N"),
            "no_spot",
            "tile U at rotation 0 has no spot 'city:N' (its spots: road:E, field:NNW, field:ESE)",
        ),
        (Move("E", 1, 0, 0, None), "wrong_tile", "the drawn tile is U, not E"),
        (Move("U", 1, 0, 45, None), "bad_rotation", "tile U at (1,0): rotation 45 is not one of 0, 90, 180, 270"),
    ],
)
def test_an_illegal_move_says_why_with_a_code_and_its_english(move, code, text):
    with pytest.raises(IllegalMove) as refused:
        start(["U", "A"]).play(move)
    assert (refused.value.code, str(refused.value)) == (code, text)


def test_the_parameters_make_the_same_sentence_again():
    with pytest.raises(IllegalMove) as refused:
        start(["U", "A"]).play(Move("U", 1, 0, 90, None))
    params = refused.value.params
    assert params == {"tile": "U", "x": 1, "y": 0, "rotation": 90, "edge": "west", "terrain": "field", "met": "road"}
    assert str(reason(refused.value.code, **params)) == str(refused.value)


def test_a_reason_without_a_code_is_other():
    assert IllegalMove("something rare").code == "other" and IllegalMove("something rare").params == {}


def test_every_code_has_a_template_for_the_site():
    from pathlib import Path

    games = Path(__file__).resolve().parents[2] / "games"
    text = "".join(
        p.read_text()
        for p in [games / "present" / "vocabulary.py", *sorted((games / "present" / "expansions").glob("*.py"))]
    )
    missing = [code for code in TEMPLATES if f'"{code}"' not in text]
    assert not missing, f"neither games/present/vocabulary.py nor games/present/expansions/ translates {missing}"
