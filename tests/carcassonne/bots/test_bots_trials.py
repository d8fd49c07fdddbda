"""A turn's trial moves judged with Trials are worth exactly what potential says of each
(a feature the tile left as it was adds what it added before the move), and the engine's
scores if the game ended now are those finish() leaves, for every rule set."""

import random

import pytest

from carcassonne import Rules
from carcassonne.bots.duel import random_position
from carcassonne.bots.evaluate import Trials, potential
from carcassonne.bots.levels import _hot_moves
from carcassonne.bots.sim import copy_game, hidden_tiles, sample_bag
from carcassonne.bots.view import view_of

ALL = ("river", "inns_cathedrals", "traders_builders", "king_robber", "count")
RULES = [Rules(), Rules(farm_scoring="classic"), Rules(expansions=ALL), Rules(expansions=("inns_cathedrals",))]


def hot_trials(rules=None):
    """A line's trial moves on three positions, two turns each: ``(trials, trial, again, move)``,
    ``trial`` and ``again`` two copies of the position after ``move``."""
    for seed, moves in ((1, 20), (2, 40), (3, 55)):
        view = view_of(random_position(seed, moves, 2, rules))
        if view.pending.action != "turn":
            continue
        rng = random.Random(seed)
        game = copy_game(view.game, sample_bag(hidden_tiles(view.game), rng)[:3])
        for _turn in range(2):  # the line's second turn too: its game has played a move
            if game.pending is None or game.pending.action != "turn":
                break
            trials, hot = Trials(game), _hot_moves(game, True)
            for move in hot:
                trial, again = copy_game(game), copy_game(game)
                trial.play(move)
                again.play(move)
                yield trials, trial, again, move
            game.play(rng.choice(hot) if hot else game.timeout_entry("skip"))


@pytest.mark.parametrize("rules", RULES, ids=["base", "classic", "all", "inns"])
def test_trials_judge_every_hot_move_as_potential_does(rules):
    judged = 0
    for trials, trial, again, move in hot_trials(rules):
        assert trials.potential(trial, move) == potential(again, disposable=True)
        judged += 1
    assert judged > 20


@pytest.mark.parametrize("rules", RULES, ids=["base", "classic", "all", "inns"])
def test_the_scores_if_the_game_ended_are_those_finish_leaves(rules):
    for seed in range(3):
        game = random_position(seed, 10 + 20 * seed, 2 + seed % 2, rules)
        told = game.scores_if_ended()
        ended = game.copy()
        ended.finish("ended_early")
        assert told is None or told == ended.scores
        assert rules.expansions or told is not None  # the base game's are told without ending a copy
