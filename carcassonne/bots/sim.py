"""Copies of a game for look-ahead, through the engine's API (``Game.copy``).

The bots try options on copies: ``copy_game(game)`` is independent of ``game``, and
``copy_game(game, bag)`` draws the tiles of ``bag`` (first drawn first), its first tile
becoming the drawn tile, so a playout samples the unknown order of the tiles.
"""

from __future__ import annotations

import random

from carcassonne import TILE_TYPES, Game

RIVER_END = "RV-L"


def copy_game(game: Game, bag: list[str] | None = None, hands: list[list[str]] | None = None) -> Game:
    """An independent copy of ``game``; with ``bag`` (tile ids in draw order) the copy
    draws from it, its first tile becoming the drawn tile; with ``hands`` the seats hold
    those tiles (tiles in hand)."""
    return game.copy(bag=bag, hands=hands)


def hidden_tiles(game: Game, hand: tuple[str, ...] = ()) -> list[str]:
    """The tiles still in the game that a viewer holding ``hand`` cannot see (a tile of
    ``hand`` no count holds, a player's own such as Abbey & Mayor's abbey, hides none)."""
    tiles = unknown_tiles(game)
    for tile in hand:
        if tile in tiles:
            tiles.remove(tile)
    return tiles


def deal_guess(after: Game, seat: int, own: list[str], order: list[str]) -> tuple[list[str], list[list[str]] | None]:
    """Split a sampled ``order`` of the hidden tiles into the hands ``after`` has (``seat``
    keeps ``own`` and draws the rest of its hand) and the bag; ``None`` without hands.

    >>> from carcassonne import Game, Rules
    >>> game = Game.new(["Ann", "Bob"], Rules(hand=3), seed=7)
    >>> bag, hands = deal_guess(game, 0, ["U", "W"], ["A", "B", "C", "D"])
    >>> bag, hands
    ([], [['U', 'W', 'D'], ['C', 'B', 'A']])
    """
    sizes = after.hand_sizes()
    if not any(sizes):
        return order, None
    pool = list(order)
    hands = []
    for s, size in enumerate(sizes):
        held = list(own) if s == seat else []
        while len(held) < size and pool:
            held.append(pool.pop())
        hands.append(held)
    return pool, hands


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
