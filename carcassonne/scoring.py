"""Points: majorities, what a road, city or cloister is worth, and farms.

Pure functions over a :class:`~carcassonne.board.Board`; the game applies the points.

>>> majority([(0, 1), (1, 1), (0, 1)], 3, set())  # (seat, weight) per figure
(0,)
>>> majority([(0, 1), (1, 2)], 2, set())  # a large follower weighs 2
(1,)
>>> majority([(0, 1), (1, 1)], 2, {1})  # a player who left weighs nothing
(0,)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from .board import Board, Figure
from .figures import weight

CATEGORIES = ("roads", "cities", "cloisters", "farms")
"""The base categories of a player's breakdown; expansions add their own."""

CATEGORY = {"road": "roads", "city": "cities", "cloister": "cloisters", "field": "farms"}


class Scoring(NamedTuple):
    """One thing scored: its kind, the points each winner got, winners (seat indexes)."""

    kind: str
    points: int
    winners: tuple[int, ...]
    complete: bool
    tiles: tuple[tuple[int, int], ...] = ()


def majority(weights: Iterable[tuple[int, int]], players: int, out: set[int]) -> tuple[int, ...]:
    """Seats with the greatest total weight (more than 0) among ``(seat, weight)`` pairs.

    Tied leaders all win; seats in ``out`` (forfeited or resigned) weigh nothing."""
    totals = [0] * players
    for p, w in weights:
        totals[p] += w
    for p in out:
        totals[p] = 0
    best = max(totals)
    return tuple(p for p, t in enumerate(totals) if t == best) if best > 0 else ()


def figure_majority(figures: Sequence[Figure], players: int, out: set[int]) -> tuple[int, ...]:
    """:func:`majority` of the figures standing on a feature, each weighing by its kind;
    the usual case (followers only, nobody out) counted directly: it is on every hot path."""
    if not figures:
        return ()
    if out:
        return majority(((f.player, weight(f.kind)) for f in figures), players, out)
    counts = [0] * players
    for f in figures:
        if f.kind != "follower":
            return majority(((f.player, weight(f.kind)) for f in figures), players, out)
        counts[f.player] += 1
    best = max(counts)
    if counts.count(best) == 1:  # one winner, the usual case
        return (counts.index(best),)
    return tuple(p for p, c in enumerate(counts) if c == best)


def feature_points(board: Board, root: int, complete: bool) -> int:
    """Base points of a road, city or cloister, complete or at the end (RULES.md table)."""
    kind = board.kind(root)
    if kind == "cloister":
        return 9 if complete else 1 + board.cloister_neighbours(root)
    size = board.size(root)
    if kind == "road":
        return size
    pennants = board.pennants(root)
    return 2 * (size + pennants) if complete else size + pennants


def farms(board: Board) -> dict[int, set[int]]:
    """Each farm holding a figure, with the completed cities it borders."""
    result: dict[int, set[int]] = {}
    for root in board.occupied_features():
        if board.kind(root) == "field":
            result[root] = {c for c in board.bordering_cities(root) if board.is_complete(c)}
    return result
