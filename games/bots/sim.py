"""Copies of a game for look-ahead, through the engine's API (``Game.copy``).

The bots try options on copies: ``copy_game(game)`` is independent of ``game``, and
``copy_game(game, bag)`` draws the tiles of ``bag`` (first drawn first), its first tile
becoming the drawn tile, so a playout samples the unknown order of the tiles.
"""

from __future__ import annotations

import random

from games.engine import TILE_TYPES, Game

RIVER_END = "RV-L"


def copy_game(game: Game, bag: list[str] | None = None) -> Game:
    """An independent copy of ``game``; with ``bag`` (tile ids in draw order) the copy
    draws from it, its first tile becoming the drawn tile."""
    return game.copy(bag=bag)


def unknown_tiles(game: Game) -> list[str]:
    """The multiset of tiles still to come, as a list (counts from ``game.remaining``)."""
    return [t for t, c in game.remaining.items() for _ in range(c)]


def sample_bag(tiles: list[str], rng: random.Random) -> list[str]:
    """A draw order for ``tiles`` as the rules allow it: river tiles first, the lake last."""
    river = [t for t in tiles if TILE_TYPES[t].expansion == "river" and t != RIVER_END]
    lake = [t for t in tiles if t == RIVER_END]
    others = [t for t in tiles if TILE_TYPES[t].expansion != "river"]
    rng.shuffle(river)
    rng.shuffle(others)
    return river + lake + others
