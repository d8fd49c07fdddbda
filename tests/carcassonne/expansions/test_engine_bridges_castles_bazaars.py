"""Bridges, Castles & Bazaars (RULES.md, Bridges, Castles & Bazaars; NOTATION.md entries;
EDGE_CASES.md): its tiles checked against JCloisterZone's, the bazaar and its auction, the
castles; JCloisterZone's saved games as records; random and bot games.

The expansion is not yet supported by the site (``BridgesCastlesBazaars.supported`` is
false): the fixture below lets these tests play it and restores the flag. The start tile
``D`` lies at (0,0): a city north, a road west-east, a field south."""

import json
import re
from pathlib import Path

import pytest

from carcassonne import Game, IllegalMove, Rules, RulesError, replay, summary
from carcassonne.autoplay import random_game
from carcassonne.bots import make_bot
from carcassonne.bots.duel import play_game
from carcassonne.decisions import Pending
from carcassonne.expansions import bridges_castles_bazaars as bcb_module
from carcassonne.expansions.bridges_castles_bazaars import BridgesCastlesBazaars
from carcassonne.hooks import expansion_ids
from carcassonne.moves import parse_entry
from carcassonne.rules import Rules as RulesClass
from carcassonne.tiles import TILE_TYPES

from .jcz_tiles import JCZ_HALF, features_of

PEER = Path(__file__).resolve().parent / "jcz_x"  # JCloisterZone's cases, copied (README there)
CASES = PEER / "bridges-castles-bazaars"
TABLE = (Path(__file__).resolve().parents[3] / "docs" / "rules" / "TILES.md").read_text()


@pytest.fixture(autouse=True)
def playable():
    """Rule sets may name ``bridges_castles_bazaars`` during each test."""
    with bcb_module.supported():
        yield


def _theirs(features):
    """JCloisterZone's features of a tile (tiles.json) as :func:`features_of` gives ours: its
    ``monastery`` is our cloister; the bazaar, an inn and the wagon-move letters are marks."""
    parsed = [(f.partition(": ")[0], f.partition(": ")[2].split()) for f in features if ": " in f]
    cities = {loc: frozenset(locs) for head, locs in parsed if head.startswith("city") for loc in locs}
    out = {("cloister", frozenset(), 0)} if any(f.startswith("monastery") for f in features) else set()
    for head, locs in parsed:
        kind = head.split("[")[0]
        if kind == "field":
            named = re.search(r"city=([^\]]*)", head)
            borders = frozenset(cities[c] for c in named.group(1).split()) if named else frozenset()
            out.add(("field", frozenset(JCZ_HALF[h] for h in locs if h in JCZ_HALF), borders))
        elif kind in ("city", "road"):
            out.add((kind, frozenset(locs), 0))
    return out


def test_every_tile_row_matches_jcloisterzones_bridges_castles_and_bazaars_xml():
    data = json.loads((PEER / "tiles.json").read_text())
    jcz = data["tiles"]["bridges_castles_and_bazaars.xml"]
    counts = dict(data["tile_sets"]["bridges-castles-and-bazaars:1"]["refs"])
    ids = dict(re.findall(r"^\| (BB-\d\d) \|.*JCloisterZone `([^`]+)` \|$", TABLE, re.M))
    assert len(ids) == 11 and set(ids.values()) == set(counts)
    for ours, theirs in ids.items():
        tile = TILE_TYPES[ours]
        assert tile.count == counts[theirs] and tile.expansion == "bridges_castles_bazaars", ours
        assert ("bazaar" in tile.marks) == ("bazaar" in jcz[theirs]), ours
        assert ("no_castle" in tile.marks) == any("castle-base=false" in f for f in jcz[theirs]), ours
        inns = {frozenset(f.partition(": ")[2].split()) for f in jcz[theirs] if "inn=true" in f}
        assert {frozenset("NESW"[e] for e in s.edges) for s in tile.segments if "inn" in s.attributes} == inns, ours
        assert features_of(tile) == _theirs(jcz[theirs]), ours
    assert sum(TILE_TYPES[t].count for t in ids if "bazaar" in TILE_TYPES[t].marks) == 8
    # the 2nd edition's BB/CFR!G is BB/CFR! with a garden, which this engine does not play
    assert _theirs(data["tiles"]["bridges_castles_and_bazaars.xml"]["BB/CFR!G"]) == _theirs(jcz["BB/CFR!"])
    second = dict(data["tile_sets"]["bridges-castles-and-bazaars:2"]["refs"])
    assert second.pop("BB/CFR!G") == counts.pop("BB/CFR!") and second == counts


ANN, BOB, CID = 0, 1, 2


def rules(*more: str, **settings) -> Rules:
    return Rules.from_json({"expansions": [*more, "bridges_castles_bazaars"], **settings})


def bcb(game) -> BridgesCastlesBazaars:
    return next(m for m in game.modules if isinstance(m, BridgesCastlesBazaars))


def play_all(game, entries):
    for entry in entries:
        game.play(parse_entry(entry))
    return game


def test_the_set_has_the_twelve_tiles_and_each_player_castles():
    game = Game(["Ann", "Bob", "Cid"], rules())
    assert sum(n for t, n in game.remaining.items() if t.startswith("BB-")) == 12
    assert sum(game.remaining.values()) == 72 - 1 + 12
    assert bcb(game).castles_left == (3, 3, 3)
    five = Game(["A", "B", "C", "D", "E"], rules())
    assert bcb(five).castles_left == (2,) * 5
    assert summary(game)["castles"] == [] and summary(game)["bazaar"]["supply"] == []


def test_not_supported_outside_these_tests():
    before, BridgesCastlesBazaars.supported = BridgesCastlesBazaars.supported, False
    try:
        with pytest.raises(RulesError, match="not supported yet"):
            rules()
        assert "bridges_castles_bazaars" not in expansion_ids(supported_only=True)
        assert "bridges_castles_bazaars" not in [o.name for o in RulesClass.options()]
    finally:
        BridgesCastlesBazaars.supported = before


# --- the bazaar ---------------------------------------------------------------------------------

FIELD_BAZAAR = {"tile": "BB-06", "x": 0, "y": 1, "rotation": 0, "meeple": None}  # south of D


def with_bag(players, tiles, **settings):
    """A game whose bag is ``tiles`` (first drawn first): its first tile is drawn."""
    return Game(list(players), rules(**settings)).copy(bag=list(tiles))


def test_the_auction_in_a_replay_takes_its_tiles_from_the_record():
    game = Game(["Ann", "Bob"], rules())
    play_all(game, [FIELD_BAZAAR])
    assert game.pending == Pending(BOB, "bazaar")  # the player after the one on turn selects
    with pytest.raises(IllegalMove, match="not known"):
        game.play(parse_entry({"player": "Bob", "bazaar": "V", "bid": 2}))
    play_all(game, [{"player": "Bob", "bazaar": "V", "bid": 2, "supply": ["V", "A"]}])
    assert game.pending == Pending(ANN, "bazaar_bid") and bcb(game).supply == ("V", "A")
    with pytest.raises(IllegalMove, match="more than the highest bid"):
        game.play(parse_entry({"player": "Ann", "raise": 2}))
    play_all(game, [{"player": "Ann", "raise": 3}])
    assert game.pending == Pending(BOB, "bazaar_keep")
    play_all(game, [{"player": "Bob", "keep": True}])  # Bob buys: he pays Ann 3; Ann takes A for 0
    assert game.scores == [3, -3] and bcb(game).held == ("A", "V")
    assert game.breakdown[BOB]["bazaar"] == -3
    assert game.pending == Pending(BOB, "turn") and game.tile == "V"
    with pytest.raises(IllegalMove, match="bazaar tile V"):
        game.play(parse_entry({"tile": "U", "x": 1, "y": 1, "rotation": 90, "meeple": None}))
    play_all(game, [{"tile": "V", "x": 0, "y": 2, "rotation": 0, "meeple": None}])
    assert game.current_player == ANN and game.tile == "A"
    play_all(game, [{"tile": "A", "x": 1, "y": 1, "rotation": 0, "meeple": None}])
    assert bcb(game).held == (None, None) and game.tile is None  # a replay draws nothing


def test_with_a_bag_the_open_tiles_are_drawn_and_written_into_the_record():
    game = with_bag(["Ann", "Bob"], ["BB-06", "V", "A", "U"])
    play_all(game, [FIELD_BAZAAR])
    assert bcb(game).supply == ("V", "A") and game.tiles_left == 1
    with pytest.raises(IllegalMove, match="not the ones drawn"):
        game.play(parse_entry({"player": "Bob", "bazaar": "V", "bid": 0, "supply": ["A", "V"]}))
    play_all(game, [{"player": "Bob", "bazaar": None}, {"player": "Ann", "raise": None}])  # V for 0; A for 0
    assert game.scores == [0, 0] and bcb(game).held == ("A", "V") and game.tile == "V"
    record = json.loads(json.dumps(game.record()))
    assert record["moves"][1] == {"player": "Bob", "bazaar": None, "supply": ["V", "A"]}
    again = replay(record)
    assert bcb(again).held == ("A", "V") and again.pending == Pending(BOB, "turn")


def test_an_unraised_bid_is_paid_to_nobody_and_may_take_a_score_below_zero():
    game = with_bag(["Ann", "Bob"], ["BB-06", "V", "A", "U"])
    play_all(game, [FIELD_BAZAAR, {"player": "Bob", "bazaar": "A", "bid": 5}, {"player": "Ann", "raise": None}])
    assert game.scores == [0, -5] and bcb(game).held == ("V", "A")


def test_the_selector_outbid_may_sell():
    game = with_bag(["Ann", "Bob"], ["BB-06", "V", "A", "U"])
    play_all(game, [FIELD_BAZAAR, {"player": "Bob", "bazaar": "A", "bid": 1}, {"player": "Ann", "raise": 4}])
    play_all(game, [{"player": "Bob", "keep": None}])  # sells: Ann takes A and pays Bob 4
    assert game.scores == [-4, 4] and bcb(game).held == ("A", "V")


def test_three_players_each_bid_once_in_turn_order_from_the_selector():
    game = with_bag(["Ann", "Bob", "Cid"], ["BB-06", "V", "A", "U", "B"])
    play_all(game, [FIELD_BAZAAR])
    assert game.pending == Pending(BOB, "bazaar") and bcb(game).supply == ("V", "A", "U")
    play_all(game, [{"player": "Bob", "bazaar": "U", "bid": 1}])
    assert game.pending == Pending(CID, "bazaar_bid")
    play_all(game, [{"player": "Cid", "raise": 2}])
    assert game.pending == Pending(ANN, "bazaar_bid")  # the player on turn bids too
    play_all(game, [{"player": "Ann", "raise": 3}, {"player": "Bob", "keep": None}])  # Ann buys U from Bob
    assert bcb(game).held == ("U", None, None) and game.scores == [-3, 3, 0]
    assert game.pending == Pending(CID, "bazaar")  # the next player without a tile selects
    play_all(game, [{"player": "Cid", "bazaar": "A", "bid": 0}])
    assert game.pending == Pending(BOB, "bazaar_bid")  # Ann has her tile: she bids no more
    play_all(game, [{"player": "Bob", "raise": None}])
    assert bcb(game).held == ("U", "V", "A")  # Bob takes the last tile for 0
    assert [game.current_player, game.tile] == [BOB, "V"]


def test_no_bazaar_with_fewer_tiles_left_than_players():
    game = with_bag(["Ann", "Bob", "Cid"], ["BB-06", "V", "A"])
    play_all(game, [FIELD_BAZAAR])
    assert game.pending == Pending(BOB, "turn") and game.tile == "V" and not bcb(game).in_bazaar


def test_no_new_bazaar_while_a_bazaar_tile_is_held():
    game = with_bag(["Ann", "Bob"], ["BB-06", "BB-10", "A", "U", "B", "E"])
    play_all(game, [FIELD_BAZAAR, {"player": "Bob", "bazaar": "BB-10", "bid": 0}, {"player": "Ann", "raise": None}])
    play_all(game, [{"tile": "BB-10", "x": 0, "y": 2, "rotation": 90, "meeple": None}])
    assert game.pending == Pending(ANN, "turn") and game.tile == "A"  # Ann still holds A: no bazaar


def test_without_the_auction_each_selector_takes_a_tile():
    game = with_bag(["Ann", "Bob", "Cid"], ["BB-06", "V", "A", "U", "B"], bazaar="no_auction")
    play_all(game, [FIELD_BAZAAR])
    with pytest.raises(IllegalMove, match="no auction"):
        game.play(parse_entry({"player": "Bob", "bazaar": "A", "bid": 1}))
    play_all(game, [{"player": "Bob", "bazaar": "A"}, {"player": "Cid", "bazaar": None}])
    assert bcb(game).held == ("U", "A", "V") and game.scores == [0, 0, 0]
    assert replay(game.record()).scores == [0, 0, 0]


def test_the_bazaar_off_holds_none():
    game = with_bag(["Ann", "Bob"], ["BB-06", "V", "A", "U"], bazaar="off")
    play_all(game, [FIELD_BAZAAR])
    assert game.pending == Pending(BOB, "turn") and game.tile == "V"
    assert game.record()["rules"]["bazaar"] == "off"


def test_the_bazaar_tiles_are_played_after_the_bag_is_empty():
    game = with_bag(["Ann", "Bob"], ["BB-06", "V", "A"])
    play_all(game, [FIELD_BAZAAR, {"player": "Bob", "bazaar": None}, {"player": "Ann", "raise": None}])
    assert game.tiles_left == 0 and not game.finished and game.tile == "V"
    play_all(game, [{"tile": "V", "x": 0, "y": 2, "rotation": 0, "meeple": None}])
    assert game.tile == "A" and not game.finished
    play_all(game, [{"tile": "A", "x": 1, "y": 1, "rotation": 0, "meeple": None}])
    assert game.finished
    assert replay(game.record()).scores == game.scores  # (a replay knows the whole set: it goes on)


def test_a_bidder_who_resigns_is_not_asked_and_the_auction_goes_on():
    game = with_bag(["Ann", "Bob", "Cid"], ["BB-06", "V", "A", "U", "B", "E"])
    play_all(game, [FIELD_BAZAAR, {"player": "Bob", "bazaar": "V", "bid": 1}, {"resign": True, "player": "Cid"}])
    assert game.pending == Pending(ANN, "bazaar_bid")
    play_all(game, [{"player": "Ann", "raise": None}])
    assert bcb(game).held == ("A", "V", None) and game.pending == Pending(BOB, "turn")
    assert bcb(game).supply == () and game.tiles_left == 3  # U went back into the bag


def test_options_list_the_pass_first():
    game = with_bag(["Ann", "Bob"], ["BB-06", "V", "A", "U"])
    play_all(game, [FIELD_BAZAAR])
    options = game.options()
    assert options[0].to_json() == {"player": "Bob", "bazaar": None}
    assert len(options) == 1 + 10 + 11  # V for 1 to 10, A for 0 to 10
    game.play(options[0])
    assert game.options()[0].to_json() == {"player": "Ann", "raise": None} and len(game.options()) == 11


# --- castles ------------------------------------------------------------------------------------

CAP_NORTH = {"tile": "E", "x": 0, "y": -1, "rotation": 180, "meeple": "city:S"}  # closes D's city


def test_a_small_city_may_become_a_castle_instead_of_scoring():
    game = Game(["Ann", "Bob"], rules())
    play_all(game, [CAP_NORTH])
    assert game.pending == Pending(ANN, "castle") and game.scores == [0, 0]
    assert [o.to_json() for o in game.options()] == [
        {"player": "Ann", "castle": None},
        {"player": "Ann", "castle": {"x": 0, "y": -1}},
    ]
    with pytest.raises(IllegalMove, match="not a tile of the small city"):
        game.play(parse_entry({"player": "Ann", "castle": {"x": 1, "y": 0}}))
    play_all(game, [{"player": "Ann", "castle": {"x": 0, "y": 0}}])
    assert game.scores == [0, 0] and game.supply[ANN] == 6  # the follower stays, on the castle
    assert bcb(game).castles_left == (2, 3) and game.pending == Pending(BOB, "turn")
    assert summary(game)["castles"] == [{"player": "Ann", "tiles": [[0, -1], [0, 0]]}]
    assert game.tile_at(0, -1).figures_here() == []  # off the board's city: nothing there touches it


def test_the_pass_lets_the_small_city_score():
    game = Game(["Ann", "Bob"], rules())
    play_all(game, [CAP_NORTH, {"player": "Ann", "castle": None}])
    assert game.scores == [4, 0] and game.supply[ANN] == 7 and bcb(game).castles == ()


def test_the_next_feature_completed_in_the_fief_scores_for_the_castle():
    game = Game(["Ann", "Bob"], rules())
    play_all(game, [CAP_NORTH, {"player": "Ann", "castle": {"x": 0, "y": -1}}])
    play_all(game, [{"tile": "W", "x": -1, "y": 0, "rotation": 0, "meeple": None}])
    assert game.scores == [0, 0]
    play_all(game, [{"tile": "W", "x": 1, "y": 0, "rotation": 0, "meeple": "road:S"}])  # Ann's; the road closes
    assert game.scores == [3, 0] and game.breakdown[ANN]["castle"] == 3
    assert game.supply[ANN] == 6 and bcb(game).castles == ()  # its follower home; the castle stays for farms
    assert replay(game.record()).scores == [3, 0]


def test_a_castle_scores_nothing_at_the_end():
    game = Game(["Ann", "Bob"], rules())
    play_all(game, [CAP_NORTH, {"player": "Ann", "castle": {"x": 0, "y": -1}}])
    game.finish("complete")
    assert game.scores == [0, 0]


def test_bb_04s_city_never_becomes_a_castle():
    game = Game(["Ann", "Bob"], rules())
    play_all(game, [{"tile": "BB-04", "x": 0, "y": -1, "rotation": 270, "meeple": "city:S"}])
    assert game.pending == Pending(BOB, "turn") and game.scores == [4, 0]


def test_no_castle_left_no_question():
    game = Game(["Ann", "Bob"], rules())
    bcb(game).castles_left = (0, 3)
    play_all(game, [CAP_NORTH])
    assert game.pending == Pending(BOB, "turn") and game.scores == [4, 0]


# --- random games and bots ----------------------------------------------------------------------


def count_kinds(record, kinds):
    for entry in record["moves"]:
        tile = entry.get("tile", "")
        kinds["tiles"] += tile.startswith("BB-") and not entry.get("discard")
        for key in ("supply", "raise", "keep"):
            kinds[key] += key in entry and entry[key] is not None
        kinds["castle"] += "castle" in entry  # a castle offered (built or not)
        kinds["bridge"] += "bridge" in entry


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_hold_bazaars_build_castles_and_replay(players):
    kinds = dict.fromkeys(("tiles", "supply", "raise", "keep", "castle", "bridge"), 0)
    for seed in range(4):
        game = random_game(seed, players=players, rules=rules())
        assert game.finished
        record = json.loads(json.dumps(game.record()))
        count_kinds(record, kinds)
        again = replay(record)  # no bag: the record's open tiles
        assert again.finished and again.scores == game.scores and again.breakdown == game.breakdown
    assert kinds["tiles"] >= 4 * 11 and all(kinds.values()), kinds


def test_random_games_with_every_expansion_replay():
    others = [name for name in expansion_ids(supported_only=True) if name != "bridges_castles_bazaars"]
    for seed in range(4):
        game = random_game(seed, players=3 + seed, rules=rules(*others))
        assert game.finished
        assert replay(json.loads(json.dumps(game.record()))).scores == game.scores


def test_random_games_without_the_auction_replay():
    for seed in range(2):
        game = random_game(seed, players=4, rules=rules(bazaar="no_auction"))
        record = json.loads(json.dumps(game.record()))
        assert any("supply" in e for e in record["moves"]) and not any("raise" in e for e in record["moves"])
        assert replay(record).scores == game.scores


def test_the_command_line_plays_and_replays_it(tmp_path, capsys):
    """``python -m carcassonne random`` then ``replay``, with 3 to 6 players."""
    from carcassonne.cli import main

    for players in (3, 4, 5, 6):
        expansions = ["inns_cathedrals", "bridges_castles_bazaars"]
        assert (
            main(
                [
                    "random",
                    "--seed",
                    str(players),
                    "--players",
                    str(players),
                    "--rules",
                    json.dumps({"expansions": expansions}),
                ]
            )
            == 0
        )
        path = tmp_path / f"game{players}.json"
        path.write_text(capsys.readouterr().out)
        assert main(["replay", str(path)]) == 0
        assert len(json.loads(capsys.readouterr().out)["scores"]) == players


@pytest.mark.parametrize(
    "level", ["random", "beginner", "greedy", *(pytest.param(s, marks=pytest.mark.slow) for s in ("answers", "mcts"))]
)
def test_bots_play_it(level):
    """Every level selects, bids, buys or sells and builds castles through the engine's lists."""
    bots = [make_bot(level, seed=i, playouts=4) for i in range(3)]
    game = play_game(bots, ["Ann", "Bob", "Cid"], rules(), seed=5)
    assert game.finished
    assert replay(game.record()).scores == game.scores


# --- JCloisterZone's saved games (jcz_x/bridges-castles-bazaars) ----------------------------------

JCZ_TILES = {
    "BA/RCr": "D",
    "BA/RFr": "U",
    "BA/C": "E",
    "BA/RRR": "W",
    "BA/CC.2": "I",
}
JCZ_TILES |= {
    theirs: ours for ours, theirs in re.findall(r"^\| (BB-\d\d) \|.*JCloisterZone `([^`]+)` \|$", TABLE, re.M)
}


def case(name: str) -> dict:
    return json.loads((CASES / f"{name}.json").read_text())


def has_points(data: dict) -> dict[str, int]:
    found = (re.match(r"(\w+) has (-?\d+) points?", a) for a in data["assertions"])
    return {m.group(1): int(m.group(2)) for m in found if m}


def spot_of(pointer: dict) -> str:
    location = pointer["location"]
    if pointer.get("feature") == "Field":
        return "field:" + JCZ_HALF[location.split(".")[0]]
    return pointer["feature"].lower() + ":" + location[0]


def tiny(players, tiles, *more, **settings):
    """A bag-less game whose set is ``tiles`` alone (tile -> count): it ends with them."""
    game = Game(list(players), rules(*more, **settings))
    game.remaining = dict.fromkeys(game.remaining, 0) | tiles
    return game


def jcz(name, players, *more, ends=True, **settings):
    """The case ``name`` played as our record; a case of one player gets a second, Zed, whose
    turns time out. Its PLACE_TOKEN CASTLE answers our castle question (else it is passed)."""
    data = case(name)
    actions = data["replay_actions"]
    used: dict[str, int] = {}
    for a in actions:
        if a["type"] == "PLACE_TILE":
            tile = JCZ_TILES[a["payload"]["tileId"]]
            used[tile] = used.get(tile, 0) + 1
    game = tiny(players, used, *more, **settings) if ends else Game(list(players), rules(*more, **settings))
    solo = len(data["players"]) == 1
    move: dict | None = None
    castle: dict | None = None

    def flush():
        nonlocal move, castle
        if move is None:
            return
        game.play(parse_entry(move))
        while game.pending is not None and game.pending.action == "castle":
            name = game.players[game.pending.player]
            x, y = castle["position"] if castle else (0, 0)
            game.play(parse_entry({"player": name, "castle": {"x": x, "y": y} if castle else None}))
            castle = None
        if solo and not game.finished and game.pending == Pending(1, "turn"):
            nxt = next((t for t, n in game.remaining.items() if n), "B")
            game.play(parse_entry({"player": players[1], "tile": nxt, "skip": True}))
        move = None

    for a in actions:
        kind, payload = a["type"], a["payload"]
        if kind == "PLACE_TILE":
            x, y = payload["position"]
            tile, rotation = JCZ_TILES[payload["tileId"]], int(payload["rotation"][1:])
            move = {"tile": tile, "x": x, "y": y, "rotation": rotation, "meeple": None}
        elif kind == "DEPLOY_MEEPLE":
            move["meeple"] = spot_of(payload["pointer"])
        elif kind == "MOVE_NEUTRAL_FIGURE" and payload["figureId"].startswith("fairy"):
            target = payload["to"]["featurePointer"]
            fx, fy = target["position"]
            move["fairy"] = {"x": fx, "y": fy, "spot": spot_of(target)}
        elif kind == "PLACE_TOKEN" and payload["token"] == "CASTLE":
            castle = payload["pointer"]
        elif kind == "COMMIT":
            flush()
    flush()
    return game


TWO = ("Alice", "Bob")
CONVERTED: dict[str, tuple[tuple[str, ...], tuple[str, ...], dict]] = {
    # name: (players, expansions besides ours, options)
    "client__castle-unoccupied-trigger": (TWO, (), {}),
    "client__field-castle-scoring": (("Alice", "Zed"), (), {}),
}
NOT_YET = {
    "client__cross__princess-and-dragon__fairy-endgame-incomplete-castle": "the engine takes a castle's "
    "followers off the board (onto the castle, out of reach of the dragon, the princess and the end's "
    "scoring), so the fairy beside Oscar's follower gives nothing from the turn the castle is built: "
    "1 point here, JCloisterZone's 2 (its follower stays on the board, in the castle, and the fairy "
    "gives its point on the last turn too); the end's 0 for the castle and no fairy bonus agree",
}


def test_every_case_is_converted_or_waits_with_its_reason():
    names = {p.stem for p in CASES.glob("*.json")}
    assert names == set(CONVERTED) | set(NOT_YET) | {"fcz__bazaar-no-bazaar", "fcz__bazaar-regular"}


@pytest.mark.parametrize("name", sorted(NOT_YET))
def test_jcz_case_not_playable(name):
    assert case(name)["assertions"]
    if name.startswith("client__cross__princess"):  # what it shows so far: 1 point, not 2
        assert jcz(name, ("Oscar", "Zed"), "princess_dragon").scores == [1, 0]
    pytest.skip(NOT_YET[name])


@pytest.mark.parametrize("name", sorted(CONVERTED))
def test_jcz_case(name):
    players, more, options = CONVERTED[name]
    game = jcz(name, players, *more, **options)
    expected = has_points(case(name))
    assert {p: dict(zip(game.players, game.scores))[p] for p in expected} == expected
    assert game.finished


def test_jcz_bazaar_regular():
    """The fork's 'Bazaar Regular': Betty places BB/CFc.b; the bazaar's phase waits for John,
    the player after her, to select a tile (with the auction); nobody has points."""
    game = Game(["Betty", "John"], rules()).copy(bag=["BB-03", "V", "A", "U"])
    play_all(game, [{"tile": "BB-03", "x": 0, "y": -1, "rotation": 90, "meeple": None}])
    assert game.pending == Pending(1, "bazaar") and game.scores == [0, 0]
    assert game.rules.setting("bazaar") == "auction" and bcb(game).supply == ("V", "A")


def test_jcz_bazaar_no_bazaar():
    """The fork's 'Bazaar No Bazaar' (JCloisterZone's element bazaar left out: our setting
    bazaar off): after BB/CFc.b the next player's tile turn, BB/F.b's placements as JCZ lists them."""
    game = Game(["Betty", "John"], rules(bazaar="off")).copy(bag=["BB-03", "BB-06", "A", "U"])
    play_all(game, [{"tile": "BB-03", "x": 0, "y": -1, "rotation": 90, "meeple": None}])
    assert game.pending == Pending(1, "turn") and game.tile == "BB-06" and game.scores == [0, 0]
    data = case("fcz__bazaar-no-bazaar")
    found = next(re.match(r"TilePlacement (\S+) options: (.*)", a) for a in data["assertions"] if "options" in a)
    assert JCZ_TILES[found.group(1)] == "BB-06"
    cells = re.findall(r"\[(-?\d+),(-?\d+)\] - \[([\d,]+)\]", found.group(2))
    placements = {(int(x), int(y), int(r)) for x, y, rs in cells for r in rs.split(",")}
    ours = {(p.x, p.y, p.rotation) for p in game.legal_placements()}
    # JCloisterZone lets the all-field tile meet D's road ends W and E, a bridge to continue the
    # road that turn: the engine's bridges go only on the tile just placed with both ends free
    # (RULES.md), so not there; the rest agrees
    assert ours == placements - {(x, 0, r) for x in (-1, 1) for r in (0, 90, 180, 270)}
    pytest.skip(
        "a tile placed with its field against a road, continued by a bridge, is not in the engine yet: "
        "JCZ's placements at (-1,0) and (1,0), each with a bridge"
    )


# --- bridges (on the tile just placed) ----------------------------------------------------------


def test_a_bridge_on_the_tile_just_placed_joins_two_field_edges_into_a_road():
    game = Game(["Ann", "Bob"], rules())
    assert bcb(game).bridges_left == (3, 3)
    field = {"tile": "B", "x": 0, "y": 1, "rotation": 0}  # a cloister in fields, south of D
    options = [o.to_json() for o in game.options(tile="B") if o.action is not None]
    assert {**field, "meeple": None, "bridge": "EW"} in options
    assert {**field, "meeple": None, "bridge": "NS"} not in options  # its north edge meets D's field
    with pytest.raises(IllegalMove, match="face empty cells"):
        game.play(parse_entry({**field, "meeple": None, "bridge": "NS"}))
    game.play(parse_entry({**field, "meeple": "cloister", "bridge": "EW"}))  # a figure too
    assert bcb(game).bridges_left == (2, 3) and game.tile_at(0, 1).orientation.edges == "FRFR"
    # the bridge's road goes on: a tile east must continue it, and the road scores the bridge's tile
    with pytest.raises(IllegalMove, match="does not fit"):
        game.play(parse_entry({"tile": "B", "x": 1, "y": 1, "rotation": 0, "meeple": None}))
    play_all(game, [{"tile": "A", "x": 1, "y": 1, "rotation": 90, "meeple": "road:W"}])  # Bob's, the cloister's road W
    play_all(game, [{"tile": "A", "x": -1, "y": 1, "rotation": 270, "meeple": None}])  # Ann closes it: 3 tiles
    assert game.scores == [0, 3] and game.breakdown[BOB]["roads"] == 3
    assert summary(game)["bridges_left"] == {"Ann": 2, "Bob": 3}
    assert replay(game.record()).scores == [0, 3]


def test_no_bridge_left_none_offered():
    game = Game(["Ann", "Bob"], rules())
    bcb(game).bridges_left = (0, 3)
    assert not [o for o in game.options(tile="BB-06") if o.action is not None]
    with pytest.raises(IllegalMove, match="no bridge left"):
        game.play(parse_entry({"tile": "BB-06", "x": 0, "y": 1, "rotation": 0, "meeple": None, "bridge": "EW"}))
