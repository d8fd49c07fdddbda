"""Tuning the expected final score's weights by self-play (``python -m carcassonne.bots tune``).

SPSA (simultaneous perturbation stochastic approximation): each step perturbs every
weight of :mod:`carcassonne.bots.evaluate` listed in :data:`PARAMETERS` at once, up or down by
a random sign, and plays the "plus" weights against the "minus" ones over a few complete
two-player games (each deal twice, the sides swapping seats, so the luck of the tiles
cancels); each weight moves, relative to its value,
towards the side that scored more. The players are the evaluation alone (``greedy``
judging by ``potential``), so a step costs a few seconds, not minutes. The games of
every step can be recorded (``--records``), and the result gives the weights before and
after with the share of every step. A weight is only committed to ``evaluate.py`` once a
duel of the tuned weights against the current ones on new seeds shows them better
(``tune --check JSON --games 40 --seed S``, :func:`check`; or ``duel --weights-a JSON``).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from .duel import Weighted, play_game, seat_sides
from .evaluate import WEIGHTS as PARAMETERS
from .evaluate import potential_after, using
from .evaluate import weights as current
from .levels import GreedyBot

__all__ = ["PARAMETERS", "check", "current", "match", "spsa", "using"]


MAX_STEP = 0.2
"""The most a weight moves in one step, relative to its value."""


def match(
    plus: dict[str, float], minus: dict[str, float], games: int, rng: random.Random, records: Path | None = None
) -> float:
    """The share of the points (draws half) of ``plus`` against ``minus`` over ``games`` games."""
    points = 0.0
    deal = 0
    for index in range(games):
        if index % 2 == 0:  # each deal is played twice, the sides swapping seats: the luck of the tiles cancels
            deal = rng.randrange(2**32)
        sides = seat_sides(2, index)
        bots: list[Any] = [
            Weighted(GreedyBot(rng.randrange(2**32), judge=potential_after), plus if side == "a" else minus)
            for side in sides
        ]
        game = play_game(bots, [f"{side}-{'plus' if side == 'a' else 'minus'}" for side in sides], seed=deal)
        outcome = game.outcome
        assert outcome is not None  # play_game plays to the end
        winners = outcome.winners
        points += sum(1.0 / len(winners) for seat in winners if sides[seat] == "a")
        if records is not None:
            records.mkdir(parents=True, exist_ok=True)
            path = records / f"game-{len(list(records.glob('game-*.json'))) + 1:04d}.json"
            path.write_text(json.dumps(game.record(), indent=1) + "\n", encoding="utf-8")
    return points / games


def check(weights: dict[str, float], games: int = 40, seed: int = 0, records: Path | None = None) -> dict[str, Any]:
    """``weights`` (the others as they are) against the current weights over ``games``
    games of the tuning's players, each deal twice with the sides swapped: the duel on new
    seeds that decides whether tuned weights are committed."""
    start = current()
    given = {**start, **weights}
    share = match(given, start, games, random.Random(seed), records)
    return {"weights": given, "against": start, "games": games, "seed": seed, "share": round(share, 3)}


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
