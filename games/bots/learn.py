"""Learning the value the ``mcts`` level judges by (``python -m games.bots learn``).

Positions come from finished two-player games of the default rules (records, e.g. the
duels under ``games/bots/results/``): after each tile turn, the :func:`~games.bots.evaluate.parts`
of the mover and of the other player, the tiles still to come, and who won by how much.
The value is :func:`~games.bots.evaluate.potential` with each part's weight moved by
``a + b t + c t²`` (``t`` the share of the tiles to come), fitted to the difference of
the two players' values (a ridge regression of the residual, pulled towards
``potential``) by temporal differences: the target of a position is the value of the
same player's next position, as the previous fit judges it (the game's final margin
after its last turn), repeated ``iterations`` times from ``potential``. A fit to the
final margins alone (the outcome of the whole game) plays much worse: it credits a
part with the luck of the draws that usually came after it (its one-move players won
0.31 of 40 games against ``potential``'s); the temporal-difference targets see one
turn's luck at a time, and few iterations keep the fit near ``potential``.

numpy does the fit (a development dependency: the bots judge with the stored
coefficients in pure Python).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.engine import Rules, parse_entry
from games.engine.record import new_game

from .duel import play_game
from .evaluate import LEARNED_PATH, PARTS, SUMMED, TILES_IN_GAME, learned_after, parts, potential_after
from .levels import GreedyBot

__all__ = ["Positions", "check", "fit", "positions"]


@dataclass
class Positions:
    """Positions after tile turns: the mover's parts less the other player's, the share of
    tiles to come, the mover's final margin, and the row of the mover's next position (-1: none)."""

    diffs: list[list[float]] = field(default_factory=list)
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
        found.folders.add(path.parent.as_posix())
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
        turns.append((len(found.diffs), mover))
        found.diffs.append([m - o for m, o in zip(rows[mover], rows[1 - mover])])
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


def fit(found: Positions, iterations: int = 5, ridge: float = 10.0) -> dict[str, Any]:
    """The coefficients by ``iterations`` rounds of temporal differences (see the module),
    with the mean squared error of the predicted final margin before and after."""
    import numpy as np

    diffs = np.array(found.diffs)
    t = np.array(found.stage)[:, None]
    design = np.hstack([diffs, diffs * t, diffs * t * t, np.ones((len(t), 1))])
    base = diffs[:, :SUMMED].sum(axis=1)  # potential's advantage
    margin = np.array(found.margin)
    after = np.array(found.after)
    has_next = after >= 0
    gram = design.T @ design + ridge * np.eye(design.shape[1])
    weights = np.zeros(design.shape[1])
    for _ in range(iterations):
        value = base + design @ weights
        target = np.where(has_next, value[np.where(has_next, after, 0)], margin)
        weights = np.linalg.solve(gram, design.T @ (target - base))
    count = len(PARTS)
    predicted = base + design @ weights
    return {
        "parts": list(PARTS),
        "coefficients": [
            [round(float(weights[i + k * count]), 4) for k in range(3)] for i in range(count)
        ],  # the constant (the mover's edge) is left out: it moves every option alike
        "players": 2,
        "trained": {
            "games": found.games,
            "records": sorted(found.folders),
            "positions": len(found.diffs),
            "iterations": iterations,
            "ridge": ridge,
            "mse_potential": round(float(np.mean((margin - base) ** 2)), 1),
            "mse_learned": round(float(np.mean((margin - predicted) ** 2)), 1),
        },
    }


def write(learned_fit: dict[str, Any], path: Path | None = None) -> None:
    """Store a fit where :data:`~games.bots.evaluate.LEARNED` loads it from (or at ``path``)."""
    (path or LEARNED_PATH).write_text(json.dumps(learned_fit, indent=1) + "\n", encoding="utf-8")


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
