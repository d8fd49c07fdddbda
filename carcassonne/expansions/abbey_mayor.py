"""Abbey & Mayor (RULES.md, Abbey & Mayor): its 12 tiles, the abbey, the mayor, the wagon
and the barn.

Played by the engine and offered by the site (``supported = True``); the first edition's
wagon move is still to come.

- 12 tiles (TILES.md, ``AM-01`` to ``AM-12``) in the bag.
- **The abbey** (``AM-A``, one per player, never in the bag): on their turn a player may
  place it instead of the drawn tile, which goes back into the bag, into a hole of the
  board (a cell closed on all four sides), at rotation 0. Its edges meet anything and close
  every road and city they touch; it is a cloister, where a monk may go as usual. After the
  last tile, each player still holding one may place it, one after the other from the
  player after the one who placed the last tile (a turn without a drawn tile, whose pass is
  the entry :class:`AbbeyPass`), before incomplete features score.
- **The mayor** (figure ``mayor``, one per player) is deployed only in a city; its weight in
  the city's majority is the city's number of pennants (0 without: it still occupies it).
- **The wagon** (figure ``wagon``, one per player) is deployed on a road, city or cloister.
  When its feature scores complete in a tile turn, its owner (possibly not on turn) is asked,
  after the tile's scoring, to move it instead of taking it home (:class:`WagonMove`) onto an
  unoccupied, incomplete road, city or cloister of the tile it stood on or of one of the eight
  tiles around it (the second edition's move), or to pass; the owners of several are asked
  in seat order from the player on turn.
- **The barn** (figure ``barn``, one per player, not a follower) is placed instead of a figure
  with the move's action :class:`BarnAction` (``"barn": "SE"``) on a corner of the tile just
  placed where four tiles meet with fields; never on a farm with a barn unless the setting
  ``barn_on_barn``. The figures on its farm score it at once (3 a city) and go home; at the
  end the barn's farm scores 4 a city for its barns' majority, and farmers there 1 a city.

>>> from carcassonne import Game, Move, Rules
>>> with supported():
...     game = Game(["Ann", "Bob"], Rules(expansions=("abbey_mayor",)))
>>> game.reserve[0]["mayor"], sum(n for t, n in game.remaining.items() if t.startswith("AM-"))
(1, 12)
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, NamedTuple

from ..board import key_of, xy_of
from ..errors import Reason, reason
from ..figures import FigureKind, add_kind
from ..hooks import RuleModule, playable, register
from ..moves import ENTRY_READERS, MOVE_ACTIONS, IllegalMove, Move, Placement, player_of, shown
from ..rules import Option
from ..scoring import Scoring, figure_majority, majority
from ..tiles import ABBEY, TILE_TYPES, orientation

if TYPE_CHECKING:
    from ..decisions import Asked, TileTurn
    from ..tiles import Orientation

NAME = "abbey_mayor"
MAYOR = "mayor"
WAGON = "wagon"
BARN = "barn"
add_kind(FigureKind(MAYOR, 1, True))  # a follower; its weight in a city is the city's pennants (figure_weight)
add_kind(FigureKind(WAGON, 1, True))  # a follower on a road, city or cloister, which may move on
add_kind(FigureKind(BARN, 0, False, fixed=True))  # not a follower: on a four-tile field corner (BarnAction), for good
CORNERS = {"NE": (1, -1), "SE": (1, 1), "SW": (-1, 1), "NW": (-1, -1)}
"""A tile's corners, each as the signs of its direction (y southwards)."""
CORNER_HALVES = {(1, -1): (1, 2), (1, 1): (3, 4), (-1, 1): (5, 6), (-1, -1): (7, 0)}
"""The two halves (indexes of HALVES) of a tile's edges that meet at each corner."""
WAGON_FEATURES = ("road", "city", "cloister")
AROUND = ((0, 0), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
"""The wagon's tile, then the eight around it clockwise from the north."""

TEMPLATES = {
    "abbey_not_in_hole": "an abbey goes only into a hole closed on all four sides, not at ({x},{y})",
    "abbey_rotation": "an abbey is placed at rotation 0, not {rotation}",
    "abbey_discard": "an abbey is never discarded: play it or the drawn tile",
    "mayor_not_in_city": "a mayor goes only into a city, not on {spot}",
    "no_abbey_turn": "{player} may pass their abbey only after the last tile, on their turn to place it",
    "bad_abbey_pass": "abbey takes null (the pass of the end's abbey), not {value}",
    "wagon_not_on_a_feature": "a wagon goes on a road, city or cloister, not on {spot}",
    "wagon_cannot_go": "the wagon cannot move to ({x},{y}) {spot}: an unoccupied, incomplete road, city or cloister on its tile or one of the eight around it",
    "bad_wagon": "wagon must be an object with x, y and spot, or null to pass, not {value}",
    "bad_barn": "barn must be a corner of the tile placed (NE, SE, SW or NW), not {value}",
    "barn_and_figure": "a barn is placed instead of a figure, not with one",
    "no_barn_left": "{player} has no barn left",
    "barn_not_at_corner": "a barn goes on a corner where four tiles' fields meet, not at the {corner} corner of ({x},{y})",
    "barn_on_barn": "that farm already has a barn (the option barn_on_barn allows a second)",
    "barn_not_a_figure": "a barn is placed on a corner with the move's barn, not on {spot}",
}
"""The English sentence of each of this module's reasons (codes a site may translate)."""


def refusal(code: str, **params: Any) -> Reason:
    """One of this module's reasons, as :func:`carcassonne.errors.reason` makes the core's."""
    return Reason(code, params, TEMPLATES[code].format(**params))


class AbbeyPass(NamedTuple):
    """``{"player": "Ann", "abbey": null}``: after the last tile, Ann does not place her abbey."""

    player: str | None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"abbey": None}
        return {"player": self.player, **data} if self.player is not None else data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> AbbeyPass:
        if data.get("abbey") is not None:
            raise IllegalMove(refusal("bad_abbey_pass", value=shown(data.get("abbey"))))
        return cls(player_of(data))


class WagonMove(NamedTuple):
    """``{"player": "Bob", "wagon": {"x": 0, "y": 0, "spot": "road:E"}}`` moves Bob's wagon,
    whose feature has just scored, onto that spot; ``{"player": "Bob", "wagon": null}``
    passes (the wagon goes home; a timeout's default)."""

    player: str | None
    x: int | None = None
    y: int | None = None
    spot: str | None = None

    @property
    def passes(self) -> bool:
        return self.spot is None

    def to_json(self) -> dict[str, Any]:
        target = None if self.passes else {"x": self.x, "y": self.y, "spot": self.spot}
        data: dict[str, Any] = {"wagon": target}
        return {"player": self.player, **data} if self.player is not None else data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> WagonMove:
        player = player_of(data)
        target = data.get("wagon")
        if target is None:
            return cls(player)
        if (
            not isinstance(target, dict)
            or type(target.get("x")) is not int
            or type(target.get("y")) is not int
            or not isinstance(target.get("spot"), str)
        ):
            raise IllegalMove(refusal("bad_wagon", value=shown(target)))
        return cls(player, target["x"], target["y"], target["spot"])


class BarnAction(NamedTuple):
    """A tile move's action ``"barn": "SE"``: instead of a figure, the player's barn on the
    south-east corner of the tile placed, where it and the three tiles around that corner
    meet with fields (the barn stands on the farm there, on the tile's field at that corner).

    >>> BarnAction.from_json("SE").to_json()
    {'barn': 'SE'}
    """

    corner: str

    def to_json(self) -> dict[str, Any]:
        return {"barn": self.corner}

    @classmethod
    def from_json(cls, value: Any) -> BarnAction:
        if value not in CORNERS:
            raise IllegalMove(refusal("bad_barn", value=shown(value)))
        return cls(value)


MOVE_ACTIONS["barn"] = BarnAction.from_json
ENTRY_READERS["abbey"] = AbbeyPass.from_json
ENTRY_READERS["wagon"] = WagonMove.from_json


def _full(pattern: int) -> bool:
    """Whether an empty cell's pattern has a neighbour on each of its four sides."""
    return all(pattern >> (3 * side) & 7 for side in range(4))


@register
class AbbeyMayor(RuleModule):
    name = NAME
    order = 75
    supported = True
    option = Option.expansion(
        NAME,
        "Abbey & Mayor",
        "12 tiles; an abbey per player, placed instead of a drawn tile into a hole closed on "
        "all sides; the mayor, worth one per pennant of its city; the wagon, which moves on "
        "when its feature scores.",
    )
    turn_entry_kinds = (AbbeyPass,)
    entry_kinds = (WagonMove,)
    action_kinds = (BarnAction,)
    settings = (
        Option(
            "barn_on_barn",
            "bool",
            False,
            "A barn on a farm with a barn",
            "Whether a barn may be placed on a farm that already has one (JCloisterZone offers "
            "it); by the rules it may not.",
        ),
    )
    abbeys: tuple[int, ...] = ()  # per seat: abbeys still held (1 or 0)
    ended: tuple[int, ...] = ()  # seats that have had their turn for the end's abbey
    end_from = -1  # the first seat asked for the end's abbey (after the last tile's player)
    wagons_due: tuple[tuple[int, int], ...] = ()  # (owner, cell stood on) of wagons still to be asked

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        if game is not None:
            self.abbeys = (1,) * len(game.players)

    # --- set-up ---------------------------------------------------------------------------

    def tiles(self) -> dict[str, int]:
        return {t.id: t.count for t in TILE_TYPES.values() if t.expansion == NAME and "abbey" not in t.marks}

    def figures(self) -> dict[str, int]:
        return {MAYOR: 1, WAGON: 1, BARN: 1}

    # --- the abbey -------------------------------------------------------------------------

    def own_tiles(self, seat: int) -> tuple[str, ...]:
        return (ABBEY,) if self.abbeys[seat] else ()

    def take_own_tile(self, seat: int, tile: str) -> None:
        abbeys = list(self.abbeys)
        abbeys[seat] -= 1
        self.abbeys = tuple(abbeys)
        if self.end_from >= 0:
            self.ended = (*self.ended, seat)

    def restricts(self, tile: str) -> bool:
        return tile == ABBEY

    def placements(self, tile: str) -> list[Placement]:
        patterns = self.game.board.patterns
        return [Placement(*xy_of(key), 0) for key in sorted(patterns) if _full(patterns[key])]

    def placement_error(self, tile: str, x: int, y: int, rotation: int) -> str | None:
        if rotation:
            return refusal("abbey_rotation", rotation=rotation)
        if not _full(self.game.board.patterns.get(key_of(x, y), 0)):
            return refusal("abbey_not_in_hole", x=x, y=y)
        return None

    def move_error(self, move: Any) -> str | None:
        if move.tile == ABBEY and move.discard:
            return refusal("abbey_discard")
        return None

    # --- the end's abbeys --------------------------------------------------------------------

    def _end_seat(self) -> int | None:
        """The seat whose turn it is to place an abbey at the end, if any."""
        game = self.game
        n = len(game.players)
        for step in range(n):
            seat = (self.end_from + step) % n
            if seat not in self.ended and self.abbeys[seat] and seat not in game.out and self.placements(ABBEY):
                return seat
        return None

    def draw(self) -> bool | None:
        game = self.game
        if not any(self.abbeys) or any(game.remaining.values()) or game.finished:
            return None
        if self.end_from < 0:
            last = next(
                (
                    t.player
                    for t in reversed(game.history)
                    if type(t.move) is Move and not (t.move.skip or t.move.forfeit)
                ),
                game.current_player - 1,
            )
            self.end_from = (last + 1) % len(game.players)
        seat = self._end_seat()
        if seat is None:
            return None
        game.current_player = seat
        return True

    def _at_end(self, seat: int) -> bool:
        """Whether ``seat`` is on turn for the end's abbey."""
        return self.end_from >= 0 and not self.game.finished and self._end_seat() == seat

    def turn_entries(self, seat: int) -> list[Any]:
        return [AbbeyPass(self.game.players[seat])] if self._at_end(seat) else []

    def turn_entry_error(self, entry: Any, seat: int) -> str | None:
        if not self._at_end(seat):
            return refusal("no_abbey_turn", player=self.game.players[seat])
        return None

    def play_turn_entry(self, entry: Any, seat: int) -> None:
        self.ended = (*self.ended, seat)

    def ends_turn(self, entry: Any) -> bool:
        return True

    # --- the mayor and the wagon: where they go -------------------------------------------------

    def figure_spots(self, kind: str, key: int, o: Orientation, player: int) -> list[int]:
        if kind == BARN:
            return []  # placed with the move's action, on a corner
        busy = self.game.board.occupied_segments(key, o)
        kinds = ("city",) if kind == MAYOR else WAGON_FEATURES
        return [seg.index for seg in o.segments if seg.kind in kinds and seg.index not in busy]

    def figure_error(self, kind: str, key: int, o: Orientation, index: int, player: int) -> str | None:
        seg = o.segments[index]
        if kind == BARN:
            return refusal("barn_not_a_figure", spot=seg.spot)
        if kind == MAYOR and seg.kind != "city":
            return refusal("mayor_not_in_city", spot=seg.spot)
        if kind == WAGON and seg.kind not in WAGON_FEATURES:
            return refusal("wagon_not_on_a_feature", spot=seg.spot)
        if self.game.board.occupied(key, o, index):
            return reason("spot_occupied", feature="farm" if seg.kind == "field" else seg.kind, spot=seg.spot)
        return None

    def figure_weight(self, kind: str, root: int) -> int:
        return self.game.board.pennants(root) if kind == MAYOR else 0 if kind == BARN else 1

    # --- the barn ------------------------------------------------------------------------------

    def _barn_segment(self, tile: str, placement: Placement, corner: str) -> int | None:
        """The field segment of ``tile`` placed at ``placement`` at its ``corner``, if that
        corner is one where four tiles meet with fields (the three others on the board)."""
        board = self.game.board
        dx, dy = CORNERS[corner]
        o = orientation(tile, placement.rotation)
        found = None
        for ox in (0, dx):
            for oy in (0, dy):
                if (ox, oy) == (0, 0):
                    halves, here = CORNER_HALVES[(dx, dy)], o
                else:
                    placed = board.get(placement.x + ox, placement.y + oy)
                    if placed is None:
                        return None
                    halves = CORNER_HALVES[(-dx if ox else dx, -dy if oy else dy)]
                    here = placed.orientation
                a, b = (here.half_segment[h] for h in halves)
                if a < 0 or a != b:
                    return None
                if (ox, oy) == (0, 0):
                    found = a
        return found

    def _barn_error(self, tile: str, placement: Placement, corner: str) -> str | None:
        index = self._barn_segment(tile, placement, corner)
        if index is None:
            return refusal("barn_not_at_corner", corner=corner, x=placement.x, y=placement.y)
        if not self.game.rules.setting("barn_on_barn"):
            o = orientation(tile, placement.rotation)
            joined = self.game.board.joined_figures(key_of(placement.x, placement.y), o, index)
            if any(f.kind == BARN for f in joined):
                return refusal("barn_on_barn")
        return None

    def actions(self, tile: str, placement: Placement) -> list[Any]:
        if tile == ABBEY or not self.game.reserve[self.game.current_player].get(BARN):
            return []
        return [BarnAction(c) for c in CORNERS if self._barn_error(tile, placement, c) is None]

    def action_error(self, move: Move) -> str | None:
        action: BarnAction = move.action
        if move.meeple is not None:
            return refusal("barn_and_figure")
        seat = self.game.current_player
        if not self.game.reserve[seat].get(BARN):
            return refusal("no_barn_left", player=self.game.players[seat])
        return self._barn_error(move.tile, move.placement, action.corner)

    def act(self, turn: TileTurn) -> None:
        """The barn goes on its corner's farm; the farmers there score it at once (3 points a
        completed city, as at the end; a pig adds its 1) and go home, pigs too (other barns stay)."""
        game, board = self.game, self.game.board
        move = turn.move
        index = self._barn_segment(move.tile, move.placement, move.action.corner)
        assert index is not None, "checked"
        key = key_of(move.x, move.y)
        root = board.find(board.cells[key].base + index)
        figures = board.figures(root)
        winners = figure_majority(figures, len(game.players), game.out)
        if winners:
            cities = sum(1 for c in board.bordering_cities(root) if board.is_complete(c))
            by_value: dict[int, list[int]] = {}
            for seat in winners:
                value = 3
                for hook in game._farm_points:  # the pig's (this module's adds nothing: no barn yet)
                    value = hook([root], seat, value)
                by_value.setdefault(value * cities, []).append(seat)
            for value, seats in by_value.items():
                game.award(
                    "farms", value, tuple(seats), Scoring("field", value, tuple(seats), False, board.tiles(root))
                )
        for f in figures:
            if f.kind != BARN:  # the pig too (JCloisterZone deploys it again later)
                board.remove_figure(f)
                if f.kind == "follower":
                    game.supply[f.player] += 1
                else:
                    game.reserve[f.player][f.kind] += 1
        board.add_figure(key, index, turn.player, BARN)
        game.reserve[turn.player][BARN] -= 1

    def farm_points(self, farms: list[int], seat: int, points: int) -> int:
        """Farmers on a barn's farm at the end score 2 a city less (1 instead of 3)."""
        board = self.game.board
        if self.game.rules.farm_scoring == "current" and any(
            f.kind == BARN for farm in farms for f in board.figures(farm)
        ):
            return points - 2
        return points

    def final_scoring(self, points: list[int], scored: list[Scoring]) -> None:
        """Each farm with a barn: 4 points a completed city it borders for the owner(s) of
        most barns on it."""
        game, board = self.game, self.game.board
        for root in list(board.occupied_features()):
            barns = [f for f in board.figures(root) if f.kind == BARN]
            if not barns:
                continue
            winners = majority(((f.player, 1) for f in barns), len(game.players), game.out)
            cities = sum(1 for c in board.bordering_cities(root) if board.is_complete(c))
            if winners and cities:
                game.award(
                    "farms", 4 * cities, winners, Scoring("field", 4 * cities, winners, False, board.tiles(root))
                )

    # --- the wagon's move ------------------------------------------------------------------------

    def before_scoring(self, turn: TileTurn) -> None:
        """Note the wagons on the features the tile completed (their owners, where they stand)."""
        board = self.game.board
        found = [(f.player, f.key) for root in turn.completed for f in board.figures(root) if f.kind == WAGON]
        if found:
            turn.notes["wagons"] = tuple(found)

    def after_scoring(self, turn: TileTurn) -> None:
        wagons = turn.notes.get("wagons")
        if not wagons:
            return
        n = len(self.game.players)
        self.wagons_due = tuple(sorted(wagons, key=lambda w: (w[0] - turn.player) % n))
        self._ask_next()

    def _ask_next(self) -> None:
        """Ask the owner of the next wagon due that has somewhere to go (the others go home)."""
        game = self.game
        while self.wagons_due:
            (seat, key), self.wagons_due = self.wagons_due[0], self.wagons_due[1:]
            if seat not in game.out and game.reserve[seat].get(WAGON) and self._destinations(key):
                game.ask(seat, "wagon", self, key)
                return

    def _destinations(self, key: int) -> list[tuple[int, int]]:
        """``(cell, segment)`` of every unoccupied, incomplete road, city or cloister on the
        tile at ``key`` or one of the eight around it, in that order (one per segment)."""
        board = self.game.board
        x, y = xy_of(key)
        found = []
        for dx, dy in AROUND:
            cell = key_of(x + dx, y + dy)
            placed = board.cells.get(cell)
            if placed is None:
                continue
            for seg in placed.orientation.segments:
                if seg.kind in WAGON_FEATURES and seg.spot is not None:
                    root = board.find(placed.base + seg.index)
                    if not board.figures(root) and not board.is_complete(root):
                        found.append((cell, seg.index))
        return found

    def options(self, asked: Asked) -> list[Any]:
        board = self.game.board
        name = self.game.players[asked.pending.player]
        result: list[Any] = [WagonMove(name)]
        for cell, index in self._destinations(asked.data):
            placed = board.cells[cell]
            result.append(WagonMove(name, placed.x, placed.y, placed.orientation.segments[index].spot))
        return result

    def decision_error(self, entry: Any, asked: Asked) -> str | None:
        game = self.game
        seat = asked.pending.player
        if entry.player is None and seat != game.current_player:
            return reason("decision_needs_player", **asked.pending.params(game.players))
        if entry.passes or self._target(entry, asked) is not None:
            return None
        return refusal("wagon_cannot_go", x=entry.x, y=entry.y, spot=entry.spot)

    def _target(self, entry: WagonMove, asked: Asked) -> tuple[int, int] | None:
        placed = self.game.board.get(entry.x or 0, entry.y or 0) if entry.x is not None else None
        if placed is None or entry.y is None:
            return None
        index = placed.orientation.spot_index.get(entry.spot or "")
        target = (key_of(entry.x or 0, entry.y), index if index is not None else -1)
        return target if target in self._destinations(asked.data) else None

    def decide(self, entry: Any, asked: Asked) -> None:
        if not entry.passes:
            target = self._target(entry, asked)
            assert target is not None, "checked"
            seat = asked.pending.player
            self.game.board.add_figure(target[0], target[1], seat, WAGON)
            self.game.reserve[seat][WAGON] -= 1
        self._ask_next()

    # --- the summary -------------------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        return {"abbeys": dict(zip(self.game.players, self.abbeys))}


def supported() -> AbstractContextManager[None]:
    """``with supported():`` rule sets may name ``abbey_mayor`` inside the block (see
    :func:`carcassonne.hooks.playable`)."""
    return playable(AbbeyMayor)


__all__ = ["ABBEY", "BARN", "MAYOR", "WAGON", "AbbeyMayor", "AbbeyPass", "BarnAction", "WagonMove", "supported"]
