"""Bad records of the expansions (NOTATION.md): each is refused at the record level with
the ``move N: ...`` or ``record: ...`` sentence a person reads.

Every record here is short and hand-made; each bad entry comes after a prefix that
replays, so the number in the sentence is the bad entry's own. The Count's records play
on the City block (TILES.md: CO-11's road leaves it south at (0,2), CO-12's city cap
faces east at (2,1), CO-9's city cap faces south at (-2,2))."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine import Move, RecordError, replay, summary

ROOT = Path(__file__).resolve().parents[2]
TB = {"expansions": ["traders_builders"]}
IC = {"expansions": ["inns_cathedrals"]}
COUNT = {"expansions": ["count"]}


def m(tile, x, y, rotation=0, meeple=None, figure=None, player=None):
    """A tile entry; ``figure`` gives the NOTATION.md object form of ``meeple``."""
    entry = {"tile": tile, "x": x, "y": y, "rotation": rotation,
             "meeple": meeple if figure is None else {"spot": meeple, "figure": figure}}
    return {"player": player, **entry} if player else entry


def record(rules, *moves, players=("Ann", "Bob")):
    return {"format": "carcassonne-record/1", "players": list(players), "rules": rules, "moves": list(moves)}


def refusal(data):
    """The sentence replay refuses ``data`` with, after checking every entry before the
    bad one (the last) replays."""
    replay(dict(data, moves=data["moves"][:-1]))
    with pytest.raises(RecordError) as info:
        replay(data)
    assert info.value.move_number == len(data["moves"])
    return str(info.value)


def cli_replay(data):
    return subprocess.run([sys.executable, "-m", "games.engine", "replay", "-"], cwd=ROOT,
                          input=json.dumps(data), capture_output=True, text=True, timeout=120)


# --- figures of the expansions ----------------------------------------------------------


def test_a_builder_onto_a_road_without_the_players_follower_is_refused():
    data = record(TB, m("U", 1, 0, 0, "road:E"), m("U", 2, 0, 0, "road:E", "builder"))  # Ann's thief, Bob's builder
    assert refusal(data) == "move 2: a builder joins a road holding one of Bob's followers; the road at road:E holds none"


def test_a_builder_onto_a_city_without_the_players_follower_is_refused():
    data = record(TB, m("U", 1, 0, 0, "road:E"), m("B", 0, 1), m("F", 0, -1, 90, "city:S", "builder"))
    assert refusal(data) == "move 3: a builder joins a city holding one of Ann's followers; the city at city:N holds none"


def test_a_builder_beside_the_players_own_follower_is_accepted():
    game = replay(record(TB, m("U", 1, 0, 0, "road:E"), m("B", 0, 1), m("U", 2, 0, 0, "road:E", "builder")))
    assert summary(game)["figures"]["Ann"] == {"builder": 0, "pig": 1}


BUILDER = [
    m("U", 1, 0, 0, "road:E"),  # 1 Ann: thief on the road D + U
    m("B", 1, 1),  # 2 Bob
    m("U", 2, 0, 0, "road:E", "builder"),  # 3 Ann: her builder joins her road
]


def test_the_tile_a_builder_is_deployed_on_grants_no_double_turn():
    game = replay(record(TB, *BUILDER))
    assert summary(game)["pending"] == {"player": "Bob", "action": "turn"}
    data = record(TB, *BUILDER, m("U", -1, 0, player="Ann"))
    assert refusal(data) == "move 4: it is Bob's turn, not Ann's"


def test_the_next_tile_on_the_builders_road_grants_the_double_turn():
    game = replay(record(TB, *BUILDER, m("U", -1, 0), m("U", 3, 0)))  # 4 Bob; 5 Ann extends the road
    assert summary(game)["pending"] == {"player": "Ann", "action": "turn"}


def test_a_pig_into_a_farm_without_the_players_farmer_is_refused():
    data = record(TB, m("U", 1, 0, 0, "field:NNW"), m("U", 2, 0, 0, "field:NNW", "pig"))  # Ann's farmer, Bob's pig
    assert refusal(data) == "move 2: a pig joins a farm holding one of Bob's farmers; the farm at field:NNW holds none"
    data = record(TB, m("U", 1, 0, 0, "road:E"), m("B", 1, 1), m("U", 2, 0, 0, "field:NNW", "pig"))  # only a thief
    assert refusal(data) == "move 3: a pig joins a farm holding one of Ann's farmers; the farm at field:NNW holds none"


def test_a_second_large_follower_is_refused_while_the_first_is_on_the_board():
    first = [m("U", 1, 0, 0, "road:E", "large"), m("U", -1, 0)]
    data = record(IC, *first, m("E", 0, -1, 180, "city:S", "large"))
    assert refusal(data) == "move 3: Ann has no large follower left in supply"
    # once it came home (the road closed by two junctions) it may go again
    game = replay(record(IC, m("U", 1, 0, 0, "road:E", "large"), m("W", 2, 0), m("W", -1, 0, 180),
                         m("U", 3, 0), m("E", 0, -1, 180, "city:S", "large")))
    assert game.scores == [4 + 4, 0]  # the road of 4 tiles, then D's city closed by E (2 tiles)
    assert summary(game)["figures"]["Ann"] == {"large": 1}  # home again with the city


@pytest.mark.parametrize("figure, spot", [("large", "road:E"), ("builder", "road:E"), ("pig", "field:NNW")])
def test_an_expansion_figure_without_its_expansion_is_refused(figure, spot):
    others = {"large": TB, "builder": IC, "pig": IC}[figure]  # the other expansion does not help
    for rules in ({}, others):
        data = record(rules, m("U", 1, 0, 0, "road:E" if figure == "pig" else None), m("U", 2, 0, 0, spot, figure))
        assert refusal(data) == f"move 2: the figure '{figure}' is not part of this rule set"


# --- extra turns ---------------------------------------------------------------------------

HOLE_AND_BUILDER = BUILDER + [
    m("U", -1, 0),  # 4 Bob
    m("U", 3, 0),  # 5 Ann extends her builder's road: a double turn
    m("B", -1, 1),  # 6 Ann's extra turn
    m("V", 1, 2),  # 7 Bob
    m("U", 0, 2),  # 8 Ann: (0,1) is now a hole, walled in on four sides
    m("V", -2, 0, 270),  # 9 Bob
]
BOTH = {"expansions": ["traders_builders"], "hole_bonus": True}


@pytest.mark.parametrize("first, second", [
    (m("U", 4, 0), m("B", 0, 1)),  # the builder's double turn, then a hole filled in it
    (m("B", 0, 1), m("U", 4, 0)),  # the hole bonus, then the builder's road extended in it
])
def test_a_builder_and_the_hole_bonus_never_give_a_third_turn_in_a_row(first, second):
    game = replay(record(BOTH, *HOLE_AND_BUILDER, first))
    assert summary(game)["pending"] == {"player": "Ann", "action": "turn"}  # 10: a second turn
    game = replay(record(BOTH, *HOLE_AND_BUILDER, first, second))
    assert summary(game)["pending"] == {"player": "Bob", "action": "turn"}  # 11: no third
    data = record(BOTH, *HOLE_AND_BUILDER, first, second, m("V", -3, -1, 0, player="Ann"))
    assert refusal(data) == "move 12: it is Bob's turn, not Ann's"

