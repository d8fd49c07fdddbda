"""Tests of the standings (tournaments.standings: no Django)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.standings import Result, compute, table_points


def test_two_player_points():
    assert table_points(Result(("a", "b"), (30, 20))) == [2, 0]
    assert table_points(Result(("a", "b"), (20, 20))) == [1, 1]
    assert table_points(Result(("a", "b"), None, frozenset({"a"}))) == [0, 2]


def test_table_points_by_place_ties_split():
    assert table_points(Result(("a", "b", "c"), (10, 30, 20))) == [0, 2, 1]
    pts = table_points(Result(("a", "b", "c", "d"), (50, 50, 10, 0)))
    assert pts[0] == pts[1] == pytest.approx((2 + 4 / 3) / 2)
    assert pts[2:] == [pytest.approx(2 / 3), 0]


@settings(max_examples=50, deadline=None)
@given(scores=st.lists(st.integers(0, 5), min_size=2, max_size=5))
def test_table_points_sum_and_order(scores):
    players = tuple(range(len(scores)))
    pts = table_points(Result(players, tuple(scores)))
    assert sum(pts) == pytest.approx(len(scores))  # k(k-1)/2 pairs x 2 points / (k-1)
    for i in players:
        for j in players:
            if scores[i] > scores[j]:
                assert pts[i] > pts[j]
            if scores[i] == scores[j]:
                assert pts[i] == pytest.approx(pts[j])


def test_tiebreak_chain():
    # a beats b, b beats c, c beats a: all on 2 points; then game points decide.
    results = [
        Result(("a", "b"), (30, 10)),
        Result(("b", "c"), (25, 20)),
        Result(("c", "a"), (40, 35)),
    ]
    rows = compute(["a", "b", "c"], results, tiebreaks=["buchholz", "game_points"])
    assert [r.points for r in rows] == [2, 2, 2]
    assert [r.player for r in rows] == ["a", "c", "b"]  # Buchholz ties, game points 65, 60, 35
    assert {r.player: r.tiebreaks["game_points"] for r in rows} == {"a": 65, "b": 35, "c": 60}


def test_ranks_and_head_to_head():
    results = [
        Result(("a", "b"), (30, 10)),  # a beats b
        Result(("b", "c"), (30, 10)),
        Result(("a", "c"), (10, 30)),
        Result(("d", "c"), (10, 30)),
        Result(("b", "d"), (30, 10)),
        Result(("a", "d"), (30, 10)),
    ]
    rows = compute(["a", "b", "c", "d"], results, tiebreaks=["head_to_head"])
    # a, b, c: 4 points each; d: 0. Among a, b, c head-to-head is 2 each: shared rank.
    assert [r.rank for r in rows] == [1, 1, 1, 4]
    assert rows[-1].player == "d"
    rows = compute(["a", "b", "c", "d"], results[:5] + [Result(("a", "d"), (10, 30))], tiebreaks=["head_to_head"])
    top = [r for r in rows if r.points == 4]
    assert [r.player for r in top] == ["b", "c"]  # b beat c


def test_buchholz_cut1_sb_and_score_difference():
    results = [Result(("a", "b"), (30, 10)), Result(("a", "c"), (20, 20)), Result(("b", "c"), (15, 5))]
    rows = {
        r.player: r
        for r in compute(
            ["a", "b", "c"], results, tiebreaks=["buchholz", "buchholz_cut1", "sonneborn_berger", "score_difference"]
        )
    }
    # points: a 3, b 2, c 1
    assert rows["a"].tiebreaks["buchholz"] == 3
    assert rows["a"].tiebreaks["buchholz_cut1"] == 2
    assert rows["a"].tiebreaks["sonneborn_berger"] == 2 + 0.5
    assert rows["a"].tiebreaks["score_difference"] == 20
    assert rows["c"].tiebreaks["score_difference"] == -10


def test_unknown_tiebreak():
    with pytest.raises(ValueError):
        compute(["a"], [], tiebreaks=["coin"])


@settings(max_examples=30, deadline=None)
@given(n=st.integers(2, 20), games=st.integers(0, 40), seed=st.integers(0, 10**6))
def test_standings_are_ordered_and_ranked(n, games, seed):
    rng = random.Random(seed)
    players = list(range(n))
    results = []
    for _ in range(games):
        k = rng.randint(2, min(5, n))
        table = tuple(rng.sample(players, k))
        results.append(Result(table, tuple(rng.randint(0, 5) for _ in table)))
    chain = ["buchholz", "head_to_head", "sonneborn_berger", "game_points"]
    rows = compute(players, results, byes=[0], tiebreaks=chain)
    assert sorted(r.player for r in rows) == players
    assert sum(r.points for r in rows) == pytest.approx(sum(len(r.players) for r in results) + 2)
    for prev, row in zip(rows, rows[1:]):
        assert prev.points >= row.points - 1e-9
        assert prev.rank <= row.rank
        if prev.rank == row.rank:
            assert prev.points == pytest.approx(row.points)
    assert rows[0].rank == 1


def test_knockout_standings_count_matches_not_byes_and_rank_by_round_then_points():
    from tournaments.bracket import build
    from tournaments.standings import knockout

    # five seeds: a, b and c have byes; d beats e, then a beats d, c beats b; a wins the final
    b = build("abcde", {(0, 1): "d", (1, 0): "a", (1, 1): "c", (2, 0): "a"})
    rows = knockout(list("abcde"), b, {"a": 50, "b": 40, "c": 30, "d": 45, "e": 10})
    # d and b both lost a semi-final: d scored more
    assert [(r.player, r.rank, r.reached) for r in rows] == [
        ("a", 1, 3),
        ("c", 2, 2),
        ("d", 3, 1),
        ("b", 4, 1),
        ("e", 5, 0),
    ]
    a, d = rows[0], rows[2]
    assert (a.played, a.wins, a.byes, a.points) == (2, 2, 1, 4.0)
    assert (d.played, d.wins, d.losses, d.byes) == (2, 1, 1, 0)
