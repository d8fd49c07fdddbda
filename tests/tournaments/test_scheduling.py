"""Property tests of the round-robin schedules (tournaments.scheduling: no Django)."""

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.scheduling import berger, meetings, table_schedule, table_sizes


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 24), double=st.booleans())
def test_berger_every_pair_once_per_cycle(n, double):
    players = [f"p{i}" for i in range(n)]
    schedule = berger(players, double=double)
    cycle = n - 1 if n % 2 == 0 else n
    assert len(schedule) == cycle * (2 if double else 1)
    for rnd in schedule:
        seated = [p for table in rnd for p in table]
        assert len(seated) == len(set(seated))  # at most once per round
        assert len(seated) == n - (n % 2)  # one bye in an odd field
    for c in range(2 if double else 1):
        met = meetings(schedule[c * cycle : (c + 1) * cycle])
        assert set(met) == {frozenset(p) for p in combinations(players, 2)}
        assert set(met.values()) == {1}
    # Who starts is balanced: n/2 - 1 or n/2 starts per cycle (an odd field: (n-1)/2).
    starts = Counter(t[0] for rnd in schedule[:cycle] for t in rnd)
    for p in players:
        assert abs(starts[p] - (n - 1) / 2) <= 1
    if double:  # the second cycle swaps seats
        assert [[(b, a) for a, b in rnd] for rnd in schedule[:cycle]] == schedule[cycle:]


@given(n=st.integers(3, 60), size=st.integers(3, 5))
def test_table_sizes(n, size):
    sizes = table_sizes(n, size)
    assert sum(sizes) == n
    assert all(3 <= s <= 5 for s in sizes)
    assert max(sizes) - min(sizes) <= 1


@settings(max_examples=25, deadline=None)
@given(n=st.integers(3, 16), size=st.integers(3, 5), seed=st.integers(0, 1000))
def test_table_round_robin_covers_every_pair(n, size, seed):
    players = list(range(n))
    schedule = table_schedule(players, size, seed=seed)
    for rnd in schedule:
        seated = [p for table in rnd for p in table]
        assert sorted(seated) == players  # everyone exactly once a round
        assert all(3 <= len(t) <= 5 or len(t) == n for t in rnd)
    met = meetings(schedule)
    assert len(met) == n * (n - 1) // 2  # every pair has met
    # Spread evenly: with a lower bound of ceil((n-1)/(size-1)) rounds, not far above it.
    lower = -(-(n - 1) // (max(len(t) for t in schedule[0]) - 1))
    assert len(schedule) <= 2 * lower + 2


@settings(max_examples=15, deadline=None)
@given(n=st.integers(9, 20), seed=st.integers(0, 1000))
def test_fixed_rounds_spread_opponents(n, seed):
    schedule = table_schedule(list(range(n)), 4, rounds=3, seed=seed)
    assert len(schedule) == 3
    met = meetings(schedule)
    # Few repeats: the distinct pairs are nearly all the pairs the seats allow.
    slots = sum(len(t) * (len(t) - 1) // 2 for rnd in schedule for t in rnd)
    assert len(met) >= 0.85 * min(slots, n * (n - 1) // 2)
    assert max(met.values()) <= 3
