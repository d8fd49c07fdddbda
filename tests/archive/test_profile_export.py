import json
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from archive.generate import store_game
from archive.kept import archive_changed
from archive.models import SeatResult
from carcassonne import replay
from tests.conftest import needs_postgresql

from .conftest import day, template

pytestmark = pytest.mark.django_db


def make_games(players, n):
    ann, bob, cid, dee = (players[k] for k in ("ann", "bob", "cid", "dee"))
    seatings = [[ann, bob], [bob, ann, cid], [cid, ann], [ann, dee, bob], [dee, cid], [bob, ann]]
    return [store_game(template(40 + i, len(seatings[i % 6])), seatings[i % 6], day(i), f"game {i}") for i in range(n)]


def test_profile_stats(member_client, players):
    games = make_games(players, 5)
    ann = players["ann"]
    mine = list(SeatResult.objects.filter(user=ann))
    assert len(mine) == 4  # game 4 is dee v cid
    html = member_client.get("/archive/players/ann/").content.decode()
    wins = sum(1 for s in mine if s.outcome == "win")
    draws = sum(1 for s in mine if s.outcome == "draw")
    assert f'data-stat="wins">{wins}<' in html
    assert f'data-stat="draws">{draws}<' in html
    assert f'data-stat="losses">{len(mine) - wins - draws}<' in html
    avg = round(sum(s.score for s in mine) / len(mine), 1)
    assert f'data-stat="avg_score">{avg}<' in html
    avg_cities = round(sum(s.cities for s in mine) / len(mine), 1)
    assert f'data-stat="avg_cities">{avg_cities}<' in html
    # ann's scores are the engine's
    for game in games:
        seat = game.seats.filter(user=ann).first()
        if seat:
            assert SeatResult.objects.get(result_id=game.pk, user=ann).score == game.scores[seat.position]


def test_head_to_head(players):
    from archive.profiles import head_to_head

    games = make_games(players, 6)
    rows = {r["username"]: r for r in head_to_head(players["ann"], players["dee"])}
    assert set(rows) == {"bob", "cid", "dee"}
    assert rows["bob"]["games"] == 4 and rows["cid"]["games"] == 2 and rows["dee"]["games"] == 1
    ahead = behind = 0
    for game in games:
        seats = {s.user.username: s.position for s in game.seats.select_related("user")}
        if "ann" in seats and "bob" in seats:
            a, b = game.scores[seats["ann"]], game.scores[seats["bob"]]
            ahead += a > b
            behind += a < b
    assert (rows["bob"]["ahead"], rows["bob"]["behind"]) == (ahead, behind)
    assert rows["bob"]["ahead"] + rows["bob"]["behind"] + rows["bob"]["level"] == 4


def test_unknown_player_is_404(member_client, players):
    assert member_client.get("/archive/players/nobody/").status_code == 404


def _count(client, url):
    """Queries of a request with the archive's kept counts and statistics stale (the most)."""
    archive_changed()
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200, url
    if hasattr(response, "streaming_content"):
        b"".join(response.streaming_content)
    return len(ctx.captured_queries)


def test_query_counts_do_not_grow_with_games_or_moves(member_client, players):
    games = make_games(players, 2)
    pages = [
        "/archive/",
        "/archive/?player=ann",
        "/archive/?player=ann&player=bob&farm_scoring=current",
        "/archive/players/ann/",
        "/api/archive/games/?player=ann",
        "/archive/players/ann/games.jsonl",
    ]
    member_client.get("/archive/")  # warm-up: per-session set-up of other apps
    few = {url: _count(member_client, url) for url in pages}
    replay_few = [_count(member_client, f"/archive/games/{games[0].pk}/?move={k}") for k in (0, 3)]
    api_few = _count(member_client, f"/api/archive/games/{games[0].pk}/moves/3/")
    games += make_games(players, 6)[2:]
    many = {url: _count(member_client, url) for url in pages}
    assert many == few
    replay_many = [_count(member_client, f"/archive/games/{games[-1].pk}/?move={k}") for k in (0, 60)]
    assert replay_many == replay_few
    assert _count(member_client, f"/api/archive/games/{games[-1].pk}/moves/60/") == api_few
    # +1: the navigation counts the games waiting for the user; +1: the profile's rating chart
    assert max(few.values()) <= 13 and max(replay_few) <= 8


def test_player_jsonl_export(member_client, players):
    games = make_games(players, 4)
    response = member_client.get("/archive/players/ann/games.jsonl")
    assert response["Content-Disposition"] == 'attachment; filename="ann-games.jsonl"'
    lines = b"".join(response.streaming_content).decode().splitlines()
    expected = [g for g in reversed(games) if g.seats.filter(user=players["ann"]).exists()]
    assert len(lines) == len(expected) == 4
    for line, game in zip(lines, expected):
        record = json.loads(line)
        assert record["meta"]["game"] == game.pk
        assert replay(record).scores == game.scores
    # the list's export link takes the same filters
    response = member_client.get("/archive/export.jsonl?player=ann&player=bob")
    lines = b"".join(response.streaming_content).decode().splitlines()
    assert [json.loads(line)["meta"]["game"] for line in lines] == [games[3].pk, games[1].pk, games[0].pk]


def test_a_profile_counts_a_private_game_only_for_those_who_may_see_it(client, players):
    from games.models import Game

    ann, bob, cid = players["ann"], players["bob"], players["cid"]
    store_game(template(40, 2), [ann, bob], day(1), "open")
    private = store_game(template(41, 2), [ann, bob], day(2), "secret")
    Game.objects.filter(pk=private.pk).update(private=True)

    def profile_as(viewer):
        client.force_login(viewer)
        html = client.get("/archive/players/ann/").content.decode()
        h2h = re.search(r'<a href="/archive/players/bob/">bob</a></th>\s*<td class="num">(\d+)<', html)
        return (
            re.search(r"(\d+) finished games?", html)[1],
            sum(int(n) for n in re.findall(r'data-stat="(?:wins|draws|losses)">(\d+)<', html)),
            h2h[1],
        )

    assert profile_as(cid) == ("1", 1, "1")  # an outsider: the public game alone
    assert profile_as(bob) == ("2", 2, "2")  # the other player of the private game
    assert profile_as(ann) == ("2", 2, "2")  # the player herself


def _tokenless(html: bytes) -> bytes:
    return re.sub(rb"[A-Za-z0-9]{64}", b"", html)  # the CSRF token differs per request


def test_counts_and_statistics_are_kept_until_the_archive_changes(member_client, players):
    """A second look at a list or a profile asks fewer queries (the count, the statistics
    and the head to head kept) and shows the same; a game finished since is counted."""
    make_games(players, 2)
    pages = ["/archive/", "/archive/?player=ann", "/archive/players/ann/"]
    member_client.get("/archive/")  # warm-up: per-session set-up of other apps
    for url in pages:
        cold = _count(member_client, url)  # the archive changed: nothing kept
        with CaptureQueriesContext(connection) as ctx:
            first = member_client.get(url).content
        assert len(ctx.captured_queries) < cold, url
        archive_changed()
        assert _tokenless(member_client.get(url).content) == _tokenless(first), url  # as asked anew
    assert "2 finished games" in first.decode()
    store_game(template(50, 2), [players["ann"], players["cid"]], day(9), "one more")  # finished, recorded
    assert "3 finished games" in member_client.get("/archive/players/ann/").content.decode()
    assert "3 games" in member_client.get("/archive/?player=ann").content.decode()


def test_a_players_statistics_and_count_are_read_from_the_seats_index_without_a_table_page(players):
    """At 100,000 games a player's thousand seats lie on a thousand table pages: the statistics
    and the count of their games read the covering index alone (PostgreSQL's plan says so
    once every scan that reads the table is ruled out: on a few test rows it would pick one)."""
    from archive.profiles import _stats
    from archive.search import _count_games_of

    needs_postgresql("an index-only scan (INCLUDE)")
    make_games(players, 3)
    with CaptureQueriesContext(connection) as ctx:
        _stats(players["ann"], [])
        _count_games_of(players["ann"])
    queries = [q["sql"] for q in ctx.captured_queries]
    assert len(queries) == 3
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("SET LOCAL enable_bitmapscan = off")
        cursor.execute(
            "SET LOCAL enable_indexscan = off"
        )  # an index scan reads the table: only a covering index is left
        for sql in queries[:2]:  # the statistics, the player's seats (the private ones are found from their side)
            cursor.execute("EXPLAIN " + sql)
            plan = "\n".join(row[0] for row in cursor.fetchall())
            assert "Index Only Scan using archive_sr_user_seat" in plan, plan
