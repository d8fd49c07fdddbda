"""Copies of a game for look-ahead: the only place the bots reach past the engine's API.

:func:`copy_game` uses ``Game.copy(bag=None)`` when the engine has it (the lead is
adding it). Until then it falls back to a copy of the engine's internals that shares
everything immutable; ``tests/bots/test_bots_sim.py`` checks the copy plays exactly
like a replay of the same record, so an engine change that breaks it is caught.
When ``Game.copy`` is on main, delete :func:`_internal_copy` and :func:`_fallback`.
"""

from __future__ import annotations

import random

from games.engine import TILE_TYPES, Game

RIVER_END = "RV-L"

# The attributes of games.engine.game.Game the fallback copy knows how to copy.
_KNOWN = frozenset(
    "players rules scores supply breakdown history current_player tile finished ending final_points "
    "final_scored remaining _bag _rng out _board _parent _kind _open _tiles _pennants _meeples _cities "
    "_cloisters _neighbours _watchers _pattern _cell_placements _river_end _river_turn start".split()
)


def copy_game(game: Game, bag: list[str] | None = None) -> Game:
    """An independent copy of ``game``; with ``bag`` (tile ids in draw order) the copy
    draws from it, its first tile becoming the drawn tile."""
    engine_copy = getattr(game, "copy", None)
    if engine_copy is not None:
        return engine_copy(bag=bag)
    return _fallback(game, bag)


def _fallback(game: Game, bag: list[str] | None) -> Game:
    copied = _internal_copy(game)
    if bag is not None:
        copied._bag = list(reversed(bag))
        copied._rng = random.Random(len(bag))  # only for tiles put back (skips), never seen by bots
        copied.tile = copied._bag.pop() if copied._bag else None
        if copied.tile is None and not copied.finished:
            copied.finish("complete")
    return copied


def _internal_copy(game: Game) -> Game:
    state = vars(game)
    if not _KNOWN.issuperset(state):  # the engine changed: fall back to the slow, safe way
        import copy

        return copy.deepcopy(game)
    new = Game.__new__(Game)
    new.__dict__.update(state)
    parent = game._parent
    new.players = list(game.players)
    new.scores = list(game.scores)
    new.supply = list(game.supply)
    new.breakdown = [dict(b) for b in game.breakdown]
    new.history = list(game.history)
    new.remaining = dict(game.remaining)
    new._bag = list(game._bag) if game._bag is not None else None
    new._rng = None
    if game._rng is not None:
        new._rng = random.Random()
        new._rng.setstate(game._rng.getstate())
    new.out = set(game.out)
    board = {}
    for key, placed in game._board.items():
        if placed.meeples:
            placed = type(placed)(placed.x, placed.y, placed.orientation, placed.base, list(placed.meeples))
        board[key] = placed
    new._board = board
    new._parent = list(parent)
    new._kind = list(game._kind)
    new._open = list(game._open)
    # only roots' sets and lists are ever changed in place
    new._tiles = [t.copy() if t is not None and parent[i] == i else t for i, t in enumerate(game._tiles)]
    new._pennants = list(game._pennants)
    new._meeples = list(game._meeples)
    new._cities = [c[:] if c is not None and parent[i] == i else c for i, c in enumerate(game._cities)]
    new._cloisters = dict(game._cloisters)
    new._neighbours = dict(game._neighbours)
    new._watchers = {k: v[:] for k, v in game._watchers.items()}
    new._pattern = dict(game._pattern)
    new._cell_placements = dict(game._cell_placements)
    return new


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
