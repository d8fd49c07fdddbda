"""The examples in the bots' docstrings are true."""

import doctest
import importlib

import pytest

from carcassonne import native


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
    module = importlib.import_module(name)
    if native.is_compiled(module):  # doctest finds no examples in a compiled module
        pytest.skip("compiled: the run on the pure modules (CARCASSONNE_PURE=1) tests its examples")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
