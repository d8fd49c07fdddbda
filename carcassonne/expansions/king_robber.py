"""King & Robber (RULES.md): 5 tiles and two awards.

The king goes to the player who places a tile completing a city larger than every city
completed before it in the game (the first completed city takes it; equal size does
not); the robber likewise for roads (a loop is a completed road). Completions nobody
occupies count. At the end the king's holder scores 1 per completed city on the board,
the robber's holder 1 per completed road.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..hooks import RuleModule, register
from ..rules import Option
from ..scoring import Scoring
from ..tiles import TILE_TYPES

if TYPE_CHECKING:
    from ..decisions import TileTurn


@register
class KingRobber(RuleModule):
    name = "king_robber"
    order = 40
    option = Option.expansion(
        "king_robber",
        "King & Robber",
        "5 tiles; the king goes to whoever completes the largest city so far, the robber to "
        "the longest road: +1 per completed city or road at the end.",
    )
    king: int | None = None  # seats
    robber: int | None = None
    largest_city = 0
    longest_road = 0
    cities = 0  # completed so far (each completes once)
    roads = 0

    def tiles(self) -> dict[str, int]:
        return {t.id: t.count for t in TILE_TYPES.values() if t.expansion == self.name}

    def after_scoring(self, turn: TileTurn) -> None:
        board = self.game.board
        for root in turn.completed:
            kind = board.kind(root)
            if kind == "city":
                self.cities += 1
                if board.size(root) > self.largest_city:
                    self.largest_city = board.size(root)
                    self.king = turn.player
            elif kind == "road":
                self.roads += 1
                if board.size(root) > self.longest_road:
                    self.longest_road = board.size(root)
                    self.robber = turn.player

    def extra_cities(self) -> int:
        """Completed cities that no tile completed (the Count's City of Carcassonne)."""
        return 1 if "count" in self.game.rules.expansions else 0

    def summary(self) -> dict[str, Any]:
        names = self.game.players
        return {
            "king": names[self.king] if self.king is not None else None,
            "robber": names[self.robber] if self.robber is not None else None,
        }

    def final_scoring(self, points: list[int], scored: list[Scoring]) -> None:
        game = self.game  # a holder who left the game scores nothing more (nor is listed)
        if self.king is not None and self.king not in game.out:
            value = self.cities + self.extra_cities()
            game.award("king", value, (self.king,), Scoring("king", value, (self.king,), True))
        if self.robber is not None and self.robber not in game.out:
            game.award("robber", self.roads, (self.robber,), Scoring("robber", self.roads, (self.robber,), True))
