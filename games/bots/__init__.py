"""Bots that play Carcassonne: ``random``, ``greedy`` and ``mcts`` (pure Python, no Django).

A bot is given a :class:`PlayerView` (what one player sees), never the
:class:`~games.engine.Game`, and returns a legal record entry::

    >>> from games.engine import Game
    >>> game = Game.new(["Ann", "Bob"], seed=7)
    >>> bot = make_bot("greedy", seed=1)
    >>> entry = bot.decide(view_of(game))
    >>> game.check(entry) is None
    True

See ``python -m games.bots --help`` for the duel and benchmark commands.
"""

from .levels import LEVELS, GreedyBot, MctsBot, RandomBot, make_bot
from .options import options_of
from .view import PlayerView, view_of

__all__ = ["LEVELS", "GreedyBot", "MctsBot", "PlayerView", "RandomBot", "make_bot", "options_of", "view_of"]
