"""Abbey & Mayor (RULES.md, Abbey & Mayor; NOTATION.md entries; EDGE_CASES.md): its tiles
checked against JCloisterZone's, the abbey (instead of the drawn tile, into a hole; at the
end), the mayor, the wagon's move; JCloisterZone's saved games as records; random and bot
games.

The fixture below lets these tests play it whatever ``AbbeyMayor.supported`` says (the
site offers it: true) and restores the flag. The start tile ``D`` lies at
(0,0): a city north, a road west-east."""

import json
import random
import re
from pathlib import Path

import pytest

from carcassonne import Game, IllegalMove, Move, Rules, RulesError, replay, summary
from carcassonne.autoplay import random_game
from carcassonne.bots import make_bot
from carcassonne.bots.duel import play_game
from carcassonne.decisions import Pending
from carcassonne.expansions import abbey_mayor as abbey_module
from carcassonne.expansions.abbey_mayor import ABBEY, BARN, MAYOR, WAGON, AbbeyMayor, AbbeyPass, BarnAction, WagonMove
from carcassonne.hooks import expansion_ids
from carcassonne.moves import Placement, Resign, parse_entry
from carcassonne.rules import Rules as RulesClass
from carcassonne.tiles import TILE_TYPES

from .jcz_tiles import JCZ_HALF, features_of

ANN, BOB, CID = 0, 1, 2
PEER = Path(__file__).resolve().parent / "jcz_x"  # JCloisterZone's cases, copied (README there)
CASES = PEER / "abbey-and-mayor"


@pytest.fixture(autouse=True)
def playable():
    """Rule sets may name ``abbey_mayor`` during each test."""
    with abbey_module.supported():
        yield


def rules(*more: str, **settings) -> Rules:
    return Rules.from_json({"expansions": [*more, "abbey_mayor"], **settings})


def am(game) -> AbbeyMayor:
    return next(m for m in game.modules if isinstance(m, AbbeyMayor))


def tiny(players, tiles, *more, **settings):
    """A bag-less game whose set is ``tiles`` alone (tile -> count): it ends with them."""
    game = Game(list(players), rules(*more, **settings))
    game.remaining = dict.fromkeys(game.remaining, 0) | tiles
    return game


# --- the tiles -----------------------------------------------------------------------------------


def _theirs(features):
    """JCloisterZone's features of a tile (tiles.json) as :func:`features_of` gives ours: its
    ``monastery`` is our cloister; the wagon-move letters, the well and the garden are not
    played (TILES.md)."""
    parsed = [(f.partition(": ")[0], f.partition(": ")[2].split()) for f in features if ": " in f]
    cities = {loc: frozenset(locs) for head, locs in parsed if head.startswith("city") for loc in locs}
    out = {("cloister", frozenset(), 0)} if any(f.startswith("monastery") for f in features) else set()
    for head, locs in parsed:
        kind = head.split("[")[0]
        if kind == "field":
            named = re.search(r"city=([^\]]*)", head)
            borders = frozenset(cities[c] for c in named.group(1).split()) if named else frozenset()
            inner = frozenset("I" for h in locs if h in ("I", "II"))
            out.add(("field", frozenset(JCZ_HALF[h] for h in locs if h in JCZ_HALF) or inner, borders))
        else:
            pennants = re.search(r"pennants=(\d)", head)
            out.add((kind, frozenset(locs), int(pennants.group(1)) if pennants else 0))
    return out


def test_every_tile_row_matches_jcloisterzones_abbey_and_mayor_xml():
    data = json.loads((PEER / "tiles.json").read_text())
    jcz, counts = data["tiles"]["abbey_and_mayor.xml"], dict(data["tile_sets"]["abbey-and-mayor:1"]["refs"])
    table = Path(__file__).resolve().parents[3] / "docs" / "rules" / "TILES.md"
    ids = dict(re.findall(r"^\| (AM-\d\d) \|.*JCloisterZone `([^`]+)` \|$", table.read_text(), re.M))
    assert len(ids) == 12 and set(ids.values()) == set(counts)
    for ours, theirs in ids.items():
        tile = TILE_TYPES[ours]
        assert tile.count == counts[theirs] and tile.expansion == "abbey_mayor", ours
        # AM-02's two inner fields are one shape each: compared as a set, they are one
        assert features_of(tile) == _theirs(jcz[theirs]), ours
    # the 2nd edition's AM/RG is AM/R with a garden, which this engine does not play
    assert _theirs(jcz["AM/RG"]) == _theirs(jcz["AM/R"])


def test_the_set_has_the_twelve_tiles_and_each_player_an_abbey_and_a_mayor():
    game = Game(["Ann", "Bob", "Cid"], rules())
    assert sum(n for t, n in game.remaining.items() if t.startswith("AM-")) == 12
    assert ABBEY not in game.remaining and sum(game.remaining.values()) == 72 - 1 + 12
    assert am(game).abbeys == (1, 1, 1) and [r[MAYOR] for r in game.reserve] == [1, 1, 1]
    assert summary(game)["abbeys"] == {"Ann": 1, "Bob": 1, "Cid": 1}


def test_not_supported_outside_these_tests():
    before, AbbeyMayor.supported = AbbeyMayor.supported, False
    try:
        with pytest.raises(RulesError, match="not supported yet"):
            rules()
        assert "abbey_mayor" not in expansion_ids(supported_only=True)
        assert "abbey_mayor" not in [o.name for o in RulesClass.options()]
    finally:
        AbbeyMayor.supported = before


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_draw_the_tiles_play_abbeys_and_mayors_and_replay(players):
    kinds = {"abbey": 0, "mayor": 0, "tiles": 0, "wagon": 0, "moved": 0}
    for seed in range(3):
        game = random_game(seed, players=players, rules=rules())
        assert game.finished
        record = json.loads(json.dumps(game.record()))
        for entry in record["moves"]:
            tile = entry.get("tile", "")
            kinds["abbey"] += tile == ABBEY
            kinds["tiles"] += tile.startswith("AM-") and tile != ABBEY and not entry.get("discard")
            meeple = entry.get("meeple")
            kinds["mayor"] += isinstance(meeple, dict) and meeple.get("figure") == MAYOR
            kinds["wagon"] += isinstance(meeple, dict) and meeple.get("figure") == WAGON
            kinds["moved"] += entry.get("wagon") is not None
        again = replay(record)
        assert again.finished and again.scores == game.scores and again.breakdown == game.breakdown
    assert kinds["tiles"] >= 3 * 11 and kinds["abbey"] and kinds["mayor"] and kinds["wagon"] and kinds["moved"]


def test_random_games_with_every_expansion_replay():
    others = [name for name in expansion_ids(supported_only=True) if name != "abbey_mayor"]
    for seed in range(3):
        game = random_game(seed, players=3 + seed, rules=rules(*others))
        assert game.finished
        assert replay(json.loads(json.dumps(game.record()))).scores == game.scores


# --- the abbey -----------------------------------------------------------------------------------

HOLE = [
    Move("U", 1, 0, 0),  # a road E-W east of the start tile
    Move("E", 0, -1, 180),  # a city cap south: closes the start tile's city (nobody in it)
    Move("B", 0, -2, 0),
    Move("B", 1, -2, 0),
    Move("B", 2, -2, 0),
    Move("B", 2, -1, 0),  # now (1,-1) is closed on all four sides
]


def test_the_abbey_goes_only_into_a_hole_at_rotation_0_and_nothing_is_used_up():
    game = Game(["Ann", "Bob"], rules())
    assert game.legal_placements(ABBEY) == [] and ABBEY in game.own_tiles
    for move in HOLE:
        game.play(move)
    assert game.legal_placements(ABBEY) == [Placement(1, -1, 0)]
    with pytest.raises(IllegalMove, match="rotation 0"):
        game.play(Move(ABBEY, 1, -1, 90))
    with pytest.raises(IllegalMove, match="hole"):
        game.play(Move(ABBEY, 2, 0, 0))
    with pytest.raises(IllegalMove, match="never discarded"):
        game.play(Move.discard_of(ABBEY))
    left = dict(game.remaining)
    game.play(Move(ABBEY, 1, -1, 0, "cloister"))  # Ann's monk in her abbey
    assert game.remaining == left and am(game).abbeys == (0, 1) and game.pending == Pending(BOB, "turn")
    assert game.tile_at(1, -1).followers() == [("cloister", ANN)] and game.supply == [6, 7]
    assert game.own_tiles == (ABBEY,)  # Bob's
    game.play(Move("U", -1, 0, 0))
    assert game.own_tiles == ()  # Ann has placed hers
    assert game.record()["moves"][-2] == {"tile": ABBEY, "x": 1, "y": -1, "rotation": 0, "meeple": "cloister"}
    assert replay(game.record()).tile_at(1, -1).tile == ABBEY


def test_with_a_bag_the_drawn_tile_goes_back_into_it():
    game, rng = Game.new(["Ann", "Bob"], rules(), seed=3), random.Random(3)
    while not game.legal_placements(ABBEY):
        game.play(rng.choice([m for m in game.options() if isinstance(m, Move) and m.tile != ABBEY]))
    drawn, left, seat = game.tile, game.tiles_left, game.current_player
    hole = game.legal_placements(ABBEY)[0]
    assert Move(ABBEY, hole.x, hole.y, 0) in game.options()
    game.play(Move(ABBEY, hole.x, hole.y, 0))
    assert game.tiles_left == left  # the drawn tile went back, the next player drew one
    assert game.current_player != seat and game.remaining[drawn] >= 1
    assert not any(m.tile == ABBEY for m in game.options() if isinstance(m, Move)) or game.current_player != seat


def test_the_abbey_closes_the_roads_and_cities_it_touches():
    """The hole (1,-1) meets the city D(0,0)-N(0,-1) on its west and the road A-D-V on its
    south: the abbey closes both (EDGE_CASES.md, Abbey & Mayor)."""
    game = Game(["Ann", "Bob"], rules())
    for move in [
        Move("N", 0, -1, 180, "city:S"),  # Ann's knight: the start tile's city turns east, open
        Move("V", 1, 0, 90, "road:N"),  # Bob's thief: the start tile's road turns north, open
        Move("A", -1, 0, 270),  # the road's west end at a cloister
        Move("B", 0, -2, 0),
        Move("B", 1, -2, 0),
        Move("B", 2, 0, 0),
        Move("B", 2, -1, 0),
    ]:
        game.play(move)
    assert game.scores == [0, 0] and game.legal_placements(ABBEY) == [Placement(1, -1, 0)]
    turn = game.play(Move(ABBEY, 1, -1, 0))  # Bob
    assert turn.points == (4, 3) and game.supply == [7, 7]  # a city of 2 tiles, a road of 3


def test_a_city_meeting_the_abbey_on_two_sides_closes_once():
    game = Game(["Ann", "Bob"], rules())
    for move in [
        Move("R", 0, -1, 90, "city:N"),  # Ann's knight: a city N-E-S on the start tile's
        Move("N", 0, -2, 180),  # its north turns east...
        Move("N", 1, -2, 270),  # ...and south: the city's two open edges face the hole (1,-1)
        Move("U", 1, 0, 0),
        Move("B", 2, -2, 0),
        Move("B", 2, -1, 0),
    ]:
        game.play(move)
    turn = game.play(Move(ABBEY, 1, -1, 0))  # Ann
    assert [(s.kind, s.points, s.winners) for s in turn.scored] == [("city", 8, (ANN,))]


def end_game(players=("Ann", "Bob", "Cid")):
    """A tiny set: the last tile (Cid's) closes the hole (1,-1); then the abbeys."""
    game = tiny(players, {"U": 1, "E": 1, "B": 4})
    for move in HOLE:
        game.play(move)
    return game


def test_after_the_last_tile_each_holder_may_place_their_abbey_from_the_next_player():
    game = end_game()
    assert not game.finished and game.pending == Pending(ANN, "turn") and game.tile is None
    assert game.own_tiles == (ABBEY,) and game.turn_tiles == ()
    options = game.options()
    assert AbbeyPass("Ann") in options and Move(ABBEY, 1, -1, 0, "cloister") in options
    assert all(m.tile == ABBEY for m in options if isinstance(m, Move))
    with pytest.raises(IllegalMove, match="not Bob.s"):
        game.play(AbbeyPass("Bob"))
    game.play(AbbeyPass("Ann"))
    assert game.pending == Pending(BOB, "turn")
    game.play(Move(ABBEY, 1, -1, 0, "cloister"))  # Bob fills the only hole: Cid is not asked
    assert game.finished
    assert game.scores == [0, 8, 0]  # his monk: 1 + 7 neighbours ((2,0) is empty), at the end
    record = json.loads(json.dumps(game.record()))
    assert record["moves"][-2:] == [
        {"player": "Ann", "abbey": None},
        {"tile": ABBEY, "x": 1, "y": -1, "rotation": 0, "meeple": "cloister"},
    ]
    assert parse_entry({"player": "Ann", "abbey": None}) == AbbeyPass("Ann")
    with pytest.raises(IllegalMove, match="null"):
        parse_entry({"player": "Ann", "abbey": {"x": 1}})


def test_at_the_end_a_player_who_left_is_not_asked():
    game = tiny(("Ann", "Bob", "Cid"), {"U": 1, "E": 1, "B": 4})
    game.play(HOLE[0])  # Ann
    game.play(HOLE[1])  # Bob
    game.play(Resign("Bob"))
    for move in HOLE[2:]:  # Cid, Ann, Cid, Ann: Ann places the last tile
        game.play(move)
    assert game.pending == Pending(CID, "turn")  # Bob, after Ann, has left
    game.play(AbbeyPass("Cid"))
    assert game.pending == Pending(ANN, "turn")
    game.play(AbbeyPass("Ann"))
    assert game.finished and game.tile_at(1, -1) is None


def test_without_a_hole_the_game_ends_at_once():
    game = tiny(("Ann", "Bob"), {"U": 1})
    game.play(Move("U", 1, 0, 0))
    assert game.finished


# --- the mayor -----------------------------------------------------------------------------------


def test_the_mayor_goes_only_into_a_city():
    game = Game(["Ann", "Bob"], rules())
    assert ("city:N", MAYOR) in game.legal_figures(Placement(0, -1, 90), "F")
    assert [s for s, k in game.legal_figures(Placement(1, 0, 0), "U") if k == MAYOR] == []
    with pytest.raises(IllegalMove, match="only into a city"):
        game.play(Move("U", 1, 0, 0, "road:E", figure=MAYOR))


def test_a_mayor_without_pennants_wins_nothing_yet_occupies_the_city():
    game = Game(["Ann", "Bob"], rules())
    turn = game.play(Move("E", 0, -1, 180, "city:S", figure=MAYOR))  # closes D's city: no pennant
    assert turn.points == (0, 0) and game.reserve[ANN][MAYOR] == 1  # scored for nobody, home again
    game = Game(["Ann", "Bob"], rules())
    game.play(Move("G", 0, -1, 90, "city:N", figure=MAYOR))  # a band N-S, no pennant, open
    assert "city:S" not in [s for s, _k in game.legal_figures(Placement(0, -2, 180), "E")]
    with pytest.raises(IllegalMove, match="already holds a follower"):
        game.play(Move("E", 0, -2, 180, "city:S"))


def test_a_mayor_weighs_one_per_pennant():
    """Ann's mayor in a city with one pennant ties with Bob's knight: both score 10."""
    game = Game(["Ann", "Bob"], rules())
    for move in [
        Move("F", 0, -1, 90, "city:N", figure=MAYOR),  # Ann: the start tile's city N-S, a pennant
        Move("U", 1, 0, 0),
        Move("B", 1, -1, 0),
        Move("E", 1, -2, 270, "city:W"),  # Bob's knight in a cap facing west, apart
    ]:
        game.play(move)
    turn = game.play(Move("N", 0, -2, 180))  # Ann joins them: 4 tiles, 1 pennant
    assert turn.points == (10, 10) and game.reserve[ANN][MAYOR] == 1 and game.supply[BOB] == 7
    game = Game(["Ann", "Bob"], rules())
    for move in [
        Move("G", 0, -1, 90, "city:N", figure=MAYOR),  # no pennant this time: Bob's knight wins alone
        Move("U", 1, 0, 0),
        Move("B", 1, -1, 0),
        Move("E", 1, -2, 270, "city:W"),
    ]:
        game.play(move)
    assert game.play(Move("N", 0, -2, 180)).points == (0, 8)


def test_at_the_end_a_mayor_weighs_its_incomplete_citys_pennants():
    game = Game(["Ann", "Bob"], rules())
    game.play(Move("F", 0, -1, 90, "city:N", figure=MAYOR))
    game.finish()
    assert game.scores == [3, 0]  # 2 tiles + 1 pennant, incomplete


# --- JCloisterZone's saved games, as records ------------------------------------------------------
# Each case is one of jcz_x/abbey-and-mayor/*.json (copied from the shared peer cases), converted
# by hand: JCloisterZone's tiles are ours by their definitions (BA/RCr = D, BA/RFr = U, BA/C = E,
# BA/CcRr = P, BA/Cc.1 = N, BA/CFc.1 = G, BA/RRR = W, IC/RRR.i = IC-C, IC/RFr.i = IC-B, AM/A the
# abbey AM-A, the AM tiles as TILES.md lists them); [x, y] and quarter turns are ours (y
# southwards, clockwise). Its games of one player get a second, Zed, whose turns time out (a skip
# changes nothing on the board). Its games end with the tiles they draw: ours are played in a
# game whose set is those tiles alone (``tiny``), so that its end (the abbeys) comes where JCZ's
# does.


def case(name: str) -> dict:
    return json.loads((CASES / f"{name}.json").read_text())


def has_points(name: str) -> dict[str, int]:
    """The case's 'X has N points' assertions."""
    found = (re.match(r"(\w+) has (\d+) points?", a) for a in case(name)["assertions"])
    return {m.group(1): int(m.group(2)) for m in found if m}


SKIP = {"player": "Zed", "tile": "B", "skip": True}


def play_all(game, moves):
    for data in moves:
        game.play(parse_entry(data))
    return game


def test_jcz_abbey_merge():
    """client__abbey-merge: after the last tile Alice (after Bob, who placed it) puts her abbey
    into the hole (1,-1): its walls close Alice's and Bob's cities, which score; Bob, who has no
    hole left, is not asked."""
    moves = [
        {"tile": "D", "x": 1, "y": 0, "rotation": 0, "meeple": "city:N"},
        {"tile": "P", "x": 0, "y": -1, "rotation": 180, "meeple": "city:S"},
        {"tile": "U", "x": 2, "y": 0, "rotation": 0, "meeple": None},
        {"tile": "N", "x": 2, "y": -1, "rotation": 0, "meeple": "city:N"},
        {"tile": "N", "x": 2, "y": -2, "rotation": 270, "meeple": None},
        {"tile": "N", "x": 1, "y": -2, "rotation": 180, "meeple": None},
        {"tile": ABBEY, "x": 1, "y": -1, "rotation": 0, "meeple": None},
    ]
    game = tiny(["Alice", "Bob"], {"D": 1, "P": 1, "U": 1, "N": 3})
    play_all(game, moves[:-1])
    assert game.pending == Pending(0, "turn") and game.own_tiles == (ABBEY,)  # Alice's end abbey
    play_all(game, moves[-1:])
    assert game.finished
    assert dict(zip(game.players, game.scores)) == has_points("client__abbey-merge") == {"Alice": 2, "Bob": 10}


def test_jcz_mayor_zero_points():
    """client__mayor-zero-points: a mayor closes a city without pennants: it scores 0."""
    game = replay(
        {
            "players": ["Alice", "Zed"],
            "rules": rules().to_json(),
            "moves": [
                {"tile": "E", "x": 0, "y": -1, "rotation": 180, "meeple": {"spot": "city:S", "figure": "mayor"}},
            ],
        }
    )
    assert {"Alice": game.scores[0]} == has_points("client__mayor-zero-points") == {"Alice": 0}
    (scored,) = game.history[0].scored
    assert (scored.kind, scored.winners) == ("city", ())  # 'Alice scored city for 0 points'


def test_jcz_tiny_city_with_a_pennant():
    """client__cross__basic__tiny-city-coa (tiny-city-scoring 2, our small_city): AM/CCc+
    closes a two-tile city with its pennant: 2 + 1."""
    game = replay(
        {
            "players": ["Wendy", "Zed"],
            "rules": rules(small_city=True).to_json(),
            "moves": [
                {"tile": "AM-03", "x": 0, "y": -1, "rotation": 180, "meeple": "city:S"},
            ],
        }
    )
    assert {"Wendy": game.scores[0]} == has_points("client__cross__basic__tiny-city-coa") == {"Wendy": 3}
    assert [(s.kind, s.points) for s in game.history[0].scored] == [("city", 3)]


def test_jcz_fairy_beside_a_mayor_in_an_empty_city():
    """client__cross__princess-and-dragon__fairy-empty-city: the fairy beside Alice's mayor in a
    city without pennants: the city scores 0 for the mayor, the fairy 3."""
    moves = [
        {"tile": "G", "x": 0, "y": -1, "rotation": 90, "meeple": {"spot": "city:N", "figure": "mayor"}},
        SKIP,
        {"tile": "E", "x": 0, "y": -2, "rotation": 180, "meeple": None, "fairy": {"x": 0, "y": -1, "spot": "city:N"}},
    ]
    game = replay({"players": ["Alice", "Zed"], "rules": rules("princess_dragon").to_json(), "moves": moves})
    assert {"Alice": game.scores[0]} == has_points("client__cross__princess-and-dragon__fairy-empty-city")


def test_jcz_wells_without_mechanics_with_inns():
    """fcz__cross__wells__wells-without-mechanics-from-abbeys-and-mayors-with-inns: AM/Rrr's road
    N-E-W is one road through its well; Andy's road of 7 tiles with an inn is completed by
    Zuna's last tile (14); Zuna's inn road is left open (0 at the end)."""
    moves = [
        {"tile": "AM-11", "x": -1, "y": 0, "rotation": 0, "meeple": "road:N"},
        {"tile": "AM-11", "x": -2, "y": 0, "rotation": 0, "meeple": None},
        {"tile": "IC-C", "x": -3, "y": 0, "rotation": 0, "meeple": None},
        {"tile": "W", "x": -2, "y": -1, "rotation": 0, "meeple": None},
        {"tile": "W", "x": -1, "y": -1, "rotation": 0, "meeple": None},
        {"tile": "IC-B", "x": -4, "y": 0, "rotation": 0, "meeple": "road:E"},
        {"tile": "AM-11", "x": -5, "y": 0, "rotation": 0, "meeple": None},
        {"tile": "W", "x": 1, "y": 0, "rotation": 0, "meeple": None},
    ]
    game = tiny(["Andy", "Zuna"], {"AM-11": 3, "IC-C": 1, "W": 3, "IC-B": 1}, "inns_cathedrals")
    play_all(game, moves)
    assert game.finished  # no hole: no abbey at the end
    name = "fcz__cross__wells__wells-without-mechanics-from-abbeys-and-mayors-with-inns"
    assert dict(zip(game.players, game.scores)) == has_points(name) == {"Andy": 14, "Zuna": 0}
    assert [(s.kind, s.points, s.winners) for s in game.history[-1].scored] == [("road", 14, (0,))]


NOT_YET = {
    "client__abbey-wagon-move-bridge": "the first edition's wagon move (wagon-move C1) and the bridges "
    "(Bridges, Castles & Bazaars) are not in the engine yet",
    "client__abbey-wagon-move": "the first edition's wagon move (wagon-move C1: option wagon_move) is not in the engine yet",
    "client__multiple-wagons": "the first edition's wagon move (wagon-move C1) is not in the engine yet, "
    "and it plays two wagons a player (the box has one)",
    "fcz__wagon-move-c1": "the first edition's wagon move (wagon-move C1: option wagon_move) is not in the engine yet",
    "client__cross__hills-and-sheep__multi_city_merge_abbey": "HS/CC!.v's two cities on its north edge are "
    "one city in the engine (HS-02, TILES.md): Alice's knight may not join the part Bob's knight is not in, "
    "and the abbey closing that edge would close one city, where JCloisterZone closes two (4 and 4)",
}
CONVERTED = {
    "client__abbey-merge",
    "client__mayor-zero-points",
    "client__cross__basic__tiny-city-coa",
    "client__cross__princess-and-dragon__fairy-empty-city",
    "fcz__cross__wells__wells-without-mechanics-from-abbeys-and-mayors-with-inns",
    "fcz__wagon-placement-confirmation",
    "client__barn-scoring",
    "client__barn-connected-scoring",
    "client__multiple-barns",
    "fcz__barn-can-be-placed-to-other-barn",
    # with Hills & Sheep's HS-02: played in test_engine_hills_sheep.py
    "client__cross__hills-and-sheep__multi_city_merge_abbey2",
    "client__cross__hills-and-sheep__multi_city_merge_open",
}


def test_every_case_is_converted_or_waits_with_its_reason():
    names = {p.stem for p in CASES.glob("*.json")}
    assert names == CONVERTED | set(NOT_YET) and not CONVERTED & set(NOT_YET)


@pytest.mark.parametrize("name", sorted(NOT_YET))
def test_jcz_case_not_playable_yet(name):
    assert case(name)["assertions"]
    pytest.skip(NOT_YET[name])


@pytest.mark.parametrize(
    "level", ["random", "beginner", "greedy", *(pytest.param(s, marks=pytest.mark.slow) for s in ("answers", "mcts"))]
)
def test_bots_play_it(level):
    """Every level: the bots list the abbey's moves after the drawn tile's, and a turn
    without a tile (the end's abbeys) by the engine's list; the barn and the wagon's move too."""
    bots = [make_bot(level, seed=i, playouts=4) for i in range(3)]
    game = play_game(bots, ["Ann", "Bob", "Cid"], rules(), seed=5)
    assert game.finished
    assert replay(game.record()).scores == game.scores


# --- the wagon -----------------------------------------------------------------------------------


def test_a_wagon_goes_on_a_road_city_or_cloister_never_a_field():
    game = Game(["Ann", "Bob"], rules())
    wagons = [s for s, k in game.legal_figures(Placement(1, 0, 0), "A") if k == WAGON]
    assert wagons == [] or all(not s.startswith("field") for s in wagons)
    assert [s for s, k in game.legal_figures(Placement(1, 0, 0), "U") if k == WAGON] == ["road:E"]
    with pytest.raises(IllegalMove, match="road, city or cloister"):
        game.play(Move("U", 1, 0, 0, "field:NNW", figure=WAGON))


def test_when_its_feature_scores_the_wagon_moves_on_instead_of_going_home():
    game = Game(["Ann", "Bob"], rules())
    game.play(Move("E", 0, -1, 180, "city:S", figure=WAGON))  # closes the start tile's city
    assert game.scores == [4, 0] and game.pending == Pending(ANN, "wagon")
    assert game.options() == [WagonMove("Ann"), WagonMove("Ann", 0, 0, "road:E")]  # the start tile's road
    game.play(WagonMove("Ann", 0, 0, "road:E"))
    assert game.reserve[ANN][WAGON] == 0 and game.pending == Pending(BOB, "turn")
    assert game.tile_at(0, 0).figures_here() == [("road:E", ANN, WAGON)]
    assert replay(game.record()).tile_at(0, 0).figures_here() == [("road:E", ANN, WAGON)]


def wagon_road():
    """Bob's wagon on the road A(-1,0)-D-U(1,0); Ann closes it with W at (2,0)."""
    game = Game(["Ann", "Bob"], rules())
    for move in [
        Move("A", -1, 0, 270),  # the road's west end at a cloister
        Move("U", 1, 0, 0, "road:E", figure=WAGON),  # Bob's wagon
        Move("W", 2, 0, 0),  # Ann: a junction ends it: 4 tiles, Bob's
    ]:
        game.play(move)
    return game


def test_the_owner_off_turn_is_asked_onto_the_tiles_around_the_one_it_stood_on():
    game = wagon_road()
    assert game.scores == [0, 4] and game.pending == Pending(BOB, "wagon")
    # around (1,0): the junction's two other roads, the start tile's city; never the cloister
    # two cells west, nor a complete feature, nor a field
    assert game.options() == [
        WagonMove("Bob"),
        WagonMove("Bob", 2, 0, "road:E"),
        WagonMove("Bob", 2, 0, "road:S"),
        WagonMove("Bob", 0, 0, "city:N"),
    ]  # its own tile first, then the eight around it clockwise from the north
    with pytest.raises(IllegalMove, match="not Ann"):
        game.play(WagonMove("Ann"))
    with pytest.raises(IllegalMove):
        game.play(WagonMove(None, 0, 0, "city:N"))  # a decision off turn names its player
    with pytest.raises(IllegalMove, match="cannot move"):
        game.play(WagonMove("Bob", -1, 0, "cloister"))
    game.play(WagonMove("Bob", 2, 0, "road:S"))
    record = json.loads(json.dumps(game.record()))
    assert record["moves"][-1] == {"player": "Bob", "wagon": {"x": 2, "y": 0, "spot": "road:S"}}
    assert parse_entry({"player": "Bob", "wagon": None}) == WagonMove("Bob")
    with pytest.raises(IllegalMove, match="null to pass"):
        parse_entry({"player": "Bob", "wagon": {"x": 2}})
    assert replay(record).scores == [0, 4]


def test_a_pass_takes_the_wagon_home():
    game = wagon_road()
    game.play(WagonMove("Bob"))
    assert game.reserve[BOB][WAGON] == 1 and game.pending == Pending(BOB, "turn")


def test_jcz_wagon_placement_confirmation():
    """fcz__wagon-placement-confirmation (the second edition's move): one tile closes John's
    city (4) and Betty's (6), each with a wagon; Betty, on turn, moves hers first onto the start
    tile's road; then John is asked (JCloisterZone: 'Phase is WagonPhase') and may reach P's road
    on the tile diagonal to his. JCloisterZone says John "can't pass" there; here a pass (the
    timeout's default) always answers a wagon's decision."""
    moves = [
        {"tile": "P", "x": 0, "y": -1, "rotation": 270, "meeple": {"spot": "city:S", "figure": "wagon"}},
        {"tile": "D", "x": -1, "y": 0, "rotation": 0, "meeple": {"spot": "city:N", "figure": "wagon"}},
        {"tile": "I", "x": -1, "y": -1, "rotation": 180, "meeple": None},
        {"player": "Betty", "wagon": {"x": 0, "y": 0, "spot": "road:E"}},
    ]
    game = replay({"players": ["Betty", "John"], "rules": rules().to_json(), "moves": moves})
    assert dict(zip(game.players, game.scores)) == has_points("fcz__wagon-placement-confirmation")
    assert game.pending == Pending(1, "wagon")
    assert WagonMove("John", 0, -1, "road:N") in game.options()


# --- the barn ---------------------------------------------------------------------------------------
# JCloisterZone's barn pointer names the tile whose north-west corner holds it; ours, the corner
# of the tile just placed (BA/Rr = V, BA/LR = A, BA/L = B as in the Tower's cases).


def barn_moves(moves):
    """Moves ``(tile, x, y, rotation, meeple or barn corner)`` as records."""
    out = []
    for tile, x, y, rotation, extra in moves:
        data = {"tile": tile, "x": x, "y": y, "rotation": rotation, "meeple": None}
        if extra in ("NE", "SE", "SW", "NW"):
            data["barn"] = extra
        elif extra is not None:
            data["meeple"] = extra
        out.append(data)
    return out


def test_jcz_barn_scoring():
    """client__barn-scoring: Alice's barn on the corner (1,-1) NW joins her farmer's farm: he
    scores its two completed cities at once (6) and goes home; at the end the barn 4 a city (8)."""
    moves = barn_moves(
        [
            ("E", 0, -1, 180, "field:NNW"),
            ("E", 0, -2, 0, None),
            ("E", 0, -3, 180, None),
            ("E", 1, -2, 0, None),
            ("E", 1, -1, 90, "NW"),
        ]
    )
    skip = {"player": "Zed", "tile": "E", "skip": True}
    game = tiny(["Alice", "Zed"], {"E": 5})
    play_all(game, [m for move in moves for m in (move, skip)][:-1])
    assert game.finished
    assert {"Alice": game.scores[0]} == has_points("client__barn-scoring") == {"Alice": 14}
    assert [(s.kind, s.points) for s in game.history[-1].scored] == [("field", 6)]
    assert [(s.kind, s.points, s.winners) for s in game.final_scored] == [("field", 8, (0,))]
    assert game.supply[0] == 7 and game.reserve[0][BARN] == 0


def test_jcz_barn_connected_scoring():
    """client__barn-connected-scoring: Bob's barn (placed from the tile diagonal to its corner's
    other tiles) scores Alice's farmer and pig at once (1 city: 3 + 1) and sends both home; her
    second farmer's farm, joined later to the barn's, scores 1 a city and her pig 1 more (2
    cities: 4); Bob's barn 4 a city (8)."""
    moves = barn_moves(
        [
            ("E", 0, -1, 180, "field:NNW"),
            ("B", 1, -1, 0, None),
            ("B", 1, -2, 0, {"spot": "field:NNW", "figure": "pig"}),
            ("E", 0, -2, 0, "SE"),
            ("E", 0, -3, 180, "field:NNW"),
            ("U", 1, 0, 0, None),
            ("AM-10", 0, -4, 180, {"spot": "field:NNW", "figure": "pig"}),
            ("V", 1, -3, 180, None),
        ]
    )
    game = tiny(["Alice", "Bob"], {"E": 3, "B": 2, "U": 1, "AM-10": 1, "V": 1}, "traders_builders")
    play_all(game, moves[:4])
    assert game.scores == [4, 0] and game.reserve[0]["pig"] == 1 and game.supply[0] == 7
    play_all(game, moves[4:])
    assert game.finished
    assert dict(zip(game.players, game.scores)) == has_points("client__barn-connected-scoring")
    assert game.scores == [8, 8]


MULTIPLE_BARNS = [
    ("V", -1, 0, 270, None),
    ("W", -1, 1, 270, None),
    ("U", 0, 1, 0, "NW"),
    ("V", -1, 2, 180, None),
    ("W", 0, 2, 0, "NW"),
    ("A", 1, 1, 90, None),
    ("U", 1, 2, 0, None),
    ("U", 1, 0, 0, None),
    ("D", 2, 2, 0, None),
    ("E", 2, 1, 180, "city:S"),
    ("U", 2, 0, 0, None),
    ("V", 3, 2, 90, None),
    ("V", 3, 0, 0, None),
    ("W", 3, 1, 270, None),
]


def test_jcz_multiple_barns():
    """client__multiple-barns: JCloisterZone's set-up gives each player two barns (the box has
    one: the test gives the second as that set-up does); Alice places both, on two farms; one
    borders Bob's completed city (4 each)."""
    counts: dict[str, int] = {}
    for tile, *_ in MULTIPLE_BARNS:
        counts[tile] = counts.get(tile, 0) + 1
    game = tiny(["Alice", "Bob"], counts)
    for seat in (0, 1):
        game.reserve[seat][BARN] = 2  # JCZ's "barn": 2
    play_all(game, barn_moves(MULTIPLE_BARNS))
    assert game.finished and game.reserve[0][BARN] == 0
    assert dict(zip(game.players, game.scores)) == has_points("client__multiple-barns") == {"Alice": 4, "Bob": 4}


def _barn_beside_a_barn(**settings):
    game = tiny(["Betty", "John"], {"U": 5}, **settings)
    moves = [("U", -1, 0, 0, None), ("U", -2, 0, 0, None), ("U", 0, 1, 0, None), ("U", -1, 1, 0, "NE")]
    play_all(game, barn_moves(moves))
    return game


def test_jcz_barn_can_be_placed_to_other_barn():
    """fcz__barn-can-be-placed-to-other-barn (barn-placement: occupied, our barn_on_barn): Betty's
    tile (-2,1) may take her barn to its north-east corner (JCloisterZone's [-1,1] NW), on the
    farm of John's barn, and only there; she may also pass."""
    game = _barn_beside_a_barn(barn_on_barn=True)
    assert dict(zip(game.players, game.scores)) == {"Betty": 0, "John": 0}  # 'Betty has 0 points.' ...
    assert game.pending == Pending(0, "turn")
    placement = Placement(-2, 1, 0)
    assert game.legal_actions(placement, "U") == [Move("U", -2, 1, 0, action=BarnAction("NE"))]
    assert "field:NNW" not in game.legal_spots(placement, "U")  # the barns' farm is occupied
    game.play(parse_entry({"tile": "U", "x": -2, "y": 1, "rotation": 0, "meeple": None, "barn": "NE"}))
    assert game.reserve[0][BARN] == 0


def test_without_barn_on_barn_a_farm_takes_one_barn():
    game = _barn_beside_a_barn()
    assert game.legal_actions(Placement(-2, 1, 0), "U") == []
    with pytest.raises(IllegalMove, match="already has a barn"):
        game.play(parse_entry({"tile": "U", "x": -2, "y": 1, "rotation": 0, "meeple": None, "barn": "NE"}))


def test_a_barn_goes_only_on_a_corner_of_four_fields_and_never_with_a_figure():
    game = tiny(["Ann", "Bob"], {"U": 3, "E": 2})
    play_all(game, barn_moves([("U", -1, 0, 0, None), ("U", 0, 1, 0, None)]))
    assert game.legal_actions(Placement(-1, 1, 0), "U") == [Move("U", -1, 1, 0, action=BarnAction("NE"))]
    with pytest.raises(IllegalMove, match="four tiles' fields meet"):
        game.play(parse_entry({"tile": "U", "x": -1, "y": 1, "rotation": 0, "meeple": None, "barn": "SE"}))
    with pytest.raises(IllegalMove, match="instead of a figure"):
        game.play(parse_entry({"tile": "U", "x": -1, "y": 1, "rotation": 0, "meeple": "road:E", "barn": "NE"}))
    with pytest.raises(IllegalMove, match="NE, SE, SW or NW"):
        parse_entry({"tile": "U", "x": -1, "y": 1, "rotation": 0, "meeple": None, "barn": "N"})
    with pytest.raises(IllegalMove, match="move's barn"):
        game.play(
            parse_entry(
                {"tile": "U", "x": -1, "y": 1, "rotation": 0, "meeple": {"spot": "field:NNW", "figure": "barn"}}
            )
        )
    # E turned with its city south keeps its north corners fields: the barn may go there
    assert game.legal_actions(Placement(-1, 1, 180), "E") == [Move("E", -1, 1, 180, action=BarnAction("NE"))]
    game.play(parse_entry({"tile": "U", "x": -1, "y": 1, "rotation": 0, "meeple": None, "barn": "NE"}))
    assert "field:NNE" not in game.legal_spots(Placement(1, 1, 0), "U")  # the barn's farm is occupied
    record = game.record()
    assert record["moves"][-1]["barn"] == "NE" and replay(record).scores == game.scores


def test_the_analysis_judges_the_abbey_the_barn_and_the_wagon():
    """A finished game's analysis (the archive's): the abbey's moves, whose drawn tile the
    record does not name, the barn's and the wagon's decisions are judged like any other."""
    from carcassonne.bots.analysis import analyse

    record = json.loads(json.dumps(random_game(1, players=2, rules=rules()).record()))
    moves = record["moves"]
    numbers = {
        i
        for i, m in enumerate(moves, 1)
        if m.get("tile") == ABBEY or "barn" in m or (m.get("wagon") is not None and "player" in m)
    }
    assert {moves[n - 1].get("tile") == ABBEY for n in numbers} == {True, False}
    analysis = analyse(record, seconds=None, playouts=2, numbers=numbers)
    assert analysis.to_json()
