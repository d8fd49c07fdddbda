"""Rule modules: each expansion and house rule lives in its own module of this package.

A module is a :class:`RuleModule` subclass whose methods are hooks the game calls at
fixed points of a turn; every hook's default does nothing, and the game only calls the
hooks a module overrides, so an unused rule costs nothing. The core (``game.py``) names
no module: :func:`modules_for` picks those a rule set enables, from :data:`MODULES`.

>>> from games.engine.rules import Rules
>>> [type(m).__name__ for m in modules_for(Rules.from_options({"river": True, "small_city": True}))]
['River', 'SmallCity']
"""

from .registry import MODULES, RuleModule, hooks_of, modules_for, overrides, register, weak

__all__ = ["MODULES", "RuleModule", "hooks_of", "modules_for", "overrides", "register", "weak"]

# Modules register themselves on import; this order is the order their hooks run in
# (house rules last: they adjust what the expansions decided).
from . import river  # noqa: E402,F401,I001
from . import inns_cathedrals  # noqa: E402,F401,I001
from . import traders_builders  # noqa: E402,F401,I001
from . import king_robber  # noqa: E402,F401,I001
from . import count  # noqa: E402,F401,I001
from . import house_rules  # noqa: E402,F401,I001
