"""The Princess & the Dragon (RULES.md, The Princess & the Dragon): 30 tiles, the dragon,
the fairy, the magic portal and the princess.

- **Volcano**: placing one takes the dragon onto it; no figure goes on it (``deploy_error``).
- **Dragon tiles**: the dragon makes up to 6 steps, each a decision (``"dragon"``, answered
  with a :class:`DragonStep`) asked of the next player in seat order from the tile's player
  (all six of that player with ``dragon_by_placer``); it never re-enters a tile of this move,
  the fairy's tile or the Count's City, stops in a dead end and eats every figure on each tile
  it enters. A pass (a timeout) takes the first legal step in the order N, E, S, W. It moves
  before scoring, or after it with ``dragon_move: "after_scoring"``.
- **The bag**: dragon tiles that would come before the first volcano are moved to random
  places after it when the bag is made (``arrange_bag``), so that a record needs no generator.
- **Actions instead of a figure** (``Move.action``): :class:`FairyMove` (beside one of the
  player's followers, or onto a tile with ``fairy_placement: "on_tile"``), :class:`PortalDeploy`
  (a follower onto any unoccupied incomplete feature, from a portal tile), :class:`PrincessRemoval`
  (a follower of the city a princess tile joins goes home; required with ``princess: "must"``).
- **The fairy's points**: 1 at the start of its follower's owner's tile turn (with that turn's
  tile entry), 3 to that owner when the follower's feature scores (category ``fairy``).

Its reasons have codes and English like the core's (:func:`reason`), kept here while the
site has no words for them (the site's tests ask a sentence for every code of
:data:`carcassonne.errors.TEMPLATES`).

>>> DragonStep("Bob", "E").to_json(), DragonStep.from_json({"dragon": None})
({'player': 'Bob', 'dragon': 'E'}, DragonStep(player=None, direction=None))
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, NamedTuple

from .. import errors
from ..board import DELTA, Figure, key_of, xy_of
from ..errors import Reason
from ..figures import FIGURE_KINDS, is_follower
from ..hooks import RuleModule, register
from ..moves import ENTRY_READERS, MOVE_ACTIONS, IllegalMove, Move, player_of, shown
from ..rules import Option
from ..tiles import EDGES, TILE_TYPES, orientation

if TYPE_CHECKING:
    from ..board import Board, PlacedTile
    from ..decisions import Asked, TileTurn
    from ..moves import Placement
    from ..scoring import Scoring

NAME = "princess_dragon"
STEPS = 6
FOLLOWERS = ("follower", "large")  # what the portal sends onto the board


def _beside(kind: str) -> bool:
    """Whether the fairy may stand beside a figure of ``kind``: a follower of any kind that
    occupies its feature (Abbey & Mayor's mayor too), never a builder, a pig or a piece."""
    return FIGURE_KINDS[kind].occupies


VOLCANOES = frozenset(t.id for t in TILE_TYPES.values() if "volcano" in t.marks)
DRAGON_TILES = frozenset(t.id for t in TILE_TYPES.values() if "dragon" in t.marks)
PORTALS = frozenset(t.id for t in TILE_TYPES.values() if "portal" in t.marks)
PRINCESSES = frozenset(t.id for t in TILE_TYPES.values() if any("princess" in s.attributes for s in t.segments))

TEMPLATES = {
    "dragon_not_a_direction": "a dragon step is N, E, S, W or null, not {value}",
    "dragon_cannot_step": "the dragon cannot step {direction} (legal: {legal})",
    "action_not_an_object": "{action} takes an object with x, y and a spot, not {value}",
    "action_bad_figure": "{action}: the figure is follower or large, not {value}",
    "action_and_figure": "a tile move either deploys a figure or takes the {action} action, not both",
    "volcano_no_figure": "no figure may be deployed on the volcano tile {tile}: the dragon lands there",
    "princess_must_remove": "the princess of tile {tile} must send a follower of its city home",
    "princess_must_not_other": "the princess of tile {tile} must send a follower home: no {action} now",
    "no_tile_there": "there is no tile at ({x},{y})",
    "fairy_no_follower": "{player} has no follower at ({x},{y}) {spot} for the fairy",
    "fairy_already_there": "the fairy already stands there",
    "portal_not_here": "tile {tile} has no magic portal",
    "portal_closed": "the portal reaches no follower spot at ({x},{y}) {spot}: it must be a spot of another tile "
    "on an unoccupied, incomplete feature, not on the dragon's tile",
    "princess_not_here": "tile {tile} has no princess",
    "princess_no_knight": "no follower the princess may send home stands at ({x},{y}) {spot}",
}
"""The English of this module's reasons, by code."""


def reason(code: str, **params: Any) -> Reason:
    """The reason ``code`` of this module with its parameters (see :mod:`carcassonne.errors`)."""
    return Reason(code, params, TEMPLATES[code].format(**params))


# --- record entries -------------------------------------------------------------------


class DragonStep(NamedTuple):
    """``{"player": "Bob", "dragon": "E"}``; ``{"dragon": null}`` takes the first legal step
    in the order N, E, S, W (the pass a timeout plays)."""

    player: str | None
    direction: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"dragon": self.direction}
        return {"player": self.player, **data} if self.player is not None else data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DragonStep:
        direction = data.get("dragon")
        if direction is not None and direction not in EDGES:
            raise IllegalMove(reason("dragon_not_a_direction", value=shown(direction)))
        return cls(player_of(data), direction)


def _target(action: str, value: object, spot_needed: bool = True) -> tuple[int, int, str | None, str]:
    """``x``, ``y``, ``spot`` and ``figure`` of an action's object, checked."""
    if not isinstance(value, dict):
        raise IllegalMove(reason("action_not_an_object", action=action, value=shown(value)))
    x, y, spot, figure = value.get("x"), value.get("y"), value.get("spot"), value.get("figure", "follower")
    if type(x) is not int or type(y) is not int or not (isinstance(spot, str) or (spot is None and not spot_needed)):
        raise IllegalMove(reason("action_not_an_object", action=action, value=shown(value)))
    if not is_follower(figure):
        raise IllegalMove(reason("action_bad_figure", action=action, value=shown(figure)))
    return x, y, spot, figure


class FairyMove(NamedTuple):
    """``"fairy": {"x": 1, "y": 0, "spot": "road:E"}``: beside that follower of the player
    (``fairy_placement: "on_tile"``: ``{"x": 1, "y": 0}``, onto that tile)."""

    x: int
    y: int
    spot: str | None = None

    def to_json(self) -> dict[str, Any]:
        where: dict[str, Any] = {"x": self.x, "y": self.y}
        if self.spot is not None:
            where["spot"] = self.spot
        return {"fairy": where}

    @classmethod
    def read(cls, value: object) -> FairyMove:
        x, y, spot, _figure = _target("fairy", value, spot_needed=False)
        return cls(x, y, spot)


class PortalDeploy(NamedTuple):
    """``"portal": {"x": 1, "y": 0, "spot": "road:W", "figure": "large"}``."""

    x: int
    y: int
    spot: str
    figure: str = "follower"

    def to_json(self) -> dict[str, Any]:
        where: dict[str, Any] = {"x": self.x, "y": self.y, "spot": self.spot}
        if self.figure != "follower":
            where["figure"] = self.figure
        return {"portal": where}

    @classmethod
    def read(cls, value: object) -> PortalDeploy:
        x, y, spot, figure = _target("portal", value)
        assert spot is not None  # _target insists on one
        if figure not in FOLLOWERS:  # through the portal goes a follower or a large one
            raise IllegalMove(reason("action_bad_figure", action="portal", value=shown(figure)))
        return cls(x, y, spot, figure)


class PrincessRemoval(NamedTuple):
    """``"princess": {"x": 0, "y": -1, "spot": "city:N", "figure": "follower"}``."""

    x: int
    y: int
    spot: str
    figure: str = "follower"

    def to_json(self) -> dict[str, Any]:
        where: dict[str, Any] = {"x": self.x, "y": self.y, "spot": self.spot}
        if self.figure != "follower":
            where["figure"] = self.figure
        return {"princess": where}

    @classmethod
    def read(cls, value: object) -> PrincessRemoval:
        x, y, spot, figure = _target("princess", value)
        assert spot is not None
        return cls(x, y, spot, figure)


ENTRY_READERS["dragon"] = DragonStep.from_json
MOVE_ACTIONS["fairy"] = FairyMove.read
MOVE_ACTIONS["portal"] = PortalDeploy.read
MOVE_ACTIONS["princess"] = PrincessRemoval.read

ACTION_NAMES = {FairyMove: "fairy", PortalDeploy: "portal", PrincessRemoval: "princess"}


# --- the module -------------------------------------------------------------------------


@register
class PrincessDragon(RuleModule):
    name = NAME
    order = 70
    supported = True
    option = Option.expansion(
        NAME,
        "The Princess & the Dragon",
        "30 tiles. Volcanoes call the dragon, dragon tiles make it walk six tiles, moved by the "
        "players in turn, eating every figure on its way; the fairy protects a follower and "
        "brings points, the magic portal deploys a follower anywhere, the princess sends a "
        "knight home.",
    )
    settings = (
        Option(
            "dragon_move",
            "choice",
            "before_scoring",
            "The dragon moves",
            "Before scoring (as published today, and JCloisterZone's default): a follower the "
            "dragon eats does not score. After scoring: the tile's features score first.",
            (("before_scoring", "Before scoring"), ("after_scoring", "After scoring")),
        ),
        Option(
            "fairy_placement",
            "choice",
            "beside",
            "The fairy stands",
            "Beside one follower (the current rules), or on a tile, for every follower on it "
            "(the first English editions).",
            (("beside", "Beside a follower"), ("on_tile", "On a tile")),
        ),
        Option(
            "princess",
            "choice",
            "may",
            "The princess",
            "May or must send a follower of her city home when her tile joins an occupied city.",
            (("may", "May remove a follower"), ("must", "Must remove a follower")),
        ),
        Option(
            "dragon_by_placer",
            "bool",
            False,
            "One player moves the dragon",
            "House rule: the player who placed the dragon tile makes all six steps, so that a "
            "game by correspondence waits for one player, not six.",
        ),
    )
    entry_kinds = (DragonStep,)
    action_kinds = (FairyMove, PortalDeploy, PrincessRemoval)

    dragon: int | None = None  # the dragon's cell, None beside the board
    visited: tuple[int, ...] = ()  # cells of the dragon's move in progress, its start first
    placer = 0  # who placed the dragon tile of the move in progress
    fairy_tile: int | None = None
    fairy_follower: Figure | None = None  # beside mode: the follower it stands beside
    fairy_due = False  # the player on turn started it with the fairy beside their follower
    _fairy_cache: tuple[tuple[int, int, int], tuple[FairyMove, ...]] | None = None

    # --- set-up ---------------------------------------------------------------------------

    def tiles(self) -> dict[str, int]:
        return {t.id: t.count for t in TILE_TYPES.values() if t.expansion == NAME}

    def arrange_bag(self, order: list[str], rng: random.Random) -> None:
        """Dragon tiles drawn before the first volcano are set aside and shuffled back:
        each goes to a random place after that volcano (``order``: first drawn first)."""
        first = next((i for i, t in enumerate(order) if t in VOLCANOES), None)
        if first is None:
            return
        early = [t for t in order[:first] if t in DRAGON_TILES]
        if not early:
            return
        order[:first] = [t for t in order[:first] if t not in DRAGON_TILES]
        volcano = first - len(early)
        for tile in early:
            order.insert(rng.randint(volcano + 1, len(order)), tile)

    # --- the settings -------------------------------------------------------------------

    def _setting(self, name: str) -> Any:
        return self.game.rules.setting(name)

    @property
    def on_tile(self) -> bool:
        return bool(self._setting("fairy_placement") == "on_tile")

    # --- placing a tile -----------------------------------------------------------------

    def deploy_error(self, tile: str, placement: Placement) -> str | None:
        if tile in VOLCANOES:
            return reason("volcano_no_figure", tile=tile)
        if self._princess_must(tile, placement):
            return reason("princess_must_remove", tile=tile)
        return None

    def action_required(self, tile: str, placement: Placement) -> str | None:
        if self._princess_must(tile, placement):
            return reason("princess_must_remove", tile=tile)
        return None

    def _princess_must(self, tile: str, placement: Placement) -> bool:
        return tile in PRINCESSES and self._setting("princess") == "must" and bool(self._knights(tile, placement))

    def after_place(self, placed: PlacedTile) -> None:
        game = self.game
        if placed.tile in VOLCANOES:
            self.dragon = key_of(placed.x, placed.y)
        self.fairy_due = game.current_player in self._fairy_players()

    # --- actions instead of a figure ------------------------------------------------------

    def actions(self, tile: str, placement: Placement) -> list[Any]:
        if self._princess_must(tile, placement):
            return list(self._princess_actions(tile, placement))
        result: list[Any] = list(self._fairy_actions())
        if tile in PORTALS:
            result.extend(self._portal_actions(tile, placement))
        if tile in PRINCESSES:
            result.extend(self._princess_actions(tile, placement))
        return result

    def action_error(self, move: Move) -> str | None:
        action = move.action
        name = ACTION_NAMES[type(action)]
        if move.meeple is not None:
            return reason("action_and_figure", action=name)
        placement = move.placement
        if type(action) is not PrincessRemoval and self._princess_must(move.tile, placement):
            return reason("princess_must_not_other", tile=move.tile, action=name)
        if type(action) is FairyMove:
            return self._fairy_error(action)
        if type(action) is PortalDeploy:
            return self._portal_error(move.tile, placement, action)
        return self._princess_error(move.tile, placement, action)

    def act(self, turn: TileTurn) -> None:
        action, game, seat = turn.move.action, self.game, turn.player
        if type(action) is FairyMove:
            key = key_of(action.x, action.y)
            self.fairy_tile = key
            self.fairy_follower = None if action.spot is None else self._follower_at(action, seat)
        elif type(action) is PortalDeploy:
            key = key_of(action.x, action.y)
            game.board.add_figure(key, game.board.cells[key].orientation.spot_index[action.spot], seat, action.figure)
            if action.figure == "follower":
                game.supply[seat] -= 1
            else:
                game.reserve[seat][action.figure] -= 1
        elif type(action) is PrincessRemoval:
            figure = self._knight_at(action, self._knights_after(turn))
            assert figure is not None, "checked before the move was played"
            self._send_home(figure)

    # --- the fairy ------------------------------------------------------------------------------

    def _fairy_actions(self) -> tuple[FairyMove, ...]:
        game = self.game
        seat = game.current_player
        stamp = (id(game.board), len(game.history), seat)
        if self._fairy_cache is not None and self._fairy_cache[0] == stamp:
            return self._fairy_cache[1]
        found: dict[FairyMove, None] = {}
        for placed in game.board:
            for (segment, player), kind in zip(placed.meeples, placed.kinds()):
                if player != seat or not _beside(kind):
                    continue
                key = key_of(placed.x, placed.y)
                if self.on_tile:
                    if key != self.fairy_tile:
                        found[FairyMove(placed.x, placed.y)] = None
                elif self.fairy_follower != Figure(player, key, segment, kind):
                    found[FairyMove(placed.x, placed.y, placed.orientation.segments[segment].spot)] = None
        moves = tuple(found)
        self._fairy_cache = (stamp, moves)
        return moves

    def _fairy_error(self, action: FairyMove) -> str | None:
        game = self.game
        seat = game.current_player
        if game.board.get(action.x, action.y) is None:
            return reason("no_tile_there", x=action.x, y=action.y)
        if action not in self._fairy_actions():
            if self.on_tile and key_of(action.x, action.y) == self.fairy_tile:
                return reason("fairy_already_there")
            follower = self._follower_at(action, seat)
            if not self.on_tile and follower is not None and follower == self.fairy_follower:
                return reason("fairy_already_there")
            return reason("fairy_no_follower", player=game.players[seat], x=action.x, y=action.y, spot=action.spot)
        return None

    def _follower_at(self, action: FairyMove, seat: int) -> Figure | None:
        placed = self.game.board.get(action.x, action.y)
        if placed is None or action.spot is None:
            return None
        index = placed.orientation.spot_index.get(action.spot)
        key = key_of(action.x, action.y)
        for (segment, player), kind in zip(placed.meeples, placed.kinds()):
            if player == seat and _beside(kind) and segment == index:
                return Figure(player, key, segment, kind)
        return None

    def _fairy_followers(self) -> list[Figure]:
        """The followers the fairy stands with now (beside one, or every one on its tile)."""
        board = self.game.board
        if self.fairy_tile is None:
            return []
        placed = board.cells[self.fairy_tile]
        here = [
            Figure(player, self.fairy_tile, segment, kind)
            for (segment, player), kind in zip(placed.meeples, placed.kinds())
            if _beside(kind)
        ]
        if self.on_tile:
            return here
        return [f for f in here if f == self.fairy_follower]

    def _fairy_players(self) -> set[int]:
        return {f.player for f in self._fairy_followers()}

    def _protected(self, figure: Figure) -> bool:
        return figure in self._fairy_followers()

    # --- the portal -----------------------------------------------------------------------------

    def _portal_targets(self, tile: str, placement: Placement) -> dict[tuple[int, int, str], int]:
        """Each spot of another tile the portal reaches, with its feature's root, once the tile
        is placed (tried on a copy of the board)."""
        game = self.game
        key = key_of(placement.x, placement.y)
        board: Board = game.board.copy()
        board.place(key, orientation(tile, placement.rotation))
        targets: dict[tuple[int, int, str], int] = {}
        for cell, placed in board.cells.items():
            if cell == key or cell == self.dragon:
                continue
            for seg in placed.orientation.segments:
                if seg.spot is None:
                    continue
                root = board.find(placed.base + seg.index)
                if board.figures(root) or (seg.kind != "field" and board.is_complete(root)):
                    continue
                targets[(placed.x, placed.y, seg.spot)] = root
        return targets

    def _portal_figures(self) -> list[str]:
        game = self.game
        seat = game.current_player
        return [f for f, left in (("follower", game.supply[seat]), ("large", game.reserve[seat].get("large"))) if left]

    def _portal_actions(self, tile: str, placement: Placement) -> list[PortalDeploy]:
        figures = self._portal_figures()
        if not figures:
            return []
        seen: set[int] = set()
        result: list[PortalDeploy] = []
        for (x, y, spot), root in self._portal_targets(tile, placement).items():
            if root not in seen:  # one spot per feature: any other of its spots does the same
                seen.add(root)
                result.extend(PortalDeploy(x, y, spot, figure) for figure in figures)
        return result

    def _portal_error(self, tile: str, placement: Placement, action: PortalDeploy) -> str | None:
        game = self.game
        if tile not in PORTALS:
            return reason("portal_not_here", tile=tile)
        if action.figure not in self._portal_figures():
            name = game.players[game.current_player]
            if action.figure == "follower":
                return errors.reason("no_follower_left", player=name)
            return errors.reason("no_figure_left", player=name, figure=action.figure)
        if (action.x, action.y, action.spot) not in self._portal_targets(tile, placement):
            return reason("portal_closed", x=action.x, y=action.y, spot=action.spot)
        return None

    # --- the princess -----------------------------------------------------------------------------

    def _knights(self, tile: str, placement: Placement) -> list[Figure]:
        """The followers of the cities the princess of ``tile`` joins at ``placement`` (before
        it is placed), but the fairy's."""
        o = orientation(tile, placement.rotation)
        key = key_of(placement.x, placement.y)
        board = self.game.board
        result: list[Figure] = []
        for seg in o.segments:
            if "princess" in seg.attributes:
                for root in sorted(board.joined_roots(key, o, seg.index)):
                    result.extend(f for f in board.figures(root) if is_follower(f.kind) and not self._protected(f))
        return result

    def _knights_after(self, turn: TileTurn) -> list[Figure]:
        """The same once the tile is placed: the followers of its princess's city."""
        board = self.game.board
        result: list[Figure] = []
        for seg in turn.placed.orientation.segments:
            if "princess" in seg.attributes:
                root = board.find(turn.placed.base + seg.index)
                result.extend(f for f in board.figures(root) if is_follower(f.kind) and not self._protected(f))
        return result

    def _knight_at(self, action: PrincessRemoval, knights: list[Figure]) -> Figure | None:
        placed = self.game.board.get(action.x, action.y)
        if placed is None:
            return None
        index = placed.orientation.spot_index.get(action.spot)
        key = key_of(action.x, action.y)
        return next((f for f in knights if f.key == key and f.segment == index and f.kind == action.figure), None)

    def _princess_actions(self, tile: str, placement: Placement) -> list[PrincessRemoval]:
        board = self.game.board
        result: list[PrincessRemoval] = []
        for f in self._knights(tile, placement):
            placed = board.cells[f.key]
            spot = placed.orientation.segments[f.segment].spot or ""
            result.append(PrincessRemoval(placed.x, placed.y, spot, f.kind))
        return list(dict.fromkeys(result))

    def _princess_error(self, tile: str, placement: Placement, action: PrincessRemoval) -> str | None:
        if tile not in PRINCESSES:
            return reason("princess_not_here", tile=tile)
        if self._knight_at(action, self._knights(tile, placement)) is None:
            return reason("princess_no_knight", x=action.x, y=action.y, spot=action.spot)
        return None

    def _send_home(self, figure: Figure) -> None:
        game = self.game
        game.board.remove_figure(figure)
        if figure.kind == "follower":
            game.supply[figure.player] += 1
        else:
            game.reserve[figure.player][figure.kind] += 1

    # --- the turn ---------------------------------------------------------------------------------

    def before_scoring(self, turn: TileTurn) -> None:
        game = self.game
        if self.fairy_due:
            self.fairy_due = False
            game.award("fairy", 1, (turn.player,))
        turn.notes["fairy"] = tuple(self._fairy_followers())
        if self._setting("dragon_move") == "before_scoring":
            self._start_dragon(turn)

    def after_scoring(self, turn: TileTurn) -> None:
        board = self.game.board
        completed = set(turn.completed)
        for f in turn.notes.get("fairy", ()):
            if board.find(board.cells[f.key].base + f.segment) in completed:
                self.game.award("fairy", 3, (f.player,))
                if f == self.fairy_follower:
                    self.fairy_follower = None  # it went home: the fairy stays on its tile
        if self._setting("dragon_move") == "after_scoring":
            self._start_dragon(turn)

    # --- the dragon -------------------------------------------------------------------------------

    def _start_dragon(self, turn: TileTurn) -> None:
        if turn.placed.tile not in DRAGON_TILES or self.dragon is None:
            return
        self.visited = (self.dragon,)
        self.placer = turn.player
        self._ask_step()

    def _ask_step(self) -> None:
        if len(self.visited) > STEPS or not self.steps():
            self.visited = ()
            return
        self.game.ask(self._mover(len(self.visited) - 1), "dragon", self)

    def _mover(self, step: int) -> int:
        """Who decides step ``step`` (0 first): seats in order from the dragon tile's player,
        those who left skipped (the tile's player alone with ``dragon_by_placer``)."""
        game = self.game
        n = len(game.players)
        seats = [s for s in ((self.placer + i) % n for i in range(n)) if s not in game.out]
        if self._setting("dragon_by_placer") or not seats:
            return self.placer
        return seats[step % len(seats)]

    def steps(self) -> list[str]:
        """The directions the dragon may step in now, in the order N, E, S, W."""
        if self.dragon is None:
            return []
        cells = self.game.board.cells
        result: list[str] = []
        for edge, direction in enumerate(EDGES):
            cell = self.dragon + DELTA[edge]
            placed = cells.get(cell)
            if placed is None or cell in self.visited or cell == self.fairy_tile:
                continue
            if TILE_TYPES[placed.tile].expansion == "count":
                continue  # the Count's City is no tile the dragon walks on
            result.append(direction)
        return result

    def decision_error(self, entry: Any, asked: Asked) -> str | None:
        game = self.game
        decision = asked.pending.params(game.players)
        if type(entry) is not DragonStep:
            return errors.reason("no_such_decision", **decision)
        if entry.player is None and asked.pending.player != self.placer:
            return errors.reason("decision_needs_player", **decision)
        legal = self.steps()
        if entry.direction is not None and entry.direction not in legal:
            return reason("dragon_cannot_step", direction=entry.direction, legal=", ".join(legal))
        return None

    def decide(self, entry: Any, asked: Asked) -> None:
        direction = entry.direction or self.steps()[0]
        assert self.dragon is not None, "the dragon moves only on the board"
        self.dragon += DELTA[EDGES.index(direction)]
        self.visited += (self.dragon,)
        self._eat(self.dragon)
        self._ask_step()

    def _eat(self, cell: int) -> None:
        placed = self.game.board.cells[cell]
        for (segment, player), kind in list(zip(placed.meeples, placed.kinds())):
            if not FIGURE_KINDS[kind].fixed:  # a barn stays
                self._send_home(Figure(player, cell, segment, kind))

    def options(self, asked: Asked) -> list[Any]:
        name = self.game.players[asked.pending.player]
        return [DragonStep(name), *(DragonStep(name, d) for d in self.steps())]

    # --- the end ------------------------------------------------------------------------------

    def final_scoring(self, points: list[int], scored: list[Scoring]) -> None:
        game = self.game
        for f in self._fairy_followers():
            kind = game.board.kind(game.board.root(f.key, f.segment))
            if kind == "field" or game.rules.incomplete_score:
                game.award("fairy", 3, (f.player,))

    def summary(self) -> dict[str, Any]:
        def where(cell: int | None) -> list[int] | None:
            return list(xy_of(cell)) if cell is not None else None

        follower = self.fairy_follower
        beside = None
        if follower is not None:
            placed = self.game.board.cells[follower.key]
            beside = placed.orientation.segments[follower.segment].spot
        return {"dragon": where(self.dragon), "fairy": {"tile": where(self.fairy_tile), "beside": beside}}


__all__ = ["DragonStep", "FairyMove", "PortalDeploy", "PrincessDragon", "PrincessRemoval"]
