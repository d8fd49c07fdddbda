"""The look-ahead copy of a game plays exactly like the game it copies, and leaves it alone."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne import Rules, replay
from carcassonne.autoplay import play_randomly
from carcassonne.bots.sim import copy_game, sample_bag, unknown_tiles

from .test_bots_legal import position


def summary(game):
    return (
        game.record(),
        game.scores,
        game.supply,
        game.breakdown,
        game.remaining,
        game.current_player,
        game.finished,
        sorted((t.x, t.y, t.tile, tuple(sorted(t.followers()))) for t in game.placed_tiles()),
    )


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    players=st.integers(2, 5),
    moves=st.integers(0, 70),
    river=st.booleans(),
    farm=st.sampled_from(["current", "classic"]),
)
def test_a_copy_with_a_sampled_bag_plays_like_a_replay_and_leaves_the_original_alone(seed, players, moves, river, farm):
    rules = Rules(farm_scoring=farm, expansions=("river",) if river else ())
    game = position(seed, players, rules, moves)
    before = summary(game)
    board = replay(game.record())
    rng = random.Random(seed)
    copy = copy_game(board, sample_bag(unknown_tiles(board), rng))
    play_randomly(copy, rng, 80, follower_rate=0.6)
    assert summary(game) == before
    again = replay(copy.record())
    if copy.finished:
        again.finish(copy.ending)
    assert summary(again)[1:] == summary(copy)[1:]
    assert summary(replay(game.record())) == summary(board)


def test_a_sampled_bag_puts_river_tiles_first_and_the_lake_last():
    board = replay(position(3, 2, Rules(expansions=("river",)), 2).record())
    bag = sample_bag(unknown_tiles(board), random.Random(5))
    river = [i for i, t in enumerate(bag) if t.startswith("RV")]
    assert river == list(range(len(river))) and bag[river[-1]] == "RV-L"
    assert sorted(bag) == sorted(unknown_tiles(board))
