"""The site's side of each expansion and house rule: one module each, found in this
package and kept in the engine's order, and what the rest of the site asks.

Each module (a :class:`~games.present.expansions.base.SiteExpansion` subclass decorated
with ``@register``) holds its words, entry and decision descriptions, public state, rule
tags, "How to play" examples, its panels on the game page and its drawings on the board.
Adding an expansion is its engine module (``carcassonne/expansions/<id>.py``), its module
here of the same name and its translations: the shared modules iterate :data:`REGISTRY`
and name no expansion.

>>> [e.id for e in REGISTRY][-1]  # the house rules, after every expansion
''
>>> from carcassonne import Game, Rules
>>> public_state(Game.new(["Ann", "Bob"], Rules()), ["Ann", "Bob"])  # the base game keeps nothing besides the board
{}
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Sequence
from typing import Any

from carcassonne import expansions as engine
from games.board_svg import expansion_art
from games.present.expansions.base import REGISTRY, Mark, RuleWords, SiteExpansion


def discover() -> None:
    """Import every module of this package (each registers itself), order :data:`REGISTRY`
    as the engine orders its rule modules (the house rules last), leave out the modules of
    expansions the engine does not play yet (``supported = False``) and hand the board each
    expansion's drawings. Idempotent; a test may add a folder to ``__path__`` and call it."""
    for found in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{found.name}")
    engine_ids = [cls.name for cls in engine.MODULES]  # in the order the engine runs their hooks
    unplayed = {cls.name for cls in engine.MODULES if not cls.supported}  # written, not offered yet
    REGISTRY[:] = [e for e in REGISTRY if e.id not in unplayed]
    REGISTRY.sort(key=lambda e: engine_ids.index(e.id) if e.id in engine_ids else len(engine_ids))
    expansion_art.clear()
    for e in REGISTRY:
        if e.art is not None:
            expansion_art.register(e.id, e.art)


discover()

__all__ = [
    "REGISTRY",
    "discover",
    "RuleWords",
    "SiteExpansion",
    "by_id",
    "table",
    "merged",
    "for_entry",
    "for_action",
    "public_state",
    "player_marks",
    "Mark",
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


def offer_label(entry: dict[str, Any]) -> str:
    """What the turn panel offers (an action instead of a figure, a ransom) in words."""
    return next((label for e in REGISTRY if (label := e.offer_label(entry))), "")


def before_turn_text(entry: dict[str, Any]) -> str:
    """What the turn panel says above an entry offered before the tile move (the end's abbey)."""
    return next((text for e in REGISTRY if (text := e.before_turn_text(entry))), "")


def player_marks(state: dict[str, Any], player: str) -> list[Mark]:
    """Every expansion's marks beside ``player`` in the scores panel, in registry order."""
    return [mark for e in REGISTRY for mark in e.player_marks(state, player)]


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
