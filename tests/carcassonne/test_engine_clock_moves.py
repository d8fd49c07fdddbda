"""Moves for games on a clock: a skipped turn and a player lost on time."""

from carcassonne import Game, Move, replay


def test_skip_returns_the_tile_to_the_bag_and_passes_the_turn():
    game = Game.new(["Ann", "Bob", "Cid"], seed=5)
    left = game.tiles_left
    game.play(Move(game.tile, skip=True))
    assert game.current_player == 1 and game.tiles_left == left  # the tile is back, the next one drawn
    assert game.history[-1].move.to_json()["skip"] is True
    assert sum(game.remaining.values()) == left + 1  # nothing was used up


def test_forfeit_takes_the_player_out_but_leaves_followers():
    game = Game.new(["Ann", "Bob", "Cid"], seed=5)
    placement = game.legal_placements()[0]
    spot = game.legal_spots(placement)[0]
    game.play(Move(game.tile, *placement, meeple=spot))  # Ann deploys a follower
    game.play(Move(game.tile, forfeit=True))  # Bob loses on time
    assert game.out == {1} and game.current_player == 2
    for _ in range(2):
        p = game.legal_placements()[0]
        game.play(Move(game.tile, *p))
    assert [t.player for t in game.history[-2:]] == [2, 0]  # Bob is skipped in the turn order
    assert sum(1 for t in game.placed_tiles() for _ in t.followers()) == 1
    again = replay(game.record())
    assert again.out == {1} and again.scores == game.scores


def test_the_last_player_standing_wins_even_with_fewer_points():
    game = Game(["Ann", "Bob"])
    game.scores[:] = [0, 30]
    game.play(Move("U", 1, 0, 0))  # Ann
    game.play(Move("V", forfeit=True))  # Bob loses on time
    assert game.finished and game.outcome.winners == (0,)


def test_a_player_out_on_time_scores_nothing_more():
    game = Game(["Ann", "Bob", "Cid"])
    game.play(Move("U", 1, 0, 0, "road:E"))  # Ann's thief on the road through the start tile
    game.play(Move("W", 2, 0, 0))  # Bob: a junction ends the road in the east
    game.play(Move("E", 0, -1, 180))  # Cid: a city cap on the start tile's city
    game.play(Move("V", forfeit=True))  # Ann loses on time
    turn = game.play(Move("W", -1, 0, 0))  # Bob: a junction ends it in the west: 4 tiles, complete
    assert [s.kind for s in turn.scored] == ["road"] and turn.scored[0].winners == ()  # Ann weighs nothing now
    assert turn.points == (0, 0, 0) and game.scores == [0, 0, 0]  # Ann's 4 points are not awarded
    assert game.supply[0] == 7  # the follower still comes home
