"""The rule set a game is played with: farm scoring, expansions and house rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

FARM_SCORINGS = ("current", "classic")
SUPPORTED_EXPANSIONS = ("river",)
KNOWN_EXPANSIONS = ("river", "inns_cathedrals", "traders_builders", "king_robber", "count")
COLORS = ("yellow", "red", "green", "blue", "black", "grey")
MIN_PLAYERS, MAX_PLAYERS = 2, 5
FOLLOWERS = 7


class RulesError(ValueError):
    """A rule set that the engine cannot play, with a message for a person."""


@dataclass(frozen=True)
class Rules:
    """Options of one game; the defaults are the base game as published today.

    >>> Rules().to_json()
    {'expansions': [], 'farm_scoring': 'current'}
    >>> Rules.from_json({"expansions": ["river"], "farm_scoring": "classic"}).river
    True
    """

    farm_scoring: str = "current"
    river: bool = False
    small_city: bool = False

    def __post_init__(self) -> None:
        if self.farm_scoring not in FARM_SCORINGS:
            raise RulesError(f"farm_scoring must be one of {', '.join(FARM_SCORINGS)}, not {self.farm_scoring!r}")

    @property
    def expansions(self) -> list[str]:
        return ["river"] if self.river else []

    def to_json(self) -> dict[str, Any]:
        """The ``rules`` object of a NOTATION.md record (``small_city`` only when on)."""
        data: dict[str, Any] = {"expansions": self.expansions, "farm_scoring": self.farm_scoring}
        if self.small_city:
            data["small_city"] = True
        return data

    @classmethod
    def from_json(cls, data: Any) -> Rules:
        """Read a ``rules`` object; raises :class:`RulesError` with a readable message."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise RulesError("rules must be an object")
        expansions = data.get("expansions", [])
        if not isinstance(expansions, list) or not all(isinstance(e, str) for e in expansions):
            raise RulesError("rules.expansions must be a list of expansion ids")
        for expansion in expansions:
            if expansion not in KNOWN_EXPANSIONS:
                raise RulesError(f"unknown expansion {expansion!r}")
            if expansion not in SUPPORTED_EXPANSIONS:
                raise RulesError(f"the expansion {expansion!r} is not supported yet")
        farm_scoring = data.get("farm_scoring", "current")
        small_city = data.get("small_city", False)
        if not isinstance(small_city, bool):
            raise RulesError("rules.small_city must be true or false")
        return cls(farm_scoring=farm_scoring, river="river" in expansions, small_city=small_city)
