"""What the figures of one expansion meet in another: the Tower captures Abbey & Mayor's
mayor and wagon like any follower, the princess sends a mayor home, the dragon eats a
wagon but never a barn (RULES.md, Figures across expansions)."""

from __future__ import annotations

import random

import pytest

from carcassonne import Game, IllegalMove, Move, Rules, summary
from carcassonne.expansions import abbey_mayor, tower
from carcassonne.expansions.abbey_mayor import BarnAction
from carcassonne.expansions.princess_dragon import PortalDeploy, PrincessDragon, PrincessRemoval
from carcassonne.expansions.tower import Capture, Ransom, TowerAction
from carcassonne.moves import MOVE_ACTIONS

ANN, BOB = 0, 1


@pytest.fixture(autouse=True)
def playable():
    with abbey_mayor.supported(), tower.supported():
        yield


def game_with(*expansions: str) -> Game:
    return Game(["Ann", "Bob"], Rules(expansions=(*expansions, "abbey_mayor")))


@pytest.mark.parametrize("figure", ["mayor", "wagon"])
def test_a_tower_captures_a_mayor_or_a_wagon_and_a_ransom_buys_it_back(figure):
    game = game_with("tower")
    game.play(Move("TO-02", 0, 1, 0, action=TowerAction(0, 1)))  # Ann: a tower of height 1
    game.play(Move("E", 1, 1, 0, "city:N", figure=figure))  # Bob's mayor (or wagon) beside it
    assert game.reserve[BOB][figure] == 0
    p = game.legal_placements("U")[0]
    game.play(Move("U", p.x, p.y, p.rotation, action=TowerAction(0, 1)))  # Ann: height 2 reaches (1,1)
    capture = Capture("Ann", 1, 1, "city:N", figure, "Bob")
    assert game.pending == (ANN, "capture") and capture in game.options()
    game.play(capture)
    assert summary(game)["prisoners"]["Ann"] == [f"Bob:{figure}"] and game.tile_at(1, 1).meeples == []
    game.award("road", 3, (BOB,))  # enough for a ransom
    assert Ransom("Bob", "Ann", figure) in game.options("U")
    game.play(Ransom("Bob", "Ann", figure))
    assert game.reserve[BOB][figure] == 1 and summary(game)["prisoners"]["Ann"] == []


def test_the_princess_sends_a_mayor_home():
    game = game_with("princess_dragon")
    game.play(Move("F", 0, -1, 90, "city:N", figure="mayor"))  # Ann's mayor in the start tile's city
    removal = Move("PD-09", 0, -2, 180, action=PrincessRemoval(0, -1, "city:N", "mayor"))
    assert removal in game.options("PD-09")
    game.play(removal)
    assert game.reserve[ANN]["mayor"] == 1 and game.tile_at(0, -1).meeples == []


def test_through_the_portal_goes_a_follower_only():
    read = MOVE_ACTIONS["portal"]
    assert read({"x": 0, "y": 0, "spot": "road:E", "figure": "large"}) == PortalDeploy(0, 0, "road:E", "large")
    with pytest.raises(IllegalMove):
        read({"x": 0, "y": 0, "spot": "city:N", "figure": "mayor"})


def game_with_a_barn() -> Game:
    """A game of Abbey & Mayor and The Princess & the Dragon in which Ann has just put a barn."""
    for seed in range(1, 40):
        game = Game.new(["Ann", "Bob"], Rules(expansions=("princess_dragon", "abbey_mayor")), seed=seed)
        rng = random.Random(seed)
        for _turn in range(40):
            if game.finished or game.pending is None or game.pending.action != "turn":
                break
            options = game.options()
            barns = [m for m in options if isinstance(m, Move) and isinstance(m.action, BarnAction)]
            if barns:
                game.play(barns[0])
                return game
            plain = [m for m in options if isinstance(m, Move) and m.action is None and m.meeple is None]
            game.play(rng.choice(plain or options))
    raise AssertionError("no seed gave a barn")


def test_the_dragon_eats_every_figure_on_its_tile_but_a_barn():
    game = game_with_a_barn()
    board = game.board
    cell = next(k for k, placed in board.cells.items() if "barn" in placed.kinds())
    road_or_city = next(s for s in board.cells[cell].orientation.segments if s.spot and s.kind in ("road", "city"))
    game.reserve[BOB]["wagon"] -= 1  # Bob's wagon on the barn's tile
    board.add_figure(cell, road_or_city.index, BOB, "wagon")
    dragon = next(m for m in game.modules if isinstance(m, PrincessDragon))
    dragon._eat(cell)  # the dragon enters the tile
    assert board.cells[cell].kinds() == ["barn"] and game.reserve[BOB]["wagon"] == 1
