"""Property tests of the Swiss pairing (tournaments.pairing: no Django)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import Player, first_player, pair_round


def _perfect_fresh(ids, opponents):
    """Brute force: can ``ids`` be paired without a rematch?"""
    ids = list(ids)
    if not ids:
        return True
    a, rest = ids[0], ids[1:]
    for i, b in enumerate(rest):
        if b not in opponents[a] and _perfect_fresh(rest[:i] + rest[i + 1 :], opponents):
            return True
    return False


class Sim:
    def __init__(self, n):
        self.ids = list(range(n))
        self.score = {i: 0 for i in self.ids}
        self.opp = {i: set() for i in self.ids}
        self.byes = {i: 0 for i in self.ids}
        self.starts = {i: 0 for i in self.ids}
        self.seconds = {i: 0 for i in self.ids}
        self.last = {i: None for i in self.ids}

    def ranked(self):
        order = sorted(self.ids, key=lambda i: (-self.score[i], i))
        return [
            Player(
                i, self.score[i], frozenset(self.opp[i]), self.byes[i], self.starts[i], self.seconds[i], self.last[i]
            )
            for i in order
        ]

    def play(self, pairing, rng):
        if pairing.bye is not None:
            self.byes[pairing.bye] += 1
            self.score[pairing.bye] += 2
        for a, b in pairing.pairs:
            self.opp[a].add(b)
            self.opp[b].add(a)
            self.starts[a] += 1
            self.seconds[b] += 1
            self.last[a], self.last[b] = True, False
            x = rng.random()
            if x < 0.45:
                self.score[a] += 2
            elif x < 0.9:
                self.score[b] += 2
            else:
                self.score[a] += 1
                self.score[b] += 1


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 11), rounds=st.integers(1, 10), seed=st.integers(0, 10**6))
def test_swiss_properties(n, rounds, seed):
    rng = random.Random(seed)
    sim = Sim(n)
    for _ in range(rounds):
        ranked = sim.ranked()
        by_id = {p.id: p for p in ranked}
        pairing = pair_round(ranked)
        # Everyone exactly once: in one pair or the bye.
        seen = [p for pair in pairing.pairs for p in pair] + ([pairing.bye] if pairing.bye is not None else [])
        assert sorted(seen) == sorted(sim.ids)
        assert (pairing.bye is not None) == (n % 2 == 1)
        # No rematch while one can be avoided (for the bye given, and for any bye).
        rematches = sum(1 for a, b in pairing.pairs if b in sim.opp[a])
        assert rematches == pairing.rematches
        if rematches:
            if n % 2:
                for bye in sim.ids:
                    assert not _perfect_fresh([i for i in sim.ids if i != bye], sim.opp)
            else:
                assert not _perfect_fresh(sim.ids, sim.opp)
        # Byes rotate: the bye goes to someone with the fewest byes, the lowest-ranked
        # such player for whom the others can still be paired without a rematch.
        if pairing.bye is not None and not rematches:
            fewest = min(sim.byes.values())
            candidates = [p.id for p in reversed(ranked) if p.byes == fewest]
            fresh = [c for c in candidates if _perfect_fresh([i for i in sim.ids if i != c], sim.opp)]
            if fresh:
                assert pairing.bye == fresh[0]
        # The starting player is the one who has started less (relative to going second).
        for a, b in pairing.pairs:
            assert by_id[a].balance <= by_id[b].balance
        sim.play(pairing, rng)


@settings(max_examples=10, deadline=None)
@given(n=st.integers(20, 120), seed=st.integers(0, 10**6))
def test_bigger_fields_pair_everyone_without_rematches(n, seed):
    rng = random.Random(seed)
    sim = Sim(n)
    for _ in range(5):
        pairing = pair_round(sim.ranked(), block=16, neighbours=6)
        seen = [p for pair in pairing.pairs for p in pair] + ([pairing.bye] if pairing.bye is not None else [])
        assert sorted(seen) == sim.ids
        assert pairing.rematches == 0
        sim.play(pairing, rng)


def test_score_groups_are_paired_together():
    players = [Player(i, s) for i, s in enumerate([4, 4, 2, 2, 2, 2, 0, 0])]
    pairing = pair_round(players)
    score = {p.id: p.score for p in players}
    assert all(score[a] == score[b] for a, b in pairing.pairs)


def test_odd_group_floats_one_player_down():
    players = [Player(i, s) for i, s in enumerate([4, 4, 4, 2, 2, 2])]
    pairing = pair_round(players)
    score = {p.id: p.score for p in players}
    diffs = sorted(abs(score[a] - score[b]) for a, b in pairing.pairs)
    assert diffs == [0, 0, 2]


def test_rematch_avoided_by_floating():
    # 0 and 1 have met; 0-2, 1-3 is better than a rematch in the top group.
    players = [
        Player(0, 4, frozenset({1})),
        Player(1, 4, frozenset({0})),
        Player(2, 2),
        Player(3, 2),
    ]
    pairing = pair_round(players)
    assert pairing.rematches == 0
    assert {frozenset(p) for p in pairing.pairs} in (
        {frozenset({0, 2}), frozenset({1, 3})},
        {frozenset({0, 3}), frozenset({1, 2})},
    )


def test_bye_to_lowest_without_one():
    players = [Player(0, 4), Player(1, 2), Player(2, 0, byes=1), Player(3, 0), Player(4, 0, byes=1)]
    assert pair_round(players).bye == 3


def test_colour_allocation():
    a = Player("a", starts=2, seconds=1, last_started=True)
    b = Player("b", starts=1, seconds=1, last_started=True)
    assert not first_player(a, b)
    c = Player("c", starts=1, seconds=1, last_started=False)
    assert first_player(c, b)
    assert first_player(Player("x"), Player("y"), 0, 1)


def test_thousand_players_are_paired_without_rematches():
    # (its speed is a benchmark: python -m tournaments.bench --players 1000)
    rng = random.Random(7)
    sim = Sim(1000)
    for _ in range(4):
        sim.play(pair_round(sim.ranked()), rng)
    pairing = pair_round(sim.ranked())
    assert len(pairing.pairs) == 500 and pairing.rematches == 0
