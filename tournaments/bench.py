"""Benchmarks: ``python -m tournaments.bench [--players 1000] [--rounds 6]``.

Pairs a simulated Swiss event round by round (random results) and times each
pairing and the standings computation. The standings *page* of a 1000-player
event (database and template included) is timed by ``manage.py tournament_bench``,
which also runs these.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Hashable

from tournaments.pairing import Player, pair_round
from tournaments.standings import Result, compute

CHAIN = ["buchholz", "buchholz_cut1", "sonneborn_berger", "head_to_head", "score_difference", "game_points"]


def simulate(players: int = 1000, rounds: int = 6, seed: int = 1):
    """Yield (round, pairing seconds, standings seconds, rematches) for a simulated event."""
    rng = random.Random(seed)
    ids = list(range(players))
    results: list[Result] = []
    byes: list[Hashable] = []
    opp: dict[Hashable, set[Hashable]] = {i: set() for i in ids}
    starts: dict[Hashable, int] = {i: 0 for i in ids}  # games as the first player
    seconds: dict[Hashable, int] = {i: 0 for i in ids}  # as the second
    last_started: dict[Hashable, bool | None] = {i: None for i in ids}
    for r in range(1, rounds + 1):
        t0 = time.perf_counter()
        rows = compute(ids, results, byes, CHAIN)
        t1 = time.perf_counter()
        ranked = [
            Player(
                row.player,
                row.points,
                frozenset(opp[row.player]),
                byes.count(row.player),
                starts[row.player],
                seconds[row.player],
                last_started[row.player],
            )
            for row in rows
        ]
        t2 = time.perf_counter()
        pairing = pair_round(ranked)
        t3 = time.perf_counter()
        if pairing.bye is not None:
            byes.append(pairing.bye)
        for a, b in pairing.pairs:
            opp[a].add(b)
            opp[b].add(a)
            starts[a] += 1
            seconds[b] += 1
            last_started[a], last_started[b] = True, False
            sa, sb = rng.randint(40, 120), rng.randint(40, 120)
            results.append(Result((a, b), (sa, sb), round=r))
        yield r, t3 - t2, t1 - t0, pairing.rematches
    t0 = time.perf_counter()
    compute(ids, results, byes, CHAIN)
    yield rounds + 1, None, time.perf_counter() - t0, 0


def run(players: int = 1000, rounds: int = 6, out=print) -> dict:
    worst_pair = worst_standings = 0.0
    for r, pair_s, standings_s, rematches in simulate(players, rounds):
        if pair_s is None:
            out(f"final standings: {standings_s * 1000:.1f} ms")
        else:
            out(
                f"round {r}: pairing {pair_s * 1000:.0f} ms, standings before it {standings_s * 1000:.1f} ms, "
                f"rematches {rematches}"
            )
            worst_pair = max(worst_pair, pair_s)
        worst_standings = max(worst_standings, standings_s)
    out(
        f"{players} players: slowest pairing {worst_pair * 1000:.0f} ms (target < 1000 ms), "
        f"slowest standings computation {worst_standings * 1000:.1f} ms"
    )
    return {"pairing_s": worst_pair, "standings_s": worst_standings}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args(argv)
    run(args.players, args.rounds)


if __name__ == "__main__":
    main()
