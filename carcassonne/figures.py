"""Figures: what each kind weighs in a majority and whether it occupies a feature.

The base game has one kind, the follower (7 per player). Expansions add kinds with
:func:`add_kind` (the large follower weighs 2; builders and pigs weigh nothing):

>>> weight("follower")
1
>>> FIGURE_KINDS["follower"].occupies
True
"""

from __future__ import annotations

from typing import NamedTuple

FOLLOWERS = 7
"""Ordinary followers in each player's supply at the start."""


class FigureKind(NamedTuple):
    """A kind of figure: its name in records, its weight in majorities, whether it is a
    follower (a follower occupies a feature and may score it), and whether it stays where
    it was put whatever happens there (Abbey & Mayor's barn: the dragon does not eat it)."""

    name: str
    weight: int
    occupies: bool
    fixed: bool = False


FIGURE_KINDS: dict[str, FigureKind] = {"follower": FigureKind("follower", 1, True)}


def add_kind(kind: FigureKind) -> None:
    """Make a figure kind known (an expansion module calls this once, on import)."""
    FIGURE_KINDS[kind.name] = kind


ROLES = {"road": "thief", "city": "knight", "cloister": "monk", "field": "farmer"}
"""The name of a follower by the feature it stands on."""


def follower_role(spot: str | None) -> str:
    """``thief``, ``knight``, ``monk`` or ``farmer`` for a follower on ``spot``.

    >>> follower_role("field:NNW"), follower_role(None)
    ('farmer', '')
    """
    kind = (spot or "").partition(":")[0]
    return ROLES.get(kind, kind)


def is_follower(kind: object) -> bool:
    """Whether ``kind`` names a kind of follower: the follower, or one a module added (the
    large follower, the mayor, the wagon), which the expansions that take followers may take.

    >>> is_follower("follower"), is_follower("meeple"), is_follower(None)
    (True, False, False)
    """
    known = FIGURE_KINDS.get(kind) if isinstance(kind, str) else None
    return known is not None and known.occupies


def weight(kind: str) -> int:
    """A figure's weight in every majority (roads, cities, cloisters, farms)."""
    return FIGURE_KINDS[kind].weight
