"""What the game waits for, and the turn in progress that rule modules see.

A game is always waiting for exactly one :class:`Pending` decision: a player's tile turn,
or a decision a rule module asked for (the Count's reinforcement, deployment into the
City and market round). Modules ask with ``Game.ask(seat, action, module)``; the asked
player answers with a record entry of the module's kind (NOTATION.md), which the module
checks and plays. Asked decisions are answered first-asked first.

>>> Pending(1, "reinforce").describe(["Ann", "Bob"])
"Bob's decision on moving a follower out of the City (reinforce)"
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from .errors import decision

if TYPE_CHECKING:
    from .board import PlacedTile
    from .hooks import RuleModule
    from .moves import Move


class Pending(NamedTuple):
    """The decision the game waits for: ``player`` (a seat) must take ``action``.

    ``action`` is ``"turn"`` (a tile turn, extra turns included) or a module's decision
    (the Count's ``"reinforce"``, ``"quarter"`` and ``"market"``), which may fall to a
    player who is not on turn."""

    player: int
    action: str

    def describe(self, players: list[str]) -> str:
        return decision(players[self.player], self.action)

    def params(self, players: list[str]) -> dict[str, str]:
        """The decision as a reason's parameters (see :func:`errors.reason`)."""
        return {"decider": players[self.player], "action": self.action}


@dataclass(slots=True)
class Asked:
    """A decision asked by a module: the pending decision and the module that plays it."""

    pending: Pending
    module: RuleModule
    data: Any = None  # whatever the module needs to remember about the question


@dataclass(slots=True)
class TileTurn:
    """The tile turn in progress, as the rule modules' turn hooks see it.

    ``completed``: roots of the roads, cities and cloisters the tile completed;
    ``points``: what each seat scored from them so far; ``extra``: whether this turn is
    an extra turn (a builder's or the hole bonus's), which never grants another.
    """

    player: int
    move: Move
    key: int
    placed: PlacedTile
    completed: list[int]
    extra: bool = False
    points: list[int] = field(default_factory=list)
    notes: dict[str, Any] = field(default_factory=dict)  # modules' notes about this turn
