"""Bots that play Carcassonne: ``random``, ``beginner``, ``greedy``, ``answers`` and ``mcts`` (Python and numpy, no Django).

A bot is given a :class:`PlayerView` (what one player sees), never the
:class:`~carcassonne.Game`, and returns a legal record entry::

    >>> from carcassonne import Game
    >>> game = Game.new(["Ann", "Bob"], seed=7)
    >>> bot = make_bot("greedy", seed=1)
    >>> entry = bot.decide(view_of(game))
    >>> game.check(entry) is None
    True

The four levels for people (beginner, casual, strong, expert) are the table
:data:`~carcassonne.bots.ladder.NAMED_LEVELS` (``choose_move(view, "expert")``, their measured
strength :func:`~carcassonne.bots.ladder.strength_of`); :func:`~carcassonne.bots.analysis.analyse`
judges the moves of a finished game. See ``python -m carcassonne.bots --help`` for the duel,
benchmark, ladder and analyse commands.
"""

from .analysis import Analysis, analyse
from .ladder import NAMED_LEVELS, choose_move, strength_of, strength_words
from .levels import LEVELS, AnswersBot, BeginnerBot, GreedyBot, MctsBot, RandomBot, make_bot
from .options import options_of
from .view import PlayerView, view_of

__all__ = [
    "LEVELS",
    "NAMED_LEVELS",
    "Analysis",
    "BeginnerBot",
    "MctsBot",
    "GreedyBot",
    "AnswersBot",
    "PlayerView",
    "RandomBot",
    "analyse",
    "choose_move",
    "make_bot",
    "options_of",
    "strength_of",
    "strength_words",
    "view_of",
]
