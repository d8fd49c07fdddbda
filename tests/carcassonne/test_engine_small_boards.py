"""Small hand-built boards for scoring mistakes that slipped through before.

Each board is played in a bag-less ``Game(["Ann", "Bob"])`` (every move names its tile;
Ann plays the odd moves) and, move by move, through the reference scorer
(tests/carcassonne/reference.py): both must give the points worked out by hand in the
comments, from RULES.md. The start tile D lies at (0,0) rotation 0: city N, road E-W,
the field strip between city and road (it borders the city) and the field south of the
road. x grows east, y south. Rotations used here (edges N E S W):

  D r0 CRFR city N, road E-W         E r0 cap N   E r180 cap S   E r270 cap W
  G r0 FCFC city band E-W            M r270 CFFC turned: city S+W with a pennant
  N r180 city E+S                    R r90 city N+E+S (field W)
  N r0 city N+W   C city on all four edges, pennant   U r0 road E-W   B cloister
  A r270 cloister, road stub E, one field all round   E r90 cap E

Other boards for these rules are in test_engine_rules.py: the incomplete cloister's
``1 + neighbours`` (test_incomplete_cloister_scores_one_plus_neighbours_at_the_end),
a completed city won 2 knights to 1 (test_fewer_followers_score_nothing) and farms won
2 farmers to 1 (test_farm_majority_fewer_farmers_score_nothing, the classic board).
"""

import pytest

from carcassonne import Game, IllegalMove, Move, Rules
from tests.carcassonne import reference as ref

ANN, BOB = 0, 1


def play_both(moves, rules=None):
    """Play ``moves`` (tile, x, y, rotation, spot) in the engine and the reference; return
    the game, the reference's board and, per move, (engine turn, reference result)."""
    game = Game(["Ann", "Bob"], rules)
    board = ref.Board.of(game)
    turns = []
    for tile, x, y, rotation, spot in moves:
        expected = ref.play_tile(board, tile, x, y, rotation, spot, game.current_player, game.rules, 2)
        turns.append((game.play(Move(tile, x, y, rotation, spot)), expected))
        board = expected.board
        assert ref.Board.of(game).figures() == board.figures()
    return game, board, turns


def finish_both(game, board):
    """End the game in the engine and the reference; return both final results."""
    game.finish()
    return game.final_points, ref.final_scoring(board, game.rules, 2)


# --- a pennant on the smaller side of a city merge ---------------------------------------


PENNANT_MERGE = [
    ("U", 1, 0, 0, None),  # 1 Ann: road east of D
    ("D", 2, 0, 0, None),  # 2 Bob: a second D, its city cap N open towards (2,-1)
    ("M", 2, -1, 270, "city:S"),  # 3 Ann: city S+W with a pennant closes that cap's N side;
    # the small city is D(2,0) + M = 2 tiles + 1 pennant, open west towards (1,-1). Ann's knight.
    ("R", 0, -1, 90, "city:S"),  # 4 Bob: city N+E+S on the start tile's city. Bob's knight.
    ("N", 0, -2, 180, None),  # 5 Ann: city E+S closes R's north side, opens east
]


def test_a_pennant_on_the_smaller_side_of_a_city_merge_still_counts():
    # 6 Bob: E r270 (cap W) at (1,-2) closes N's east side: the big city is D, R, N, E =
    # 4 tiles, no pennant, open only east of R towards (1,-1).
    # 7 Ann: G r0 (city band E-W, no pennant) at (1,-1) joins the big city (4 tiles, west)
    # and the small one (2 tiles and the pennant, east) and closes the whole:
    # D, R, N, E, G, M, D = 7 tiles + 1 pennant -> 2 * (7 + 1) = 16 (14 if the small side's
    # pennant were lost in the merge). One knight each: a tie, both score 16, both go home.
    game, _board, turns = play_both(PENNANT_MERGE + [("E", 1, -2, 270, None), ("G", 1, -1, 0, None)])
    assert [turn.points for turn, _expected in turns[:-1]] == [(0, 0)] * 6
    turn, expected = turns[-1]
    assert turn.points == (16, 16)
    assert expected.points == [16, 16]
    assert [(s.kind, s.points) for s in turn.scored] == [("city", 16)]
    assert len(turn.scored[0].tiles) == 7
    assert game.supply == [7, 7]


def test_a_pennant_on_the_smaller_side_of_a_merge_counts_at_the_end_too():
    # 6 Bob: N r0 (city N+W) at (1,-2) continues N's east side and leaves it open to the
    # north: the big city is D, R, N, N = 4 tiles, no pennant, open north and east of R.
    # 7 Ann: G r0 joins the big and the small city as above; the city stays open. At the
    # end: D, R, N, N, G, M, D = 7 tiles + M's pennant -> 7 + 1 = 8 each (one knight each).
    game, board, _turns = play_both(PENNANT_MERGE + [("N", 1, -2, 0, None), ("G", 1, -1, 0, None)])
    assert game.scores == [0, 0]
    engine, reference = finish_both(game, board)
    assert engine == (8, 8)
    assert reference.points == [8, 8]


# --- a farm bordering two completed cities -----------------------------------------------


TWO_CITY_FARM = [
    ("E", 0, -1, 180, None),  # 1 Ann: cap S closes the start tile's city (2 tiles, nobody)
    ("U", 1, 0, 0, "field:NNW"),  # 2 Bob: farmer on U's north field, one farm with D's strip
    ("E", 1, -1, 0, None),  # 3 Ann: cap N; its field joins the farm from the south and from
    # the west (the field outside E(0,-1)), and its wall runs along it
    ("E", 1, -2, 180, None),  # 4 Bob: cap S closes E(1,-1)'s cap: a second city of 2 tiles
]


def test_a_farm_bordering_two_completed_cities_scores_three_for_each():
    # Bob's farm (U's north field, D's strip, the fields of E(0,-1) and E(1,-1)) borders
    # the city D + E(0,-1) (along D's strip and E(0,-1)'s field) and the city
    # E(1,-1) + E(1,-2) (along E(1,-1)'s field), both completed: 3 per city -> 6 (not 7 for
    # two cities; and the first city once, though two of its tiles border the farm).
    game, board, _turns = play_both(TWO_CITY_FARM)
    engine, reference = finish_both(game, board)
    assert engine == (0, 6)
    assert reference.points == [0, 6]
    assert game.breakdown[BOB]["farms"] == 6


def test_a_farm_bordering_two_completed_cities_in_classic_scoring():
    # classic: each city once, 4 to the most farmers around it; Bob is alone on both -> 8
    game, board, _turns = play_both(TWO_CITY_FARM, Rules(farm_scoring="classic"))
    engine, reference = finish_both(game, board)
    assert engine == (0, 8)
    assert reference.points == [0, 8]


# --- an incomplete cloister's count --------------------------------------------------------


def test_a_cloister_one_tile_short_scores_eight_at_the_end():
    # Ann's cloister B at (0,1) gets seven of its eight neighbours: D (0,0) and the tiles
    # below; the north-east diagonal (1,0) stays empty. At the end: 1 + 7 = 8 (not 9: it is
    # not complete; not 7: the cloister's own tile counts too).
    moves = [
        ("B", 0, 1, 0, "cloister"),  # 1 Ann
        ("U", -1, 0, 0, None),  # 2 Bob: north-west diagonal
        ("E", -1, 1, 270, None),  # 3 Ann: west
        ("E", 0, 2, 180, None),  # 4 Bob: south
        ("B", -1, 2, 0, None),  # 5 Ann: south-west
        ("E", 1, 1, 90, None),  # 6 Bob: east
        ("B", 1, 2, 0, None),  # 7 Ann: south-east
    ]
    game, board, turns = play_both(moves)
    assert all(turn.points == (0, 0) and expected.points == [0, 0] for turn, expected in turns)
    engine, reference = finish_both(game, board)
    assert engine == (8, 0)
    assert reference.points == [8, 0]
    assert game.breakdown[ANN]["cloisters"] == 8


# --- majority with unequal followers -------------------------------------------------------


def test_the_player_with_fewer_knights_in_an_incomplete_city_scores_nothing_at_the_end():
    moves = [
        ("D", 1, 0, 0, "city:N"),  # 1 Ann: knight in the cap of D(1,0)
        ("U", 2, 0, 0, None),  # 2 Bob
        ("E", 2, -1, 270, "city:W"),  # 3 Ann: a second knight, in the cap W of E(2,-1)
        ("N", 0, -1, 180, "city:S"),  # 4 Bob: city E+S on the start tile's city, his knight
        ("C", 1, -1, 0, None),  # 5 Ann: C joins the three cities; north of C stays open
    ]
    game, board, turns = play_both(moves)
    assert turns[-1][0].points == (0, 0)
    assert game.supply == [5, 6]
    # the city D, N, C, D(1,0), E(2,-1): 5 tiles + C's pennant, incomplete -> 6;
    # Ann has 2 knights, Bob 1: Ann scores 6 (not 12), Bob nothing
    engine, reference = finish_both(game, board)
    assert engine == (6, 0)
    assert reference.points == [6, 0]
    assert game.supply == [5, 6]  # nobody goes home at the end


# --- a farm joined to an occupied farm through the placed tile itself ----------------------


def test_a_farmer_may_not_join_a_farm_that_the_tiles_other_field_joins_to_an_occupied_one():
    moves = [
        ("A", -1, 0, 270, None),  # 1 Ann: A's field runs round its road stub, so the start
        # tile's strip and its field south of the road become one farm (nobody on it)
        ("E", 0, 1, 90, None),  # 2 Bob: below the start tile, cap E; its field joins that farm
        ("E", 1, 1, 270, "field:NNW"),  # 3 Ann: cap W closes a 2-tile city with E(0,1); her
        # farmer stands in E(1,1)'s field, a farm of its own (the city walls it off)
    ]
    game, board, _turns = play_both(moves)
    # 4 Bob: U r0 at (1,0). Its north field touches only the start tile's strip (a free
    # farm), but its south field touches both that same farm (west) and Ann's farm (south):
    # once U lies there, its north field is in Ann's farm. RULES.md, a turn, step 2: the
    # whole connected feature must hold no follower, so field:NNW is not a legal spot.
    assert ref.legal_spots(board, "U", 1, 0, 0) == {0}  # only the road
    assert game.legal_spots(Move("U", 1, 0, 0).placement, "U") == ["road:E"]
    with pytest.raises(IllegalMove, match="already holds a follower"):
        game.check(Move("U", 1, 0, 0, "field:NNW"))
