"""Round-robin schedules: Berger tables for 2-player games, and tables of 3-5
players that spread opponents as evenly as possible. No Django here.

A schedule is a list of rounds; a round is a list of tables; a table is a tuple of
player ids in seat order (the first sits first). A player missing from a round has
the bye (odd numbers of 2-player games only).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from itertools import combinations

Table = tuple
Round = list
Schedule = list


def berger(players: Sequence[Hashable], double: bool = False) -> Schedule:
    """Berger tables: n-1 rounds (n even; an odd field adds a bye), every pair exactly
    once; with ``double`` a second cycle with the seats swapped."""
    players = list(players)
    if len(set(players)) != len(players):
        raise ValueError("players must be distinct")
    if len(players) < 2:
        return []
    bye = object()
    field = players + ([bye] if len(players) % 2 else [])
    n = len(field)
    rounds: Schedule = []
    # Berger's tables: round r pairs r+i with r-i (mod n-1), i = 1..n/2-1, the first
    # of them starting; player r meets the fixed last player, who starts in odd rounds.
    # Everyone starts n/2 - 1 or n/2 times.
    m = n - 1
    for r in range(m):
        tables = [(field[-1], field[r]) if r % 2 else (field[r], field[-1])]
        for i in range(1, n // 2):
            tables.append((field[(r + i) % m], field[(r - i) % m]))
        rounds.append([t for t in tables if bye not in t])
    if double:
        rounds += [[(b, a) for a, b in rnd] for rnd in rounds]
    return rounds


def table_sizes(n: int, size: int) -> list[int]:
    """Split ``n`` players into tables of 3 to 5 (6 when ``size`` is 6: Inns & Cathedrals),
    as close to ``size`` as possible."""
    largest = max(5, size)
    if n < 2:
        return []
    if n <= largest:
        return [n]
    if not 3 <= size <= 6:
        raise ValueError("table size must be 3, 4, 5 or 6")
    best = None
    for tables in range(max(1, -(-n // largest)), n // 3 + 1):
        base, extra = divmod(n, tables)
        sizes = [base + 1] * extra + [base] * (tables - extra)
        if min(sizes) < 3 or max(sizes) > largest:
            continue
        cost = sum(abs(s - size) for s in sizes)
        if best is None or cost < best[0]:
            best = (cost, sizes)
    assert best is not None, "more than 5 players always split into tables of 3 to 5"
    return best[1]


def table_round(
    players: Sequence[Hashable], size: int, met: dict, rng: random.Random, tries: int = 12, cover: bool = True
) -> Round:
    """One round of tables minimising repeated meetings (sum of squared meeting counts):
    a greedy start, then improving swaps between tables."""
    players = list(players)
    sizes = table_sizes(len(players), size)

    # Meeting again costs more the more often it happened; a first meeting is a gain,
    # larger for players who still have many opponents to meet (they are the hard ones).
    remaining = {p: len(players) - 1 for p in players}
    for pair in met:
        for p in pair:
            if p in remaining:
                remaining[p] -= 1
    cache: dict = {}
    bonus = len(players) ** 2

    def pair_cost(a, b):
        key = (a, b)
        if key not in cache:
            m = met.get(frozenset(key), 0)
            cache[key] = cache[(b, a)] = len(players) * m * m if m else -(bonus + remaining[a] + remaining[b])
        return cache[key]

    best = None
    for _ in range(tries):
        pool = players[:]
        rng.shuffle(pool)
        # Greedy: fill each table with whoever has met its members least.
        tables = []
        for s in sizes:
            table = [pool.pop(0)]
            while len(table) < s:
                j = min(range(len(pool)), key=lambda k: sum(pair_cost(pool[k], x) for x in table))
                table.append(pool.pop(j))
            tables.append(table)
        # Local search: swap two players of different tables while that helps.
        improved = True
        while improved:
            improved = False
            for ti, tj in combinations(range(len(tables)), 2):
                A, B = tables[ti], tables[tj]
                for ia in range(len(A)):
                    for ib in range(len(B)):
                        a, b = A[ia], B[ib]
                        before = sum(pair_cost(a, x) for x in A if x != a) + sum(pair_cost(b, y) for y in B if y != b)
                        after = sum(pair_cost(b, x) for x in A if x != a) + sum(pair_cost(a, y) for y in B if y != b)
                        if after < before:
                            A[ia], B[ib] = b, a
                            improved = True
        cost = sum(pair_cost(a, b) for t in tables for a, b in combinations(t, 2))
        if best is None or cost < best[0]:
            best = (cost, tables)
    assert best is not None, "tries >= 1"
    return [tuple(t) for t in best[1]]


def table_schedule(
    players: Sequence[Hashable], size: int, rounds: int | None = None, seed: int = 0, max_rounds: int = 200
) -> Schedule:
    """Tables of 3-5 players. With ``rounds=None``, as many rounds as it takes for every
    pair to meet at least once (a round-robin in tables); otherwise exactly ``rounds``.
    Seats rotate so that everyone sits first about equally often."""
    players = list(players)
    if len(set(players)) != len(players):
        raise ValueError("players must be distinct")
    if len(players) < 2:
        return []
    rng = random.Random(seed)
    met: dict = {}
    firsts: dict = {p: 0 for p in players}
    all_pairs = len(players) * (len(players) - 1) // 2
    schedule: Schedule = []
    while True:
        if rounds is not None and len(schedule) >= rounds:
            break
        if rounds is None and (len(met) >= all_pairs or len(schedule) >= max_rounds):
            break
        tables = table_round(players, size, met, rng, cover=rounds is None)
        seated = []
        for table in tables:
            for pair in combinations(table, 2):
                key = frozenset(pair)
                met[key] = met.get(key, 0) + 1
            # Whoever has sat first least often sits first; then around the table.
            table = sorted(table, key=lambda p: (firsts[p], players.index(p)))
            firsts[table[0]] += 1
            seated.append(tuple(table))
        schedule.append(seated)
    return schedule


def meetings(schedule: Schedule) -> dict:
    """How many times each pair (a frozenset) meets in ``schedule``."""
    met: dict = {}
    for rnd in schedule:
        for table in rnd:
            for pair in combinations(table, 2):
                key = frozenset(pair)
                met[key] = met.get(key, 0) + 1
    return met
