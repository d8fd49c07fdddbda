"""A player's head to head is read from their opponent rows (``OpponentResult``), written with
the seats' results: whatever records, records again, renames or deletes a result, it must say
what a join of the player's seats with each game's other seats says."""

import pytest
from django.db import connection

from accounts.deletion import delete_account
from archive.generate import bulk_store, store_game
from archive.models import OpponentResult
from archive.profiles import _head_to_head, head_to_head
from archive.results import record_game
from games.models import Game, Seat
from tests.conftest import covered

from .conftest import day, template

pytestmark = pytest.mark.django_db

# the definition: the player's seats joined with each of their games' other seats
_SEATS_SAY = """
SELECT o.user_id, MAX(o.username), COUNT(*),
       SUM(CASE WHEN m.rank < o.rank THEN 1 ELSE 0 END),
       SUM(CASE WHEN m.rank > o.rank THEN 1 ELSE 0 END),
       SUM(CASE WHEN m.rank = o.rank THEN 1 ELSE 0 END)
FROM archive_seatresult m
JOIN archive_seatresult o ON o.result_id = m.result_id AND o.position <> m.position
WHERE m.user_id = %s{hidden}
GROUP BY o.user_id
"""


def seats_say(user, hidden=()) -> list[tuple]:
    sql = _SEATS_SAY.format(hidden=f" AND m.result_id NOT IN ({', '.join(['%s'] * len(hidden))})" if hidden else "")
    with connection.cursor() as cursor:
        cursor.execute(sql, [user.pk, *hidden])
        return sorted(((uid, name, n, int(a), int(b), int(c)) for uid, name, n, a, b, c in cursor.fetchall()), key=repr)


def rows_say(user, hidden=()) -> list[tuple]:
    return sorted(
        (
            (r["user_id"], r["username"], r["games"], r["ahead"], r["behind"], r["level"])
            for r in _head_to_head(user, list(hidden))
        ),
        key=repr,
    )


def assert_rows_are_the_seats(users, hidden=()):
    for user in users:
        expected = seats_say(user, hidden)
        assert rows_say(user, hidden) == expected, user.username


def test_the_head_to_head_says_what_the_seats_say_after_results_are_recorded_again_renamed_and_deleted(players):
    ann, bob, cid, dee = (players[k] for k in ("ann", "bob", "cid", "dee"))
    everyone = [ann, bob, cid, dee]
    seatings = [[ann, bob], [bob, ann, cid], [cid, ann], [ann, dee, bob], [dee, cid], [bob, ann, cid, dee]]
    games = [store_game(template(60 + i, len(s)), s, day(i), f"game {i}") for i, s in enumerate(seatings)]
    assert_rows_are_the_seats(everyone)
    assert {r["username"] for r in head_to_head(ann, bob)} == {"bob", "cid", "dee"}

    bulk_store([(template(70 + i, len(s)), s, day(10 + i)) for i, s in enumerate(seatings[:3])])  # the generator
    assert_rows_are_the_seats(everyone)

    record_game(games[1])  # recorded again (rebuild_results): counted once
    record_game(games[5])
    assert_rows_are_the_seats(everyone)
    assert OpponentResult.objects.filter(result_id=games[5].pk).count() == 4 * 3

    delete_account(bob)  # his seats name the neutral name: so do his opponents' rows
    assert_rows_are_the_seats(everyone)
    assert {r["username"] for r in _head_to_head(ann, [])} == {f"deleted player {bob.pk}", "cid", "dee"}

    Game.objects.filter(pk=games[0].pk).delete()  # a game deleted with its result
    Seat.objects.filter(game=games[2], position=0).update(user=None, bot="expert")  # a bot's seat: no one's
    record_game(games[2])
    assert_rows_are_the_seats(everyone)
    assert None in {r["user_id"] for r in _head_to_head(ann, [])}

    # a viewer who may not see some of the player's games: counted without them
    assert_rows_are_the_seats([ann, cid], hidden=[games[2].pk, games[3].pk])


def test_a_players_head_to_head_reads_only_columns_its_covering_index_holds(players):
    """At 100,000 games a busy player's 3,500 opponent rows lie on as many table pages: the head
    to head must read the covering index alone (``archive_or_user``), so every column its query
    names is one the index holds. (On the benchmark's database PostgreSQL's plan is an index-only
    scan with no heap fetch; on a test's few rows the planner picks anything.)"""
    from archive.profiles import _H2H_SQL

    assert covered(_H2H_SQL, OpponentResult, "archive_or_user") == set()
    assert covered(_H2H_SQL + " AND id > 0", OpponentResult, "archive_or_user") == {"id"}  # the check can fail
