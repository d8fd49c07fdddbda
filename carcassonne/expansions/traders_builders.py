"""Traders & Builders (RULES.md): 24 tiles, the builder, the pig and goods.

- **Builder**: deployed instead of a follower onto a road or city segment of the tile
  just placed whose road or city already holds one of the player's followers; weighs
  nothing, goes home when its road or city is completed. When a player's ordinary turn
  places a tile joining a road or city on which their builder stood before the tile was
  placed, they take one extra turn (never from the tile the builder was deployed on, never
  a third turn in a row: the core grants at most one extra turn per ordinary turn).
- **Pig**: deployed onto a field segment whose farm already holds one of the player's
  farmers; weighs nothing, stays to the end. An owner of a farm with their own pig in it
  scores 1 more per city (``current``: 4 instead of 3; ``classic``: 5 instead of 4 when
  the pig stands in any farm bordering the city).
- **Goods**: the player who completes a city takes one token per goods symbol in it,
  whoever owns it; at the end the player(s) with the most tokens of each kind (at least
  one) score 10.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import errors
from ..figures import FOLLOWERS, FigureKind, add_kind
from ..hooks import RuleModule, register
from ..rules import Option
from ..scoring import Scoring
from ..tiles import TILE_TYPES

if TYPE_CHECKING:
    from ..decisions import TileTurn
    from ..game import Game
    from ..tiles import Orientation

add_kind(FigureKind("builder", 0, False))
add_kind(FigureKind("pig", 0, False))

GOODS = ("wine", "grain", "cloth")
_FOLLOWERS = ("follower", "large")
_STANDS_ON = {"builder": ("road", "city"), "pig": ("field",)}


@register
class TradersBuilders(RuleModule):
    name = "traders_builders"
    order = 30
    option = Option.expansion(
        "traders_builders",
        "Traders & Builders",
        "24 tiles; a builder that gives a double turn, a pig that fattens a farm, and goods "
        "tokens for completing cities (10 points per kind to the majority).",
    )
    goods: tuple[tuple[int, int, int], ...] = ()  # per seat: wine, grain, cloth tokens

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.goods = tuple((0, 0, 0) for _ in game.players) if game is not None else ()

    def tiles(self) -> dict[str, int]:
        return {t.id: t.count for t in TILE_TYPES.values() if t.expansion == self.name}

    def figures(self) -> dict[str, int]:
        return {"builder": 1, "pig": 1}

    def figure_spots(self, kind: str, key: int, o: Orientation, player: int) -> list[int]:
        game = self.game
        if game.supply[player] == FOLLOWERS and game.reserve[player].get("large") != 0:
            return []  # none of the player's followers is on the board
        joining = game.board.joining(key, o, _STANDS_ON[kind], player, _FOLLOWERS)
        return [seg.index for seg in o.segments if seg.index in joining and seg.spot is not None] if joining else []

    def figure_error(self, kind: str, key: int, o: Orientation, index: int, player: int) -> str | None:
        seg = o.segments[index]
        name = self.game.players[player]
        joins = index in self.game.board.joining(key, o, _STANDS_ON[kind], player, _FOLLOWERS)
        if kind == "builder":
            if seg.kind not in _STANDS_ON[kind]:
                return errors.reason("builder_not_on_road_or_city", spot=seg.spot)
            if not joins:
                return errors.reason("builder_without_follower", feature=seg.kind, player=name, spot=seg.spot)
            return None
        if seg.kind not in _STANDS_ON[kind]:
            return errors.reason("pig_not_on_field", spot=seg.spot)
        if not joins:
            return errors.reason("pig_without_farmer", player=name, spot=seg.spot)
        return None

    def before_scoring(self, turn: TileTurn) -> None:
        """Note, before completions send builders home, whether this tile extended a road
        or city where the player's builder already stood."""
        if turn.extra or self.game.reserve[turn.player].get("builder"):
            return  # an extra turn already, or the builder is not on the board
        board = self.game.board
        o = turn.placed.orientation
        for seg in o.segments:
            if seg.kind in ("road", "city"):
                for f in board.figures(board.root(turn.key, seg.index)):
                    if f.kind == "builder" and f.player == turn.player and f.key != turn.key:
                        turn.notes["builder"] = True
                        return

    def extra_turn(self, turn: TileTurn) -> bool:
        return bool(turn.notes.get("builder"))

    def after_scoring(self, turn: TileTurn) -> None:
        board = self.game.board
        gained = [0, 0, 0]
        for root in turn.completed:
            if board.kind(root) == "city":
                marks = board.marks(root)
                for i, kind in enumerate(GOODS):
                    gained[i] += marks.get(kind, 0)
        if any(gained):
            wine, grain, cloth = (a + b for a, b in zip(self.goods[turn.player], gained))
            goods = list(self.goods)
            goods[turn.player] = (wine, grain, cloth)
            self.goods = tuple(goods)

    def farm_points(self, farms: list[int], seat: int, points: int) -> int:
        board = self.game.board
        for farm in farms:
            if any(f.kind == "pig" and f.player == seat for f in board.figures(farm)):
                return points + 1
        return points

    def final_scoring(self, points: list[int], scored: list[Scoring]) -> None:
        for i, kind in enumerate(GOODS):
            counts = [g[i] if p not in self.game.out else 0 for p, g in enumerate(self.goods)]
            best = max(counts)
            if best > 0:
                winners = tuple(p for p, c in enumerate(counts) if c == best)
                self.game.award("goods", 10, winners, Scoring(kind, 10, winners, True))

    def summary(self) -> dict[str, Any]:
        return {
            "goods": {name: dict(zip(GOODS, g)) for name, g in zip(self.game.players, self.goods)},
        }
