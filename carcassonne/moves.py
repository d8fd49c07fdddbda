"""Record entries: every entry of a record's ``moves`` is one action by one player.

NOTATION.md lists the kinds; each is a small immutable class with ``to_json()``, and
:func:`parse_entry` reads any of them::

    >>> parse_entry({"tile": "V", "x": 1, "y": 0, "rotation": 90, "meeple": "field:NNW"})
    Move(tile='V', x=1, y=0, rotation=90, meeple='field:NNW', discard=False, skip=False, forfeit=False, figure='follower', player=None, action=None)
    >>> parse_entry({"player": "Ann", "resign": True})
    Resign(player='Ann')
    >>> parse_entry({"tile": "V", "x": 1, "y": 0, "rotation": 0, "meeple": {"spot": "road:W", "figure": "large"}}).to_json()
    {'tile': 'V', 'x': 1, 'y': 0, 'rotation': 0, 'meeple': {'spot': 'road:W', 'figure': 'large'}}

Expansions add entry kinds (the Count's ``reinforce`` and ``quarter``) by registering a
reader for the key that marks them (:data:`ENTRY_READERS`), and actions a tile move may
take instead of deploying a figure (``Move.action``, e.g. the Tower's ``tower``) by
registering a reader for the move's key that holds one (:data:`MOVE_ACTIONS`); the core
names none of them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, NamedTuple

from .errors import reason


class IllegalMove(ValueError):
    """A move the rules forbid, or one that is malformed; ``str()`` says why, in English.

    ``code`` and ``params`` say the same for a translation (see :mod:`carcassonne.errors`):
    given a :class:`~carcassonne.errors.Reason`, they are its own; otherwise ``code`` is
    ``"other"`` and the English sentence is all there is."""

    def __init__(self, message: str = "", code: str | None = None, params: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code or getattr(message, "code", "other")
        self.params = params if params is not None else dict(getattr(message, "params", {}))


class Placement(NamedTuple):
    """Where and how a tile goes: cell ``(x, y)`` and a clockwise ``rotation``."""

    x: int
    y: int
    rotation: int


def shown(value: object) -> str:
    """A value as the JSON a client sent (``null``, ``"3"``), for error messages."""
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


def player_of(data: dict[str, Any]) -> str | None:
    """The optional ``"player"`` of an entry, checked to be a name."""
    player = data.get("player")
    if player is not None and not (isinstance(player, str) and player):
        raise IllegalMove(reason("player_not_a_name", value=shown(player)))
    return player


class Move(NamedTuple):
    """A tile turn, as in NOTATION.md: a placed tile with an optional figure, or a discard.

    Games on a clock add ``{"tile": "V", "skip": true}`` (the turn ran out of time and
    was skipped; the drawn tile goes back into the bag) and ``{"tile": "V", "forfeit":
    true}`` (the player to move lost on time and leaves the turn order).

    >>> Move("V", 1, 0, 90, "field:NNW").to_json()
    {'tile': 'V', 'x': 1, 'y': 0, 'rotation': 90, 'meeple': 'field:NNW'}
    >>> Move.discard_of("X").to_json()
    {'tile': 'X', 'discard': True}
    >>> Move.from_json({"tile": "V", "skip": True}).skip
    True

    With hands (the ``hand`` house rule) a timeout names no tile, so that the hand stays
    hidden: ``{"player": "Ann", "skip": true}``.

    ``action`` is a rule module's action taken instead of deploying a figure (an immutable
    value whose ``to_json()`` is the move's key holding it, ``{"<key>": {"x": 2, "y": 0}}``;
    see :data:`MOVE_ACTIONS` and ``RuleModule.action_kinds``), else ``None``.
    """

    tile: str
    x: int = 0
    y: int = 0
    rotation: int = 0
    meeple: str | None = None
    discard: bool = False
    skip: bool = False
    forfeit: bool = False
    figure: str = "follower"
    player: str | None = None
    action: Any = None

    @classmethod
    def discard_of(cls, tile: str) -> Move:
        """The move that discards ``tile`` because it fits nowhere."""
        return cls(tile, discard=True)

    @property
    def places_tile(self) -> bool:
        """Whether the move puts its tile on the board."""
        return not (self.discard or self.skip or self.forfeit)

    @property
    def placement(self) -> Placement:
        return Placement(self.x, self.y, self.rotation)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any]
        if self.discard or self.skip or self.forfeit:
            flag = "discard" if self.discard else "skip" if self.skip else "forfeit"
            data = {"tile": self.tile, flag: True} if self.tile else {flag: True}
        else:
            meeple: Any = self.meeple
            if meeple is not None and self.figure != "follower":
                meeple = {"spot": meeple, "figure": self.figure}
            data = {"tile": self.tile, "x": self.x, "y": self.y, "rotation": self.rotation, "meeple": meeple}
            if self.action is not None:
                data.update(self.action.to_json())
        if self.player is not None:
            data = {"player": self.player, **data}
        return data

    @classmethod
    def from_json(cls, data: object) -> Move:
        """Read a tile entry; raises :class:`IllegalMove` saying what is malformed."""
        if not isinstance(data, dict):
            raise IllegalMove(reason("move_not_an_object"))
        tile = data.get("tile")
        if tile is None and "x" not in data and True in (data.get("skip"), data.get("forfeit")):
            tile = ""  # with hands a timeout names no tile: the hand stays hidden
        if not isinstance(tile, str):
            raise IllegalMove(reason("no_tile_id"))
        player = data.get("player")
        if player is not None:
            player = player_of(data)
        if "x" not in data:  # a tile not placed: discard, skip or forfeit
            for flag in ("discard", "skip", "forfeit"):
                value = data.get(flag, False)
                if value is True:
                    return cls(
                        tile, player=player, discard=flag == "discard", skip=flag == "skip", forfeit=flag == "forfeit"
                    )
                if value is not False:
                    raise IllegalMove(reason("flag_not_boolean", flag=flag))
        elif "discard" in data or "skip" in data or "forfeit" in data:
            for flag in ("discard", "skip", "forfeit"):
                if data.get(flag, False) is not False:
                    raise IllegalMove(reason("placed_and_flagged", flag=flag))
        x, y, rotation = data.get("x"), data.get("y"), data.get("rotation")
        if type(x) is not int or type(y) is not int or type(rotation) is not int:
            # the first that is not (bool is an int subclass: rejected too)
            name, value = next((n, v) for n, v in (("x", x), ("y", y), ("rotation", rotation)) if type(v) is not int)
            raise IllegalMove(reason("not_a_whole_number", name=name, value=shown(value)))
        meeple = data.get("meeple")
        figure = "follower"
        if isinstance(meeple, dict):
            figure = meeple.get("figure", "follower")
            if not isinstance(figure, str):
                raise IllegalMove(reason("figure_not_a_name", value=shown(figure)))
            meeple = meeple.get("spot")
            if meeple is None:
                raise IllegalMove(reason("figure_without_spot"))
        if meeple is not None and not isinstance(meeple, str):
            raise IllegalMove(reason("meeple_not_a_spot"))
        # a key beyond tile, x, y, rotation, meeple and player may hold an action (most moves hold none)
        action = _action_of(data) if len(data) > 4 + ("meeple" in data) + ("player" in data) else None
        return cls(tile, x, y, rotation, meeple, False, False, False, figure, player, action)


def _action_of(data: dict[str, Any]) -> Any:
    """The one action a placed tile's entry holds (see :data:`MOVE_ACTIONS`), or ``None``."""
    keys = [key for key in MOVE_ACTIONS if key in data]
    if len(keys) > 1:
        raise IllegalMove(f"a move takes one action instead of a figure, not {' and '.join(keys)}")
    return MOVE_ACTIONS[keys[0]](data[keys[0]]) if keys else None


class Resign(NamedTuple):
    """``{"player": "Ann", "resign": true}``: a player leaves the game, on turn or not.

    >>> Resign("Ann").to_json()
    {'player': 'Ann', 'resign': True}
    """

    player: str

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "resign": True}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Resign:
        if data.get("resign") is not True:
            raise IllegalMove(reason("resign_not_true"))
        player = player_of(data)
        if player is None:
            raise IllegalMove(reason("resign_without_player"))
        return cls(player)


Entry = Any
"""Any record entry: :class:`Move`, :class:`Resign`, or an expansion's entry class.

Every entry class has ``player`` (a name or ``None``) and ``to_json()``."""

ENTRY_READERS: dict[str, Callable[[dict[str, Any]], Entry]] = {"resign": Resign.from_json}
"""Readers of the entry kinds that are not tile moves, by the key that marks them."""

MOVE_ACTIONS: dict[str, Callable[[Any], Any]] = {}
"""Readers of the actions a tile move may take instead of deploying a figure, by the
move's key that holds one (its value, any JSON, is the reader's to check)."""


def parse_entry(data: object) -> Entry:
    """Read one record entry of any kind; raises :class:`IllegalMove` if malformed."""
    if isinstance(data, dict) and "tile" not in data:
        for key, reader in ENTRY_READERS.items():
            if key in data:
                return reader(data)
    return Move.from_json(data)
