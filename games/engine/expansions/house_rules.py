"""House rules (RULES.md, House rules): options that change a scoring or a turn.

- ``small_city`` (old rule): a completed city of exactly two tiles scores 1 per tile and
  1 per pennant instead of 2 + 2.
- ``incomplete_score: false``: roads, cities and cloisters left incomplete at the end
  score nothing (farms, goods and the king and robber still do).
- ``hole_bonus``: a tile placed with neighbours on all four sides gives one extra turn
  (at most one extra turn per ordinary turn, from all sources together).
"""

from __future__ import annotations

from ..board import DELTA
from ..rules import Rules
from . import RuleModule, register


class HouseRule(RuleModule):
    """A house rule is on when its option (``name``) differs from the published rules."""

    published: object = False

    @classmethod
    def enabled(cls, rules: Rules) -> bool:
        return getattr(rules, cls.name) != cls.published


@register
class SmallCity(HouseRule):
    name = "small_city"

    def feature_points(self, root: int, complete: bool, points: int) -> int:
        board = self.game.board
        if complete and board.kind(root) == "city" and board.size(root) == 2:
            return 2 + board.pennants(root)
        return points


@register
class IncompleteScoresNothing(HouseRule):
    name = "incomplete_score"
    published = True

    def feature_points(self, root: int, complete: bool, points: int) -> int:
        return points if complete else 0


@register
class HoleBonus(HouseRule):
    name = "hole_bonus"

    def extra_turn(self, turn) -> bool:
        cells = self.game.board.cells
        return all(turn.key + delta in cells for delta in DELTA)
