"""Small boards for the expansions and house rules the engine plays (RULES.md sections
Inns & Cathedrals, King & Robber, House rules): each with its points worked out."""

import pytest

from carcassonne import Game, IllegalMove, Move, Placement, RecordError, Resign, Rules, replay, summary

ANN, BOB = 0, 1
IC = Rules.from_options({"inns_cathedrals": True})
KR = Rules.from_options({"king_robber": True})


def play(game, tile, x, y, rotation=0, meeple=None, figure="follower"):
    return game.play(Move(tile, x, y, rotation, meeple, figure=figure))


def road_of_four(game, first_tile, meeple="road:E", figure="follower"):
    """Ann's tile at (1,0) continues the start tile's road east; junctions W close it."""
    play(game, first_tile, 1, 0, 0, meeple, figure)  # Ann
    play(game, "W", 2, 0, 0)  # Bob: a junction ends it in the east
    return play(game, "W", -1, 0, 180)  # Ann: and in the west: 4 tiles, complete


# --- Inns & Cathedrals ---------------------------------------------------------------


def test_a_road_with_an_inn_scores_two_per_tile_when_complete():
    game = Game(["Ann", "Bob"], IC)
    turn = road_of_four(game, "IC-B")
    assert turn.points == (8, 0)  # 4 tiles x 2 (an ordinary road: 4)


def test_a_road_with_an_inn_scores_nothing_when_incomplete_at_the_end():
    game = Game(["Ann", "Bob"], IC)
    play(game, "IC-B", 1, 0, 0, "road:E")  # the start tile's road + the inn tile, open
    game.finish()
    assert game.final_points == (0, 0)
    plain = Game(["Ann", "Bob"], IC)
    play(plain, "U", 1, 0, 0, "road:E")
    plain.finish()
    assert plain.final_points == (2, 0)


def cathedral_city(game, meeple="city:N", figure="follower"):
    """D's city + the cathedral IC-K above it, closed by three city caps: 5 tiles."""
    play(game, "IC-K", 0, -1, 0, meeple, figure)  # Ann
    play(game, "E", 0, -2, 180)  # Bob: cap on the north
    play(game, "E", 1, -1, 270)  # Ann: cap on the east
    return play(game, "E", -1, -1, 90)  # Bob: cap on the west: complete


def test_a_city_with_a_cathedral_scores_three_per_tile_when_complete():
    game = Game(["Ann", "Bob"], IC)
    turn = cathedral_city(game)
    assert turn.points == (15, 0)  # 5 tiles x 3, no pennant


def test_a_city_with_a_cathedral_scores_nothing_when_incomplete_at_the_end():
    game = Game(["Ann", "Bob"], IC)
    play(game, "IC-K", 0, -1, 0, "city:N")
    game.finish()
    assert game.final_points == (0, 0)  # an ordinary city: 2 tiles = 2


def test_the_large_follower_weighs_two_and_comes_home():
    game = Game(["Ann", "Bob"], IC)
    play(game, "N", 0, -1, 180, "city:S", "large")  # Ann: large follower in D's city
    assert game.reserve[ANN] == {"large": 0} and game.supply[ANN] == 7
    play(game, "D", 1, 0, 0, "city:N")  # Bob: a follower on a cap of his own
    turn = play(game, "N", 1, -1, 270)  # Ann joins them: 4 tiles, closed; 2 against 1
    assert turn.points == (8, 0)
    assert game.reserve[ANN] == {"large": 1} and game.supply == [7, 7]


def test_large_followers_of_two_players_tie_and_both_score():
    game = Game(["Ann", "Bob"], IC)
    play(game, "N", 0, -1, 180, "city:S", "large")
    play(game, "D", 1, 0, 0, "city:N", "large")
    turn = play(game, "N", 1, -1, 270)
    assert turn.points == (8, 8) and turn.scored[0].winners == (ANN, BOB)


def test_a_large_follower_needs_an_unoccupied_feature_and_there_is_only_one():
    game = Game(["Ann", "Bob"], IC)
    play(game, "U", 1, 0, 0, "road:E", "large")  # Ann's large follower on the road
    with pytest.raises(IllegalMove, match="the road at road:E already holds a follower"):
        game.check(Move("U", -1, 0, 0, "road:E", figure="large"))  # Bob: road occupied
    play(game, "U", -1, 0, 0)
    with pytest.raises(IllegalMove, match="Ann has no large figure left in supply"):
        game.check(Move("E", 0, -1, 180, "city:S", figure="large"))
    assert ("city:S", "large") not in game.legal_figures(Move("E", 0, -1, 180).placement, "E")


def test_expansion_figures_are_refused_without_their_expansion():
    with pytest.raises(RecordError, match="move 1: the figure 'large' is not part of this rule set"):
        replay(
            {
                "players": ["Ann", "Bob"],
                "moves": [
                    {"tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": {"spot": "road:E", "figure": "large"}}
                ],
            }
        )


def test_six_players_need_inns_and_cathedrals():
    assert Game(["A", "B", "C", "D", "E", "F"], IC).colors[-1] == "grey"
    with pytest.raises(IllegalMove, match="a 6th player needs inns_cathedrals"):
        Game(["A", "B", "C", "D", "E", "F"])


def test_the_summary_shows_expansion_figures_in_supply():
    game = Game(["Ann", "Bob"], IC)
    play(game, "U", 1, 0, 0, "road:E", "large")
    assert summary(game)["figures"] == {"Ann": {"large": 0}, "Bob": {"large": 1}}
    record = game.record()
    assert record["moves"][0]["meeple"] == {"spot": "road:E", "figure": "large"}
    assert replay(record).reserve == game.reserve


# --- King & Robber ----------------------------------------------------------------------


def test_the_king_goes_to_the_first_completed_city_and_only_passes_to_a_larger_one():
    game = Game(["Ann", "Bob"], KR)
    play(game, "E", 0, -1, 180)  # 1 Ann closes D + E: 2 tiles, nobody on it -> king Ann
    assert summary(game)["king"] == "Ann"
    play(game, "D", 1, 0, 0)  # 2 Bob: a cap open to the north
    play(game, "U", -1, 0, 0)  # 3 Ann
    play(game, "E", 1, -1, 180)  # 4 Bob closes a 2-tile city: equal size, the king stays
    assert summary(game)["king"] == "Ann"
    play(game, "D", 2, 0, 0)  # 5 Ann: another cap
    play(game, "F", 2, -1, 90)  # 6 Bob: a city band north of it (with a pennant)
    play(game, "U", -2, 0, 0)  # 7 Ann
    play(game, "E", 2, -2, 180)  # 8 Bob closes a 3-tile city: the king passes to Bob
    assert summary(game)["king"] == "Bob" and summary(game)["robber"] is None
    game.finish()
    assert game.final_points == (0, 3)  # the king: 1 per completed city, 3 cities
    assert game.breakdown[BOB]["king"] == 3


def test_the_robber_goes_to_whoever_closes_a_road_loop():
    game = Game(["Ann", "Bob"], KR)
    play(game, "V", 0, 1, 270)  # road E-S
    play(game, "V", 1, 1, 0)  # road W-S
    play(game, "V", 0, 2, 180)  # road N-E
    play(game, "V", 1, 2, 90)  # Bob closes the loop of 4 tiles
    assert summary(game)["robber"] == "Bob"
    game.finish()
    assert game.final_points == (0, 1) and game.breakdown[BOB]["robber"] == 1


def test_a_king_who_resigned_gets_no_bonus_and_is_not_listed_in_the_final_scoring():
    game = Game(["Ann", "Bob", "Cid"], KR)
    play(game, "E", 0, -1, 180)  # Ann closes D + E: the king
    play(game, "V", 0, 1, 270)  # Bob
    game.play(Resign("Ann"))
    game.finish()
    assert summary(game)["king"] == "Ann"
    assert game.final_points == (0, 0, 0)
    assert [s.kind for s in game.final_scored] == []  # no bonus listed for a player who left


# --- house rules ------------------------------------------------------------------------


def test_without_incomplete_scoring_open_features_score_nothing_but_farms_do():
    rules = Rules.from_options({"incomplete_score": False})
    game = Game(["Ann", "Bob"], rules)
    play(game, "U", 1, 0, 0, "road:E")  # Ann: thief on an open road
    farm = next(s for s, f in game.legal_figures(Move("E", 0, -1, 180).placement, "E") if s.startswith("field"))
    play(game, "E", 0, -1, 180, farm)  # Bob: farmer beside the city he closes (no knight)
    game.finish()
    assert game.final_points == (0, 3)  # the road would give Ann 2


def hole_board(rules):
    game = Game(["Ann", "Bob"], rules)
    for tile, x, y, rotation in [
        ("U", 1, 0, 0),
        ("U", -1, 0, 0),
        ("B", 1, 1, 0),
        ("B", -1, 1, 0),
        ("V", 1, 2, 0),
        ("U", 0, 2, 0),
    ]:
        play(game, tile, x, y, rotation)
    return game


def test_filling_a_hole_gives_one_extra_turn():
    game = hole_board(Rules.from_options({"hole_bonus": True}))
    play(game, "B", 0, 1, 0)  # Ann fills the hole: neighbours on all four sides
    assert game.pending == (ANN, "turn")
    play(game, "U", 2, 0, 0)  # Ann's extra turn
    assert game.pending == (BOB, "turn")


def test_without_the_hole_bonus_filling_a_hole_is_an_ordinary_turn():
    game = hole_board(Rules())
    play(game, "B", 0, 1, 0)
    assert game.pending == (BOB, "turn")


def test_a_tile_with_three_neighbours_gives_no_hole_bonus():
    game = Game(["Ann", "Bob"], Rules.from_options({"hole_bonus": True}))
    for tile, x, y, rotation in [("U", 1, 0, 0), ("U", -1, 0, 0), ("B", 1, 1, 0), ("B", -1, 1, 0)]:
        play(game, tile, x, y, rotation)
    play(game, "B", 0, 1, 0)  # Ann: neighbours north, east and west only
    assert game.pending == (BOB, "turn")


# --- Traders & Builders -------------------------------------------------------------------

TB = Rules.from_options({"traders_builders": True})


def builder_game(rules=TB):
    """Ann's thief on the road D + U(1,0); Ann then puts her builder on U(2,0)."""
    game = Game(["Ann", "Bob"], rules)
    play(game, "U", 1, 0, 0, "road:E")  # 1 Ann: thief
    play(game, "B", 0, 1, 0)  # 2 Bob
    play(game, "U", 2, 0, 0, "road:E", "builder")  # 3 Ann: builder on her road: no extra turn
    assert game.pending == (BOB, "turn")
    play(game, "B", 0, 2, 0)  # 4 Bob
    return game


def test_extending_the_builders_road_gives_one_extra_turn_and_never_a_third():
    game = builder_game()
    play(game, "U", 3, 0, 0)  # 5 Ann extends the road where her builder stands: extra turn
    assert game.pending == (ANN, "turn")
    play(game, "U", 4, 0, 0)  # 6 Ann's extra turn extends it again: no third turn
    assert game.pending == (BOB, "turn")


def test_another_players_tile_on_the_builders_road_gives_nobody_an_extra_turn():
    game = builder_game()
    play(game, "A", 1, 1, 0)  # 5 Ann elsewhere
    play(game, "U", 3, 0, 0)  # 6 Bob extends Ann's road
    assert game.pending == (ANN, "turn")


def test_the_builder_comes_home_when_its_road_is_completed_and_never_scores():
    game = builder_game()
    play(game, "W", 3, 0, 0)  # 5 Ann closes it in the east: extra turn
    turn = play(game, "W", -1, 0, 180)  # 6 Ann (extra turn) closes it in the west: 5 tiles
    assert turn.points == (5, 0) and turn.scored[0].winners == (ANN,)
    assert game.reserve[ANN]["builder"] == 1 and game.supply[ANN] == 7
    assert game.pending == (BOB, "turn")


def test_an_extra_turn_due_after_the_last_tile_lapses():
    game = builder_game()
    for tile in game.remaining:
        game.remaining[tile] = 0
    game.remaining["U"] = 1
    play(game, "U", 3, 0, 0)  # the last tile triggers the builder: the game ends anyway
    assert game.finished and game.pending is None


def test_a_builder_needs_the_players_follower_on_the_road_or_city():
    game = Game(["Ann", "Bob"], TB)
    with pytest.raises(IllegalMove, match="a builder joins a road holding one of Ann's followers"):
        game.check(Move("U", 1, 0, 0, "road:E", figure="builder"))
    with pytest.raises(IllegalMove, match="a builder goes on a road or a city"):
        game.check(Move("U", 1, 0, 0, "field:NNW", figure="builder"))


def pig_board(rules):
    game = Game(["Ann", "Bob"], rules)
    play(game, "U", 1, 0, 0, "field:NNW")  # 1 Ann: farmer on the strip north of the road (D's city borders it)
    play(game, "E", 0, -1, 180)  # 2 Bob closes D's city: 2 tiles, nobody on it
    play(game, "U", 2, 0, 0, "field:NNW", "pig")  # 3 Ann: her pig joins her farm
    game.finish()
    return game


def test_a_pig_makes_each_city_of_its_farm_worth_4_with_current_farms():
    assert pig_board(TB).final_points == (4, 0)  # 3 without the pig


def test_a_pig_makes_a_city_worth_5_with_classic_farms():
    rules = Rules.from_options({"traders_builders": True, "farm_scoring": "classic"})
    assert pig_board(rules).final_points == (5, 0)  # 4 without the pig


def test_a_pig_needs_the_players_farmer_in_the_farm():
    game = Game(["Ann", "Bob"], TB)
    with pytest.raises(IllegalMove, match="a pig joins a farm holding one of Ann's farmers"):
        game.check(Move("U", 1, 0, 0, "field:NNW", figure="pig"))


def test_a_pig_may_join_the_farmer_through_the_other_field_of_its_tile():
    """U's south field meets only farms without Ann's farmer, but its north field meets
    Ann's farm and a farm that runs round the road's end to the south field: once the
    tile lies, both fields are one farm with Ann's farmer in it."""
    game = Game(["Ann", "Bob"], TB)
    play(game, "U", -1, 0, 0, "field:NNW")  # 1 Ann: farmer on the strip north of D's road
    play(game, "E", 0, -1, 180)  # 2 Bob closes D's city
    play(game, "B", 1, -1, 0)  # 3 Ann
    play(game, "B", 2, -1, 0)  # 4 Bob
    play(game, "A", 2, 0, 90)  # 5 Ann: the road ends at a cloister; its farm runs round it
    play(game, "B", 0, 1, 0)  # 6 Bob
    figures = game.legal_figures(Placement(1, 0, 0), "U")
    assert ("field:NNW", "pig") in figures and ("field:ESE", "pig") in figures
    play(game, "U", 1, 0, 0, "field:ESE", "pig")  # 7 Ann: the pig, south of the road
    assert game.reserve[ANN]["pig"] == 0


def test_goods_go_to_whoever_completes_the_city_and_ties_all_score_10():
    game = Game(["Ann", "Bob"], TB)
    play(game, "TB-01", 0, -1, 180)  # 1 Ann: a grain city piece on D's city
    play(game, "E", 1, -1, 270)  # 2 Bob closes it (nobody on it): Bob takes the grain
    assert summary(game)["goods"]["Bob"] == {"wine": 0, "grain": 1, "cloth": 0}
    play(game, "U", -1, 0, 0)  # 3 Ann
    play(game, "D", -2, 0, 0)  # 4 Bob: a new city cap
    play(game, "TB-21", -2, -1, 180)  # 5 Ann: another grain city piece on it
    play(game, "U", 1, 0, 0)  # 6 Bob
    play(game, "E", -1, -1, 270)  # 7 Ann closes it: Ann takes that grain
    game.finish()
    assert game.final_points == (10, 10)  # grain tied 1:1, nobody has wine or cloth
    assert game.breakdown[ANN]["goods"] == 10


def test_the_bridge_tile_is_no_junction_a_road_passes_through():
    game = Game(["Ann", "Bob"], TB)
    play(game, "TB-24", 1, 0, 0, "road:E")  # Ann on the east-west road over the bridge
    play(game, "W", 2, 0, 0)
    turn = play(game, "W", -1, 0, 180)  # closed at both junctions: W, D, TB-24, W
    assert turn.points == (4, 0)
