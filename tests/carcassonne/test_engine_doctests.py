"""The examples in the engine's docstrings are true (every module of the package)."""

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import carcassonne
from carcassonne import native

MODULES = ["carcassonne"] + sorted(
    m.name for m in pkgutil.walk_packages(carcassonne.__path__, "carcassonne.") if not m.name.endswith("__main__")
)
WITH_EXAMPLES = {
    "carcassonne",
    "carcassonne.tiles",
    "carcassonne.rules",
    "carcassonne.game",
    "carcassonne.record",
    "carcassonne.autoplay",
    "carcassonne.board",
    "carcassonne.moves",
    "carcassonne.outcome",
    "carcassonne.scoring",
    "carcassonne.figures",
    "carcassonne.expansions",
    "carcassonne.effects",
}


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    if native.is_compiled(module):  # doctest finds no examples in a compiled module
        pytest.skip("compiled: the run on the pure modules (CARCASSONNE_PURE=1) tests its examples")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    if name in WITH_EXAMPLES:
        assert result.attempted > 0


def test_the_core_names_no_expansion_or_house_rule():
    """Expansions and house rules live in carcassonne/expansions/: the core only calls hooks."""
    import re

    from carcassonne.rules import KNOWN_EXPANSIONS

    names = [*KNOWN_EXPANSIONS, "small_city", "incomplete_score", "hole_bonus", "hand_visible"]
    pattern = re.compile(r"[\"']({})[\"']|\b(river|RIVER\w*|RV-\w+|small_city)\b".format("|".join(names)))
    for core in ("game", "scoring", "figures", "moves", "outcome"):  # the board knows river edges as terrain
        text = (Path(carcassonne.__file__).parent / f"{core}.py").read_text()  # a compiled module has no source
        code = "\n".join(line.split("#")[0] for line in text.splitlines())
        assert not pattern.search(code), f"carcassonne/{core}.py names {pattern.search(code).group(0)}"
