"""The River (option ``river``): RULES.md 'Expansions', EDGE_CASES 22, TILES.md.

The spring RV-S lies at (0,0) rotation 0 with its river stub on the east edge, so the
river flows east into (1,0). River tile rotations used here (edges N E S W):
  RV-5 r0 river E-W (FWFW), r90 river N-S
  RV-8 r0 river S-W (FFWW), r90 river W-N, r180 river N-E, r270 river E-S
  RV-2 r0 city N, river E-W, road S    RV-4 r90 river E-W, road N-S (bridge)
A bend is 'right' or 'left' as seen facing downstream.
"""

import pytest

from carcassonne import TILE_TYPES, Game, IllegalMove, Move, Placement, RecordError, Rules, orientation, replay
from carcassonne.autoplay import random_game

RIVER = Rules.from_options({"river": True})
RIVER_TILES = sorted(t.id for t in TILE_TYPES.values() if t.expansion == "river")


def river_game():
    return Game(["Ann", "Bob"], RIVER)


def play(game, tile, x, y, rotation=0, meeple=None):
    return game.play(Move(tile, x, y, rotation, meeple))


def test_spring_is_the_start_tile():
    game = river_game()
    start = game.tile_at(0, 0)
    assert (start.tile, start.rotation) == ("RV-S", 0)
    assert game.record()["start"] == {"tile": "RV-S", "x": 0, "y": 0, "rotation": 0}
    assert game.record()["rules"]["expansions"] == ["river"]
    assert game.remaining["RV-S"] == 0
    assert game.remaining["D"] == 4  # the base start tile is shuffled in with the others
    assert sum(game.remaining.values()) == 72 + 11
    # without the river, D is the start and no river tile is in the set
    plain = Game(["Ann", "Bob"])
    assert plain.tile_at(0, 0).tile == "D" and "RV-5" not in plain.remaining


def test_river_tiles_come_before_the_others():
    game = river_game()
    with pytest.raises(IllegalMove, match="drawn too early: the 11 river tiles come first"):
        game.check(Move("U", 0, 1, 0))
    assert game.legal_placements("RV-5") == [Placement(1, 0, 0), Placement(1, 0, 180)]


def test_lake_comes_last():
    game = river_game()
    with pytest.raises(IllegalMove, match=r"lake \(RV-L\) comes last"):
        game.check(Move("RV-L", 1, 0, 0))


def test_river_must_continue_the_open_river_edge():
    game = river_game()
    # RV-5 r0 at (0,1) fits its neighbour (field to field) but leaves the river behind
    with pytest.raises(IllegalMove, match=r"does not continue the river: it flows on east of \(0,0\)"):
        game.check(Move("RV-5", 0, 1, 0))
    # turned N-S at (1,0) its west edge is a field against the river
    with pytest.raises(IllegalMove, match=r"its west edge \(field\) meets the river"):
        game.check(Move("RV-5", 1, 0, 90))
    play(game, "RV-5", 1, 0, 0)
    # the open river edge is now the east edge of (1,0)
    assert game.legal_placements("RV-5") == [Placement(2, 0, 0), Placement(2, 0, 180)]
    with pytest.raises(IllegalMove, match="does not continue the river"):
        game.check(Move("RV-5", 0, 1, 0))


def test_no_two_bends_in_the_same_direction_in_a_row():
    game = river_game()
    # first bend: either way
    assert game.legal_placements("RV-8") == [Placement(1, 0, 0), Placement(1, 0, 90)]
    play(game, "RV-8", 1, 0, 0)  # flowing east, turn right: now flows south
    # a second right bend (r90: river N-W) is forbidden, a left one (r180: N-E) allowed
    with pytest.raises(IllegalMove, match="may not bend right twice in a row"):
        game.check(Move("RV-8", 1, 1, 90))
    assert game.legal_placements("RV-8") == [Placement(1, 1, 180)]
    play(game, "RV-8", 1, 1, 180)  # left: flows east again
    # after a left bend, a right bend is fine and a left one is not
    assert game.legal_placements("RV-8") == [Placement(2, 1, 0)]
    with pytest.raises(IllegalMove, match="may not bend left twice in a row"):
        # RV-7 r0 has the river S-W: from the west, out south: a right bend -> fine;
        # RV-7 r90 has the river W-N: out north: a left bend -> forbidden
        game.check(Move("RV-7", 2, 1, 90))
    game.check(Move("RV-7", 2, 1, 0))


def test_straight_river_tiles_do_not_reset_the_bend_rule():
    """The engine reads 'no two consecutive turns in the same direction' as: two bends
    in a row, straights in between not counting. A right bend, a straight and another
    right bend would send the river back west, turning back on itself.
    """
    game = river_game()
    play(game, "RV-8", 1, 0, 0)  # right: flows south
    play(game, "RV-5", 1, 1, 90)  # straight, still south
    with pytest.raises(IllegalMove, match="may not bend right twice in a row"):
        game.check(Move("RV-8", 1, 2, 90))
    assert game.legal_placements("RV-8") == [Placement(1, 2, 180)]


def test_river_bend_rule_is_checked_on_replay():
    record = {
        "rules": {"expansions": ["river"]},
        "players": ["Ann", "Bob"],
        "moves": [
            {"tile": "RV-8", "x": 1, "y": 0, "rotation": 0, "meeple": None},
            {"tile": "RV-8", "x": 1, "y": 1, "rotation": 90, "meeple": None},
        ],
    }
    with pytest.raises(RecordError) as info:
        replay(record)
    assert info.value.move_number == 2
    assert str(info.value).startswith("move 2: tile RV-8 at (1,1) rotation 90")


def test_river_is_not_a_follower_spot():
    game = river_game()
    with pytest.raises(IllegalMove, match="has no spot 'river:E'"):
        game.check(Move("RV-5", 1, 0, 0, "river:E"))
    assert game.legal_spots(Placement(1, 0, 0), "RV-5") == ["field:NNW", "field:ESE"]


def test_river_separates_fields():
    game = river_game()
    # RV-2 r0 at (1,0): city cap N, road stub S: the field ENE (north bank, east of the
    # city) and the field ESE SSE (south bank, east of the road) are cut off from the
    # spring. Ann farms the north bank.
    play(game, "RV-2", 1, 0, 0, "field:ENE")
    # RV-5 r0 at (2,0): its north field joins Ann's farm, its south field is on the
    # other bank: free.
    assert game.legal_spots(Placement(2, 0, 0), "RV-5") == ["field:ESE"]
    with pytest.raises(IllegalMove, match="already holds a follower"):
        game.check(Move("RV-5", 2, 0, 0, "field:NNW"))
    play(game, "RV-5", 2, 0, 0, "field:SSW")
    assert game.supply == [6, 6]


def test_spring_field_is_whole():
    """EDGE_CASES 22: the spring's field joins both banks next to it."""
    game = river_game()
    play(game, "RV-5", 1, 0, 0, "field:NNW")  # Ann farms the north bank at (1,0)
    # at (2,0) both banks belong to that farm (joined around the spring)
    assert game.legal_spots(Placement(2, 0, 0), "RV-5") == []
    spring = orientation("RV-S", 0)
    lake = orientation("RV-L", 0)
    assert [s.kind for s in spring.segments].count("field") == 1
    assert [s.kind for s in lake.segments].count("field") == 1


def test_bridge_tile_has_four_separate_corner_fields():
    """EDGE_CASES 22: RV-4 (river under a road) has four corner fields."""
    o = orientation("RV-4", 0)
    fields = [s for s in o.segments if s.kind == "field"]
    assert len(fields) == 4
    assert sorted(len(f.halves) for f in fields) == [2, 2, 2, 2]
    assert len({o.spot_index[f"field:{h}"] for h in ("NNW", "NNE", "SSE", "SSW")}) == 4
    game = river_game()
    # RV-4 r90 at (1,0): river W-E, road N-S; Ann farms the north-east corner
    assert game.legal_spots(Placement(1, 0, 90), "RV-4") == [
        "road:N",
        "field:NNE",
        "field:ESE",
        "field:SSW",
        "field:NNW",
    ]
    play(game, "RV-4", 1, 0, 90, "field:NNE")
    # RV-5 at (2,0): north bank joins the NE corner (taken), south bank the SE corner (free)
    assert game.legal_spots(Placement(2, 0, 0), "RV-5") == ["field:ESE"]


def _play_whole_river(game):
    """Spring east, straights, then bends alternating right/left, then the lake."""
    order = ["RV-5", "RV-5", "RV-1", "RV-2", "RV-3", "RV-4", "RV-8", "RV-6", "RV-7", "RV-8", "RV-L"]
    for tile in order:
        placements = game.legal_placements(tile)
        assert placements, f"{tile} fits nowhere"
        game.play(Move(tile, *placements[0]))


def test_whole_river_then_ordinary_tiles():
    game = river_game()
    _play_whole_river(game)
    assert all(game.remaining[t] == 0 for t in RIVER_TILES)
    assert game.legal_placements("U"), "after the lake the ordinary tiles are played"
    game.play(Move("U", *game.legal_placements("U")[0]))
    # nothing can touch a river edge: every river edge on the board meets a river edge
    board = {(t.x, t.y): t for t in game.placed_tiles()}
    for (x, y), placed in board.items():
        edges = placed.orientation.edges
        for e, (dx, dy) in enumerate(((0, -1), (1, 0), (0, 1), (-1, 0))):
            if edges[e] == "W":
                neighbour = board.get((x + dx, y + dy))
                assert neighbour is not None and neighbour.orientation.edges[(e + 2) % 4] == "W"
    assert replay(game.record()).scores == game.scores


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bag_order_with_the_river(seed):
    game = Game.new(["Ann", "Bob"], RIVER, seed=seed)
    assert game.tiles_left == 11 + 72 - 1  # all but the drawn tile
    drawn = []
    while not game.finished:
        drawn.append(game.tile)
        placements = game.legal_placements()
        if placements:
            game.play(Move(game.tile, *placements[len(placements) // 2]))
        else:
            game.play(Move.discard_of(game.tile))
    assert len(drawn) == 83
    river = [t for t in RIVER_TILES if t not in ("RV-S", "RV-L")]
    expected_first = sorted(t for t in river for _ in range(TILE_TYPES[t].count))
    assert sorted(drawn[:10]) == expected_first
    assert drawn[10] == "RV-L"
    assert all(TILE_TYPES[t].expansion == "base" for t in drawn[11:])
    assert drawn[11:].count("D") == 4
    assert game.finished and game.final_points is not None


def test_river_bag_is_shuffled():
    firsts = set()
    for seed in range(12):
        game = Game.new(["Ann", "Bob"], RIVER, seed=seed)
        firsts.add(game.tile)
    assert len(firsts) > 1 and "RV-L" not in firsts


@pytest.mark.parametrize("seed", [4, 5])
def test_random_river_game_replays(seed):
    game = random_game(seed, players=3, rules=RIVER)
    assert game.finished
    assert len(game.history) == 83
    again = replay(game.record())
    assert again.finished and again.scores == game.scores and again.supply == game.supply
