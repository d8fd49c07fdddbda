"""What a placed tile did to the board: started, extended (which way), joined or completed
each road, city and cloister (carcassonne.effects), as the site's words tell it."""

import random

import pytest

from carcassonne import Game, Move, Rules
from carcassonne.autoplay import NAMES, play_randomly, random_game
from carcassonne.board import key_of
from carcassonne.effects import history_effects, noting, placement_effects, turn_effects
from carcassonne.tiles import orientation

RULE_SETS = [
    None,
    Rules(expansions=("count",)),
    Rules(expansions=("river", "inns_cathedrals", "traders_builders", "king_robber")),
    Rules(hand=3),
]


def played(*moves, rules=None):
    game = Game(["Ann", "Bob"], rules)  # the start tile D at (0,0): a city north, a road west-east
    for move in moves:
        game.play(move)
    return game


def test_a_straight_road_east_of_the_start_extends_the_road_east():
    (effect,) = placement_effects(played().board, Move("U", 1, 0, 0))
    assert (effect.kind, effect.did, effect.towards, effect.joined) == ("road", "extended", "E", 1)


def test_a_curve_met_on_its_south_side_lies_north_of_the_road():
    game = played(Move("V", -1, 0, 270))  # the start's road turns south at (-1,0)
    (effect,) = placement_effects(game.board, Move("V", -1, 1, 180))  # its north side meets that road
    assert (effect.did, effect.towards) == ("extended", "S")


def test_a_road_that_meets_two_roads_joins_them():
    game = played(Move("W", 0, 1, 0), Move("K", 1, 0, 0))  # a crossroads south of the start, its road turning south
    city, road = placement_effects(game.board, Move("J", 1, 1, 180))  # meets K's road and the crossroads' east road
    assert (road.kind, road.did, road.joined, road.spots) == ("road", "joined", 2, ("road:N",))
    assert road.tiles == ((0, 0), (0, 1), (1, 0), (1, 1)) and (city.kind, city.did) == ("city", "started")


def test_a_crossroads_starts_the_roads_that_meet_nothing():
    effects = placement_effects(played().board, Move("W", 1, 0, 0))
    assert sorted((e.did, e.spots) for e in effects) == [
        ("extended", ("road:W",)),
        ("started", ("road:E",)),
        ("started", ("road:S",)),
    ]


def test_the_tile_that_closes_a_loop_completes_the_road_with_every_tile():
    game = played(Move("V", -1, 0, 180), Move("V", 1, 0, 90), Move("V", -1, -1, 270), Move("V", 1, -1, 0))
    effects = placement_effects(game.board, Move("D", 0, -1, 180))
    assert [(e.kind, e.did, len(e.tiles)) for e in effects] == [("city", "completed", 2), ("road", "completed", 6)]


def test_the_eighth_neighbour_completes_the_cloister_it_surrounds():
    ring = [("U", -1, 0), ("U", 1, 0), ("B", -1, 1), ("B", 1, 1), ("U", -1, 2), ("U", 0, 2)]
    game = played(Move("B", 0, 1, 0), *(Move(tile, x, y, 0) for tile, x, y in ring))  # a cloister at (0,1), 7 around
    effects = placement_effects(game.board, Move("U", 1, 2, 0))
    assert [(e.kind, e.did, e.tiles, e.spots) for e in effects if e.kind == "cloister"] == [
        ("cloister", "completed", ((0, 1),), ())
    ]
    assert not [e for e in placement_effects(game.board, Move("B", 2, 1, 0)) if e.kind == "cloister"]


@pytest.mark.parametrize("rules", RULE_SETS, ids=["base", "count", "four", "hand"])
def test_every_effect_agrees_with_the_board_once_the_tile_lies_there(rules):
    for seed in range(6):
        game = random_game(seed=seed, rules=rules)
        shadow = Game(list(game.players), game.rules, game.start)
        for turn, told in zip(game.history, history_effects(game)):
            move = turn.move
            assert told.player == game.players[turn.player]
            if isinstance(move, Move) and not (move.discard or move.skip or move.forfeit):
                board = shadow.board.copy()
                o = orientation(move.tile, move.rotation)
                met = {s.index: board.joined_roots(key_of(move.x, move.y), o, s.index) for s in o.segments}
                _placed, done = board.place(key_of(move.x, move.y), o)
                completed = sorted((board.kind(r), board.tiles(r)) for r in done)
                assert completed == sorted((e.kind, e.tiles) for e in told.features if e.did == "completed")
                for effect in told.features:
                    if effect.spots and effect.kind != "cloister":
                        index = o.spot_index[effect.spots[0]]
                        assert board.tiles(board.root(key_of(move.x, move.y), index)) == effect.tiles
                        assert effect.joined == len(met[index])
            shadow.play(move)


@pytest.mark.parametrize("rules", RULE_SETS, ids=["base", "count", "four", "hand"])
def test_effects_noted_while_a_game_plays_are_those_a_second_replay_finds(rules):
    for seed in range(4):
        rng = random.Random(seed)
        game = noting(Game.new(list(NAMES[:3]), rules, seed=seed))
        while not game.finished:  # the site's discards of tiles that fit nowhere are noted too
            game.discard_unplaceable()
            play_randomly(game, rng, entries=1)
        noted = history_effects(game)
        assert len(game.observer.found) == len(game.history) and noted == game.observer.found
        game.observer = None  # the same game, its log played again on a bag-less game
        assert noted == history_effects(game)


def test_a_copy_for_a_search_notes_nothing_and_its_effects_are_found_by_a_replay():
    game = play_randomly(noting(Game.new(["Ann", "Bob"], seed=1)), random.Random(1), entries=30)
    copy = game.copy()
    play_randomly(copy, random.Random(2), entries=5)
    assert copy.observer is None and len(game.observer.found) == 30 == len(game.history)
    assert history_effects(copy)[:30] == history_effects(game)


def test_a_game_noting_from_move_21_on_tells_what_each_later_move_did_and_nothing_of_before():
    game = play_randomly(Game.new(["Ann", "Bob"], seed=4), random.Random(4), entries=20)
    noting(game)
    play_randomly(game, random.Random(5), entries=15)
    everything = history_effects(game)  # a replay: the first 20 were not noted
    assert [turn_effects(game, n) for n in range(1, 21)] == [None] * 20
    assert [turn_effects(game, n) for n in range(21, 36)] == everything[20:35]
