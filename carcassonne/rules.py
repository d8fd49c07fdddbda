"""The rule set a game is played with: farm scoring, expansions and house rules.

Every option is described once, so that forms, serializers and documentation build
themselves from :meth:`Rules.options`: an expansion's by its rule module (the registry of
:mod:`carcassonne.hooks`, read whenever asked, so that an expansion is known by its module
alone), the others in :data:`CORE_OPTIONS`:

>>> [o.name for o in Rules.options()]
['river', 'inns_cathedrals', 'traders_builders', 'king_robber', 'count', 'tower', 'princess_dragon', 'dragon_move', 'fairy_placement', 'princess', 'dragon_by_placer', 'abbey_mayor', 'barn_on_barn', 'farm_scoring', 'small_city', 'incomplete_score', 'hole_bonus', 'hand', 'hand_visible']
>>> Rules.from_options({"river": True, "farm_scoring": "classic"}).to_json()
{'expansions': ['river'], 'farm_scoring': 'classic'}
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from . import hooks

FARM_SCORINGS = ("current", "classic")
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

    @classmethod
    def expansion(cls, name: str, label: str, help: str) -> Option:
        """An expansion's option (off by default), as its rule module declares it."""
        return cls(name, "expansion", False, label, help)


class _Expansions(Sequence[str]):
    """Expansion ids of the registered rule modules, in hook order, read from the registry
    whenever asked (so that they include an expansion registered later)."""

    def __init__(self, supported_only: bool) -> None:
        self.supported_only = supported_only

    def _ids(self) -> tuple[str, ...]:
        return hooks.expansion_ids(self.supported_only)

    def __getitem__(self, index: Any) -> Any:
        return self._ids()[index]

    def __len__(self) -> int:
        return len(self._ids())

    def __contains__(self, value: object) -> bool:
        return value in self._ids()

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids())

    def __repr__(self) -> str:
        return repr(self._ids())


KNOWN_EXPANSIONS: Sequence[str] = _Expansions(supported_only=False)
"""The expansions the engine knows (a rule set naming another is an unknown expansion)."""
SUPPORTED_EXPANSIONS: Sequence[str] = _Expansions(supported_only=True)
"""The known expansions it plays (the others are refused as not supported yet)."""


MAX_HAND = 5
CORE_OPTIONS: tuple[Option, ...] = (
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
"""The options of the core and the house rules (fields of :class:`Rules`), in the order
forms show them, after the expansions' (each expansion's module holds its own option:
:attr:`carcassonne.hooks.RuleModule.option`)."""


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
    settings: tuple[tuple[str, Any], ...] = ()  # the expansions' own options not at their default
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
        known = {cls.name: cls for cls in hooks.expansions()} if self.expansions else {}
        for expansion in self.expansions:
            if expansion not in known:
                raise RulesError(f"unknown expansion {expansion!r}")
            if not known[expansion].supported:
                raise RulesError(f"the expansion {expansion!r} is not supported yet")
        # one canonical order (the hooks'), so that equal rule sets compare and print equal
        object.__setattr__(self, "expansions", tuple(e for e in known if e in self.expansions))
        if self.settings or self.expansions:
            object.__setattr__(self, "settings", self._checked_settings())

    def _checked_settings(self) -> tuple[tuple[str, Any], ...]:
        """The settings, each checked against its expansion's option, without defaults, by name."""
        owners = _setting_owners()
        result = {}
        for name, value in self.settings:
            if name not in owners:
                raise RulesError(f"unknown rule {name!r}")
            expansion, option = owners[name]
            if expansion not in self.expansions:
                raise RulesError(f"rules.{name} is an option of {expansion}, which this rule set does not play")
            _check_value(option, value)
            if value != option.default:
                result[name] = value
        return tuple(sorted(result.items()))

    def setting(self, name: str) -> Any:
        """The value of an expansion's own option (see ``RuleModule.settings``), its default if unset."""
        for key, value in self.settings:
            if key == name:
                return value
        return _setting_owners()[name][1].default

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
        """The options this engine plays: the supported expansions' (in hook order), then
        :data:`CORE_OPTIONS`."""
        expansions = hooks.expansions(supported_only=True)
        return (*(o for cls in expansions if cls.option for o in (cls.option, *cls.settings)), *CORE_OPTIONS)

    def option_values(self) -> dict[str, Any]:
        """Each option's value, by option name (the inverse of :meth:`from_options`)."""
        owners = _setting_owners()
        return {
            o.name: (o.name in self.expansions)
            if o.kind == "expansion"
            else self.setting(o.name)
            if o.name in owners
            else getattr(self, o.name)
            for o in self.options()
        }

    @classmethod
    def from_options(cls, values: dict[str, Any]) -> Rules:
        """Rules from option values by name (as a form gives them); missing ones are defaults."""
        data: dict[str, Any] = {"expansions": []}
        owners = _setting_owners()
        for o in cls.options():
            value = values.get(o.name, o.default)
            if o.kind == "expansion":
                if value:
                    data["expansions"].append(o.name)
            elif o.name not in owners:
                data[o.name] = value
        for name, (expansion, option) in owners.items():  # an unplayed expansion's options are left out
            if expansion in data["expansions"] and values.get(name, option.default) != option.default:
                data[name] = values[name]
        return cls.from_json(data)

    def to_json(self) -> dict[str, Any]:
        """The ``rules`` object of a NOTATION.md record (house rules only when not default)."""
        data: dict[str, Any] = {"expansions": list(self.expansions), "farm_scoring": self.farm_scoring}
        for o in CORE_OPTIONS:
            if o.kind in ("bool", "int") and getattr(self, o.name) != o.default:
                data[o.name] = getattr(self, o.name)
        data.update(self.settings)
        return data

    @classmethod
    def from_json(cls, data: Any) -> Rules:
        """Read a ``rules`` object; raises :class:`RulesError` with a readable message."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise RulesError("rules must be an object")
        known = {"expansions"} | {o.name for o in CORE_OPTIONS}
        owners = _setting_owners()
        for key in data:
            if key not in known and key not in owners:
                raise RulesError(f"unknown rule {key!r}")
        settings = tuple((key, value) for key, value in data.items() if key in owners)
        expansions = data.get("expansions", [])
        if not isinstance(expansions, list) or not all(isinstance(e, str) for e in expansions):
            raise RulesError("rules.expansions must be a list of expansion ids")
        values: dict[str, Any] = {}
        for o in CORE_OPTIONS:
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
        return cls(farm_scoring=farm_scoring, expansions=tuple(expansions), settings=settings, **values)


def _setting_owners() -> dict[str, tuple[str, Option]]:
    """Each expansion's own option (``RuleModule.settings``) by name, with its expansion's id."""
    return {o.name: (cls.name, o) for cls in hooks.expansions() for o in cls.settings}


def _check_value(option: Option, value: Any) -> None:
    """Refuse a value that ``option`` (kind ``bool`` or ``choice``) does not take."""
    if option.kind == "bool" and not isinstance(value, bool):
        raise RulesError(f"rules.{option.name} must be true or false")
    if option.kind == "choice" and value not in [v for v, _label in option.choices]:
        raise RulesError(f"rules.{option.name} must be one of {', '.join(str(v) for v, _ in option.choices)}")
