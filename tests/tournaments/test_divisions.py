"""Promotion and relegation between divisions."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments import creation, registration, rounds
from tournaments.divisions import next_divisions
from tournaments.models import Tournament

from .conftest import play_round


def test_next_divisions():
    table = [["a1", "a2", "a3", "a4"], ["b1", "b2", "b3", "b4"], ["c1", "c2", "c3", "c4"]]
    new = next_divisions(table, promote=[0, 1, 1], relegate=[1, 1, 0])
    assert new == [["a1", "a2", "a3", "b1"], ["b2", "b3", "a4", "c1"], ["c2", "c3", "c4", "b4"]]


@given(sizes=st.lists(st.integers(4, 10), min_size=1, max_size=5), k=st.integers(0, 2))
def test_next_divisions_keeps_everyone_and_sizes(sizes, k):
    table = [[f"{d}-{i}" for i in range(n)] for d, n in enumerate(sizes)]
    promote = [0] + [k] * (len(sizes) - 1)
    relegate = [k] * (len(sizes) - 1) + [0]
    new = next_divisions(table, promote, relegate)
    assert sorted(p for d in new for p in d) == sorted(p for d in table for p in d)
    assert [len(d) for d in new] == sizes  # equal exchanges keep the sizes


@pytest.mark.django_db
def test_next_season(director, players):
    top, bottom = players(4, "a"), players(4, "b")
    divisions = []
    for number, users in ((1, top), (2, bottom)):
        t = creation.create_tournament(
            director,
            name=f"D{number}",
            format="round_robin",
            league="Club",
            season=1,
            division=number,
            promote=1 if number == 2 else 0,
            relegate=1 if number == 1 else 0,
        )
        for i, u in enumerate(users):
            registration.register(t, u, rating=2000 - i)
        rounds.start(t, director)
        divisions.append(t)
    for t in divisions:
        for _ in range(3):
            play_round(t)
        t.refresh_from_db()
        assert t.status == Tournament.Status.FINISHED
    new = creation.next_season("Club", director)
    assert [t.season for t in new] == [2, 2]
    first = {e.user_id for e in new[0].entries.all()}
    second = {e.user_id for e in new[1].entries.all()}
    winner_of_2 = divisions[1].standings_cache[0]["user_id"]
    last_of_1 = divisions[0].standings_cache[-1]["user_id"]
    assert winner_of_2 in first and last_of_1 in second
    assert len(first) == len(second) == 4
