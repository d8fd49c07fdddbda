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


@register
class SmallCity(RuleModule):
    name = "small_city"

    @classmethod
    def enabled(cls, rules: Rules) -> bool:
        return rules.small_city

    def feature_points(self, root: int, complete: bool, points: int) -> int:
        board = self.game.board
        if complete and board.kind(root) == "city" and board.size(root) == 2:
            return 2 + board.pennants(root)
        return points


@register
class IncompleteScoresNothing(RuleModule):
    name = "incomplete_score"

    @classmethod
    def enabled(cls, rules: Rules) -> bool:
        return not rules.incomplete_score

    def feature_points(self, root: int, complete: bool, points: int) -> int:
        return points if complete else 0


@register
class HoleBonus(RuleModule):
    name = "hole_bonus"

    @classmethod
    def enabled(cls, rules: Rules) -> bool:
        return rules.hole_bonus

    def extra_turn(self, turn) -> bool:
        cells = self.game.board.cells
        return all(turn.key + delta in cells for delta in DELTA)
