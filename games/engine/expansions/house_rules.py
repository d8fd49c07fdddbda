"""House rules (RULES.md, House rules): options that change a scoring or a turn.

``small_city`` (old rule): a completed city of exactly two tiles scores 1 per tile and
1 per pennant instead of 2 + 2.
"""

from __future__ import annotations

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
