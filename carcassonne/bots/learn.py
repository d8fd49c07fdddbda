"""Learning the value the ``mcts`` level judges by (``python -m carcassonne.bots learn``).

Positions come from finished two-player games of the default rules (records, e.g. the
duels under ``research/duels/``): after each tile turn, the :func:`~carcassonne.bots.evaluate.parts`
of the mover and of the other player, the tiles still to come, and who won by how much.
The value is :func:`~carcassonne.bots.evaluate.potential` moved by a small network of both
players' parts and the stage of the game (:class:`~carcassonne.bots.evaluate.Learned`), fitted
to the difference of the two players' values by temporal differences: the target of a
position is the value of the same player's next position, as the previous fit judges it
(the game's final margin after its last turn), for ``iterations`` rounds from
``potential``, each a few passes (``epochs``) of Adam over the positions. A fit to the
final margins alone (the outcome of the whole game) plays much worse: it credits a
part with the luck of the draws that usually came after it (its one-move players won
0.31 of 40 games against ``potential``'s); the temporal-difference targets see one
turn's luck at a time. (A weight per part, ``a + b t + c t²``, was fitted before the
network; the network's one-move players won 0.59 of 240 games against the weights'.)

numpy does the fit, and the bots' judging (two small products per position).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from carcassonne import Rules, parse_entry
from carcassonne.record import new_game

from .duel import play_game
from .evaluate import LEARNED_PATH, PARTS, SUMMED, TILES_IN_GAME, learned_after, parts, potential_after
from .levels import GreedyBot

__all__ = ["Positions", "check", "fit", "positions"]


_ROOT = Path(__file__).resolve().parents[2]  # the repository: folders in it are stored relative to it


@dataclass
class Positions:
    """Positions after tile turns: the mover's parts, the other player's, the share of
    tiles to come, the mover's final margin, and the row of the mover's next position (-1: none)."""

    mover: list[list[float]] = field(default_factory=list)
    other: list[list[float]] = field(default_factory=list)
    stage: list[float] = field(default_factory=list)
    margin: list[float] = field(default_factory=list)
    after: list[int] = field(default_factory=list)
    games: int = 0
    folders: set[str] = field(default_factory=set)  # where the games' records were


def positions(paths: Iterable[Path]) -> Positions:
    """The positions of the records at ``paths`` that are two-player games of the default rules."""
    found = Positions()
    for path in sorted(paths):
        record = json.loads(path.read_text(encoding="utf-8"))
        if len(record.get("players", [])) != 2 or Rules.from_json(record.get("rules")) != Rules():
            continue
        _add_game(found, record)
        folder = path.parent.resolve()
        found.folders.add((folder.relative_to(_ROOT) if folder.is_relative_to(_ROOT) else folder).as_posix())
    return found


def _add_game(found: Positions, record: dict[str, Any]) -> None:
    game = new_game(record)
    turns: list[tuple[int, int]] = []  # (row, mover)
    for data in record["moves"]:
        pending = game.pending
        game.play(parse_entry(data))
        if pending is None or pending.action != "turn" or game.pending is None:
            continue  # the last turn's position is the final score itself
        rows = parts(game)
        mover = pending.player
        turns.append((len(found.mover), mover))
        found.mover.append(rows[mover])
        found.other.append(rows[1 - mover])
        found.stage.append(sum(game.remaining.values()) / TILES_IN_GAME)
        found.after.append(-1)
    if not game.finished:
        game.finish()
    last: dict[int, int] = {}
    for row, mover in reversed(turns):
        found.after[row] = last.get(mover, -1)
        last[mover] = row
    found.margin.extend(float(game.scores[mover] - game.scores[1 - mover]) for _, mover in turns)
    found.games += 1


class _Network:
    """The residual ``r = h(a) - h(b)`` of :class:`~carcassonne.bots.evaluate.Learned` while it
    is fitted (``a``: the mover's parts, the other's, the stage; ``b``: the seats swapped),
    with Adam's moments."""

    def __init__(self, inputs: int, hidden: int, rng: np.random.Generator) -> None:
        self.params = [rng.normal(0.0, 0.1, (inputs, hidden)), np.zeros(hidden), np.zeros(hidden)]
        self.moments = [(np.zeros_like(p), np.zeros_like(p)) for p in self.params]
        self.steps = 0

    def residual(self, a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        weights, bias, out = self.params
        za, zb = np.tanh(a @ weights + bias), np.tanh(b @ weights + bias)
        return za @ out - zb @ out, za, zb

    def step(self, a: np.ndarray, b: np.ndarray, wanted: np.ndarray, rate: float, decay: float) -> None:
        """One step of Adam down the mean squared error of these rows' residual against ``wanted``."""
        weights, _bias, out = self.params
        residual, za, zb = self.residual(a, b)
        g = 2.0 * (residual - wanted) / len(wanted)
        da, db = np.outer(g, out) * (1.0 - za**2), -np.outer(g, out) * (1.0 - zb**2)
        grads = [a.T @ da + b.T @ db + decay * weights, da.sum(0) + db.sum(0), za.T @ g - zb.T @ g + decay * out]
        self.steps += 1
        for param, grad, (m, v) in zip(self.params, grads, self.moments):
            m *= 0.9
            m += 0.1 * grad
            v *= 0.999
            v += 0.001 * grad * grad
            param -= rate * (m / (1 - 0.9**self.steps)) / (np.sqrt(v / (1 - 0.999**self.steps)) + 1e-8)


def fit(
    found: Positions, iterations: int = 8, hidden: int = 32, epochs: int = 3, seed: int = 0, rate: float = 0.003
) -> dict[str, Any]:
    """The network by ``iterations`` rounds of temporal differences (see the module), with
    the mean squared error of the predicted final margin before and after."""
    mover, other = np.array(found.mover), np.array(found.other)
    t = np.array(found.stage)[:, None]
    scale = np.maximum(np.vstack([mover, other]).std(axis=0), 1e-6) * 3  # inputs of about ±1
    a = np.hstack([mover / scale, other / scale, t])
    b = np.hstack([other / scale, mover / scale, t])
    base = mover[:, :SUMMED].sum(axis=1) - other[:, :SUMMED].sum(axis=1)  # potential's advantage
    margin = np.array(found.margin)
    after = np.array(found.after)
    has_next = after >= 0
    rng = np.random.default_rng(seed)
    network = _Network(a.shape[1], hidden, rng)
    for _ in range(iterations):
        value = base + network.residual(a, b)[0]
        target = np.where(has_next, value[np.where(has_next, after, 0)], margin)
        for _ in range(epochs):
            order = rng.permutation(len(base))
            for start in range(0, len(order), 512):
                rows = order[start : start + 512]
                network.step(a[rows], b[rows], target[rows] - base[rows], rate, 1e-4)
    predicted = base + network.residual(a, b)[0]
    weights, bias, out = network.params
    count = len(PARTS)
    return {
        "parts": list(PARTS),
        "network": {
            "me": _rounded(weights[:count] / scale[:, None]),
            "other": _rounded(weights[count : 2 * count] / scale[:, None]),
            "stage": _rounded(weights[2 * count]),
            "bias": _rounded(bias),
            "out": _rounded(out),
        },
        "players": 2,
        "trained": {
            "games": found.games,
            "records": sorted(found.folders),
            "positions": len(found.mover),
            "iterations": iterations,
            "hidden": hidden,
            "epochs": epochs,
            "seed": seed,
            "mse_potential": round(float(np.mean((margin - base) ** 2)), 1),
            "mse_learned": round(float(np.mean((margin - predicted) ** 2)), 1),
        },
    }


def _rounded(array: np.ndarray) -> list[Any]:
    rounded: list[Any] = np.round(array, 6).tolist()
    return rounded


def write(learned_fit: dict[str, Any], path: Path | None = None) -> None:
    """Store a fit where :data:`~carcassonne.bots.evaluate.LEARNED` loads it from (or at ``path``)."""
    (path or LEARNED_PATH).write_text(json.dumps(learned_fit) + "\n", encoding="utf-8")


def check(games: int = 120, seed: int = 0, records: Path | None = None) -> dict[str, Any]:
    """The one-move players (the move with the best value) of the learned value against
    those of ``potential``, each deal twice with the sides swapped: the share of the
    points (draws half) and the mean margin of the learned side (``records``: each
    game's record is written there)."""
    rng = random.Random(seed)
    points, margin, deal = 0.0, 0, 0
    for index in range(games):
        if index % 2 == 0:
            deal = rng.randrange(2**32)
        learned_seat = index % 2
        judges = [potential_after, potential_after]
        judges[learned_seat] = learned_after
        bots = [GreedyBot(rng.randrange(2**32), judge=judge) for judge in judges]
        names = ["potential", "potential"]
        names[learned_seat] = "learned"
        game = play_game(bots, names, seed=deal)
        assert game.outcome is not None  # play_game plays to the end
        if records is not None:
            records.mkdir(parents=True, exist_ok=True)
            (records / f"game-{index + 1:03d}.json").write_text(json.dumps(game.record(), indent=1) + "\n")
        winners = game.outcome.winners
        points += sum(1.0 / len(winners) for s in winners if s == learned_seat)
        margin += game.scores[learned_seat] - game.scores[1 - learned_seat]
    return {"games": games, "seed": seed, "share": round(points / games, 3), "margin": round(margin / games, 2)}
