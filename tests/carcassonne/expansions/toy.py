"""A toy expansion of the engine, written as a file of its own and found the way every
expansion is (``carcassonne.expansions.__path__`` and ``discover()``), for tests of the
engine and of the site that must see an expansion the project does not ship.

The toy (id ``toy``, no tiles): the player whose tile completes a road scores 1 point per
road it completed, in a breakdown category of its own (``toy``); every tile placed lights
a lamp, counted in its public state (``toy_lamps``).

Use the fixture :func:`toy_engine_expansion` (import it into a test module, or into a
``conftest.py``), or the context manager :func:`toy_expansion` outside pytest.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import carcassonne.expansions

TOY_ID = "toy"
TOY_CATEGORY = "toy"
TOY_MODULE = f"carcassonne.expansions.{TOY_ID}"
TOY_LABEL = "Toy roads"
TOY_HELP = "Completing a road scores 1 more point for the player who placed the tile."

TOY_SOURCE = textwrap.dedent(
    f'''\
    """A toy expansion (tests/carcassonne/expansions/toy.py): a point for every completed road."""

    from carcassonne.hooks import RuleModule, register
    from carcassonne.rules import Option


    @register
    class ToyRoads(RuleModule):
        name = {TOY_ID!r}
        order = 85  # after every expansion of the engine, before the house rules
        option = Option.expansion({TOY_ID!r}, {TOY_LABEL!r}, {TOY_HELP!r})

        lamps = 0  # a tile placed lights a lamp: public state that every move changes

        def after_place(self, placed):
            self.lamps += 1

        def summary(self):
            return {{"toy_lamps": self.lamps}}

        def after_scoring(self, turn):
            board = self.game.board
            roads = sum(1 for root in turn.completed if board.kind(root) == "road")
            if roads:
                self.game.award({TOY_CATEGORY!r}, roads, (turn.player,))
    '''
)


@contextmanager
def toy_expansion(folder: Path) -> Iterator[str]:
    """Write the toy's module into ``folder``, add the folder to the expansions' package
    and discover it: the engine knows the toy inside the block and never after it (its
    rule module unregistered, its module forgotten, the folder off the package's path).
    Yields the toy's expansion id."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{TOY_ID}.py").write_text(TOY_SOURCE)
    path = carcassonne.expansions.__path__
    path.append(str(folder))
    try:
        assert carcassonne.expansions.discover() == [TOY_MODULE]
        yield TOY_ID
    finally:
        carcassonne.expansions.forget(TOY_MODULE)
        path.remove(str(folder))


@pytest.fixture
def toy_engine_expansion(tmp_path: Path) -> Iterator[str]:
    """The toy expansion, known to the engine for one test: gives its id (``"toy"``)."""
    with toy_expansion(tmp_path / "toy_expansion") as toy:
        yield toy
