"""The examples in the bots' docstrings are true."""

import doctest
import importlib

import pytest


@pytest.mark.parametrize(
    "name",
    [
        "carcassonne.bots",
        "carcassonne.bots.view",
        "carcassonne.bots.evaluate",
        "carcassonne.bots.analysis",
        "carcassonne.bots.sim",
        "carcassonne.bots.levels",
    ],
)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
