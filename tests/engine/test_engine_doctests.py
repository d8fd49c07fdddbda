"""The examples in the engine's docstrings are true (every module of the package)."""

import doctest
import importlib
import pkgutil

import pytest

import games.engine

MODULES = ["games.engine"] + sorted(
    m.name for m in pkgutil.walk_packages(games.engine.__path__, "games.engine.") if not m.name.endswith("__main__")
)
WITH_EXAMPLES = {
    "games.engine",
    "games.engine.tiles",
    "games.engine.rules",
    "games.engine.game",
    "games.engine.record",
    "games.engine.autoplay",
    "games.engine.board",
    "games.engine.moves",
    "games.engine.outcome",
    "games.engine.scoring",
    "games.engine.figures",
    "games.engine.expansions",
    "games.engine.effects",
}


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    if name in WITH_EXAMPLES:
        assert result.attempted > 0


def test_the_core_names_no_expansion_or_house_rule():
    """Expansions and house rules live in games/engine/expansions/: the core only calls hooks."""
    import re

    from games.engine.rules import KNOWN_EXPANSIONS

    names = [*KNOWN_EXPANSIONS, "small_city", "incomplete_score", "hole_bonus", "hand_visible"]
    pattern = re.compile(r"[\"']({})[\"']|\b(river|RIVER\w*|RV-\w+|small_city)\b".format("|".join(names)))
    for core in ("game", "scoring", "figures", "moves", "outcome"):  # the board knows river edges as terrain
        text = importlib.import_module(f"games.engine.{core}").__loader__.get_source(f"games.engine.{core}")
        code = "\n".join(line.split("#")[0] for line in text.splitlines())
        assert not pattern.search(code), f"games/engine/{core}.py names {pattern.search(code).group(0)}"
