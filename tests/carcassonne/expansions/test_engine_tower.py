"""The Tower (RULES.md, The Tower; NOTATION.md entries; EDGE_CASES.md 32-37) on small boards,
JCloisterZone's capture case, and random and bot games with every expansion.

The start tile ``D`` lies at (0,0): a city north, a road west-east. ``TO-02`` is a tower
foundation with fields only, ``B`` a cloister with fields only."""

import contextlib
import io
import json
import re
from pathlib import Path

import pytest

from carcassonne import Game, IllegalMove, Move, Rules, replay, summary
from carcassonne.autoplay import random_game
from carcassonne.board import key_of
from carcassonne.bots import make_bot
from carcassonne.bots.duel import play_game
from carcassonne.cli import main
from carcassonne.expansions import tower as tower_module
from carcassonne.expansions.tower import PIECES, Capture, Prisoner, Ransom, TowerAction, TowerRules
from carcassonne.hooks import expansion_ids
from carcassonne.moves import parse_entry
from carcassonne.tiles import TILE_TYPES

from .jcz_tiles import JCZ_HALF, features_of

ANN, BOB = 0, 1
PEER = Path(__file__).resolve().parent / "jcz_x"  # JCloisterZone's cases, copied (README there)


@pytest.fixture(autouse=True)
def tower_supported():
    """The Tower is not offered by the site yet (``supported = False``): these tests play it."""
    with tower_module.supported():
        yield


def rules(*others):
    return Rules(expansions=("tower", *others))


def game_of(players=("Ann", "Bob")):
    return Game(list(players), rules())


def tower_of(game) -> TowerRules:
    return next(m for m in game.modules if isinstance(m, TowerRules))


def piece(tile, x, y, rotation=0, at=None):
    """A tile move that puts a tower piece on the tower at ``at`` (the tile itself by default)."""
    tx, ty = at or (x, y)
    return Move(tile, x, y, rotation, action=TowerAction(tx, ty))


def test_tower_tiles_and_pieces_per_player_count():
    game = game_of()
    assert sum(n for t, n in game.remaining.items() if t.startswith("TO-")) == 18
    names = ["A", "B", "C", "D", "E", "F"]
    pieces = {n: Game(names[:n], rules("inns_cathedrals")).reserve[0]["tower"] for n in range(2, 7)}
    assert pieces == PIECES == {2: 10, 3: 9, 4: 7, 5: 6, 6: 5}


def test_the_site_does_not_offer_it_yet():
    TowerRules.supported = False
    try:
        assert "tower" not in expansion_ids(supported_only=True)
        with pytest.raises(ValueError, match="not supported yet"):
            rules()
    finally:
        TowerRules.supported = True


def build(moves, players=("Ann", "Bob"), others=()):
    game = Game(list(players), rules(*others))
    for move in moves:
        game.play(move)
    return game


def test_a_piece_on_the_tile_just_placed_asks_the_builder_for_a_capture():
    game = build([Move("TO-02", 0, 1, 0, "field:NNW")])  # Ann: a farmer on a bare foundation
    assert game.pending == (BOB, "turn")
    game.play(piece("U", 1, 0, 0, at=(0, 1)))  # Bob: a plain tile, a piece on Ann's foundation
    assert game.pending == (BOB, "capture") and game.reserve[BOB]["tower"] == 9
    assert game.options() == [Capture("Bob"), Capture("Bob", 0, 1, "field:NNW", "follower", "Ann")]
    game.play(Capture("Bob"))
    assert game.pending == (ANN, "turn") and summary(game)["towers"] == {"0,1": {"height": 1, "top": None}}


def straight_line():
    """Ann's tower at (0,1), Bob's thief at (1,0) (diagonal to it), Ann's monk at (-1,1),
    Bob's monk at (1,1)."""
    return build(
        [
            piece("TO-02", 0, 1),  # Ann: height 1, nobody in reach: nothing asked
            Move("U", 1, 0, 0, "road:E"),  # Bob's thief
            Move("B", -1, 1, 0, "cloister"),  # Ann's monk
            Move("B", 1, 1, 0, "cloister"),  # Bob's monk
        ]
    )


def test_reach_is_the_height_in_the_four_straight_directions_across_gaps():
    game = straight_line()
    assert [type(t.move).__name__ for t in game.history] == ["Move"] * 4  # nobody was asked
    game.play(piece("U", 2, 0, 0, at=(0, 1)))  # Ann: height 2
    # (1,1) and (-1,1) one cell east and west; Bob's thief at (1,0) is diagonal: out of reach
    assert [(c.x, c.y, c.owner) for c in game.options()[1:]] == [(1, 1, "Bob"), (-1, 1, "Ann")]
    game.play(Capture("Ann"))
    game.play(Move("B", 2, 1, 0, "cloister"))  # Bob's monk at (2,1): two cells east of the tower
    game.play(piece("U", 3, 0, 0, at=(0, 1)))  # Ann: height 3 reaches it, across nothing
    assert (2, 1, "Bob") in [(c.x, c.y, c.owner) for c in game.options()[1:]]


def test_capturing_ones_own_follower_puts_it_back_and_another_makes_a_prisoner():
    game = straight_line()
    game.play(piece("U", 2, 0, 0, at=(0, 1)))
    game.play(Capture("Ann", -1, 1, "cloister"))
    assert game.supply == [7, 5] and summary(game)["prisoners"] == {"Ann": [], "Bob": []}
    game = straight_line()
    game.play(piece("U", 2, 0, 0, at=(0, 1)))
    game.play(Capture("Ann", 1, 1, "cloister"))
    assert game.supply == [6, 5] and summary(game)["prisoners"] == {"Ann": ["Bob:follower"], "Bob": []}
    assert game.tile_at(1, 1).meeples == []


def test_prisoners_held_both_ways_are_exchanged_at_once():
    game = straight_line()
    game.play(piece("U", 2, 0, 0, at=(0, 1)))
    game.play(Capture("Ann", 1, 1, "cloister"))  # Ann holds Bob's monk
    game.play(piece("U", 3, 0, 0, at=(0, 1)))  # Bob: height 3
    game.play(Capture("Bob", -1, 1, "cloister"))  # Bob takes Ann's monk: exchanged at once
    assert summary(game)["prisoners"] == {"Ann": [], "Bob": []} and game.supply == [7, 6]


def test_the_exchange_gives_a_large_follower_back_first():
    game = build(
        [
            piece("TO-02", 0, 1),
            Move("U", 1, 0, 0, "road:E", figure="large"),  # Bob's large thief
            Move("B", -1, 1, 0, "cloister"),  # Ann's monk
            Move("B", 1, 1, 0, "cloister"),  # Bob's monk
            piece("U", 2, 0, 0, at=(0, 1)),
            Capture("Ann", 1, 1, "cloister"),
        ],
        others=("inns_cathedrals",),
    )
    module = tower_of(game)
    module.prisoners = (*module.prisoners, Prisoner(ANN, BOB, "large"))  # as if taken earlier
    game.board.remove_figure(game.board.figures(game.board.root(key_of(1, 0), 0))[0])
    game.play(piece("U", 3, 0, 0, at=(0, 1)))
    game.play(Capture("Bob", -1, 1, "cloister"))
    assert game.reserve[BOB]["large"] == 1 and summary(game)["prisoners"]["Ann"] == ["Bob:follower"]
    assert game.supply[ANN] == 7


def test_ransom_before_the_tile_once_a_turn_with_three_points():
    game = straight_line()
    game.play(piece("U", 2, 0, 0, at=(0, 1)))
    game.play(Capture("Ann", 1, 1, "cloister"))  # Ann holds Bob's monk
    assert game.turn_entries() == [] and game.pending == (BOB, "turn")  # Bob has no points
    with pytest.raises(IllegalMove, match="at least 3 points"):
        game.play(Ransom("Bob", "Ann"))
    with pytest.raises(IllegalMove, match="holds no large"):
        game.play(Ransom("Bob", "Ann", "large"))
    game.play(Move("E", 0, -1, 180, "city:S"))  # Bob closes the start tile's city: 4 points
    game.play(Move("U", -1, 0, 0))
    assert game.scores == [0, 4] and game.supply[BOB] == 5
    assert game.turn_entries() == [Ransom("Bob", "Ann", "follower")]
    assert Ransom("Bob", "Ann", "follower") in game.options("U")  # after the tile moves
    with pytest.raises(IllegalMove, match="turn"):
        game.play(Ransom("Ann", "Bob"))
    turn = game.play(Ransom("Bob", "Ann"))
    assert turn.points == (3, -3) and game.scores == [3, 1] and game.breakdown[BOB]["ransom"] == -3
    assert summary(game)["prisoners"]["Ann"] == [] and game.supply[BOB] == 6 and game.pending == (BOB, "turn")
    assert game.turn_entries() == []  # once a turn
    record = game.record()
    assert record["moves"][-1] == {"player": "Bob", "ransom": {"jailer": "Ann", "figure": "follower"}}
    assert replay(record).scores == [3, 1]


def test_a_capture_comes_before_the_tile_scores():
    def road(capture):
        game = build(
            [
                Move("TO-02", 0, 1, 0),  # Ann: a foundation
                Move("U", 1, 0, 0, "road:E"),  # Bob's thief on the start tile's road
                Move("A", -1, 0, 270),  # Ann: the road ends at a cloister in the west
                Move("TO-03", 1, 1, 0),  # Bob: a foundation under his thief
                piece("W", 2, 0, 0, at=(1, 1)),  # Ann closes the road in the east, builds at (1,1)
            ]
        )
        assert game.pending == (ANN, "capture") and game.scores == [0, 0]
        game.play(capture)
        return game

    assert road(Capture("Ann")).scores == [0, 4]
    assert road(Capture("Ann", 1, 0, "road:E")).scores == [0, 0]


def test_builders_and_pigs_are_never_captured():
    game = build(
        [
            Move("TO-02", 0, 1, 0),
            Move("U", 1, 0, 0, "road:E"),  # Bob's thief
            Move("U", -1, 0, 0),
            Move("U", 2, 0, 0, "road:E", figure="builder"),  # Bob's builder on his road
        ],
        others=("traders_builders",),
    )
    game.play(piece("TO-03", 2, 1))  # Ann: reaches (2,0), where only the builder stands
    assert game.pending == (BOB, "turn") and game.reserve[BOB]["builder"] == 0


def test_a_follower_on_a_tower_closes_it_and_another_tower_may_take_it():
    game = build([piece("TO-02", 0, 1)])
    game.play(Move("U", 1, 0, 0, action=TowerAction(0, 1, "follower")))  # Bob closes Ann's tower
    assert summary(game)["towers"] == {"0,1": {"height": 1, "top": "Bob:follower"}} and game.supply[BOB] == 6
    with pytest.raises(IllegalMove, match="is closed"):
        game.play(piece("U", 2, 0, 0, at=(0, 1)))
    assert not [m for m in game.options("U") if m.action is not None and (m.action.x, m.action.y) == (0, 1)]
    game.play(piece("TO-03", 1, 1))  # Ann: a tower east of it, reaching (0,1)
    assert game.options() == [Capture("Ann"), Capture("Ann", 0, 1, "tower", "follower", "Bob")]
    game.play(Capture("Ann", 0, 1, "tower"))
    assert summary(game)["towers"]["0,1"] == {"height": 1, "top": None}
    assert summary(game)["prisoners"]["Ann"] == ["Bob:follower"]


def test_no_follower_on_a_bare_foundation_no_tower_elsewhere_no_action_with_a_figure():
    game = game_of()
    with pytest.raises(IllegalMove, match="has no piece yet"):
        game.play(Move("TO-02", 0, 1, 0, action=TowerAction(0, 1, "follower")))
    with pytest.raises(IllegalMove, match="instead of a figure"):
        game.play(Move("TO-02", 0, 1, 0, "field:NNW", action=TowerAction(0, 1)))
    with pytest.raises(IllegalMove, match="no tower at"):
        game.play(piece("U", 1, 0, 0))
    with pytest.raises(IllegalMove, match="goes on a tower"):
        game.play(Move("TO-02", 0, 1, 0, "field:NNW", figure="tower"))
    actions = [(m.placement, m.action) for m in game.options("TO-02") if m.action is not None]
    # each rotation at (0,1), its one cell: a piece on its own foundation, nothing else
    assert actions == [((0, 1, rotation), TowerAction(0, 1)) for rotation in (0, 90, 180, 270)]


def test_no_piece_left_no_piece_action():
    game = game_of()
    game.reserve[ANN]["tower"] = 0
    assert not [m for m in game.options("TO-02") if m.action is not None]
    with pytest.raises(IllegalMove, match="no tower piece left"):
        game.play(piece("TO-02", 0, 1))


def test_the_entries_read_and_write_as_notation_md_says():
    move = {"tile": "TO-02", "x": 0, "y": 1, "rotation": 0, "meeple": None, "tower": {"x": 0, "y": 1}}
    assert parse_entry(move).to_json() == move
    top = {**move, "tower": {"x": 0, "y": 1, "figure": "large"}}
    assert parse_entry(top).action == TowerAction(0, 1, "large")
    capture = {"player": "Ann", "capture": {"x": -1, "y": 1, "spot": "cloister", "figure": "follower", "owner": "Bob"}}
    assert parse_entry(capture).to_json() == capture
    assert parse_entry({"player": "Ann", "capture": None}).passes
    ransom = {"player": "Ann", "ransom": {"jailer": "Bob", "figure": "follower"}}
    assert parse_entry(ransom) == Ransom("Ann", "Bob")
    for bad in ({**move, "tower": {"x": "0", "y": 1}}, {"capture": {"x": 1}}, {"ransom": "Bob"}):
        with pytest.raises(IllegalMove):
            parse_entry(bad)
    with pytest.raises(IllegalMove, match="not part of this rule set"):
        Game(["Ann", "Bob"]).play(parse_entry(move))


def test_prisoners_and_followers_on_towers_score_nothing_at_the_end():
    game = straight_line()
    game.play(piece("U", 2, 0, 0, at=(0, 1)))
    game.play(Capture("Ann", 1, 1, "cloister"))  # Ann holds Bob's monk
    game.play(Move("U", 3, 0, 0, action=TowerAction(0, 1, "follower")))  # Bob on top of the tower
    game.finish()
    # Ann's monk: its tile and 2 neighbours; Bob's thief: a road of 4 tiles; nothing else
    assert game.scores == [3, 4]
    assert summary(game)["prisoners"]["Ann"] == ["Bob:follower"]


# --- JCloisterZone's case ------------------------------------------------------------------------


def _theirs(features):
    parsed = [(f.partition(": ")[0], f.partition(": ")[2].split()) for f in features if ": " in f]
    cities = {loc: frozenset(locs) for head, locs in parsed if head.startswith("city") for loc in locs}
    out = {("cloister", frozenset(), 0)} if "monastery" in features else set()
    for head, locs in parsed:
        kind = head.split("[")[0]
        if kind == "field":
            named = re.search(r"city=([^\]]*)", head)
            borders = frozenset(cities[c] for c in named.group(1).split()) if named else frozenset()
            out.add(("field", frozenset(JCZ_HALF[h] for h in locs if h != "I") or frozenset({"I"}), borders))
        else:
            pennants = re.search(r"pennants=(\d)", head)
            out.add((kind, frozenset(locs), int(pennants.group(1)) if pennants else 0))
    return out


def test_every_tile_row_matches_jcloisterzones_tower_xml():
    data = json.loads((PEER / "tiles.json").read_text())
    jcz, counts = data["tiles"]["tower.xml"], dict(data["tile_sets"]["tower:1"]["refs"])
    table = Path(__file__).resolve().parents[3] / "docs" / "rules" / "TILES.md"
    ids = dict(re.findall(r"^\| (TO-\d\d) \|.*JCloisterZone `([^`]+)` \|$", table.read_text(), re.M))
    assert len(ids) == 17 and set(ids.values()) == set(counts)
    for ours, theirs in ids.items():
        tile = TILE_TYPES[ours]
        assert tile.count == counts[theirs] and "tower" in tile.marks, ours
        assert features_of(tile) == _theirs(jcz[theirs]), ours


JCZ_TILES = {"BA/RCr": "D", "TO/F": "TO-02", "BA/L": "B", "BA/LR": "A", "TO/RrC": "TO-10"}
JCZ_SPOTS = {"Monastery": "cloister"}


def jcz_record(case):
    """The case as a record of ours. JCloisterZone's game is one player's (Ariel); ours needs
    two: Bob's turns in between place cloisters north of the start tile, out of the tower's
    reach (two cells and more north of it), without figures."""
    moves, bob = [], iter([("E", 0, -1, 180), ("B", 0, -2, 0), ("B", 0, -3, 0), ("B", 0, -4, 0)])
    placed = None
    for action in case["replay_actions"]:
        kind, payload = action["type"], action["payload"]
        if kind == "PLACE_TILE":
            x, y = payload["position"]
            placed = {"tile": JCZ_TILES[payload["tileId"]], "x": x, "y": y, "rotation": int(payload["rotation"][1:])}
            placed["meeple"] = None
        elif kind == "DEPLOY_MEEPLE":
            pointer = payload["pointer"]
            assert pointer["position"] == [placed["x"], placed["y"]]
            placed["meeple"] = JCZ_SPOTS[pointer["feature"]]
        elif kind == "PLACE_TOKEN":
            assert payload["token"] == "TOWER_PIECE"
            x, y = payload["pointer"]["position"]
            placed["tower"] = {"x": x, "y": y}
        if kind in ("COMMIT", "PLACE_TOKEN"):
            moves.append(placed)
            if kind == "COMMIT":
                tile, x, y, rotation = next(bob)
                moves.append({"tile": tile, "x": x, "y": y, "rotation": rotation, "meeple": None})
    return {"players": ["Ariel", "Bob"], "rules": {"expansions": ["tower"]}, "moves": moves}


def test_jcloisterzone_tower_capture_options():
    case = json.loads((PEER / "tower" / "fcz__tower-capture-options.json").read_text())
    assert case["setup"]["start"][0]["tile"] == "BA/RCr"
    game = replay(jcz_record(case))
    # "Ariel has 0 points."
    assert game.scores[0] == 0
    # "Phase is TowerCapturePhase"; "Available action CaptureFollower"
    assert game.pending == (0, "capture")
    # "Player can pass"; "CaptureFollower options: {0.small.1,Monastery,I,[-1,1]}" (Ariel's first monk)
    assert game.options() == [Capture("Ariel"), Capture("Ariel", -1, 1, "cloister", "follower", "Ariel")]
    # ("Undo is allowed": the site's, not the engine's)


# --- whole games --------------------------------------------------------------------------------

EVERY = [e for e in expansion_ids(supported_only=True) if e != "tower"]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_with_every_expansion_complete_and_replay(players):
    text = {"expansions": [*EVERY, "tower"]}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["random", "--seed", str(players), "--players", str(players), "--rules", json.dumps(text)]) == 0
    record = json.loads(out.getvalue())
    kinds = {key for move in record["moves"] for key in move if key in ("tower", "capture", "ransom")}
    assert "tower" in kinds and "capture" in kinds, kinds
    game = replay(record)
    assert game.finished
    path = Path(__file__).parent / f"_tower_record_{players}.json"
    try:
        path.write_text(json.dumps(record))
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert main(["replay", str(path)]) == 0
    finally:
        path.unlink()
    summary_ = json.loads(out.getvalue())
    assert "towers" in summary_ and "prisoners" in summary_


def test_random_games_replay_to_the_same_scores():
    kinds = set()
    for seed in range(6):
        game = random_game(seed, 2 + seed % 3, rules())
        again = replay(json.loads(json.dumps(game.record())))
        assert again.scores == game.scores and again.finished
        kinds |= {key for m in game.record()["moves"] for key in m if key in ("tower", "capture", "ransom")}
    assert kinds == {"tower", "capture", "ransom"}


@pytest.mark.parametrize("level", ["random", "beginner", "greedy"])
def test_bots_play_it(level):
    bots = [make_bot(level, seed=i) for i in range(3)]
    game = play_game(bots, ["Ann", "Bob", "Cid"], rules("traders_builders"), seed=5)
    assert game.finished
    assert replay(game.record()).scores == game.scores
