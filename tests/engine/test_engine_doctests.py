"""The examples in the engine's docstrings are true."""

import doctest
import importlib

import pytest

MODULES = ["games.engine", "games.engine.tiles", "games.engine.rules", "games.engine.game",
           "games.engine.record", "games.engine.autoplay"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
