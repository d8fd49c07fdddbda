"""How a game ended: winners, ranks, scores and the per-category breakdown.

The engine decides who won; everything else (archive, tournaments, e-mails, pages)
reads it from here and never recomputes it.

>>> o = outcome_of(("Ann", "Bob", "Cid"), [30, 41, 41], [{}, {}, {}], "complete", set())
>>> o.winners, o.ranks
((1, 2), (3, 1, 1))
>>> outcome_of(("Ann", "Bob"), [12, 40], [{}, {}], "one_left", {1}).winners  # Bob lost on time
(0,)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

ENDINGS = ("complete", "one_left", "ended_early")
"""``complete``: every tile played and every decision taken; ``one_left``: all others
forfeited or resigned; ``ended_early``: ended by request (``replay --final``)."""


class Outcome(NamedTuple):
    """The result of a finished game; seats are indexes into ``players``.

    ``ranks[seat]`` is 1 for the winners; tied players share a rank (1, 1, 3). Players
    who forfeited or resigned (``left``) rank below everyone who stayed, by score among
    themselves, and never win.
    """

    players: tuple[str, ...]
    winners: tuple[int, ...]
    ranks: tuple[int, ...]
    scores: tuple[int, ...]
    breakdown: tuple[dict[str, int], ...]
    ending: str
    left: tuple[int, ...]

    @property
    def winner_names(self) -> list[str]:
        return [self.players[p] for p in self.winners]

    def to_json(self) -> dict[str, Any]:
        """The outcome by player name, as the API and exports show it."""
        return {
            "winners": self.winner_names,
            "ranks": dict(zip(self.players, self.ranks)),
            "scores": dict(zip(self.players, self.scores)),
            "breakdown": dict(zip(self.players, (dict(b) for b in self.breakdown))),
            "ending": self.ending,
            "left": [self.players[p] for p in self.left],
        }


def _ranked(seats: list[int], scores: list[int], first: int) -> dict[int, int]:
    """Competition ranks (1, 1, 3) of ``seats`` by score, starting at ``first``."""
    order = sorted(seats, key=lambda p: -scores[p])
    ranks: dict[int, int] = {}
    for i, p in enumerate(order):
        ranks[p] = ranks[order[i - 1]] if i and scores[p] == scores[order[i - 1]] else first + i
    return ranks


def outcome_of(
    players: Sequence[str], scores: Sequence[int], breakdown: Iterable[Mapping[str, int]], ending: str, left: set[int]
) -> Outcome:
    """The :class:`Outcome` of final ``scores`` when the seats in ``left`` left the game."""
    stayed = [p for p in range(len(players)) if p not in left]
    ranks = _ranked(stayed, list(scores), 1)
    ranks.update(_ranked(sorted(left), list(scores), len(stayed) + 1))
    best = max((scores[p] for p in stayed), default=None)
    return Outcome(
        tuple(players),
        tuple(p for p in stayed if scores[p] == best),
        tuple(ranks[p] for p in range(len(players))),
        tuple(scores),
        tuple(dict(b) for b in breakdown),
        ending,
        tuple(sorted(left)),
    )
