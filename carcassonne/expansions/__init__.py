"""Rule modules: each expansion and house rule lives in its own module of this package.

A module is a :class:`RuleModule` subclass whose methods are hooks the game calls at
fixed points of a turn; every hook's default does nothing, and the game only calls the
hooks a module overrides, so an unused rule costs nothing. The core (``game.py``) names
no module: :func:`modules_for` picks those a rule set enables, from :data:`MODULES`.

>>> from carcassonne.rules import Rules
>>> [type(m).__name__ for m in modules_for(Rules.from_options({"river": True, "small_city": True}))]
['River', 'SmallCity']
"""

from ..hooks import MODULES, RuleModule, hooks_of, modules_for, overrides, register, weak
from . import count, house_rules, inns_cathedrals, king_robber, river, traders_builders

__all__ = ["MODULES", "ORDER", "RuleModule", "hooks_of", "modules_for", "overrides", "register", "weak"]

ORDER = (river, inns_cathedrals, traders_builders, king_robber, count, house_rules)
"""The order the modules' hooks run in (house rules last: they adjust what the expansions
decided), whatever order they were imported (and so registered) in."""
MODULES.sort(
    key=lambda cls: [m.__name__ for m in ORDER].index(cls.__module__)
)  # stable: a module's classes keep theirs
