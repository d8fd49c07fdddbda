"""The rule set a game is played with: farm scoring, expansions and house rules.

Every option is described once, in :data:`OPTIONS`, so that forms, serializers and
documentation build themselves from it:

>>> [o.name for o in Rules.options()]
['river', 'inns_cathedrals', 'traders_builders', 'king_robber', 'count', 'farm_scoring', 'small_city', 'incomplete_score', 'hole_bonus', 'hand', 'hand_visible']
>>> Rules.from_options({"river": True, "farm_scoring": "classic"}).to_json()
{'expansions': ['river'], 'farm_scoring': 'classic'}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

FARM_SCORINGS = ("current", "classic")
KNOWN_EXPANSIONS = ("river", "inns_cathedrals", "traders_builders", "king_robber", "count")
SUPPORTED_EXPANSIONS = ("river", "inns_cathedrals", "traders_builders", "king_robber", "count")
COLORS = ("yellow", "red", "green", "blue", "black", "grey")
MIN_PLAYERS, MAX_PLAYERS = 2, 5
FOLLOWERS = 7


class RulesError(ValueError):
    """A rule set that the engine cannot play, with a message for a person."""


class Option(NamedTuple):
    """One option of a rule set, as a form or an API shows it.

    ``kind``: ``expansion`` (a member of ``rules.expansions``, true or false), ``bool``,
    ``choice`` (one of ``choices``, pairs of value and label) or ``int``.
    """

    name: str
    kind: str
    default: Any
    label: str
    help: str
    choices: tuple[tuple[Any, str], ...] = ()


MAX_HAND = 5
OPTIONS: tuple[Option, ...] = (
    Option(
        "river",
        "expansion",
        False,
        "The River",
        "River tiles are drawn first and must continue the river; no two bends the same way.",
    ),
    Option(
        "inns_cathedrals",
        "expansion",
        False,
        "Inns & Cathedrals",
        "18 tiles; a large follower counting as two; inns and cathedrals score more when "
        "complete and nothing when not; a 6th player.",
    ),
    Option(
        "traders_builders",
        "expansion",
        False,
        "Traders & Builders",
        "24 tiles; a builder that gives a double turn, a pig that fattens a farm, and goods "
        "tokens for completing cities (10 points per kind to the majority).",
    ),
    Option(
        "king_robber",
        "expansion",
        False,
        "King & Robber",
        "5 tiles; the king goes to whoever completes the largest city so far, the robber to "
        "the longest road: +1 per completed city or road at the end.",
    ),
    Option(
        "count",
        "expansion",
        False,
        "The Count of Carcassonne",
        "The City of Carcassonne replaces the start tile. When your tile scores only for "
        "other players, you may put a follower into one of its quarters; from there followers "
        "reinforce roads, cities and cloisters as they are completed, and farms at the end.",
    ),
    Option(
        "farm_scoring",
        "choice",
        "current",
        "Farm scoring",
        "Current: 3 points per completed city bordering each farm. Classic (first edition): "
        "4 points per city to the player with most farmers around it.",
        (("current", "Current (3 per city and farm)"), ("classic", "Classic (4 per city)")),
    ),
    Option(
        "small_city",
        "bool",
        False,
        "Small cities score less",
        "Old rule: a completed city of two tiles scores 1 per tile and pennant.",
    ),
    Option(
        "incomplete_score",
        "bool",
        True,
        "Incomplete features score at the end",
        "Off: roads, cities and cloisters left incomplete score nothing at the end.",
    ),
    Option(
        "hole_bonus",
        "bool",
        False,
        "Hole bonus",
        "A tile placed with neighbours on all four sides gives an extra turn.",
    ),
    Option(
        "hand",
        "int",
        None,
        "Tiles in hand",
        "Each player holds this many tiles and plays one of them each turn (empty: draw one "
        "tile per turn, as published).",
    ),
    Option(
        "hand_visible",
        "bool",
        False,
        "Hands are public",
        "Everyone sees every hand (otherwise each hand is hidden from the other players).",
    ),
)
"""Every option the engine plays, in the order forms show them."""


@dataclass(frozen=True)
class Rules:
    """Options of one game; the defaults are the base game as published today.

    >>> Rules().to_json()
    {'expansions': [], 'farm_scoring': 'current'}
    >>> Rules.from_json({"expansions": ["river"], "farm_scoring": "classic"}).river
    True
    >>> Rules.from_json({"expansions": ["moon"]})
    Traceback (most recent call last):
    ...
    carcassonne.rules.RulesError: unknown expansion 'moon'
    """

    farm_scoring: str = "current"
    expansions: tuple[str, ...] = ()
    small_city: bool = False
    incomplete_score: bool = True
    hole_bonus: bool = False
    hand: int | None = None
    hand_visible: bool = False

    def __post_init__(self) -> None:
        if self.hand is not None and not (type(self.hand) is int and 1 <= self.hand <= MAX_HAND):
            raise RulesError(f"rules.hand must be a number of tiles from 1 to {MAX_HAND}, or null")
        if self.hand_visible and self.hand is None:
            raise RulesError("rules.hand_visible needs hands: set rules.hand too")
        if self.farm_scoring not in FARM_SCORINGS:
            raise RulesError(f"farm_scoring must be one of {', '.join(FARM_SCORINGS)}, not {self.farm_scoring!r}")
        for expansion in self.expansions:
            if expansion not in KNOWN_EXPANSIONS:
                raise RulesError(f"unknown expansion {expansion!r}")
            if expansion not in SUPPORTED_EXPANSIONS:
                raise RulesError(f"the expansion {expansion!r} is not supported yet")
        # one canonical order, so that equal rule sets compare and print equal
        object.__setattr__(self, "expansions", tuple(e for e in KNOWN_EXPANSIONS if e in self.expansions))

    @property
    def river(self) -> bool:
        return "river" in self.expansions

    @property
    def max_players(self) -> int:
        """5, or 6 with Inns & Cathedrals."""
        return MAX_PLAYERS + 1 if "inns_cathedrals" in self.expansions else MAX_PLAYERS

    def players_error(self, count: int) -> str | None:
        """Why ``count`` players cannot play this rule set (``None`` if they can)."""
        if MIN_PLAYERS <= count <= self.max_players:
            return None
        if count == MAX_PLAYERS + 1:
            return f"{count} players; this rule set allows {MIN_PLAYERS} to {MAX_PLAYERS} (a 6th player needs inns_cathedrals)"
        plural = "s" if count != 1 else ""
        return f"{count} player{plural}; this rule set allows {MIN_PLAYERS} to {self.max_players}"

    @staticmethod
    def options() -> tuple[Option, ...]:
        """The options this engine plays (see :data:`OPTIONS`)."""
        return OPTIONS

    def option_values(self) -> dict[str, Any]:
        """Each option's value, by option name (the inverse of :meth:`from_options`)."""
        return {
            o.name: (o.name in self.expansions) if o.kind == "expansion" else getattr(self, o.name) for o in OPTIONS
        }

    @classmethod
    def from_options(cls, values: dict[str, Any]) -> Rules:
        """Rules from option values by name (as a form gives them); missing ones are defaults."""
        data: dict[str, Any] = {"expansions": []}
        for o in OPTIONS:
            value = values.get(o.name, o.default)
            if o.kind == "expansion":
                if value:
                    data["expansions"].append(o.name)
            else:
                data[o.name] = value
        return cls.from_json(data)

    def to_json(self) -> dict[str, Any]:
        """The ``rules`` object of a NOTATION.md record (house rules only when not default)."""
        data: dict[str, Any] = {"expansions": list(self.expansions), "farm_scoring": self.farm_scoring}
        for o in OPTIONS:
            if o.kind in ("bool", "int") and getattr(self, o.name) != o.default:
                data[o.name] = getattr(self, o.name)
        return data

    @classmethod
    def from_json(cls, data: Any) -> Rules:
        """Read a ``rules`` object; raises :class:`RulesError` with a readable message."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise RulesError("rules must be an object")
        known = {"expansions"} | {o.name for o in OPTIONS if o.kind != "expansion"}
        for key in data:
            if key not in known:
                raise RulesError(f"unknown rule {key!r}")
        expansions = data.get("expansions", [])
        if not isinstance(expansions, list) or not all(isinstance(e, str) for e in expansions):
            raise RulesError("rules.expansions must be a list of expansion ids")
        values: dict[str, Any] = {}
        for o in OPTIONS:
            if o.kind == "bool":
                value = data.get(o.name, o.default)
                if not isinstance(value, bool):
                    raise RulesError(f"rules.{o.name} must be true or false")
                values[o.name] = value
            elif o.kind == "int":
                value = data.get(o.name, o.default)
                if value is not None and type(value) is not int:
                    raise RulesError(f"rules.{o.name} must be a whole number or null, not {value!r}")
                values[o.name] = value
        farm_scoring = data.get("farm_scoring", "current")
        if not isinstance(farm_scoring, str):
            raise RulesError(f"farm_scoring must be one of {', '.join(FARM_SCORINGS)}")
        return cls(farm_scoring=farm_scoring, expansions=tuple(expansions), **values)
