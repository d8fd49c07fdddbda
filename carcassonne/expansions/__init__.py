"""Rule modules: each expansion and house rule lives in its own module of this package.

A module is a :class:`RuleModule` subclass whose methods are hooks the game calls at
fixed points of a turn; every hook's default does nothing, and the game only calls the
hooks a module overrides, so an unused rule costs nothing. The core (``game.py``) names
no module: :func:`modules_for` picks those a rule set enables, from :data:`MODULES`.

The package names none of its modules either: :func:`discover` imports every module on
its ``__path__`` (each registers its classes with ``@register``), and each class says its
own place in the hook order and, for an expansion, its option (:class:`RuleModule`). So
an expansion of the engine is one file in this folder (tiles aside: ``tiles.py``).

>>> from carcassonne.rules import Rules
>>> [type(m).__name__ for m in modules_for(Rules.from_options({"river": True, "small_city": True}))]
['River', 'SmallCity']
>>> expansion_ids(supported_only=True)
('river', 'inns_cathedrals', 'traders_builders', 'king_robber', 'count', 'tower', 'princess_dragon', 'abbey_mayor')
"""

import importlib
import pkgutil
import sys

from ..hooks import (
    MODULES,
    RuleModule,
    expansion_ids,
    expansions,
    hooks_of,
    modules_for,
    overrides,
    register,
    registered,
    unregister,
    weak,
)

__all__ = [
    "MODULES",
    "RuleModule",
    "discover",
    "expansion_ids",
    "expansions",
    "forget",
    "hooks_of",
    "modules_for",
    "overrides",
    "register",
    "registered",
    "unregister",
    "weak",
]


def discover() -> list[str]:
    """Import every module on this package's ``__path__`` not imported yet (a folder
    appended to ``__path__`` too, e.g. a test's toy expansion), in file name order per
    folder; each registers its rule modules in their place of the hook order. Returns the
    names of the modules imported now (none the second time)."""
    found = []
    for info in pkgutil.iter_modules(__path__, f"{__name__}."):
        if info.name not in sys.modules:
            importlib.import_module(info.name)
            found.append(info.name)
    return found


def forget(name: str) -> None:
    """Undo :func:`discover` for the module ``name`` (``carcassonne.expansions.toy``):
    unregister its rule modules and drop it from the imported modules, so that nothing of
    it is left for other tests and a module of that name may be discovered again."""
    for cls in [cls for cls in MODULES if cls.__module__ == name]:
        unregister(cls)
    sys.modules.pop(name, None)
    globals().pop(name.rpartition(".")[2], None)


discover()
