"""Tuning the expected final score's weights by self-play (``python -m games.bots tune``).

SPSA (simultaneous perturbation stochastic approximation): each step perturbs every
weight of :mod:`games.bots.evaluate` listed in :data:`PARAMETERS` at once, up or down by
a random sign, and plays the "plus" weights against the "minus" ones over a few complete
two-player games (who starts alternates); each weight moves, relative to its value,
towards the side that scored more. The players are the evaluation alone (``greedy``
judging by ``potential``), so a step costs a few seconds, not minutes. The games of
every step can be recorded (``--records``), and the result gives the weights before and
after with the share of every step. A weight is only committed to ``evaluate.py`` once a
duel of the tuned weights against the current ones on new seeds shows them better.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from . import evaluate
from .duel import play_game, seat_sides
from .evaluate import potential_after
from .levels import GreedyBot
from .view import PlayerView

PARAMETERS = ("REACH", "DRAWS", "UNOWNED", "SUPPLY_VALUE", "GROWTH", "RETURN_SHARE", "FIGURE_COST")
"""The weights of :mod:`games.bots.evaluate` that tuning moves (module constants)."""


MAX_STEP = 0.2
"""The most a weight moves in one step, relative to its value."""


def current() -> dict[str, float]:
    """The weights :mod:`games.bots.evaluate` uses now."""
    return {name: getattr(evaluate, name) for name in PARAMETERS}


@contextmanager
def using(weights: dict[str, float]) -> Iterator[None]:
    """Judge with ``weights`` inside the block (the per-tiles-left cache depends on them)."""
    before = current()
    _set(weights)
    try:
        yield
    finally:
        _set(before)


def _set(weights: dict[str, float]) -> None:
    for name, value in weights.items():
        setattr(evaluate, name, value)
    evaluate._BY_TILES_LEFT.clear()


class Weighted:
    """A bot that judges with its own weights (two of them can share one process)."""

    def __init__(self, bot: GreedyBot, weights: dict[str, float]) -> None:
        self.bot, self.weights = bot, weights

    def decide(self, view: PlayerView) -> Any:
        with using(self.weights):
            return self.bot.decide(view)


def match(
    plus: dict[str, float], minus: dict[str, float], games: int, rng: random.Random, records: Path | None = None
) -> float:
    """The share of the points (draws half) of ``plus`` against ``minus`` over ``games`` games."""
    points = 0.0
    for index in range(games):
        sides = seat_sides(2, index)
        bots: list[Any] = [
            Weighted(GreedyBot(rng.randrange(2**32), judge=potential_after), plus if side == "a" else minus)
            for side in sides
        ]
        game = play_game(
            bots, [f"{side}-{'plus' if side == 'a' else 'minus'}" for side in sides], seed=rng.randrange(2**32)
        )
        outcome = game.outcome
        assert outcome is not None  # play_game plays to the end
        winners = outcome.winners
        points += sum(1.0 / len(winners) for seat in winners if sides[seat] == "a")
        if records is not None:
            records.mkdir(parents=True, exist_ok=True)
            path = records / f"game-{len(list(records.glob('game-*.json'))) + 1:04d}.json"
            path.write_text(json.dumps(game.record(), indent=1) + "\n", encoding="utf-8")
    return points / games


def spsa(
    steps: int = 50,
    games: int = 4,
    seed: int = 0,
    perturb: float = 0.15,
    rate: float = 0.3,
    records: Path | None = None,
) -> dict[str, Any]:
    """``steps`` SPSA steps of ``games`` games each from the current weights; ``perturb``
    is the relative size of a perturbation, ``rate`` of a step (both shrink over time)."""
    rng = random.Random(seed)
    start = current()
    theta = dict(start)
    history = []
    for k in range(steps):
        c = perturb / (k + 1) ** 0.101
        a = rate / (k + 1 + steps / 10) ** 0.602
        sign = {name: rng.choice((-1.0, 1.0)) for name in PARAMETERS}
        plus = {name: theta[name] * (1 + c * sign[name]) for name in PARAMETERS}
        minus = {name: theta[name] * (1 - c * sign[name]) for name in PARAMETERS}
        share = match(plus, minus, games, rng, records)
        for name in PARAMETERS:  # the gradient's estimate, relative to the weight, the step at most 20 %
            theta[name] *= 1 + max(-MAX_STEP, min(MAX_STEP, a * (share - 0.5) * sign[name] / c))
        history.append({"step": k + 1, "share_plus": round(share, 3)})
    return {
        "before": start,
        "after": {name: round(value, 4) for name, value in theta.items()},
        "steps": steps,
        "games_per_step": games,
        "seed": seed,
        "history": history,
    }
