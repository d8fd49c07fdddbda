"""The site's side of each expansion and house rule: one module each, registered like the
engine's rule modules (``carcassonne.expansions``), and what the rest of the site asks.

Each module (``river``, ``inns_cathedrals``, ``traders_builders``, ``king_robber``,
``count``, ``house_rules``) holds its words, entry and decision descriptions, public state,
rule tags and "How to play" examples (see :class:`~games.present.expansions.base.SiteExpansion`);
the board's drawings of an expansion are in ``games/board_svg/expansion_art.py``. Adding
an expansion touches its engine module, its site module (and a line below), its art and
its translations. The shared modules iterate :data:`REGISTRY` and name no expansion.

>>> [e.id for e in REGISTRY]
['river', 'inns_cathedrals', 'traders_builders', 'king_robber', 'count', '']
>>> from carcassonne import Game, Rules
>>> public_state(Game.new(["Ann", "Bob"], Rules(expansions=("king_robber",))), ["Ann", "Bob"])
{'king': None, 'robber': None}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from carcassonne.expansions import ORDER as ENGINE_ORDER
from games.present.expansions import count, house_rules, inns_cathedrals, king_robber, river, traders_builders
from games.present.expansions.base import REGISTRY, RuleWords, SiteExpansion

MODULES = (river, inns_cathedrals, traders_builders, king_robber, count, house_rules)
"""Every site module (each registers itself on import, in :data:`REGISTRY`)."""
_ENGINE_IDS = [module.__name__.rsplit(".", 1)[-1] for module in ENGINE_ORDER]
REGISTRY.sort(
    key=lambda e: _ENGINE_IDS.index(e.id) if e.id else len(_ENGINE_IDS)
)  # the engine's order, house rules last

__all__ = [
    "REGISTRY",
    "RuleWords",
    "SiteExpansion",
    "by_id",
    "table",
    "merged",
    "for_entry",
    "for_action",
    "public_state",
    "categories",
]


def by_id() -> dict[str, SiteExpansion]:
    """The expansions' modules by expansion id (the house rules have none)."""
    return {e.id: e for e in REGISTRY if e.id}


def merged(attribute: str) -> dict:
    """One table of every module's ``attribute`` (``options``, ``words``, ...), in registry order."""
    result: dict = {}
    for e in REGISTRY:
        result.update(getattr(e, attribute))
    return result


def table(name: str) -> dict:
    """Every module's words for the site's table ``name`` (``figure``, ``quarter``, ...)."""
    result: dict = {}
    for e in REGISTRY:
        result.update(e.labels.get(name, {}))
    return result


def for_entry(kind: str) -> SiteExpansion | None:
    """The module that describes record entries of ``kind`` (``entries.kind_of``)."""
    return next((e for e in REGISTRY if kind in e.entry_kinds), None)


def for_action(action: str) -> SiteExpansion | None:
    """The module whose decision ``action`` is (the engine's ``Pending.action``)."""
    return next((e for e in REGISTRY if action in e.decisions), None)


def categories() -> dict[str, str]:
    """The score categories the expansions add, each with its expansion's id, in order."""
    return {c: e.id for e in REGISTRY for c in e.categories}


def public_state(engine: Any, names: Sequence[str]) -> dict[str, Any]:
    """What the expansions ``engine`` plays keep besides the board, all public, by player
    ``names`` (one per seat): goods tokens, the king's and robber's holders, the City."""
    modules = {m.name: m for m in engine.modules}
    state: dict[str, Any] = {}
    for e in REGISTRY:
        if e.id in modules:
            state.update(e.state(modules[e.id], names))
    return state
