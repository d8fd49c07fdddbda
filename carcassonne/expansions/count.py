"""The Count of Carcassonne (RULES.md, The Count): the City block and its four quarters.

- The 12 CO tiles form a fixed block in place of the start tile (71 base tiles are drawn,
  3 ``D``). The City of Carcassonne has four quarters: castle (cities), blacksmith
  (roads), cathedral (cloisters), market (farms, at the end). The Count starts in the
  castle; followers in the Count's quarter cannot leave it.
- (1) **Reinforcement**: a tile that completes roads, cities or cloisters makes the game
  ask, in seat order from the left of the active player and ending with them, each player
  with a follower in a matching quarter (not the Count's) to move one onto such a completed
  feature, or pass; then the tile is scored.
- (2) **Deployment into the City**: when the tile scored for opponents only, the active
  player may put a follower from supply into any quarter and then move the Count.
- (3) **Market round**: at the end, before farms, unless the Count is in the market,
  players with market followers move them one at a time onto any farm, round after round,
  until each has passed or has none left.
- For farms the City counts as one completed city bordering every farm that holds a CO
  field; the king counts it as one more completed city.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ..board import key_of
from ..errors import reason
from ..hooks import RuleModule, register
from ..moves import ENTRY_READERS, IllegalMove, player_of, shown
from ..rules import Option
from ..tiles import TILE_TYPES

if TYPE_CHECKING:
    from ..decisions import Asked, TileTurn
    from ..game import Game

QUARTERS = ("castle", "blacksmith", "cathedral", "market")
QUARTER_OF = {"city": "castle", "road": "blacksmith", "cloister": "cathedral", "field": "market"}
FIGURES = ("follower", "large")
CITY_BLOCK = [(f"CO-{4 * row + col + 1}", col - 2, row - 1, 0) for row in range(3) for col in range(4)]
"""The City block of TILES.md: CO-1..CO-4 at y=-1, x=-2..1; CO-5..CO-8 at y=0; CO-9..CO-12 at y=1."""
CITY = "the City of Carcassonne"  # a farm's extra city (a key no feature root can be)


class Reinforce(NamedTuple):
    """``{"player": "Bob", "reinforce": {"x": 2, "y": -1, "spot": "city:N", "figure": "follower"}}``,
    or a pass ``{"player": "Bob", "reinforce": null}`` (NOTATION.md; the market round too)."""

    player: str | None
    x: int | None = None
    y: int | None = None
    spot: str | None = None
    figure: str = "follower"

    @property
    def passes(self) -> bool:
        return self.spot is None

    def to_json(self) -> dict[str, Any]:
        target: dict[str, Any] | None = None
        if not self.passes:
            target = {"x": self.x, "y": self.y, "spot": self.spot}
            if self.figure != "follower":
                target["figure"] = self.figure
        data: dict[str, Any] = {"reinforce": target}
        return {"player": self.player, **data} if self.player is not None else data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Reinforce:
        player = player_of(data)
        target = data.get("reinforce")
        if target is None:
            return cls(player)
        if not isinstance(target, dict):
            raise IllegalMove(reason("reinforce_not_an_object"))
        x, y, spot, figure = target.get("x"), target.get("y"), target.get("spot"), target.get("figure", "follower")
        if type(x) is not int or type(y) is not int:
            raise IllegalMove(reason("reinforce_not_numbers", x=shown(x), y=shown(y)))
        if not isinstance(spot, str):
            raise IllegalMove(reason("reinforce_without_spot", value=shown(spot)))
        if figure not in FIGURES:
            raise IllegalMove(reason("reinforce_bad_figure", value=shown(figure)))
        return cls(player, x, y, spot, figure)


class Quarter(NamedTuple):
    """``{"player": "Ann", "quarter": "market", "figure": "follower", "count": "blacksmith"}``,
    or a pass ``{"player": "Ann", "quarter": null}`` (NOTATION.md)."""

    player: str | None
    quarter: str | None = None
    figure: str = "follower"
    count: str | None = None  # type: ignore[assignment]  # the record's name (NOTATION.md); hides tuple.count, unused here

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"quarter": self.quarter}
        if self.quarter is not None:
            if self.figure != "follower":
                data["figure"] = self.figure
            if self.count is not None:
                data["count"] = self.count
        return {"player": self.player, **data} if self.player is not None else data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Quarter:
        player = player_of(data)
        quarter, figure, count = data.get("quarter"), data.get("figure", "follower"), data.get("count")
        if quarter is None:
            if count is not None:
                raise IllegalMove(reason("count_without_follower"))
            return cls(player)
        if quarter not in QUARTERS:
            raise IllegalMove(reason("bad_quarter", quarters=", ".join(QUARTERS), value=shown(quarter)))
        if figure not in FIGURES:
            raise IllegalMove(reason("quarter_bad_figure", value=shown(figure)))
        if count is not None and count not in QUARTERS:
            raise IllegalMove(reason("bad_count", quarters=", ".join(QUARTERS), value=shown(count)))
        return cls(player, quarter, figure, count)


ENTRY_READERS["reinforce"] = Reinforce.from_json
ENTRY_READERS["quarter"] = Quarter.from_json


@register
class Count(RuleModule):
    name = "count"
    order = 50
    option = Option.expansion(
        "count",
        "The Count of Carcassonne",
        "The City of Carcassonne replaces the start tile. When your tile scores only for "
        "other players, you may put a follower into one of its quarters; from there followers "
        "reinforce roads, cities and cloisters as they are completed, and farms at the end.",
    )
    entry_kinds = (Reinforce, Quarter)
    count_at = "castle"
    # per seat, per quarter: (followers, large followers); copied whole on change
    city: tuple[tuple[tuple[int, int], ...], ...] = ()
    last_player = 0  # who placed the last tile (the market round starts left of them)
    market_round: tuple[int, ...] = ()  # seats still in the market round, in asking order

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        n = len(game.players) if game is not None else 0
        self.city = tuple(tuple((0, 0) for _ in QUARTERS) for _ in range(n))

    # --- set-up --------------------------------------------------------------------------

    def tiles(self) -> dict[str, int]:
        return {"D": TILE_TYPES["D"].count - 1}  # no start tile: the base game's fourth D stays out

    def start_block(self) -> list[tuple[str, int, int, int]]:
        return list(CITY_BLOCK)

    # --- the City ----------------------------------------------------------------------------

    def held(self, seat: int, quarter: str) -> tuple[int, int]:
        return self.city[seat][QUARTERS.index(quarter)]

    def _change(self, seat: int, quarter: str, figure: str, delta: int) -> None:
        rows = [list(r) for r in self.city]
        q = QUARTERS.index(quarter)
        followers, large = rows[seat][q]
        rows[seat][q] = (followers + delta, large) if figure == "follower" else (followers, large + delta)
        self.city = tuple(tuple(r) for r in rows)

    def _movable(self, seat: int, quarter: str) -> list[str]:
        """Figures ``seat`` may move out of ``quarter`` (none from the Count's quarter)."""
        if quarter == self.count_at:
            return []
        followers, large = self.held(seat, quarter)
        return [f for f, n in (("follower", followers), ("large", large)) if n]

    # --- (1) reinforcement --------------------------------------------------------------------

    def before_scoring(self, turn: TileTurn) -> None:
        self.last_player = turn.player
        if not turn.completed:
            return
        board = self.game.board
        kinds = {board.kind(root) for root in turn.completed}
        n = len(self.game.players)
        for step in range(1, n + 1):
            seat = (turn.player + step) % n
            if any(self._movable(seat, QUARTER_OF[k]) for k in kinds):
                self.game.ask(seat, "reinforce", self, turn)

    # --- (2) deployment into the City --------------------------------------------------------------

    def after_scoring(self, turn: TileTurn) -> None:
        me, points = turn.player, turn.points
        game = self.game
        # points are never negative: with none for the active player, any points are the opponents'
        if points[me] == 0 and any(points) and (game.supply[me] or game.reserve[me].get("large")):
            game.ask(me, "quarter", self, turn)

    # --- (3) the market round -------------------------------------------------------------------

    def final_decisions(self) -> None:
        if self.count_at == "market":
            return
        n = len(self.game.players)
        order = [(self.last_player + step) % n for step in range(1, n + 1)]
        self.market_round = tuple(s for s in order if self._movable(s, "market") and s not in self.game.out)
        self._ask_market()

    def _ask_market(self) -> None:
        if self.market_round:
            self.game.ask(self.market_round[0], "market", self, None)

    # --- answers ---------------------------------------------------------------------------------

    def decision_error(self, entry: Any, asked: Asked) -> str | None:
        action, seat = asked.pending.action, asked.pending.player
        game = self.game
        name = game.players[seat]
        decision = asked.pending.params(game.players)
        if entry.player is None and seat != self._turn_player(asked):
            return reason("decision_needs_player", **decision)
        if action == "quarter":
            if type(entry) is not Quarter:
                return reason("not_a_reinforcement", **decision)
            if entry.quarter is None:
                return None
            if entry.figure == "follower" and not game.supply[seat]:
                return reason("no_follower_left", player=name)
            if entry.figure == "large" and not game.reserve[seat].get("large"):
                return reason("no_large_follower_left", player=name)
            if entry.count is not None and entry.count == self.count_at:
                return reason("count_already_there", quarter=entry.count)
            return None
        if type(entry) is not Reinforce:
            return reason("not_a_deployment", **decision)
        if entry.spot is None or entry.x is None or entry.y is None:  # a pass (from_json sets all three or none)
            return None
        placed = game.board.get(entry.x, entry.y)
        if placed is None:
            return reason("no_tile_at", x=entry.x, y=entry.y)
        index = placed.orientation.spot_index.get(entry.spot)
        if index is None:
            return reason("no_spot_at", tile=placed.tile, x=entry.x, y=entry.y, spot=entry.spot)
        root = game.board.root(key_of(entry.x, entry.y), index)
        kind = game.board.kind(root)
        if action == "reinforce":
            if root not in asked.data.completed or kind == "field":  # the market's followers wait for the end
                return reason("not_completed_here", spot=entry.spot, x=entry.x, y=entry.y)
        elif kind != "field":
            return reason("market_onto_farm", spot=entry.spot)
        quarter = QUARTER_OF[kind]  # a completed road, city or cloister, or a farm
        if entry.figure not in self._movable(seat, quarter):
            if quarter == self.count_at:
                return reason("count_holds_quarter", quarter=quarter)
            return reason("none_in_quarter", player=name, follower=entry.figure, quarter=quarter)
        return None

    def _turn_player(self, asked: Asked) -> int:
        return int(asked.data.player) if asked.data is not None else self.last_player

    def decide(self, entry: Any, asked: Asked) -> None:
        game = self.game
        seat = asked.pending.player
        if type(entry) is Quarter:
            if entry.quarter is not None:
                if entry.figure == "follower":
                    game.supply[seat] -= 1
                else:
                    game.reserve[seat]["large"] -= 1
                self._change(seat, entry.quarter, entry.figure, +1)
                if entry.count is not None:
                    self.count_at = entry.count
            return
        if not entry.passes:
            index = game.board.cells[key_of(entry.x, entry.y)].orientation.spot_index[entry.spot]  # checked: a tile
            kind = game.board.kind(game.board.root(key_of(entry.x, entry.y), index))
            self._change(seat, QUARTER_OF[kind], entry.figure, -1)
            game.board.add_figure(key_of(entry.x, entry.y), index, seat, entry.figure)
        if asked.pending.action == "market":
            rest = list(self.market_round[1:])
            if not entry.passes and self._movable(seat, "market"):
                rest.append(seat)  # asked again on the next round
            self.market_round = tuple(s for s in rest if s not in game.out)
            self._ask_market()

    def options(self, asked: Asked) -> list[Any]:
        game = self.game
        seat, action = asked.pending.player, asked.pending.action
        name = game.players[seat]
        if action == "quarter":
            quarters = [Quarter(name)]
            figures = [
                f for f, ok in (("follower", game.supply[seat]), ("large", game.reserve[seat].get("large"))) if ok
            ]
            for quarter in QUARTERS:
                for figure in figures:
                    quarters.append(Quarter(name, quarter, figure))
                    quarters.extend(Quarter(name, quarter, figure, c) for c in QUARTERS if c != self.count_at)
            return quarters
        result: list[Any] = [Reinforce(name)]
        board = game.board
        if action == "reinforce":
            roots = set(asked.data.completed)
            for placed in board:
                for seg in placed.orientation.segments:
                    if seg.spot is None or seg.kind == "field":
                        continue
                    root = board.find(placed.base + seg.index)
                    if root in roots:
                        for figure in self._movable(seat, QUARTER_OF[seg.kind]):
                            result.append(Reinforce(name, placed.x, placed.y, seg.spot, figure))
            return result
        for placed in board:
            for seg in placed.orientation.segments:
                if seg.kind == "field" and seg.spot is not None:
                    for figure in self._movable(seat, "market"):
                        result.append(Reinforce(name, placed.x, placed.y, seg.spot, figure))
        return result

    # --- the end ----------------------------------------------------------------------------------

    def farm_cities(self, farms: dict[int, set[Any]]) -> None:
        board = self.game.board
        for farm, cities in farms.items():
            if "CoC" in board.marks(farm):
                cities.add(CITY)

    def summary(self) -> dict[str, Any]:
        names = self.game.players
        return {
            "count": self.count_at,
            "quarters": {
                names[seat]: {q: f + large for q, (f, large) in zip(QUARTERS, self.city[seat])}
                for seat in range(len(names))
            },
        }


__all__ = ["CITY_BLOCK", "QUARTERS", "Count", "Quarter", "Reinforce"]
