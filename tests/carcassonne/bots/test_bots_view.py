"""A bot sees only what a player sees: never the bag order, the seed or the generator."""

import random

from carcassonne import Game
from carcassonne.bots import view_of
from carcassonne.bots.sim import copy_game, unknown_tiles

from .test_bots_legal import position


def reachable(root):
    """Every object reachable from ``root`` through attributes, slots and containers."""
    seen, stack, found = set(), [root], []
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (str, int, float, bool, type(None), type)):
            continue
        seen.add(id(obj))
        found.append(obj)
        if isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, (list, tuple, set, frozenset)):
            stack.extend(obj)
        if hasattr(obj, "__dict__"):
            stack.extend(vars(obj).values())
        for cls in type(obj).__mro__:
            for slot in getattr(cls, "__slots__", ()):
                if hasattr(obj, slot):
                    stack.append(getattr(obj, slot))
    return found


def test_the_view_holds_no_bag_no_seed_and_no_random_generator():
    game = position(9, 3, None, 25)
    bag = list(game._bag)
    assert len(bag) > 10
    objects = reachable(view_of(game))
    assert not any(isinstance(o, random.Random) for o in objects)
    assert not any(isinstance(o, list) and len(o) >= 10 and o == bag for o in objects)
    assert not any(isinstance(o, list) and o[-10:] == bag[-10:] and len(o) >= 10 for o in objects)


def public(view):
    return (view.seat, view.tile, view.pending, view.game.record(), view.remaining, view.scores, view.supply)


def test_two_games_that_differ_only_in_the_bag_order_look_the_same_to_the_player():
    game = position(4, 2, None, 30)
    other = copy_game(game)
    rest = list(other._bag)
    random.Random(1).shuffle(rest)
    other._bag = rest
    assert other._bag != game._bag
    assert public(view_of(other)) == public(view_of(game))


def test_the_view_shows_the_drawn_tile_to_the_player_on_turn_only():
    game = Game.new(["Ann", "Bob", "Cid"], seed=3)
    assert view_of(game, 0).tile == game.tile
    assert view_of(game, 1).tile is None
    assert view_of(game, 1).game.tile is None


def test_the_view_counts_the_tiles_left_by_type_including_the_drawn_one():
    game = position(2, 2, None, 10)
    view = view_of(game)
    assert view.remaining == game.remaining
    assert sorted(unknown_tiles(view.game)) == sorted(game._bag + [game.tile])
    assert view.tiles_left == game.tiles_left


def test_a_finished_game_has_no_decision_to_view():
    game = position(1, 2, None, 200)
    assert game.finished
    try:
        view_of(game)
    except ValueError as exc:
        assert "finished" in str(exc)
    else:
        raise AssertionError("a view of a finished game needs a seat")
    assert view_of(game, 0).tile is None


def test_with_hands_the_view_holds_the_players_own_hand_and_nobody_elses():
    from carcassonne import Rules

    game = Game.new(["Ann", "Bob", "Cid"], Rules(hand=3), seed=4)
    for seat in range(3):
        view = view_of(game, seat)
        assert view.hand == game.hand(seat)
        assert view.game.hand(0) is None and view.game.hand(1) is None  # the board is the public record
        assert view.tiles_left == game.tiles_left  # the hands are not in the bag
        assert sum(view.remaining.values()) == game.tiles_left + 9


def test_with_hands_a_bot_chooses_among_the_tiles_of_its_own_hand():
    from carcassonne import Rules
    from carcassonne.bots import make_bot

    game = Game.new(["Ann", "Bob"], Rules(hand=3), seed=4)
    for level in ("random", "greedy", "mcts"):
        entry = make_bot(level, seed=1, playouts=10).decide(view_of(game))
        assert entry.tile in game.hand(0)
        game.copy().play(entry)
