"""The Carcassonne rules engine: pure Python, no Django.

Everything else in the project asks this package what is legal and what scores::

    >>> from carcassonne import Game, Move, replay
    >>> game = Game.new(["Ann", "Bob"], seed=1)
    >>> placement = game.legal_placements()[0]
    >>> turn = game.play(Move(game.tile, *placement, meeple=None))
    >>> game.move_number
    2

See ``docs/rules/NOTATION.md`` for the geometry, spot names and record format, and
``python -m carcassonne --help`` for the command line.
"""

from . import native  # first: it loads the compiled modules instead of their sources, when built

# isort: split
from . import expansions  # every rule module registers itself on the core's hooks
from .board import Board, PlacedTile
from .expansions.count import CITY_BLOCK, QUARTERS
from .expansions.traders_builders import GOODS
from .game import Game, Pending, Turn
from .moves import Entry, IllegalMove, Move, Placement, Resign, parse_entry
from .outcome import Outcome
from .record import RecordError, replay, summary
from .rules import COLORS, Option, Rules, RulesError
from .scoring import CATEGORIES, Scoring
from .tiles import TILE_TYPES, Orientation, TileType, orientation

__all__ = [
    "expansions",
    "native",
    "Board",
    "CATEGORIES",
    "CITY_BLOCK",
    "COLORS",
    "Entry",
    "GOODS",
    "Game",
    "IllegalMove",
    "Move",
    "Option",
    "Orientation",
    "Outcome",
    "Pending",
    "PlacedTile",
    "Placement",
    "QUARTERS",
    "RecordError",
    "Resign",
    "Rules",
    "RulesError",
    "Scoring",
    "TILE_TYPES",
    "TileType",
    "Turn",
    "orientation",
    "parse_entry",
    "replay",
    "summary",
]
