"""The strongest level judges each option by the next player's best answer, over every tile
they may draw, and skips only options that cannot win."""

from functools import cache

import pytest

from carcassonne.bots import options_of, view_of
from carcassonne.bots.duel import random_position
from carcassonne.bots.levels import AnswersBot
from carcassonne.bots.sim import hidden_tiles

POSITIONS = [
    (8, 10),
    (30, 10),
]  # (seed, random moves played): the best option by the answers is not the best by the evaluation alone


@cache
def expectations(seed, moves):
    """A position's search (given time) and every option's expected advantage after the
    next player's answer, judged one by one."""
    view = view_of(random_position(seed, moves))
    bot = AnswersBot(1, seconds=30)
    bot.search(view, options_of(view))
    counts = {}
    for tile in hidden_tiles(view.game, (view.tile,)):
        counts[tile] = counts.get(tile, 0) + 1
    total = sum(counts.values())
    return bot.last_search, {
        id(child): sum(n * bot.answer(child, view.seat, [t], None) for t, n in counts.items()) / total
        for child in bot.last_search.children
    }


@pytest.mark.parametrize("seed,moves", POSITIONS)
def test_in_a_two_player_game_the_next_players_answer_never_helps_the_mover(seed, moves):
    search, values = expectations(seed, moves)
    for child in search.children:
        assert values[id(child)] <= child.prior + 1e-9


@pytest.mark.parametrize("seed,moves", POSITIONS)
def test_the_search_given_time_plays_the_option_with_the_best_expectation_of_all(seed, moves):
    view = view_of(random_position(seed, moves))
    bot = AnswersBot(1, seconds=30)  # enough to reach every option that could win
    entry = bot.decide(view)
    search, values = expectations(seed, moves)
    chosen = next(c for c in search.children if c.entry == entry)
    assert values[id(chosen)] == pytest.approx(max(values.values()))


def test_with_a_small_budget_only_judged_options_are_played():
    view = view_of(random_position(2026, 36))
    bot = AnswersBot(1, playouts=1)
    entry = bot.decide(view)
    judged = [c for c in bot.last_search.children if c.playouts]
    assert 1 <= len(judged) < len(bot.last_search.children)
    assert entry in [c.entry for c in judged]
