"""The expected final score values unfinished features by the tiles left, and the search
completes its own city when the drawn tile allows it."""

from carcassonne import Game, Move
from carcassonne.board import key_of
from carcassonne.bots import PlayerView, options_of
from carcassonne.bots.evaluate import Outlook, fillers, final_estimate, potential
from carcassonne.bots.levels import AnswersBot


def city_of_ann():
    """Ann's two-tile city north of the start tile (a pennant, one open edge at (0,-2));
    Bob has played a road tile away from it; Ann is on turn."""
    game = Game(["Ann", "Bob"])  # no bag: each move names its tile
    game.play(Move("F", 0, -1, 90, "city:N"))
    bob = next(o for o in game.options("U") if o.meeple is None and (o.x, o.y) != (0, -2))
    game.play(bob)
    return game


def test_the_cells_that_would_continue_a_city_are_next_to_its_open_edges():
    game = city_of_ann()
    root = game.board.root(key_of(0, -1), game.board.cells[key_of(0, -1)].orientation.spot_index["city:N"])
    assert game.board.open_edges(root) == 1
    assert game.board.open_cells(root) == {key_of(0, -2)}
    assert (game.feature_value(root, False), game.feature_value(root, True)) == (3, 6)


def test_an_unfinished_city_is_worth_more_to_its_owner_than_its_points_if_the_game_ended_now():
    game = city_of_ann()
    ended, expected = final_estimate(game), potential(game)
    assert expected[0] - expected[1] > ended[0] - ended[1] > 0


def test_a_hole_that_no_tile_left_fits_never_closes():
    game = city_of_ann()
    hole = key_of(0, -2)
    assert Outlook(game).fill(hole) > 0.3  # many tiles left fit it
    for tile in fillers(game.board.patterns[hole]):
        game.remaining[tile] = 0  # every tile with a city edge is used up
    assert sum(game.remaining.values()) > 20
    assert Outlook(game).fill(hole) == 0.0
    assert potential(game)[0] < potential(city_of_ann())[0]


def test_the_search_completes_its_own_city_when_the_drawn_tile_allows_it():
    game = city_of_ann()
    view = PlayerView(0, ("Ann", "Bob"), game.rules, game.pending, "E", game)
    assert any((o.x, o.y) == (0, -2) for o in options_of(view))
    entry = AnswersBot(1, playouts=60).decide(view)
    turn = game.play(entry)
    assert (entry.x, entry.y) == (0, -2) and turn.points[0] == 8  # 3 tiles and a pennant, doubled
