"""The examples in the bots' docstrings are true."""

import doctest
import importlib

import pytest


@pytest.mark.parametrize(
    "name",
    [
        "games.bots",
        "games.bots.view",
        "games.bots.evaluate",
        "games.bots.analysis",
        "games.bots.sim",
        "games.bots.levels",
    ],
)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
