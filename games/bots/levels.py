"""The three levels of bot: ``random``, ``greedy`` and ``mcts``.

A bot has one method, ``decide(view) -> entry``: given a
:class:`~games.bots.view.PlayerView` it returns one of the legal entries that
:func:`~games.bots.options.options_of` lists for the decision the game waits for,
whatever its kind. Each bot has its own random generator, seeded by the caller, so
a fixed seed gives the same game (for ``mcts`` with a playout budget rather than a
time budget, since a clock is never exactly repeatable).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from games.engine import Game, Move

from .evaluate import advantage, final_estimate, value_after
from .options import options_of
from .sim import copy_game, sample_bag, unknown_tiles
from .view import PlayerView

LEVELS = ("random", "greedy", "mcts")


class RandomBot:
    """Uniform over the legal entries of each decision."""

    level = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: PlayerView) -> Any:
        return self.rng.choice(options_of(view))


class GreedyBot:
    """The entry with the best immediate value (see :mod:`games.bots.evaluate`)."""

    level = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: PlayerView) -> Any:
        options = options_of(view)
        if len(options) == 1:
            return options[0]
        self.rng.shuffle(options)  # ties are broken at random, reproducibly
        return max(options, key=lambda entry: value_after(view.board, entry, view.seat))


@dataclass
class Child:
    """One root option of the search with its statistics."""

    entry: Any
    prior: float
    after: Game
    visits: int = 1  # the prior counts as one visit
    total: float = 0.0
    playouts: int = 0

    def __post_init__(self) -> None:
        self.total = self.prior

    @property
    def mean(self) -> float:
        return self.total / self.visits


@dataclass
class Search:
    """What one decision's search did (``bench`` reports it)."""

    children: list[Child] = field(default_factory=list)
    playouts: int = 0
    seconds: float = 0.0


class MctsBot:
    """Monte Carlo tree search with determinization, within a time (or playout) budget.

    The root's options are ordered by the greedy value (the prior, counted as one
    visit) and the best ``width`` are searched with UCB1. Each playout samples an
    order for the unknown tiles from the multiset still in the game (never the real
    bag, which the view does not hold), plays ``depth`` further turns for every
    player with a cheap random policy and scores the position with the same estimate
    as ``greedy``. The most visited option is played.
    """

    level = "mcts"
    depth = 6
    width = 10
    exploration = 6.0  # points
    figure_rate = 0.25  # chance that a playout move places a figure

    def __init__(self, seed: int | None = None, seconds: float = 0.2, playouts: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.playouts = playouts
        self.last_search: Search | None = None

    def decide(self, view: PlayerView) -> Any:
        options = options_of(view)
        if len(options) == 1:
            return options[0]
        search = self.search(view, options)
        best = max(search.children, key=lambda c: (c.visits, c.mean))
        return best.entry

    def search(self, view: PlayerView, options: list) -> Search:
        started = time.perf_counter()
        deadline = started + self.seconds
        rng = self.rng
        rng.shuffle(options)
        children = []
        for entry in options:
            after = copy_game(view.board)
            after.play(entry)
            children.append(Child(entry, advantage(final_estimate(after), view.seat), after))
        children.sort(key=lambda c: -c.prior)
        children = children[: self.width]
        search = Search(children)
        visits = sum(c.visits for c in children)
        while True:
            if self.playouts is not None:
                if search.playouts >= self.playouts:
                    break
            elif time.perf_counter() >= deadline:
                break
            log_n = math.log(visits)
            child = max(children, key=lambda c: c.mean + self.exploration * math.sqrt(log_n / c.visits))
            reward = self.playout(child.after, view.seat)
            child.visits += 1
            child.playouts += 1
            child.total += reward
            visits += 1
            search.playouts += 1
        search.seconds = time.perf_counter() - started
        self.last_search = search
        return search

    def playout(self, after: Game, seat: int) -> float:
        """One sampled future of ``after``: ``depth`` random turns, then ``seat``'s advantage."""
        rng = self.rng
        game = copy_game(after, sample_bag(unknown_tiles(after), rng))
        for _ in range(self.depth):
            if game.finished:
                break
            tile = game.tile
            placements = game.legal_placements()
            if not placements:
                game.play(Move.discard_of(tile))
                continue
            p = placements[rng.randrange(len(placements))]
            spot = None
            if rng.random() < self.figure_rate:
                spots = game.legal_spots(p)
                if spots:
                    spot = spots[rng.randrange(len(spots))]
            game.play(Move(tile, p.x, p.y, p.rotation, spot))
        return advantage(final_estimate(game, disposable=True), seat)


def make_bot(level: str, seed: int | None = None, seconds: float = 0.2, playouts: int | None = None):
    """A bot of ``level`` (one of :data:`LEVELS`)."""
    if level == "random":
        return RandomBot(seed)
    if level == "greedy":
        return GreedyBot(seed)
    if level == "mcts":
        return MctsBot(seed, seconds=seconds, playouts=playouts)
    raise ValueError(f"unknown bot level {level!r}: choose one of {', '.join(LEVELS)}")
