"""Does the analysis rank players as a strong player would? (``python -m carcassonne.bots calibrate``)

The five levels (the ``random`` bot and the four named levels) play the same games
together, one seat each (five-player games, seats rotating from game to game); then
:func:`~carcassonne.bots.analysis.analyse` judges every decision of every game, and the table
gives each level's mean expected points lost per decision. An analysis a strong player
trusts ranks them random > beginner > casual > strong > expert (``in_order``).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from .analysis import analyse
from .duel import play_game
from .ladder import bot_for
from .levels import RandomBot

RANKED = ("random", "beginner", "casual", "strong", "expert")
"""The levels, from the one that should lose the most points a decision to the one that should lose the least."""


def _bot(name: str, seed: int, playouts: int | None) -> Any:
    bot = RandomBot(seed) if name == "random" else bot_for(name, seed)
    if playouts is not None and hasattr(bot, "playouts"):
        bot.playouts = playouts  # a reproducible budget instead of the clock
    return bot


def calibrate(
    games: int = 20, seconds: float = 0.3, seed: int = 0, playouts: int | None = None, records: Path | None = None
) -> dict[str, Any]:
    """Play ``games`` five-player games of the :data:`RANKED` levels and analyse them with
    ``seconds`` of CPU a decision (or ``playouts``, for the players' searches too:
    reproducible); each level's decisions judged and mean points lost."""
    rng = random.Random(seed)
    losses: dict[str, list[float]] = {name: [] for name in RANKED}
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    for index in range(games):
        shift = index % len(RANKED)
        seats = RANKED[shift:] + RANKED[:shift]
        bots = [_bot(name, rng.randrange(2**32), playouts) for name in seats]
        game = play_game(bots, list(seats), seed=rng.randrange(2**32))
        record = game.record()
        if records is not None:
            path = records / f"game-{index + 1:03d}.json"
            path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        for move in analyse(record, seconds=seconds, playouts=playouts, seed=index).moves:
            losses[seats[move.seat]].append(move.loss)
    table = [
        {"level": name, "decisions": len(lost), "mean_loss": round(sum(lost) / len(lost), 2) if lost else None}
        for name, lost in losses.items()
    ]
    means = [float(row["mean_loss"]) for row in table if row["mean_loss"] is not None]
    in_order = len(means) == len(table) and all(a > b for a, b in zip(means, means[1:]))
    return {
        "games": games,
        "seconds": seconds,
        "playouts": playouts,
        "seed": seed,
        "table": table,
        "in_order": in_order,
    }
