"""Complete games played by random legal moves (for the CLI, tests and the benchmark).

>>> game = random_game(seed=3, players=2)
>>> game.finished, len(game.history) >= 71
(True, True)
"""

from __future__ import annotations

import random

from .game import Game
from .moves import Move
from .rules import Rules

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")


def random_game(seed: int, players: int = 2, rules: Rules | None = None, follower_rate: float = 0.5) -> Game:
    """Play a whole game by random legal moves; the same seed gives the same game
    (see :func:`play_randomly`)."""
    rng = random.Random(seed)
    game = Game.new(list(NAMES[:players]), rules, seed=rng.randrange(2**32))
    return play_randomly(game, rng, follower_rate=follower_rate)


def play_randomly(game: Game, rng: random.Random, entries: int | None = None, follower_rate: float = 0.5) -> Game:
    """Play random legal entries on ``game``: ``entries`` of them, or to the end.

    A tile turn lists all legal placements of the drawn tile (or of a random tile of the
    player's hand), picks one, lists the figures that may be deployed after it (every
    kind of the rule set) and deploys one of them with probability ``follower_rate``;
    without one it takes a module's action instead, half the time, if there is any; half
    the time it first plays an entry the player may play unasked (the Tower's ransom).
    Tiles that fit nowhere are discarded. A tile of the player's own (the abbey) is played
    instead of the drawn one a fifth of the time when it fits somewhere, and always on a turn
    without a drawn tile (the end's abbeys), unless the pass was played. A decision (the Count's) is taken rather than
    passed, often.
    """
    played = 0
    while (pending := game.pending) is not None and (entries is None or played < entries):  # None: finished
        played += 1
        if pending.action != "turn":  # a decision (the Count's): act rather than pass, often
            options = game.options()
            acts = options[1:]
            game.play(rng.choice(acts) if acts and rng.random() < 0.7 else options[0])
            continue
        tiles = game.turn_tiles  # the drawn tile, or the player's hand
        stuck = game.unplaceable(tiles) if len(tiles) > 1 else None
        if stuck is not None:  # a hand tile that fits nowhere is discarded first
            game.play(Move.discard_of(stuck))
            continue
        extras = game.turn_entries()  # e.g. the Tower's ransom: paid, sometimes, before the tile
        if extras and rng.random() < 0.5:
            game.play(rng.choice(extras))
            continue
        own = game.own_tiles  # e.g. the abbey, instead of the drawn tile: a fifth of the time, or at the end
        if own and (not tiles or rng.random() < 0.2):
            choices = [(t, p) for t in own for p in game.legal_placements(t)]
            if choices or not tiles:
                tile, placement = rng.choice(choices) if choices else (own[0], None)
                if placement is None:  # nowhere to go at the end: the pass offered instead
                    game.play(extras[0])
                    continue
                figures = game.legal_figures(placement, tile)
                spot, figure = rng.choice(figures) if figures and rng.random() < follower_rate else (None, "follower")
                game.play(Move(tile, placement.x, placement.y, placement.rotation, spot, figure=figure))
                continue
        tile = tiles[0] if len(tiles) == 1 else rng.choice(tiles)
        placements = game.legal_placements(tile)
        if not placements:
            game.play(Move.discard_of(tile))
            continue
        placement = rng.choice(placements)
        figures = game.legal_figures(placement, tile)
        spot, figure = rng.choice(figures) if figures and rng.random() < follower_rate else (None, "follower")
        actions = game.legal_actions(placement, tile) if spot is None else []
        # an action instead of a figure (the Tower's tower piece), half the time or when one is required
        if actions and (rng.random() < 0.5 or game.action_required(placement, tile)):
            game.play(rng.choice(actions))
            continue
        game.play(Move(tile, placement.x, placement.y, placement.rotation, spot, figure=figure))
    return game
