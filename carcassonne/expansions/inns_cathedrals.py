"""Inns & Cathedrals (RULES.md): 18 tiles, the large follower, inns and cathedrals.

- The large follower goes wherever a follower may (never onto an occupied feature) and
  weighs 2 in every majority; it comes home like a follower.
- A road with an inn scores 2 per tile when complete and 0 if incomplete at the end; a
  city with a cathedral 3 per tile and pennant when complete, 0 if incomplete. A second
  inn or cathedral in one feature changes nothing.
- A 6th player (grey) may join (:meth:`carcassonne.rules.Rules.max_players`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import errors
from ..figures import FigureKind, add_kind
from ..hooks import RuleModule, register
from ..rules import Option
from ..tiles import TILE_TYPES

if TYPE_CHECKING:
    from ..tiles import Orientation

add_kind(FigureKind("large", 2, True))


@register
class InnsCathedrals(RuleModule):
    name = "inns_cathedrals"
    order = 20
    option = Option.expansion(
        "inns_cathedrals",
        "Inns & Cathedrals",
        "18 tiles; a large follower counting as two; inns and cathedrals score more when "
        "complete and nothing when not; a 6th player.",
    )

    def tiles(self) -> dict[str, int]:
        return {t.id: t.count for t in TILE_TYPES.values() if t.expansion == self.name}

    def figures(self) -> dict[str, int]:
        return {"large": 1}

    def figure_spots(self, kind: str, key: int, o: Orientation, player: int) -> list[int]:
        busy = self.game.board.occupied_segments(key, o)  # where a follower may go, so may it
        return [seg.index for seg in o.segments if seg.spot is not None and seg.index not in busy]

    def figure_error(self, kind: str, key: int, o: Orientation, index: int, player: int) -> str | None:
        if self.game.board.occupied(key, o, index):
            seg = o.segments[index]
            feature = "farm" if seg.kind == "field" else seg.kind
            return errors.reason("spot_occupied", feature=feature, spot=seg.spot)
        return None

    def feature_points(self, root: int, complete: bool, points: int) -> int:
        board = self.game.board
        marks = board.marks(root)
        if not marks:
            return points
        kind = board.kind(root)
        if kind == "road" and "inn" in marks:
            return 2 * board.size(root) if complete else 0
        if kind == "city" and "cathedral" in marks:
            return 3 * (board.size(root) + board.pennants(root)) if complete else 0
        return points
