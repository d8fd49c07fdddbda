"""Resignation, the ``player`` of an entry, and the one outcome of a game."""

import pytest

from carcassonne import Game, IllegalMove, Move, RecordError, Resign, replay, summary


def test_a_player_who_resigns_on_turn_puts_the_tile_back_and_the_next_player_moves():
    game = Game.new(["Ann", "Bob", "Cid"], seed=5)
    left = game.tiles_left
    game.play(Resign("Ann"))
    assert game.out == {0} and game.current_player == 1 and not game.finished
    assert game.tiles_left == left  # Ann's tile went back; Bob drew a new one
    assert game.history[-1].move.to_json() == {"player": "Ann", "resign": True}
    assert game.pending == (1, "turn")


def test_a_player_may_resign_out_of_turn_without_changing_whose_turn_it_is():
    game = Game.new(["Ann", "Bob", "Cid"], seed=5)
    tile = game.tile
    game.play(Resign("Cid"))
    assert game.current_player == 0 and game.tile == tile
    p = game.legal_placements()[0]
    game.play(Move(game.tile, *p))
    p = game.legal_placements()[0]
    game.play(Move(game.tile, *p))
    assert [t.player for t in game.history] == [2, 0, 1] and game.current_player == 0  # Cid is skipped


def test_with_one_player_left_the_game_ends_at_once_with_final_scoring_and_the_leader_loses():
    game = Game(["Ann", "Bob"])
    game.play(Move("U", 1, 0, 0, "road:E"))  # Ann: a thief on an open road of 2 tiles
    game.play(Move("E", 0, -1, 180, "city:S"))  # Bob closes the start city with his knight: 4
    assert game.scores == [0, 4]
    game.play(Resign("Bob"))
    assert game.finished and game.ending == "one_left"
    assert game.scores == [2, 4]  # Ann's open road was scored at the end
    outcome = game.outcome
    assert outcome.winners == (0,) and outcome.winner_names == ["Ann"]
    assert outcome.ranks == (1, 2) and outcome.left == (1,)
    assert summary(game)["winners"] == ["Ann"] and summary(game)["pending"] is None


def test_figures_of_a_player_who_left_stay_but_weigh_nothing():
    game = Game(["Ann", "Bob", "Cid"])
    game.play(Move("U", 1, 0, 0, "road:E"))  # Ann: thief on the road
    game.play(Move("U", -1, 0, 0))  # Bob extends it west
    game.play(Move("E", 0, -1, 180))  # Cid
    game.play(Resign("Ann"))  # Ann leaves; her thief stays on the road
    with pytest.raises(IllegalMove, match="already holds a follower"):
        game.check(Move("W", 2, 0, 0, "road:W"))  # still occupied
    turn = game.play(Move("W", 2, 0, 0))  # Bob: a junction ends it in the east
    turn = game.play(Move("W", -2, 0, 180))  # Cid: a junction ends it in the west: complete
    assert turn.scored[0].kind == "road" and turn.scored[0].winners == ()
    assert game.scores == [0, 0, 0] and game.supply[0] == 7  # the thief still goes home


def test_ranks_share_ties_and_players_who_left_rank_last_and_never_win():
    game = Game(["Ann", "Bob", "Cid"])
    game.scores[:] = [50, 10, 10]
    game.play(Resign("Ann"))
    game.finish()
    outcome = game.outcome
    assert outcome.ending == "ended_early"
    assert outcome.winners == (1, 2) and outcome.ranks == (3, 1, 1)


@pytest.mark.parametrize(
    "entry, message",
    [
        (
            {"player": "Bob", "tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": None},
            "move 1: it is Ann's turn, not Bob's",
        ),
        ({"player": "Zed", "resign": True}, "move 1: Zed does not play in this game"),
        ({"resign": True}, "move 1: a resignation names its player"),
        ({"player": "Ann", "resign": "yes"}, "move 1: resign must be true"),
        ({"player": 3, "resign": True}, "move 1: player must be a player's name, not 3"),
    ],
)
def test_bad_entries_are_refused_with_their_number_and_why(entry, message):
    with pytest.raises(RecordError) as info:
        replay({"players": ["Ann", "Bob"], "moves": [entry]})
    assert str(info.value) == message


def test_resigning_twice_or_after_the_end_is_refused():
    game = Game(["Ann", "Bob", "Cid"])
    game.play(Resign("Bob"))
    with pytest.raises(IllegalMove, match="Bob has already left the game"):
        game.play(Resign("Bob"))
    game.play(Resign("Cid"))
    with pytest.raises(IllegalMove, match="the game is over"):
        game.play(Resign("Ann"))


def test_a_record_with_resignations_replays_to_the_same_game():
    game = Game.new(["Ann", "Bob", "Cid"], seed=11)
    for _ in range(5):
        game.play(Move(game.tile, *game.legal_placements()[0]))
    game.play(Resign("Cid"))  # on turn
    game.play(Move(game.tile, *game.legal_placements()[-1], player="Ann"))
    game.play(Resign("Bob"))  # out of turn: Ann is left and wins
    again = replay(game.record())
    assert again.finished and again.outcome == game.outcome and again.outcome.winners == (0,)
    assert game.record()["moves"][6] == {"player": "Ann", **Move(*game.history[6].move[:5]).to_json()}


def test_every_option_of_a_turn_is_accepted_and_they_are_all_the_legal_entries():
    game = Game.new(["Ann", "Bob"], seed=3)
    for _ in range(10):
        options = game.options()
        for entry in options:
            game.check(entry)
        placed = {(o.x, o.y, o.rotation) for o in options}
        assert placed == set(game.legal_placements())
        game.play(options[len(options) // 2])


def test_a_copy_plays_on_independently_and_can_draw_from_a_given_bag():
    game = Game.new(["Ann", "Bob"], seed=3)
    game.play(game.options()[1])
    copy = game.copy()
    assert copy.tile == game.tile and copy.record() == game.record()
    copy.play(copy.options()[0])
    assert len(game.history) == 1 and len(copy.history) == 2
    assert sum(1 for _ in game.placed_tiles()) == 2 and sum(1 for _ in copy.placed_tiles()) == 3
    sampled = game.copy(bag=["X", "U"])
    assert sampled.tile == "X" and sampled.tiles_left == 1
