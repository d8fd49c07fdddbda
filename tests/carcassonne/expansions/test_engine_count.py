"""The Count of Carcassonne (RULES.md, The Count; NOTATION.md entries) on small boards.

The City block lies at x=-2..1, y=-1..1 (TILES.md). Its exposed features used here:
CO-12's city cap facing east (a cell (2,1)), CO-11's road leaving south (0,2)."""

import pytest

from carcassonne import Game, IllegalMove, Move, RecordError, Rules, replay, summary
from carcassonne.expansions.count import Count, Quarter, Reinforce

ANN, BOB, CID = 0, 1, 2
COUNT = Rules.from_options({"count": True})


def count_of(game) -> Count:
    return next(m for m in game.modules if isinstance(m, Count))


def in_city(game, seat, quarter, n=1):
    """Put ``n`` of a player's followers from supply into a quarter (as earlier turns would)."""
    module = count_of(game)
    for _ in range(n):
        game.supply[seat] -= 1
        module._change(seat, quarter, "follower", +1)


def test_the_city_replaces_the_start_tile_and_71_base_tiles_are_drawn():
    game = Game(["Ann", "Bob"], COUNT)
    assert sum(1 for _ in game.placed_tiles()) == 12 and game.tile_at(0, 0).tile == "CO-7"
    assert sum(game.remaining.values()) == 71 and game.remaining["D"] == 3
    record = game.record()
    assert "start" not in record
    assert summary(game)["count"] == "castle"
    with pytest.raises(RecordError, match="no start tile"):
        replay(
            {
                "players": ["Ann", "Bob"],
                "rules": {"expansions": ["count"]},
                "start": {"tile": "D", "x": 0, "y": 0, "rotation": 0},
                "moves": [],
            }
        )


def notation_example():
    """NOTATION.md's example: Cid and Ann have a follower in the castle, the Count is in the
    cathedral; Bob's tile closes CO-12's empty city."""
    game = Game(["Ann", "Bob", "Cid"], COUNT)
    in_city(game, CID, "castle")
    in_city(game, ANN, "castle")
    count_of(game).count_at = "cathedral"
    game.play(Move("U", 0, 2, 90))  # Ann: continues CO-11's road south
    game.play(Move("E", 2, 1, 270))  # Bob: a cap closing CO-12's city (nobody on it)
    return game


def test_reinforcement_asks_from_the_left_of_the_active_player_and_scores_after():
    game = notation_example()
    assert game.pending == (CID, "reinforce") and game.scores == [0, 0, 0]  # not scored yet
    game.play(Reinforce("Cid", 2, 1, "city:W"))
    assert game.pending == (ANN, "reinforce")  # Bob has nobody in the City: not asked
    turn = game.play(Reinforce("Ann"))  # a pass
    assert turn.points == (0, 0, 4) and game.scores == [0, 0, 4]
    assert game.supply[CID] == 7  # the reinforcement came home after scoring
    # Bob scored nothing while an opponent did: he may deploy into the City
    assert game.pending == (BOB, "quarter")
    game.play(Quarter(None, "market", "follower", "blacksmith"))
    assert summary(game)["count"] == "blacksmith"
    assert summary(game)["quarters"]["Bob"]["market"] == 1 and game.supply[BOB] == 6
    assert game.pending == (CID, "turn")
    assert game.record()["moves"][2:] == [
        {"player": "Cid", "reinforce": {"x": 2, "y": 1, "spot": "city:W"}},
        {"player": "Ann", "reinforce": None},
        {"quarter": "market", "count": "blacksmith"},
    ]


def test_the_wrong_player_and_the_counts_quarter_are_refused_with_reasons():
    game = notation_example()
    with pytest.raises(
        IllegalMove, match="it is Cid's decision on moving a follower out of the City \\(reinforce\\), not Bob's"
    ):
        game.check(Reinforce("Bob", 2, 1, "city:W"))
    with pytest.raises(IllegalMove, match="must name its player"):
        game.check(Reinforce(None, 2, 1, "city:W"))
    with pytest.raises(IllegalMove, match="not on a road, city or cloister this tile completed"):
        game.check(Reinforce("Cid", 0, 2, "road:N"))
    with pytest.raises(IllegalMove, match="not a tile turn"):
        game.check(Move("U", 0, 3, 90))


def test_followers_in_the_counts_quarter_cannot_leave_it_so_nobody_is_asked():
    game = Game(["Ann", "Bob", "Cid"], COUNT)
    in_city(game, CID, "castle")  # the Count stands in the castle
    game.play(Move("U", 0, 2, 90))
    game.play(Move("E", 2, 1, 270))  # closes a city: Cid's castle follower is locked in
    assert game.pending == (CID, "turn")


def test_no_deployment_into_the_city_when_only_the_active_player_scored():
    game = Game(["Ann", "Bob"], COUNT)
    game.play(Move("E", 2, 1, 270, "city:W"))  # Ann closes CO-12's city with her knight: 4
    assert game.scores == [4, 0] and game.pending == (BOB, "turn")
    with pytest.raises(IllegalMove, match="there is no decision of this kind to take now"):
        game.check(Quarter("Ann", "market"))


def city_and_road(knight):
    """Ann's thief on a road east of the City; Bob's J at (2,1) completes it (A, J, A: 3
    tiles) and CO-12's city (2 tiles) at once, with his own knight on that city or not."""
    game = Game(["Ann", "Bob"], COUNT)
    game.play(Move("A", 2, 0, 0, "road:S"))  # Ann: a cloister whose road runs south, her thief on it
    game.play(Move("B", 3, 0, 0))  # Bob
    game.play(Move("A", 3, 1, 90))  # Ann: a cloister whose road ends west of it, at (2,1)
    return game, game.play(Move("J", 2, 1, 270, "city:W" if knight else None))  # Bob


def test_no_deployment_into_the_city_when_one_tile_scores_for_the_active_player_and_an_opponent():
    game, turn = city_and_road(knight=True)
    assert turn.points == (3, 4)  # Ann's road, Bob's city
    assert game.pending == (ANN, "turn")  # Bob scored too: he is not asked
    with pytest.raises(IllegalMove, match="there is no decision of this kind to take now: it is Ann's turn"):
        game.check(Quarter("Bob", "market"))


def test_a_deployment_into_the_city_is_offered_when_the_tile_scores_for_an_opponent_only():
    game, turn = city_and_road(knight=False)
    assert turn.points == (3, 0)  # Ann's road; the city scores for nobody
    assert game.pending == (BOB, "quarter")
    game.play(Quarter("Bob", "cathedral"))
    assert summary(game)["quarters"]["Bob"]["cathedral"] == 1 and game.pending == (ANN, "turn")


def test_the_market_round_asks_again_those_who_moved_until_all_pass():
    game = Game(["Ann", "Bob"], COUNT)
    in_city(game, ANN, "market", 2)
    in_city(game, BOB, "market")
    for tile in game.remaining:
        game.remaining[tile] = 0
    game.remaining["U"] = 1
    game.play(Move("U", 0, 2, 90))  # Ann places the last tile
    assert not game.finished and game.pending == (BOB, "market")  # from her left
    game.play(Reinforce("Bob", -2, -1, "field:NNW"))  # onto the City's north farm
    assert game.pending == (ANN, "market")
    game.play(Reinforce("Ann", 1, 0, "field:NNE"))  # onto the east farm
    assert game.pending == (ANN, "market")  # Bob has none left; Ann still has one
    game.play(Reinforce("Ann"))
    assert game.finished
    # farms: the City counts as a completed city bordering every farm with a CO field: 3 each
    assert game.final_points == (3, 3)


def test_the_city_of_carcassonne_counts_for_farms_in_classic_scoring_once():
    rules = Rules.from_options({"count": True, "farm_scoring": "classic"})
    game = Game(["Ann", "Bob"], rules)
    game.play(Move("U", -3, -1, 0, "field:NNW"))  # Ann: a farmer joining the north farm (a CO field)
    game.finish()
    assert game.final_points == (4, 0)


def test_the_king_counts_the_city_of_carcassonne_as_a_completed_city():
    rules = Rules.from_options({"count": True, "king_robber": True})
    game = Game(["Ann", "Bob"], rules)
    game.play(Move("E", 2, 1, 270))  # Ann closes CO-12's city: the king
    game.finish()
    assert game.final_points == (2, 0)  # 1 completed city + the City of Carcassonne


def test_with_the_river_the_spring_is_drawn_first_and_faces_an_empty_cell():
    rules = Rules.from_options({"count": True, "river": True})
    game = Game.new(["Ann", "Bob"], rules, seed=4)
    assert game.tile == "RV-S"
    for p in game.legal_placements():
        game.check(Move("RV-S", *p))
    with pytest.raises(RecordError, match="the spring \\(RV-S\\) comes first"):
        replay(
            {
                "players": ["Ann", "Bob"],
                "rules": rules.to_json(),
                "moves": [{"tile": "U", "x": 0, "y": 2, "rotation": 90, "meeple": None}],
            }
        )
