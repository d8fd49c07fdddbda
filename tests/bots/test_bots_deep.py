"""The strongest level (``mcts``) plays sampled futures out several turns: more budget
gives the best options more futures and longer lines, and a fixed budget of lines
always plays the same move."""

from games.bots import options_of, view_of
from games.bots.duel import random_position
from games.bots.levels import DeepBot, MctsBot, _hot_cells, _hot_moves, make_bot
from games.bots.sim import copy_game, hidden_tiles


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


def test_a_line_plays_every_turn_it_draws_a_tile_for():
    # the lines once drew from a bag holding only the next tile: the game ended after one turn
    view = view_of(random_position(2026, 36))
    bot = DeepBot(1, playouts=8)
    search = bot.search(view, options_of(view))
    child = max(search.children, key=lambda c: c.prior)
    bot.quiet = -1000.0  # every player plays a tile on a hot cell whenever one fits
    fitting = [t for t in hidden_tiles(view.board, (view.tile,)) if _hot_moves(copy_game(child.after, [t]), True)]
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
    assert DeepBot.farms and not MctsBot.farms
