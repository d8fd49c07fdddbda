"""The engine benchmark: ``python -m carcassonne bench [--json]``.

- ``random_games_per_s``: complete random 2-player base games per second on one core
  (every turn enumerates all legal placements and the legal spots of the chosen one,
  and each game ends with the final scoring);
- ``replay_ms``: median milliseconds to replay one complete record with every check.

``--rules JSON`` measures games of that rule set instead of the base game.
"""

from __future__ import annotations

import statistics
import time
import tracemalloc
from typing import Any

from .autoplay import random_game
from .record import replay
from .rules import Rules


def run(games: int = 200, replays: int = 200, rules: Rules | None = None) -> dict[str, Any]:
    random_game(seed=0, rules=rules)  # warm the orientation caches
    started = time.perf_counter()
    for seed in range(1, games + 1):
        random_game(seed=seed, rules=rules)
    elapsed = time.perf_counter() - started
    records = [random_game(seed=10_000 + i, rules=rules).record() for i in range(20)]
    times = []
    for i in range(replays):
        record = records[i % len(records)]
        t0 = time.perf_counter()
        replay(record)
        times.append((time.perf_counter() - t0) * 1000)
    tracemalloc.start()
    game = random_game(seed=99, rules=rules)
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "random_games_per_s": round(games / elapsed, 1),
        "replay_ms": round(statistics.median(times), 3),
        "replay_p95_ms": round(sorted(times)[int(0.95 * len(times)) - 1], 3),
        "turns_per_game": len(game.history),
        "peak_kib_per_game": round(peak / 1024, 1),
        "rules": (rules or Rules()).to_json(),
        "games": games,
        "replays": replays,
    }
