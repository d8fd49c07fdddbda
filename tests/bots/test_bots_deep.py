"""The strongest level (``mcts``) plays sampled futures out several turns: more budget
gives the best options more futures and longer lines, and a fixed budget of lines
always plays the same move."""

from games.bots import options_of, view_of
from games.bots.duel import random_position
from games.bots.levels import DeepBot, make_bot


def searched(playouts, seed=2026, moves=36):
    view = view_of(random_position(seed, moves))
    bot = DeepBot(1, playouts=playouts)
    entry = bot.decide(view)
    return entry, bot.last_search


def test_a_fixed_budget_of_lines_always_plays_the_same_move():
    first, search = searched(60)
    second, again = searched(60)
    assert first == second
    assert [c.total for c in search.children] == [c.total for c in again.children]


def test_more_lines_look_further_ahead_at_the_best_options():
    _, small = searched(16)
    _, large = searched(400)
    assert small.depth == DeepBot.depth
    assert large.depth > small.depth
    assert max(c.playouts for c in large.children) > 4 * max(c.playouts for c in small.children)


def test_every_option_still_in_the_race_has_met_the_same_futures():
    _, search = searched(13)  # the second round is cut short: it is dropped
    rounds = [c.playouts for c in search.children if c.playouts]
    assert rounds == [1] * DeepBot.width


def test_before_a_whole_round_the_best_first_judgement_is_played():
    entry, search = searched(3)
    assert all(c.playouts == 0 for c in search.children)
    assert entry == max(search.children, key=lambda c: c.prior).entry


def test_the_level_named_mcts_is_the_deep_search_and_answers_is_the_one_before():
    assert type(make_bot("mcts", seed=1)) is DeepBot
    assert type(make_bot("answers", seed=1)) is not DeepBot
    view = view_of(random_position(7, 20))
    assert make_bot("answers", seed=1, playouts=20).decide(view) in options_of(view)
