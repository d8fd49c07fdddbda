"""The ``hand`` house rule (RULES.md, House rules): each player holds tiles, plays one of
them each turn and draws one; hands stay hidden unless ``hand_visible``."""

import json
import random

import pytest

from carcassonne import Game, IllegalMove, Move, RecordError, Rules, replay, summary
from carcassonne.autoplay import random_game

HAND = Rules(hand=3)


def first_placement(game, tile):
    p = game.legal_placements(tile)[0]
    return Move(tile, p.x, p.y, p.rotation)


def until(game, seed, done):
    """Play random follower-less moves until ``done(game)`` holds (or the game ends)."""
    rng = random.Random(seed)
    while not game.finished and not done(game):
        options = game.options()
        game.play(rng.choice([o for o in options if getattr(o, "meeple", None) is None] or options))
    return game


def stuck_hand():
    """A game where a tile of the player's hand fits nowhere, beside one that fits."""

    def stuck(game):
        tiles = game.turn_tiles
        return any(not game.can_place(t) for t in tiles) and any(game.can_place(t) for t in tiles)

    for seed in range(60):
        game = until(Game.new(["Ann", "Bob"], HAND, seed=seed), seed, stuck)
        if not game.finished:
            return game
    raise AssertionError("no game with an unplaceable hand tile in 60 seeds")


def test_each_player_is_dealt_three_tiles_and_plays_from_their_hand():
    game = Game.new(["Ann", "Bob", "Cid"], HAND, seed=5)
    assert game.hand_sizes() == (3, 3, 3)
    assert game.tile is None and game.turn_tiles == game.hand(0)
    assert game.tiles_left == 71 - 9
    held = list(game.hand(0))
    tile = held[-1]
    game.play(first_placement(game, tile))
    held.remove(tile)
    assert game.current_player == 1
    assert game.hand_sizes() == (3, 3, 3)  # Ann drew a new tile
    assert game.tiles_left == 71 - 10
    assert sorted(game.hand(0)[:2]) == sorted(held)  # she keeps the two others


def test_a_move_must_name_a_tile_of_the_players_hand():
    game = Game.new(["Ann", "Bob"], HAND, seed=5)
    foreign = next(t for t in game.hand(1) if t not in game.hand(0))
    with pytest.raises(IllegalMove, match=f"Ann holds no tile {foreign}"):
        game.check(first_placement(game, foreign))


def test_a_tile_of_the_hand_that_fits_nowhere_is_discarded_first_and_replaced():
    game = stuck_hand()
    seat = game.current_player
    tiles = game.turn_tiles
    bad = next(t for t in tiles if not game.can_place(t))
    good = next(t for t in tiles if game.can_place(t))
    with pytest.raises(IllegalMove, match=f"tile {bad} of the hand fits nowhere: it must be discarded first"):
        game.check(first_placement(game, good))
    assert game.options() == [Move.discard_of(bad)]
    left = game.tiles_left
    turns = game.discard_unplaceable()
    assert [t.move for t in turns][0] == Move.discard_of(bad)
    assert game.current_player == seat  # still their turn, with a full hand again
    assert len(game.hand(seat)) == 3 and game.tiles_left == left - len(turns)
    assert all(game.can_place(t) for t in game.turn_tiles)


def test_the_river_is_drawn_one_tile_at_a_time_and_the_hands_are_dealt_after_the_lake():
    rules = Rules(hand=3, expansions=("river",))
    game = Game.new(["Ann", "Bob"], rules, seed=3)
    assert game.tile is not None and game.tile.startswith("RV-")
    assert game.hand_sizes() == (0, 0) and game.turn_tiles == (game.tile,)
    game = until(game, 3, lambda g: g.tile is None)
    assert game.remaining["RV-L"] == 0  # the lake was the last drawn tile
    assert game.hand_sizes() == (3, 3)
    assert not any(t.startswith("RV-") for seat in (0, 1) for t in game.hand(seat))


def test_a_player_whose_hand_is_empty_is_skipped_and_the_game_ends_when_all_are_played():
    game = until(Game.new(["Ann", "Bob", "Cid"], HAND, seed=4), 4, lambda g: g.tiles_left == 0)
    while not game.finished:
        sizes = game.hand_sizes()
        assert sizes[game.current_player] > 0
        if game.pending.action == "turn":
            game.play(game.options()[0])
    assert sum(game.remaining.values()) == 0
    placed_or_discarded = [t for t in game.history if type(t.move) is Move]
    assert len(placed_or_discarded) == 71


def test_a_timeout_with_hands_names_no_tile_and_the_hand_stays():
    game = Game.new(["Ann", "Bob"], HAND, seed=5)
    hand = game.hand(0)
    entry = game.timeout_entry("skip")
    assert entry.to_json() == {"player": "Ann", "skip": True}
    with pytest.raises(IllegalMove, match="with hands a timeout names no tile"):
        game.check(Move(hand[0], skip=True))
    game.play(entry)
    assert game.current_player == 1 and game.hand(0) == hand


def test_a_player_who_leaves_gives_their_hand_back_and_every_tile_is_still_played():
    game = Game.new(["Ann", "Bob", "Cid"], HAND, seed=6)
    game.play(game.timeout_entry("forfeit"))
    assert game.hand_sizes()[0] == 0 and game.tiles_left == 71 - 6
    game = until(game, 6, lambda g: False)
    assert game.finished and sum(game.remaining.values()) == 0
    assert game.outcome.ending == "complete"


def test_a_record_with_hands_replays_without_knowing_the_hands():
    game = random_game(9, 3, Rules(hand=3, expansions=("river", "count")))
    record = json.loads(json.dumps(game.record()))
    assert "hand" not in json.dumps(record["moves"])
    again = replay(record)
    assert again.scores == game.scores and again.finished
    assert again.hand(0) is None and again.hand_sizes() == (0, 0, 0)
    assert summary(again)["winners"] == summary(game)["winners"]


def test_a_replay_still_skips_a_timeout_that_names_a_tile_with_hands():
    record = {"players": ["Ann", "Bob"], "rules": {"hand": 3}, "moves": [{"tile": "V", "skip": True}]}
    with pytest.raises(RecordError, match="move 1: with hands a timeout names no tile"):
        replay(record)


def test_bots_may_guess_the_hidden_hands_on_a_copy():
    game = Game.new(["Ann", "Bob"], HAND, seed=5)
    guess = game.copy(bag=["A"] * 10, hands=[list(game.hand(0)), ["V", "V", "V"]])
    assert guess.hand(1) == ("V", "V", "V") and guess.hand(0) == game.hand(0)
    assert guess.tiles_left == 10 and game.hand(1) != ("V", "V", "V")
