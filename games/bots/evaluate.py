"""The value of a position for one player, used by ``greedy`` and at the end of ``mcts`` playouts.

The estimate is the score each player would have if the game ended now (the engine's
final scoring on a copy: incomplete roads, cities and cloisters at their current
value, farms by the completed cities they border) minus the cost of the figures each
has standing on the board. A figure out is worth :data:`FIGURE_COST` points of future
use for each third of the game still to play, since it cannot score elsewhere; a
player's value is judged against the best of the others, so helping an opponent
counts against a move.
"""

from __future__ import annotations

from games.engine import Game
from games.engine.rules import FOLLOWERS

from .sim import copy_game

FIGURE_COST = 1.5
TILES_IN_GAME = 72


def final_estimate(game: Game, disposable: bool = False) -> list[float]:
    """Each player's score if the game ended now, less the cost of figures still out."""
    supply = list(game.supply)
    left = sum(game.remaining.values())
    ended = game if disposable else copy_game(game)
    if not ended.finished:
        ended.finish("ended_early")
    weight = FIGURE_COST * min(1.0, 3 * left / TILES_IN_GAME)
    return [score - weight * (FOLLOWERS - s) for score, s in zip(ended.scores, supply)]


def advantage(values: list[float], seat: int) -> float:
    """``seat``'s value less the best other player's (positive when ahead)."""
    others = [v for p, v in enumerate(values) if p != seat]
    return values[seat] - (max(others) if others else 0.0)


def value_after(board: Game, entry, seat: int) -> float:
    """``seat``'s advantage after playing ``entry`` on a copy of ``board``."""
    game = copy_game(board)
    game.play(entry)
    return advantage(final_estimate(game, disposable=True), seat)
