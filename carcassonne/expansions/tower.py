"""The Tower (RULES.md, The Tower): tower pieces, captures, prisoners and their ransom.

- 18 tiles with a tower foundation (TILES.md, mark ``tower``); tower pieces in each
  player's supply by player count (:data:`PIECES`).
- **Instead of a figure** the player on turn may put a tower piece on any foundation or
  open tower of the board, or a follower on top of an open tower (closing it): the tile
  move's action ``tower`` (:class:`TowerAction`).
- **Capture**: after a piece, its builder is asked (``capture``) whether to take one
  follower within the tower's height in the four straight directions (its own tile
  included; gaps stop nothing); their own goes back to supply, any other is their
  prisoner. Two players holding each other's prisoners exchange them at once.
- **Ransom**: before their tile move, once per turn, a player with at least 3 points may
  pay 3 to a jailer for one of their followers (:class:`Ransom`, an unasked entry).

>>> from carcassonne import Game, Move, Rules
>>> with supported():
...     game = Game(["Ann", "Bob"], Rules(expansions=("tower",)))
...     _ = game.play(Move("TO-02", 0, 1, 0, action=TowerAction(0, 1)))
>>> game.reserve[0]["tower"], [t.height for t in game.modules[0].towers]
(9, [1])
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, NamedTuple

from ..board import key_of, xy_of
from ..errors import Reason, reason, said
from ..figures import FigureKind, add_kind, is_follower
from ..hooks import RuleModule, playable, register
from ..moves import ENTRY_READERS, MOVE_ACTIONS, IllegalMove, Move, player_of, shown
from ..rules import Option
from ..tiles import TILE_TYPES

if TYPE_CHECKING:
    from ..board import Figure, PlacedTile
    from ..decisions import Asked, TileTurn
    from ..moves import Placement
    from ..tiles import Orientation

add_kind(FigureKind("tower", 0, False))  # a tower piece: in supply, never on a feature

PIECES = {2: 10, 3: 9, 4: 7, 5: 6, 6: 5}
"""Tower pieces per player, by the number of players (the box's 30 shared out)."""
FOLLOWERS = ("follower", "large")
RANSOM = 3
ON_TOP = "tower"  # the spot of a capture that takes the follower on top of a tower

TEMPLATES = {
    "no_tower_at": "there is no tower at ({x},{y})",
    "tower_closed": "the tower at ({x},{y}) is closed: a follower stands on top",
    "tower_not_built": "the tower at ({x},{y}) has no piece yet: a follower goes on a tower, not on its foundation",
    "no_tower_piece_left": "{player} has no tower piece left",
    "tower_and_figure": "a tile move takes a tower action instead of a figure, not both",
    "tower_piece_not_on_a_spot": "a tower piece goes on a tower, not on {spot}",
    "not_capturable": "no follower at ({x},{y}) {spot} can be taken from this tower",
    "capture_ambiguous": "several players' figures stand at ({x},{y}) {spot}: name the owner",
    "no_prisoner": "{jailer} holds no {follower} of {player}",
    "ransom_paid": "{player} has already paid a ransom this turn",
    "ransom_too_poor": "{player} needs at least 3 points to pay a ransom",
    "jailer_left": "{jailer} has left the game: no ransom is paid to them",
    "bad_tower_action": "tower must be an object with whole numbers x and y (and a figure), not {value}",
    "bad_capture": "capture must be an object with x, y and spot, or null to pass, not {value}",
    "bad_ransom": "ransom must be an object with a jailer and a figure, not {value}",
}
"""The English sentence of each of this module's reasons (codes a site may translate)."""


def refusal(code: str, **params: Any) -> Reason:
    """One of this module's reasons, as :func:`carcassonne.errors.reason` makes the core's."""
    return said(code, params, TEMPLATES[code])


# --- record entries ---------------------------------------------------------------------------


def _figure_of(value: Any, data: Any, code: str, any_follower: bool = True) -> str:
    """The ``figure`` of a record value: a kind of follower (on top of a tower only the
    follower and the large one, ``any_follower=False``)."""
    figure = value.get("figure", "follower")
    if not (is_follower(figure) if any_follower else figure in FOLLOWERS):
        raise IllegalMove(refusal(code, value=shown(data)))
    return str(figure)


class TowerAction(NamedTuple):
    """A tile move's action ``"tower": {"x": 0, "y": 1}`` (a tower piece on the tower at
    that cell) or ``"tower": {"x": 0, "y": 1, "figure": "follower"}`` (a follower on top).

    >>> TowerAction.from_json({"x": 0, "y": 1, "figure": "large"}).to_json()
    {'tower': {'x': 0, 'y': 1, 'figure': 'large'}}
    """

    x: int
    y: int
    figure: str | None = None  # None: a tower piece

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"x": self.x, "y": self.y}
        if self.figure is not None:
            data["figure"] = self.figure
        return {"tower": data}

    @classmethod
    def from_json(cls, value: Any) -> TowerAction:
        if not isinstance(value, dict) or type(value.get("x")) is not int or type(value.get("y")) is not int:
            raise IllegalMove(refusal("bad_tower_action", value=shown(value)))
        figure = _figure_of(value, value, "bad_tower_action", any_follower=False) if "figure" in value else None
        return cls(value["x"], value["y"], figure)


class Capture(NamedTuple):
    """``{"player": "Ann", "capture": {"x": -1, "y": 1, "spot": "cloister", "figure":
    "follower", "owner": "Bob"}}`` or the pass ``{"player": "Ann", "capture": null}``."""

    player: str | None
    x: int | None = None
    y: int | None = None
    spot: str | None = None
    figure: str = "follower"
    owner: str | None = None

    @property
    def passes(self) -> bool:
        return self.spot is None

    def to_json(self) -> dict[str, Any]:
        target: dict[str, Any] | None = None
        if not self.passes:
            target = {"x": self.x, "y": self.y, "spot": self.spot, "figure": self.figure}
            if self.owner is not None:
                target["owner"] = self.owner
        data: dict[str, Any] = {"capture": target}
        return {"player": self.player, **data} if self.player is not None else data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Capture:
        player = player_of(data)
        target = data.get("capture")
        if target is None:
            return cls(player)
        if (
            not isinstance(target, dict)
            or type(target.get("x")) is not int
            or type(target.get("y")) is not int
            or not isinstance(target.get("spot"), str)
            or not isinstance(target.get("owner", ""), str)
        ):
            raise IllegalMove(refusal("bad_capture", value=shown(target)))
        figure = _figure_of(target, target, "bad_capture")
        return cls(player, target["x"], target["y"], target["spot"], figure, target.get("owner"))


class Ransom(NamedTuple):
    """``{"player": "Ann", "ransom": {"jailer": "Bob", "figure": "follower"}}``: Ann pays Bob
    3 points for one of her followers he holds."""

    player: str | None
    jailer: str
    figure: str = "follower"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"ransom": {"jailer": self.jailer, "figure": self.figure}}
        return {"player": self.player, **data} if self.player is not None else data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Ransom:
        player = player_of(data)
        value = data.get("ransom")
        if not isinstance(value, dict) or not isinstance(value.get("jailer"), str):
            raise IllegalMove(refusal("bad_ransom", value=shown(value)))
        return cls(player, value["jailer"], _figure_of(value, value, "bad_ransom"))


MOVE_ACTIONS["tower"] = TowerAction.from_json
ENTRY_READERS["capture"] = Capture.from_json
ENTRY_READERS["ransom"] = Ransom.from_json


class Tower(NamedTuple):
    """A tower foundation or tower: its cell, its pieces, the follower on top (seat, kind)."""

    key: int
    height: int = 0
    top: tuple[int, str] | None = None


class Prisoner(NamedTuple):
    """A follower of ``owner`` (its ``kind``) held by ``jailer``."""

    jailer: int
    owner: int
    kind: str


# --- the module ---------------------------------------------------------------------------------


@register
class TowerRules(RuleModule):
    name = "tower"
    order = 60
    supported = True
    option = Option.expansion(
        "tower",
        "The Tower",
        "18 tiles with tower foundations. Instead of a follower you may add a piece to any "
        "tower and capture a follower within its height; prisoners are exchanged, or freed "
        "for 3 points.",
    )
    entry_kinds = (Capture,)
    action_kinds = (TowerAction,)
    turn_entry_kinds = (Ransom,)
    towers: tuple[Tower, ...] = ()  # in the order their tiles were placed
    prisoners: tuple[Prisoner, ...] = ()
    paid_at = -1  # the history index of the last ransom (at most one a turn)

    # --- set-up ------------------------------------------------------------------------------

    def tiles(self) -> dict[str, int]:
        return {t.id: t.count for t in TILE_TYPES.values() if t.expansion == self.name}

    def figures(self) -> dict[str, int]:
        return {"tower": PIECES.get(len(self.game.players), 5)}

    def figure_spots(self, kind: str, key: int, o: Orientation, player: int) -> list[int]:
        return []  # a tower piece is the tile move's action, never a figure on a spot

    def figure_error(self, kind: str, key: int, o: Orientation, index: int, player: int) -> str | None:
        return refusal("tower_piece_not_on_a_spot", spot=o.segments[index].spot)

    def after_place(self, placed: PlacedTile) -> None:
        if "tower" in placed.orientation.tile.marks:
            self.towers = (*self.towers, Tower(key_of(placed.x, placed.y)))

    # --- the towers ----------------------------------------------------------------------------

    def tower_at(self, key: int) -> Tower | None:
        return next((t for t in self.towers if t.key == key), None)

    def _replace(self, tower: Tower) -> None:
        self.towers = tuple(tower if t.key == tower.key else t for t in self.towers)

    def _followers(self, seat: int) -> list[str]:
        """The kinds of follower ``seat`` has in supply."""
        game = self.game
        return [k for k, n in (("follower", game.supply[seat]), ("large", game.reserve[seat].get("large"))) if n]

    def _to_supply(self, seat: int, kind: str, delta: int = 1) -> None:
        if kind == "follower":
            self.game.supply[seat] += delta
        else:
            self.game.reserve[seat][kind] += delta

    # --- the action instead of a figure -----------------------------------------------------------

    def actions(self, tile: str, placement: Placement) -> list[Any]:
        seat = self.game.current_player
        pieces = self.game.reserve[seat].get("tower", 0) > 0
        followers = self._followers(seat)
        towers = list(self.towers)
        if "tower" in TILE_TYPES[tile].marks:
            towers.append(Tower(key_of(placement.x, placement.y)))
        result: list[Any] = []
        for tower in towers:
            if tower.top is not None:
                continue
            x, y = xy_of(tower.key)
            if pieces:
                result.append(TowerAction(x, y))
            if tower.height:
                result.extend(TowerAction(x, y, figure) for figure in followers)
        return result

    def action_error(self, move: Move) -> str | None:
        action: TowerAction = move.action
        if move.meeple is not None:
            return refusal("tower_and_figure")
        x, y = action.x, action.y
        key = key_of(x, y)
        tower = self.tower_at(key)
        if tower is None and (x, y) == (move.x, move.y) and "tower" in TILE_TYPES[move.tile].marks:
            tower = Tower(key)
        if tower is None:
            return refusal("no_tower_at", x=x, y=y)
        if tower.top is not None:
            return refusal("tower_closed", x=x, y=y)
        seat = self.game.current_player
        name = self.game.players[seat]
        if action.figure is None:
            return None if self.game.reserve[seat].get("tower") else refusal("no_tower_piece_left", player=name)
        if not tower.height:
            return refusal("tower_not_built", x=x, y=y)
        if action.figure not in self._followers(seat):
            return reason("no_figure_left", player=name, figure=action.figure)
        return None

    def act(self, turn: TileTurn) -> None:
        action: TowerAction = turn.move.action
        tower = self.tower_at(key_of(action.x, action.y))
        assert tower is not None, "checked: a tower, the tile just placed holding it"
        seat = turn.player
        if action.figure is not None:
            self._to_supply(seat, action.figure, -1)
            self._replace(tower._replace(top=(seat, action.figure)))
            return
        self.game.reserve[seat]["tower"] -= 1
        tower = tower._replace(height=tower.height + 1)
        self._replace(tower)
        if self._captures(seat, tower):
            self.game.ask(seat, "capture", self, tower)

    # --- the capture ---------------------------------------------------------------------------

    def _reach(self, tower: Tower) -> Iterator[int]:
        """The cells the tower reaches: its own and ``height`` in each straight direction."""
        x, y = xy_of(tower.key)
        yield tower.key
        for step in range(1, tower.height + 1):
            for dx, dy in ((0, -step), (step, 0), (0, step), (-step, 0)):
                yield key_of(x + dx, y + dy)

    def _captures(self, seat: int, tower: Tower) -> list[Capture]:
        """Every capture the builder of ``tower`` may make (no pass)."""
        game = self.game
        name, names = game.players[seat], game.players
        result: dict[Capture, None] = {}
        tops = {t.key: t for t in self.towers if t.top is not None}
        for key in self._reach(tower):
            placed = game.board.cells.get(key)
            if placed is None:
                continue
            for spot, owner, kind in placed.figures_here():
                if is_follower(kind):  # the mayor and the wagon too; never a builder, a pig or a barn
                    result[Capture(name, placed.x, placed.y, spot, kind, names[owner])] = None
            top = tops.get(key)
            if top is not None and top.top is not None:
                result[Capture(name, placed.x, placed.y, ON_TOP, top.top[1], names[top.top[0]])] = None
        return list(result)

    def options(self, asked: Asked) -> list[Any]:
        seat = asked.pending.player
        return [Capture(self.game.players[seat]), *self._captures(seat, asked.data)]

    def decision_error(self, entry: Any, asked: Asked) -> str | None:
        if entry.passes:
            return None
        matches = self._matches(entry, asked)
        if not matches:
            return refusal("not_capturable", x=entry.x, y=entry.y, spot=entry.spot)
        if len(matches) > 1:
            return refusal("capture_ambiguous", x=entry.x, y=entry.y, spot=entry.spot)
        return None

    def _matches(self, entry: Capture, asked: Asked) -> list[Capture]:
        return [
            c
            for c in self._captures(asked.pending.player, asked.data)
            if (c.x, c.y, c.spot, c.figure) == (entry.x, entry.y, entry.spot, entry.figure)
            and entry.owner in (None, c.owner)
        ]

    def decide(self, entry: Any, asked: Asked) -> None:
        if entry.passes:
            return
        (capture,) = self._matches(entry, asked)
        assert capture.x is not None and capture.y is not None and capture.owner is not None, "a listed capture"
        game = self.game
        owner = game.players.index(capture.owner)
        key = key_of(capture.x, capture.y)
        if capture.spot == ON_TOP:
            tower = self.tower_at(key)
            assert tower is not None
            self._replace(tower._replace(top=None))
        else:
            game.board.remove_figure(self._figure(key, capture, owner))
        self._imprison(asked.pending.player, owner, capture.figure)

    def _figure(self, key: int, capture: Capture, owner: int) -> Figure:
        board = self.game.board
        index = board.cells[key].orientation.spot_index[capture.spot or ""]
        figures = board.figures(board.root(key, index))
        return next(f for f in figures if (f.key, f.segment, f.player, f.kind) == (key, index, owner, capture.figure))

    def _imprison(self, jailer: int, owner: int, kind: str) -> None:
        """The captured follower: home if the jailer's own, else a prisoner, exchanged at once
        for one of the jailer's held by its owner (a large one first)."""
        if owner == jailer:
            self._to_supply(owner, kind)
            return
        held = [p for p in self.prisoners if p.jailer == owner and p.owner == jailer]
        out = self.game.out
        if not held or owner in out:
            self.prisoners = (*self.prisoners, Prisoner(jailer, owner, kind))
            return
        back = max(held, key=lambda p: p.kind == "large")
        self._release(back)
        self._to_supply(owner, kind)

    def _release(self, prisoner: Prisoner) -> None:
        rest = list(self.prisoners)
        rest.remove(prisoner)
        self.prisoners = tuple(rest)
        self._to_supply(prisoner.owner, prisoner.kind)

    # --- the ransom ------------------------------------------------------------------------------

    def _paid_this_turn(self) -> bool:
        """Whether a ransom was paid since the player on turn's last tile move."""
        history = self.game.history
        if self.paid_at < 0 or self.paid_at >= len(history):
            return False
        return not any(type(t.move) is Move and not t.move.discard for t in history[self.paid_at :])

    def turn_entries(self, seat: int) -> list[Any]:
        game = self.game
        if game.scores[seat] < RANSOM or self._paid_this_turn():
            return []
        names = game.players
        held = {(p.jailer, p.kind) for p in self.prisoners if p.owner == seat and p.jailer not in game.out}
        return [Ransom(names[seat], names[jailer], kind) for jailer, kind in sorted(held)]

    def turn_entry_error(self, entry: Any, seat: int) -> str | None:
        game = self.game
        name = game.players[seat]
        if entry.jailer not in game.players:
            return refusal("no_prisoner", jailer=entry.jailer, follower=entry.figure, player=name)
        jailer = game.players.index(entry.jailer)
        if jailer in game.out:
            return refusal("jailer_left", jailer=entry.jailer)
        if Prisoner(jailer, seat, entry.figure) not in self.prisoners:
            return refusal("no_prisoner", jailer=entry.jailer, follower=entry.figure, player=name)
        if self._paid_this_turn():
            return refusal("ransom_paid", player=name)
        if game.scores[seat] < RANSOM:
            return refusal("ransom_too_poor", player=name)
        return None

    def play_turn_entry(self, entry: Any, seat: int) -> None:
        game = self.game
        jailer = game.players.index(entry.jailer)
        self.paid_at = len(game.history)
        game.award("ransom", -RANSOM, (seat,))
        game.award("ransom", RANSOM, (jailer,))
        self._release(Prisoner(jailer, seat, entry.figure))

    # --- the summary ------------------------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        names = self.game.players

        def top(tower: Tower) -> str | None:
            return f"{names[tower.top[0]]}:{tower.top[1]}" if tower.top is not None else None

        return {
            "towers": {"{},{}".format(*xy_of(t.key)): {"height": t.height, "top": top(t)} for t in self.towers},
            "prisoners": {
                names[seat]: [f"{names[p.owner]}:{p.kind}" for p in self.prisoners if p.jailer == seat]
                for seat in range(len(names))
            },
            "tower_pieces": {name: self.game.reserve[seat].get("tower", 0) for seat, name in enumerate(names)},
        }


def supported() -> AbstractContextManager[None]:
    """``with supported():`` rule sets may name ``tower`` inside the block (see
    :func:`carcassonne.hooks.playable`)."""
    return playable(TowerRules)


__all__ = ["PIECES", "Capture", "Ransom", "Tower", "TowerAction", "TowerRules", "supported"]
