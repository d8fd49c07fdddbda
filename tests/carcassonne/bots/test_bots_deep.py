"""The strongest level (``mcts``) plays sampled futures out several turns: more budget
gives the best options more futures and longer lines, and a fixed budget of lines
always plays the same move."""

from carcassonne import TILE_TYPES, Rules
from carcassonne.bots import levels, options_of, view_of
from carcassonne.bots.duel import random_position
from carcassonne.bots.evaluate import potential
from carcassonne.bots.levels import AnswersBot, MctsBot, _hot_cells, _hot_moves, make_bot
from carcassonne.bots.sim import copy_game, hidden_tiles


def searched(playouts, seed=2026, moves=36):
    view = view_of(random_position(seed, moves))
    bot = MctsBot(1, playouts=playouts)
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
    assert small.depth == MctsBot.depth
    assert large.depth > small.depth
    assert max(c.playouts for c in large.children) > 4 * max(c.playouts for c in small.children)


def test_every_option_still_in_the_race_has_met_the_same_futures():
    _, search = searched(13)  # the second round is cut short: it is dropped
    rounds = [c.playouts for c in search.children if c.playouts]
    assert rounds == [1] * MctsBot.width


def test_before_a_whole_round_the_best_first_judgement_is_played():
    entry, search = searched(3)
    assert all(c.playouts == 0 for c in search.children)
    assert entry == max(search.children, key=lambda c: c.prior).entry


def test_the_level_named_mcts_is_the_deep_search_and_answers_is_the_one_before():
    assert type(make_bot("mcts", seed=1)) is MctsBot
    assert type(make_bot("answers", seed=1)) is not MctsBot
    view = view_of(random_position(7, 20))
    assert make_bot("answers", seed=1, playouts=20).decide(view) in options_of(view)


def test_a_line_plays_every_turn_it_draws_a_tile_for():
    # the lines once drew from a bag holding only the next tile: the game ended after one turn
    view = view_of(random_position(2026, 36))
    bot = MctsBot(1, playouts=8)
    search = bot.search(view, options_of(view))
    child = max(search.children, key=lambda c: c.prior)
    bot.quiet = -1000.0  # every player plays a tile on a hot cell whenever one fits
    fitting = [t for t in hidden_tiles(view.game, (view.tile,)) if _hot_moves(copy_game(child.after, [t]), True)]
    for depth in (1, 2, 3):
        game, values = bot.playout(child, fitting[:depth])  # the line's last tile ends its copy of the game
        played = game.history[len(child.after.history) :]
        assert len(played) == depth
        assert any(not turn.move.skip for turn in played)  # a tile was placed, and the line went on
        assert len(values) == 2


def test_the_deep_search_sees_the_cities_a_farmer_waits_for():
    for seed in range(40):
        board = random_position(seed, 40).board
        farm_cities = {
            city
            for root in board.occupied_features()
            if board.kind(root) == "field"
            for city in board.bordering_cities(root)
            if not board.is_complete(city) and not board.figures(city)
        }
        if farm_cities:
            break
    else:
        raise AssertionError("no farm bordering an open city nobody holds in 40 positions")
    edges = set().union(*(board.open_cells(city) for city in farm_cities))
    assert edges <= _hot_cells(board, farms=True)
    assert _hot_cells(board) <= _hot_cells(board, farms=True)
    assert not edges <= _hot_cells(board)
    assert MctsBot.farms and not AnswersBot.farms


ALL_FIVE = Rules(expansions=("river", "inns_cathedrals", "traders_builders", "king_robber", "count"))


def test_a_rotation_that_repeats_a_smaller_one_leaves_the_same_position():
    checked = 0
    for seed, moves, rules in ((3, 30, None), (5, 45, None), (8, 25, ALL_FIVE)):
        game = copy_game(random_position(seed, moves, rules=rules))
        every, unique = _hot_moves(game, True), _hot_moves(game, True, unique=True)
        assert set(unique) <= set(every)
        left_out = [m for m in every if m not in set(unique)]
        for move in left_out:  # each one's position is that of a kept move on the same cell with the same figure
            after = copy_game(game)
            after.play(move)
            values = potential(after)
            twins = [
                m
                for m in unique
                if (m.tile, m.x, m.y, m.meeple is None) == (move.tile, move.x, move.y, move.meeple is None)
            ]
            assert any(_values_after(game, m) == values for m in twins)
            checked += 1
    assert checked  # some tile here is symmetric


def _values_after(game, move):
    after = copy_game(game)
    after.play(move)
    return potential(after)


def test_the_deep_search_judges_its_options_as_the_answers_search_does_and_plays_the_same_without_repeats():
    view = view_of(random_position(2026, 36))
    deep = MctsBot(1, playouts=1).children(view, options_of(view))
    plain = AnswersBot(1, playouts=1)
    plain.learned = True  # judging by the same value, without Trials
    answers = plain.children(view, options_of(view))
    assert [(c.entry, c.values) for c in deep] == [(c.entry, c.values) for c in answers]
    first, search = searched(60)
    levels._REPEATED.update({tile: frozenset() for tile in TILE_TYPES})  # every rotation judged
    try:
        again, every = searched(60)
    finally:
        levels._REPEATED.clear()
    assert first == again
    assert [round(c.total, 9) for c in search.children] == [round(c.total, 9) for c in every.children]
