"""One small board per rule of RULES.md and per numbered item of EDGE_CASES.md.

Boards are built in a bag-less ``Game(["Ann", "Bob"])``: every move names its tile, and
Ann and Bob alternate (Ann plays the odd moves). The start tile D lies at (0,0)
rotation 0: city N, road E-W, the field strip ENE/WNW between city and road, and the
field south of the road. y grows to the south.

Rotation cheat sheet (clockwise; edges listed N E S W):
  E r0 CFFF city N       E r90 FCFF city E       E r180 FFCF city S      E r270 FFFC city W
  N r0 city N+W          N r90 city N+E          N r180 city E+S         N r270 city S+W
  U r0 road E-W (FRFR)   U r90 road N-S
  V r0 road S-W          V r90 road W-N          V r180 road N-E         V r270 road E-S
  A r270: cloister, road stub E      T r270: city N+S+W, road stub E (CRCC)
  R r90: city N+E+S (CCCF)           R r180: city E+S+W (FCCC)
  F r90: city band N-S with pennant, fields E and W
  M r180: city E+S with pennant      H r0: caps N and S       H r90: caps E and W

Expected points are worked out by hand from RULES.md in the comments.
"""

import pytest

from carcassonne import Game, IllegalMove, Move, Rules

ANN, BOB = 0, 1


def new_game(rules=None):
    return Game(["Ann", "Bob"], rules)


def play(game, tile, x, y, rotation=0, meeple=None):
    return game.play(Move(tile, x, y, rotation, meeple))


def followers_on_board(game):
    return sorted((t.x, t.y, spot, seat) for t in game.placed_tiles() for spot, seat in t.followers())


def leave_only(game, **counts):
    """Pretend the set is almost used up: only ``counts`` tiles remain to be played."""
    for tile in game.remaining:
        game.remaining[tile] = 0
    game.remaining.update(counts)


# --- roads ---------------------------------------------------------------------------


@pytest.mark.parametrize("junction", ["L", "W", "X"])
def test_every_junction_ends_every_road_that_meets_it(junction):
    """EDGE_CASES 2 / RULES 'every junction ends each road': L, W, X arms are separate roads."""
    game = new_game()
    # Ann: the junction at (1,0) rotation 0 (it has roads E and W), follower on the E arm.
    play(game, junction, 1, 0, 0, "road:E")
    # Bob: junction W at (-1,0): closes the road junction.W-arm + D + W.E-arm (3 tiles),
    # which holds no follower: nothing scores, and Ann's E arm is not part of it.
    turn = play(game, "W", -1, 0, 0)
    assert turn.points == (0, 0)
    assert game.scores == [0, 0]
    assert game.supply == [6, 7]
    assert followers_on_board(game) == [(1, 0, "road:E", ANN)]
    # Ann: A rotation 90 (road stub W, ends at its cloister) at (2,0) closes the E arm:
    # the road is the junction tile and A: 2 tiles -> 2 points (not 5 through the junction).
    turn = play(game, "A", 2, 0, 90)
    assert turn.points == (2, 0)
    assert game.scores == [2, 0]
    assert game.supply == [7, 7]


def test_road_ends_at_cloister_and_at_city():
    """EDGE_CASES 2: the road of A ends at the cloister, the road of S/T at the city."""
    game = new_game()
    # Ann: A r90 (road stub W) at (1,0), follower on it: road A + D, open west.
    play(game, "A", 1, 0, 90, "road:W")
    assert game.scores == [0, 0]
    # Bob: T r270 (city N, S, W; road stub E) at (-1,0): the road T-D-A is closed at both
    # ends: 3 tiles -> Ann 3.
    turn = play(game, "T", -1, 0, 270)
    assert turn.points == (3, 0)
    assert game.supply == [7, 7]


def test_road_loop_is_complete():
    """EDGE_CASES 3: a road closing on itself is complete (6 tiles around (0,0)-(0,1))."""
    game = new_game()
    play(game, "V", 1, 0, 0, "road:W")  # Ann: road W-S, follower on D's road
    play(game, "V", 1, 1, 90)  # Bob: road N-W
    play(game, "U", 0, 1, 0)  # Ann: road E-W under D
    play(game, "V", -1, 1, 180)  # Bob: road N-E
    assert game.scores == [0, 0] and game.supply == [6, 7]
    # Ann (move 5): V r270 (road E-S) at (-1,0) closes the loop
    # D, V(1,0), V(1,1), U(0,1), V(-1,1), V(-1,0): 6 tiles -> 6.
    turn = play(game, "V", -1, 0, 270)
    assert turn.points == (6, 0)
    assert game.scores == [6, 0]
    assert game.supply == [7, 7]


def test_road_scores_one_per_tile_complete_or_not():
    """EDGE_CASES 14: a road is worth 1 per tile when complete and at the end."""
    game = new_game()
    play(game, "U", 1, 0, 0, "road:E")  # Ann: road D + U(1,0), open both ends
    play(game, "U", 2, 0, 0)  # Bob: 3 tiles now
    game.finish()
    # incomplete at the end: D, U, U -> 3
    assert game.final_points == (3, 0)
    assert game.scores == [3, 0]
    assert game.breakdown[ANN]["roads"] == 3


# --- cities ---------------------------------------------------------------------------


def test_tile_with_two_city_segments_in_one_city_counts_once():
    """EDGE_CASES 4 / RULES 'count tiles, not segments': a ring city through tile I."""
    game = new_game()
    play(game, "R", 0, -1, 90, "city:N")  # Ann: city N+E+S on D's city
    play(game, "N", 0, -2, 180)  # Bob: city E+S
    play(game, "N", 1, -2, 270)  # Ann: city S+W
    # Bob: I (caps N and W) at (1,-1): its N cap meets N(1,-2), its W cap meets R(0,-1):
    # both caps are in the one city, which is now closed. Tiles: D, R, N, N, I = 5,
    # no pennant -> 2*5 = 10 (not 12: tile I counts once).
    turn = play(game, "I", 1, -1, 0)
    assert turn.points == (10, 0)
    assert [s.kind for s in turn.scored] == ["city"]
    assert len(turn.scored[0].tiles) == 5


def test_separate_segments_on_one_tile_stay_separate():
    """EDGE_CASES 5: completing one cap of H does not complete the other."""
    game = new_game()
    # Ann: H r0 (caps N and S) at (0,-1), follower on the N cap. The S cap closes D's city
    # (2 tiles, no follower: nothing); the N cap stays open.
    turn = play(game, "H", 0, -1, 0, "city:N")
    assert turn.points == (0, 0)
    assert game.supply == [6, 7]
    # Bob: E r180 (cap S) at (0,-2) closes Ann's city: H + E = 2 tiles -> 4.
    turn = play(game, "E", 0, -2, 180)
    assert turn.points == (4, 0)
    assert game.supply == [7, 7]


def test_tile_touching_one_feature_on_two_edges_completes_it():
    """EDGE_CASES 6: the last tile meets the same city on its E and S edges."""
    game = new_game()
    play(game, "R", 0, -1, 90, "city:S")  # Ann: city N+E+S joined to D's city
    play(game, "N", 1, -1, 0)  # Bob: city N+W
    play(game, "N", 1, -2, 270)  # Ann: city S+W
    # Bob: N r180 (city E+S) at (0,-2): its E edge meets N(1,-2), its S edge meets R(0,-1),
    # both the same city. Closed: D, R, N, N, N = 5 tiles -> 10.
    turn = play(game, "N", 0, -2, 180)
    assert turn.points == (10, 0)
    assert game.supply == [7, 7]


def test_pennant_counts_only_for_its_own_segment():
    """EDGE_CASES 13: the pennant of M does not count for the separate cap of H beside it."""
    game = new_game()
    play(game, "M", 0, -1, 180, "city:S")  # Ann: M (city E+S, pennant) on D's city
    # Bob: H r90 (caps E and W) at (1,-1): the W cap closes Ann's city D + M + H:
    # 3 tiles + 1 pennant -> 2*(3+1) = 8. Bob's follower goes on the E cap.
    turn = play(game, "H", 1, -1, 90, "city:E")
    assert turn.points == (8, 0)
    # Ann: E r270 (cap W) at (2,-1) closes Bob's city H + E: 2 tiles, no pennant -> 4.
    turn = play(game, "E", 2, -1, 270)
    assert turn.points == (0, 4)
    assert game.scores == [8, 4]


def test_completed_city_scores_two_per_tile_and_pennant():
    """EDGE_CASES 12 / RULES table: complete city 2 per tile + 2 per pennant."""
    game = new_game()
    play(game, "F", 0, -1, 90, "city:N")  # Ann: band N-S with pennant on D's city
    # Bob: E r180 closes it: D, F, E = 3 tiles + 1 pennant -> 8.
    turn = play(game, "E", 0, -2, 180)
    assert turn.points == (8, 0)
    assert game.breakdown[ANN]["cities"] == 8


def test_incomplete_city_and_road_at_the_end():
    """RULES table, EDGE_CASES 12/14: incomplete city 1 per tile + 1 per pennant, road 1 per tile."""
    game = new_game()
    play(game, "M", 0, -1, 180, "city:S")  # Ann: city D + M(pennant), open east
    play(game, "U", 1, 0, 0, "road:W")  # Bob: road D + U, open both ends
    game.finish()
    # Ann: 2 tiles + 1 pennant = 3; Bob: 2 tiles = 2. No farmers.
    assert game.final_points == (3, 2)
    assert game.scores == [3, 2]
    assert game.breakdown[ANN]["cities"] == 3 and game.breakdown[BOB]["roads"] == 2


def test_small_city_option():
    """EDGE_CASES 12 / RULES variants: with small_city a complete 2-tile city scores 2."""
    game = new_game(Rules(small_city=True))
    # Ann: E r180 closes D's city at once: 2 tiles -> 2 (instead of 4).
    turn = play(game, "E", 0, -1, 180, "city:S")
    assert turn.points == (2, 0)
    # a 3-tile city is scored as usual: L's cap at (1,0), F r90 (band, pennant), E r180
    play(game, "L", 1, 0, 0, "city:N")  # Bob
    play(game, "F", 1, -1, 90)  # Ann
    turn = play(game, "E", 1, -2, 180)  # Bob closes: L, F, E = 3 tiles + 1 pennant -> 8
    assert turn.points == (0, 8)
    assert game.record()["rules"]["small_city"] is True
    # without the option the 2-tile city gives 4
    plain = new_game()
    assert play(plain, "E", 0, -1, 180, "city:S").points == (4, 0)


def test_corners_do_not_connect():
    """EDGE_CASES 1: L's city cap at (1,0) touches D's city only at a corner."""
    game = new_game()
    play(game, "N", 0, -1, 180, "city:S")  # Ann: city D + N(E+S), open east
    # Bob: L r0 at (1,0): its city cap N touches Ann's city only at D's NE corner,
    # so it is a city of its own, free for Bob's follower.
    assert "city:N" in game.legal_spots(Move("L", 1, 0, 0).placement, "L")
    play(game, "L", 1, 0, 0, "city:N")
    assert game.supply == [6, 6]
    # Ann: I r270 (separate caps W and S) at (1,-1) closes both cities, each on its own:
    # Ann's D, N, I = 3 tiles -> 6; Bob's L, I = 2 tiles -> 4. (Were the corner a
    # connection, it would be one city of 4 tiles, 8 each.)
    turn = play(game, "I", 1, -1, 270)
    assert turn.points == (6, 4)
    assert game.supply == [7, 7]


# --- cloisters --------------------------------------------------------------------------


def test_cloister_with_all_eight_neighbours_scores_9():
    """EDGE_CASES 15: the last neighbour of a cloister may be a diagonal one."""
    game = new_game()
    play(game, "B", 0, 1, 0, "cloister")  # Ann: cloister under D
    play(game, "U", -1, 0, 0)  # Bob: the NW diagonal of (0,1)
    play(game, "E", -1, 1, 270)  # Ann: W neighbour, city facing west
    play(game, "E", 0, 2, 180)  # Bob: S neighbour, city facing south
    play(game, "B", -1, 2, 0)  # Ann: SW diagonal
    play(game, "E", 1, 1, 90)  # Bob: E neighbour, city facing east
    turn = play(game, "B", 1, 2, 0)  # Ann: SE diagonal: 7 of 8
    assert turn.points == (0, 0)
    assert game.supply[ANN] == 6
    # Bob: U r0 at (1,0), the NE diagonal, the 8th neighbour -> Ann's monk scores 9
    turn = play(game, "U", 1, 0, 0)
    assert turn.points == (9, 0)
    assert game.supply == [7, 7]
    assert game.breakdown[ANN]["cloisters"] == 9


def test_cloister_placed_into_a_full_ring_scores_at_once():
    """EDGE_CASES 9/15: a monk on a cloister whose 8 neighbours are all there: 9, home."""
    game = new_game()
    for tile, x, y, rotation in [
        ("U", -1, 0, 0),
        ("U", 1, 0, 0),
        ("E", -1, 1, 270),
        ("E", 1, 1, 90),
        ("B", -1, 2, 0),
        ("B", 1, 2, 0),
        ("E", 0, 2, 180),
    ]:
        play(game, tile, x, y, rotation)
    assert game.current_player == BOB
    turn = play(game, "B", 0, 1, 0, "cloister")  # Bob fills the hole at (0,1)
    assert turn.points == (0, 9)
    assert game.supply == [7, 7]


def test_incomplete_cloister_scores_one_plus_neighbours_at_the_end():
    """RULES table / EDGE_CASES 15: at the end a cloister scores 1 + the neighbours present."""
    game = new_game()
    play(game, "B", 0, 1, 0, "cloister")  # Ann: neighbours so far: D (0,0)
    play(game, "U", 1, 0, 0)  # Bob: NE diagonal
    play(game, "E", 0, 2, 180)  # Ann: S neighbour
    game.finish()
    # neighbours D, U(1,0), E(0,2) = 3 -> 1 + 3 = 4
    assert game.final_points == (4, 0)
    assert game.breakdown[ANN]["cloisters"] == 4


def test_farmer_may_stand_in_the_field_around_a_cloister():
    """EDGE_CASES 15 / RULES: the cloister's surrounding field is an ordinary field."""
    game = new_game()
    turn = play(game, "B", 0, 1, 0, "field:NNW")
    assert turn.points == (0, 0)
    assert followers_on_board(game) == [(0, 1, "field:NNW", ANN)]
    # the field around B joins D's south field: Bob's U r90 (road N-S) at (1,1) may not
    # farm its west field (joined to Ann's), only the road and the east field
    assert game.legal_spots(Move("U", 1, 1, 90).placement, "U") == ["road:N", "field:NNE"]


# --- followers and majorities ---------------------------------------------------------------


def test_tied_majority_gives_full_points_to_all_tied():
    """EDGE_CASES 7 / RULES 'Majority': one follower each -> both score the full city."""
    game = new_game()
    play(game, "N", 0, -1, 180, "city:S")  # Ann: city D + N(E+S), open east
    play(game, "D", 1, 0, 0, "city:N")  # Bob: a cap of his own at (1,0)
    # Ann: N r270 (city S+W) at (1,-1) joins both: D, N, N, D = 4 tiles, closed -> 8 each.
    turn = play(game, "N", 1, -1, 270)
    assert turn.points == (8, 8)
    assert game.scores == [8, 8]
    assert game.supply == [7, 7]
    assert turn.scored[0].winners == (ANN, BOB)


def test_fewer_followers_score_nothing():
    """EDGE_CASES 7: Ann has 2 knights, Bob 1; Ann scores (once), Bob nothing, all go home."""
    game = new_game()
    play(game, "D", 1, 0, 0, "city:N")  # Ann 1: cap at (1,0)
    play(game, "U", 2, 0, 0)  # Bob
    play(game, "E", 2, -1, 270, "city:W")  # Ann 2: cap facing west at (2,-1)
    play(game, "N", 0, -1, 180, "city:S")  # Bob: city D + N(E+S)
    # Ann: R r180 (city E+S+W) at (1,-1) joins the three: D, N, R, D(1,0), E(2,-1) = 5
    # tiles, closed, no pennant -> 10 to Ann (2 knights against 1; not doubled), 0 to Bob.
    turn = play(game, "R", 1, -1, 180)
    assert turn.points == (10, 0)
    assert game.scores == [10, 0]
    assert game.supply == [7, 7]
    assert followers_on_board(game) == []


def test_follower_on_feature_completed_by_its_own_tile_returns_same_turn():
    """EDGE_CASES 9 / RULES turn order: deploy, score, return in the same turn."""
    game = new_game()
    # Ann: E r180 at (0,-1) with a knight closes D's city at once: 2 tiles -> 4.
    turn = play(game, "E", 0, -1, 180, "city:S")
    assert turn.points == (4, 0)
    assert game.supply == [7, 7]
    assert followers_on_board(game) == []
    assert game.current_player == BOB  # one follower per turn: the turn is over


def test_one_tile_completes_several_features():
    """EDGE_CASES 10: L at (1,0) closes a road, a city and the neighbouring cloister."""
    game = new_game()
    play(game, "B", 0, 1, 0, "cloister")  # 1 Ann: cloister under D
    play(game, "E", 0, -1, 180)  # 2 Bob: closes D's city, no follower (nothing)
    play(game, "A", -1, 0, 270, "road:E")  # 3 Ann: road stub E ending at A's cloister
    play(game, "E", 1, -1, 180, "city:S")  # 4 Bob: cap facing south at (1,-1)
    play(game, "E", -1, 1, 270)  # 5 Ann
    play(game, "E", 0, 2, 180)  # 6 Bob
    play(game, "B", -1, 2, 0)  # 7 Ann
    play(game, "V", 1, 1, 180)  # 8 Bob: road N-E
    play(game, "B", 1, 2, 0)  # 9 Ann: 7 neighbours around (0,1)
    assert game.scores == [0, 0]
    # 10 Bob: L r0 at (1,0): its W road stub ends the road A-D-L (3 tiles -> Ann 3), its
    # city cap closes E(1,-1) + L (2 tiles -> Bob 4), and it is the 8th neighbour of
    # Ann's cloister (-> Ann 9).
    turn = play(game, "L", 1, 0, 0)
    assert turn.points == (3 + 9, 4)
    assert sorted(s.kind for s in turn.scored) == ["city", "cloister", "road"]
    assert game.supply == [7, 7]


def test_completed_feature_without_follower_scores_nothing():
    """EDGE_CASES 11."""
    game = new_game()
    turn = play(game, "E", 0, -1, 180)  # closes D's city, nobody on it
    assert turn.points == (0, 0)
    assert turn.scored == ()
    assert game.scores == [0, 0]


def test_follower_cannot_go_on_an_occupied_feature_not_even_own():
    """EDGE_CASES 8 / RULES turn step 2."""
    game = new_game()
    play(game, "U", 1, 0, 0, "road:E")  # Ann: road D + U, follower
    # Bob may not put a follower on that road (any of its names) ...
    u_west = Move("U", -1, 0, 0).placement
    assert "road:E" not in game.legal_spots(u_west, "U")
    for spot in ("road:E", "road:W"):
        with pytest.raises(IllegalMove, match="already holds a follower"):
            game.check(Move("U", -1, 0, 0, spot))
    play(game, "U", -1, 0, 0)  # Bob, no follower
    # ... and neither may Ann, though the follower is her own
    with pytest.raises(IllegalMove, match="already holds a follower"):
        game.check(Move("U", 2, 0, 0, "road:W"))
    assert game.legal_spots(Move("U", 2, 0, 0).placement, "U") == ["field:NNW", "field:ESE"]
    # a farm reached through fields is occupied as well
    play(game, "U", 2, 0, 0, "field:NNW")  # Ann: farmer on the strip north of the road
    with pytest.raises(IllegalMove, match="farm at field:NNW already holds a follower"):
        game.check(Move("U", -2, 0, 0, "field:NNW"))


def test_later_tiles_may_join_occupied_features():
    """EDGE_CASES 8: a tile may join two occupied roads; then the majority decides."""
    game = new_game()
    play(game, "U", 1, 0, 0, "road:E")  # 1 Ann: road D + U(1,0)
    play(game, "B", 0, 1, 0)  # 2 Bob: filler under D
    play(game, "U", 2, 0, 0)  # 3 Ann: Ann's road D, U, U
    play(game, "V", -1, 1, 90, "road:N")  # 4 Bob: a road of his own (W-N) at (-1,1)
    # 5 Ann: V r270 (road E-S) at (-1,0) joins Ann's road (E) and Bob's (S): legal, but
    # no follower may go on the joined road.
    joining = Move("V", -1, 0, 270).placement
    assert game.legal_spots(joining, "V") == ["field:ESE", "field:NNW"]
    play(game, "V", -1, 0, 270)
    assert game.supply == [6, 6]
    play(game, "A", 3, 0, 90)  # 6 Bob: closes the east end (A's road stub W)
    # 7 Ann: A r270 (stub E) at (-2,1) closes the west end. The road is A, V, V, D, U, U, A:
    # 7 tiles; one follower each -> both score 7.
    turn = play(game, "A", -2, 1, 270)
    assert turn.points == (7, 7)
    assert game.supply == [7, 7]


def test_discard_when_the_tile_fits_nowhere():
    """EDGE_CASES 21 / RULES turn step 1: discard, same player again, counter right."""
    game = new_game()
    play(game, "E", 0, -1, 180)  # Ann closes D's city: no open city edge remains
    # C (city on all four edges) now fits nowhere
    assert game.legal_placements("C") == []
    left = game.tiles_left
    with pytest.raises(IllegalMove, match="cannot be discarded"):
        game.check(Move.discard_of("U"))  # U fits: it may not be discarded
    turn = game.play(Move.discard_of("C"))
    assert turn.player == BOB and turn.number == 2 and turn.points == (0, 0)
    assert game.current_player == BOB  # Bob draws again
    assert game.tiles_left == left - 1
    assert game.remaining["C"] == 0
    assert game.move_number == 3
    play(game, "U", 1, 0, 0)  # Bob's real move
    assert game.current_player == ANN
    # the discard is in the record and replays
    from carcassonne import replay

    again = replay(game.record())
    assert again.tiles_left == game.tiles_left and again.current_player == ANN


def test_end_of_game_order_last_completions_then_incomplete_then_farms():
    """EDGE_CASES 23 / RULES 'End of the game'."""
    game = new_game()
    leave_only(game, N=1, U=2, E=1)  # a set with 4 tiles left
    play(game, "N", 0, -1, 180, "city:S")  # 1 Ann: city D + N(E+S), open east
    play(game, "U", 1, 0, 0, "field:NNW")  # 2 Bob: farmer on D's strip + U's north field
    play(game, "U", -1, 0, 0, "road:W")  # 3 Ann: road U-D-U, open both ends
    assert not game.finished
    # 4 Bob, the last tile: E r270 (cap W) at (1,-1) closes Ann's city D, N, E:
    # 3 tiles -> 6 in this turn; Ann's knight goes home.
    turn = play(game, "E", 1, -1, 270)
    assert turn.points == (6, 0)
    assert game.finished
    # then the final scoring: Ann's incomplete road (3 tiles -> 3), then farms: Bob's farm
    # (U(-1,0) north, D strip, U(1,0) north, E's field) borders the city just completed,
    # once -> 3.
    assert game.final_points == (3, 3)
    assert [s.kind for s in game.final_scored] == ["road", "field"]
    assert game.scores == [6 + 3, 3]
    # followers on incomplete features and farmers stay on the board
    assert game.supply == [6, 6]
    game.finish()  # finishing twice changes nothing
    assert game.scores == [9, 3]
    with pytest.raises(IllegalMove, match="game is over"):
        game.check(Move("U", 2, 0, 0))


# --- farms -----------------------------------------------------------------------------------


def test_field_borders_a_city_only_where_the_tile_data_says():
    """EDGE_CASES 19: D's strip borders its city, the field south of the road does not."""
    game = new_game()
    play(game, "E", 0, -1, 180)  # Ann closes D's city (no follower)
    play(game, "U", 1, 0, 0, "field:SSE")  # Bob: farmer south of the road
    play(game, "U", -1, 0, 0, "field:NNW")  # Ann: farmer on the strip north of the road
    game.finish()
    # Ann's farm (strip) borders the complete city -> 3; Bob's farm borders no city -> 0
    assert game.final_points == (3, 0)


def test_farm_bordering_the_same_city_twice_scores_it_once():
    """EDGE_CASES 17: D's strip and E's field are one farm, both along one city: 3, not 6."""
    game = new_game()
    play(game, "E", 0, -1, 180)  # Ann: city D + E complete, nobody on it
    play(game, "U", 1, 0, 0)  # Bob: U's north field joins D's strip
    # Ann: B at (1,-1) with a farmer: its field joins U's north field (S edge) and E's
    # field (W edge), so the farm runs along both D's cap and E's cap of the one city.
    play(game, "B", 1, -1, 0, "field:NNW")
    game.finish()
    assert game.final_points == (3, 0)
    assert game.breakdown[ANN]["farms"] == 3


def test_city_bordering_two_farms_scores_for_each_twice_for_one_owner():
    """EDGE_CASES 16: one player owning both farms along a city gets 3 + 3."""
    game = new_game()
    play(game, "E", 0, -1, 180, "field:NNW")  # Ann: closes D's city; farmer on E's outer field
    play(game, "U", 1, 0, 0)  # Bob
    play(game, "U", -1, 0, 0, "field:NNW")  # Ann: farmer on D's strip (a different farm)
    game.finish()
    # farm 1 (E's outer field) borders the city: 3; farm 2 (strip) borders it too: 3
    assert game.final_points == (6, 0)


def test_city_bordering_two_farms_of_different_owners():
    """EDGE_CASES 16: each farm is scored on its own, for its own owner."""
    game = new_game()
    play(game, "E", 0, -1, 180, "field:NNW")  # Ann: farmer on E's outer field
    play(game, "U", 1, 0, 0, "field:NNW")  # Bob: farmer on D's strip
    game.finish()
    assert game.final_points == (3, 3)


def test_farm_with_no_completed_city_scores_zero():
    """EDGE_CASES 18 / RULES farms: incomplete cities give nothing."""
    game = new_game()
    play(game, "U", 1, 0, 0, "field:NNW")  # Ann: strip along D's (open) city
    play(game, "U", -1, 0, 0, "field:SSE")  # Bob: south field, no city at all
    game.finish()
    assert game.final_points == (0, 0)
    assert game.breakdown[ANN]["farms"] == 0


def test_farm_majority_fewer_farmers_score_nothing():
    """RULES farms: the farm's owner(s) are the players with the most farmers."""
    game = new_game()
    play(game, "W", 1, 0, 0, "field:ESE")  # 1 Ann: farmer on W's field east of its S road
    play(game, "E", 0, 1, 180, "field:NNW")  # 2 Bob: farmer on D's south field (+ E's field)
    play(game, "W", -1, 0, 0, "field:SSW")  # 3 Ann: farmer on W's field west of its S road
    play(game, "E", 0, 2, 0)  # 4 Bob: closes the city E(0,1) + E(0,2), nobody on it
    play(game, "A", 1, 1, 180)  # 5 Ann: A's field joins Ann's east farm to Bob's farm
    play(game, "A", -1, 1, 180)  # 6 Bob: and Ann's west farm too
    game.finish()
    # one farm with Ann 2 farmers, Bob 1; it borders the completed city once -> Ann 3, Bob 0
    assert game.final_points == (3, 0)
    assert game.supply == [5, 6]


def _classic_board(rules):
    game = new_game(rules)
    play(game, "F", 0, -1, 90, "field:ENE")  # Ann: band N-S (pennant), farmer east of it
    play(game, "E", 0, -2, 180, "field:NNW")  # Bob: closes the city D, F, E; farmer outside
    play(game, "U", 1, 0, 0, "field:NNW")  # Ann: farmer on D's strip
    game.finish()
    return game


def test_current_farm_scoring_three_per_city_per_farm():
    """RULES farms `current`: three farms border the city; each owner gets 3."""
    game = _classic_board(Rules())
    # Ann: farm east of F (3) + strip farm (3) = 6; Bob: farm around E = 3
    assert game.final_points == (6, 3)


def test_classic_farm_scoring_four_per_city_to_the_majority():
    """EDGE_CASES 20 / RULES farms `classic`: one award per city over all bordering farms."""
    game = _classic_board(Rules(farm_scoring="classic"))
    # farmers on all farms bordering the city: Ann 2, Bob 1 -> Ann 4 (once), Bob 0
    assert game.final_points == (4, 0)
    assert game.breakdown[ANN]["farms"] == 4


def test_classic_farm_scoring_ties_all_score():
    game = new_game(Rules(farm_scoring="classic"))
    play(game, "E", 0, -1, 180, "field:NNW")  # Ann: farm outside E
    play(game, "U", 1, 0, 0, "field:NNW")  # Bob: strip farm
    game.finish()
    # one city, Ann 1 farmer, Bob 1 farmer -> both 4
    assert game.final_points == (4, 4)
