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

from carcassonne import Move, RecordError, replay, summary

ROOT = Path(__file__).resolve().parents[2]
TB = {"expansions": ["traders_builders"]}
IC = {"expansions": ["inns_cathedrals"]}
COUNT = {"expansions": ["count"]}


def m(tile, x, y, rotation=0, meeple=None, figure=None, player=None):
    """A tile entry; ``figure`` gives the NOTATION.md object form of ``meeple``."""
    entry = {
        "tile": tile,
        "x": x,
        "y": y,
        "rotation": rotation,
        "meeple": meeple if figure is None else {"spot": meeple, "figure": figure},
    }
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
    return subprocess.run(
        [sys.executable, "-m", "carcassonne", "replay", "-"],
        cwd=ROOT,
        input=json.dumps(data),
        capture_output=True,
        text=True,
        timeout=120,
    )


# --- figures of the expansions ----------------------------------------------------------


def test_a_builder_onto_a_road_without_the_players_follower_is_refused():
    data = record(TB, m("U", 1, 0, 0, "road:E"), m("U", 2, 0, 0, "road:E", "builder"))  # Ann's thief, Bob's builder
    assert (
        refusal(data) == "move 2: a builder joins a road holding one of Bob's followers; the road at road:E holds none"
    )


def test_a_builder_onto_a_city_without_the_players_follower_is_refused():
    data = record(TB, m("U", 1, 0, 0, "road:E"), m("B", 0, 1), m("F", 0, -1, 90, "city:S", "builder"))
    assert (
        refusal(data) == "move 3: a builder joins a city holding one of Ann's followers; the city at city:N holds none"
    )


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
    assert refusal(data) == "move 3: Ann has no large figure left in supply"
    # once it came home (the road closed by two junctions) it may go again
    game = replay(
        record(
            IC,
            m("U", 1, 0, 0, "road:E", "large"),
            m("W", 2, 0),
            m("W", -1, 0, 180),
            m("U", 3, 0),
            m("E", 0, -1, 180, "city:S", "large"),
        )
    )
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


@pytest.mark.parametrize(
    "first, second",
    [
        (m("U", 4, 0), m("B", 0, 1)),  # the builder's double turn, then a hole filled in it
        (m("B", 0, 1), m("U", 4, 0)),  # the hole bonus, then the builder's road extended in it
    ],
)
def test_a_builder_and_the_hole_bonus_never_give_a_third_turn_in_a_row(first, second):
    game = replay(record(BOTH, *HOLE_AND_BUILDER, first))
    assert summary(game)["pending"] == {"player": "Ann", "action": "turn"}  # 10: a second turn
    game = replay(record(BOTH, *HOLE_AND_BUILDER, first, second))
    assert summary(game)["pending"] == {"player": "Bob", "action": "turn"}  # 11: no third
    data = record(BOTH, *HOLE_AND_BUILDER, first, second, m("V", -3, -1, 0, player="Ann"))
    assert refusal(data) == "move 12: it is Bob's turn, not Ann's"


# --- the Count ---------------------------------------------------------------------------

CITY_OPENING = [
    m("F", 2, 1, 0, "city:W"),  # 1 Ann: a knight in CO-12's city, open to the east
    m("E", 3, 1, 270),  # 2 Bob closes it: 8 for Ann, nothing for Bob
    {"quarter": "castle"},  # 3 Bob: a follower into the castle, where the Count stands
    m("W", 0, 2, 270),  # 4 Cid: a junction ends CO-11's road (nobody on it, nobody asked)
    m("F", -2, 2, 90, "city:N"),  # 5 Ann: a knight in CO-9's city, open to the south
    m("E", -2, 3, 0),  # 6 Bob closes it: 8 for Ann
    {"quarter": "blacksmith"},  # 7 Bob: a follower into the blacksmith
    m("V", 0, 3, 180, "road:N"),  # 8 Cid: a thief on the junction's south road
    m("E", 2, 2, 270, "city:W"),  # 9 Ann: a knight on a cap open to the west, at (1,2)
    m("V", 1, 3, 90),  # 10 Bob: the road turns north to (1,2)
    m("J", 1, 2, 90),  # 11 Cid's J closes Ann's city (2 tiles) and his own road (4 tiles)
]
"""Bob ends up with a follower in the castle (the Count's quarter) and one in the
blacksmith; Cid's tile at move 11 completes a city and a road, so Bob (and only Bob) is
asked to reinforce."""


def count_record(*moves):
    return record(COUNT, *moves, players=("Ann", "Bob", "Cid"))


def test_the_opening_asks_bob_to_reinforce_and_scores_after_his_answer():
    game = replay(count_record(*CITY_OPENING))
    assert summary(game)["pending"] == {"player": "Bob", "action": "reinforce"}
    assert summary(game)["quarters"]["Bob"] == {"castle": 1, "blacksmith": 1, "cathedral": 0, "market": 0}
    assert game.scores == [16, 0, 0]  # the tile is not scored yet
    game = replay(count_record(*CITY_OPENING, {"player": "Bob", "reinforce": {"x": 1, "y": 2, "spot": "road:S"}}))
    assert game.scores == [16 + 4, 4, 4]  # the road: Cid's thief and Bob's follower tie
    assert summary(game)["pending"] == {"player": "Ann", "action": "turn"}  # Cid scored: no deployment


def test_a_reinforcement_out_of_the_counts_quarter_is_refused():
    bad = {"player": "Bob", "reinforce": {"x": 1, "y": 2, "spot": "city:E"}}
    assert refusal(count_record(*CITY_OPENING, bad)) == (
        "move 12: followers in the castle cannot leave it while the Count stands there"
    )


def test_a_reinforcement_when_the_counts_quarter_holds_the_only_follower_is_refused():
    # move 4's tile completed a road, but Bob's only follower stood in the Count's castle
    bad = {"player": "Bob", "reinforce": {"x": 0, "y": 2, "spot": "road:N"}}
    assert refusal(count_record(*CITY_OPENING[:4], bad)) == (
        "move 5: there is no decision of this kind to take now: it is Ann's turn"
    )


def test_a_reinforcement_by_another_player_than_the_one_asked_is_refused():
    bad = {"player": "Cid", "reinforce": {"x": 1, "y": 2, "spot": "road:S"}}
    assert refusal(count_record(*CITY_OPENING, bad)) == (
        "move 12: it is Bob's decision on moving a follower out of the City (reinforce), not Cid's"
    )
    unnamed = {"reinforce": {"x": 1, "y": 2, "spot": "road:S"}}  # Bob is not on turn: he must be named
    assert refusal(count_record(*CITY_OPENING, unnamed)) == (
        "move 12: Bob's decision on moving a follower out of the City (reinforce) must name its player"
    )


def test_a_reinforcement_onto_a_feature_the_tile_did_not_complete_is_refused():
    earlier = {"player": "Bob", "reinforce": {"x": 0, "y": 2, "spot": "road:N"}}  # completed at move 4
    assert refusal(count_record(*CITY_OPENING, earlier)) == (
        "move 12: road:N at (0,2) is not on a road, city or cloister this tile completed"
    )
    farm = {"player": "Bob", "reinforce": {"x": 1, "y": 2, "spot": "field:NNW"}}
    assert refusal(count_record(*CITY_OPENING, farm)) == (
        "move 12: field:NNW at (1,2) is not on a road, city or cloister this tile completed"
    )


def test_a_deployment_into_the_city_after_the_active_player_scored_too_is_refused():
    passed = {"player": "Bob", "reinforce": None}
    game = replay(count_record(*CITY_OPENING, passed))
    assert game.scores == [16 + 4, 0, 4]  # Ann's city and Cid's road: Cid scored too
    for bad in ({"quarter": "market"}, {"player": "Cid", "quarter": "market"}):
        assert refusal(count_record(*CITY_OPENING, passed, bad)) == (
            "move 13: there is no decision of this kind to take now: it is Ann's turn"
        )


def test_a_deployment_into_the_city_by_another_player_is_refused():
    bad = {"player": "Ann", "quarter": "castle"}  # Bob (on turn) scored nothing: his decision
    assert refusal(count_record(*CITY_OPENING[:2], bad)) == (
        "move 3: it is Bob's decision on putting a follower into the City (quarter), not Ann's"
    )


DEPLOYING = CITY_OPENING[:2]  # Bob's deployment into the City is pending
REINFORCING = CITY_OPENING  # Bob's reinforcement is pending


@pytest.mark.parametrize(
    "prefix, bad, message",
    [
        (
            REINFORCING,
            {"player": "Bob", "reinforce": {"x": 1, "y": 2, "spot": "road:S", "figure": "large"}},
            "Bob has no large follower in the blacksmith",
        ),
        (
            REINFORCING,
            {"player": "Bob", "reinforce": {"x": 1, "y": 2, "spot": "road:S", "figure": "builder"}},
            'a follower or a large follower leaves the City, not "builder"',
        ),
        (REINFORCING, {"player": "Bob", "reinforce": {"x": 9, "y": 9, "spot": "road:S"}}, "there is no tile at (9,9)"),
        (
            REINFORCING,
            {"player": "Bob", "quarter": None},
            "it is Bob's decision on moving a follower out of the City (reinforce), not a deployment into the City",
        ),
        (
            REINFORCING,
            m("U", 5, 5),
            "it is Bob's decision on moving a follower out of the City (reinforce), not a tile turn",
        ),
        (DEPLOYING, {"quarter": "market", "count": "castle"}, "the Count already stands in the castle"),
        (
            DEPLOYING,
            {"quarter": None, "count": "market"},
            "the Count moves only after a follower was put into the City",
        ),
        (
            DEPLOYING,
            {"quarter": "tavern"},
            'quarter must be one of castle, blacksmith, cathedral, market, not "tavern"',
        ),
        (
            DEPLOYING,
            {"player": "Bob", "reinforce": None},
            "it is Bob's decision on putting a follower into the City (quarter), not a reinforcement",
        ),
    ],
)
def test_malformed_and_misplaced_count_entries_are_refused_with_a_reason(prefix, bad, message):
    data = count_record(*prefix, bad)
    assert refusal(data) == f"move {len(prefix) + 1}: {message}"


def play_out(data, seed=1):
    """The game of ``data`` played to its last tile by random placements without figures,
    every decision of the turns passed, the market round left to ask (a replay has no bag:
    each turn takes a tile still in the set)."""
    game = replay(data)
    rng = random.Random(seed)
    while not game.finished and game.pending.action == "turn":
        tile = rng.choice(sorted(t for t, n in game.remaining.items() if n))
        placements = game.legal_placements(tile)
        game.play(Move(tile, *rng.choice(placements)) if placements else Move.discard_of(tile))
        while game.asked is not None and game.pending.action != "market":
            game.play(game.options()[0])  # a pass
    return game


MARKET = [
    m("F", 2, 1, 0, "city:W"),  # 1 Ann
    m("E", 3, 1, 270),  # 2 Bob closes Ann's city, and may deploy into the City:
]


def test_market_moves_are_refused_when_the_count_stands_in_the_market():
    data = count_record(*MARKET, {"quarter": "market", "count": "market"})
    game = play_out(data)
    assert game.finished and summary(game)["quarters"]["Bob"]["market"] == 1  # nobody was asked
    moves = game.record()["moves"]
    bad = {"player": "Bob", "reinforce": {"x": -2, "y": -1, "spot": "field:NNW"}}
    assert (
        refusal(count_record(*moves, bad)) == f"move {len(moves) + 1}: the game is over: there is no tile left to play"
    )
    # with the Count elsewhere the same market follower is asked for at the end
    data = count_record(*MARKET, {"quarter": "market", "count": "blacksmith"})
    game = play_out(data)
    assert summary(game)["pending"] == {"player": "Bob", "action": "market"}
    game.play_json({"player": "Bob", "reinforce": {"x": -2, "y": -1, "spot": "field:NNW"}})
    assert game.finished


# --- entries and records as a whole --------------------------------------------------------


@pytest.mark.parametrize(
    "entry, kind",
    [
        ({"player": "Bob", "reinforce": None}, "Reinforce"),
        ({"player": "Bob", "reinforce": {"x": 0, "y": 0, "spot": "city:N"}}, "Reinforce"),
        ({"player": "Ann", "quarter": "market"}, "Quarter"),
        ({"player": "Ann", "quarter": None}, "Quarter"),
    ],
)
@pytest.mark.parametrize("rules", [{}, TB, {"expansions": ["inns_cathedrals", "king_robber"], "hole_bonus": True}])
def test_an_entry_of_an_expansion_not_in_play_is_refused(entry, kind, rules):
    data = record(rules, m("U", 1, 0), entry)
    assert refusal(data) == f"move 2: {kind} entries are not part of this rule set"


def test_six_players_without_inns_and_cathedrals_are_refused_on_the_command_line():
    six = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
    result = cli_replay(record({"expansions": ["traders_builders", "count"]}, players=six))
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr == "record: 6 players; this rule set allows 2 to 5 (a 6th player needs inns_cathedrals)\n"
    result = cli_replay(record(IC, players=six))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["pending"] == {"player": "Ann", "action": "turn"}


def test_a_bad_move_on_the_command_line_names_its_number():
    result = cli_replay(record(TB, m("U", 1, 0, 0, "road:E"), m("U", 2, 0, 0, "road:E", "builder")))
    assert result.returncode == 1
    assert (
        result.stderr
        == "move 2: a builder joins a road holding one of Bob's followers; the road at road:E holds none\n"
    )
