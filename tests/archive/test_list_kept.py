"""A list page of finished games is kept between requests (archive.search.search_page) until
the archive changes: a second reader is served from the cache, and whatever changes what the
page shows (a game finished, a tournament renamed) shows on the next request."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from archive.generate import store_game
from tournaments.models import Tournament

from .conftest import day, template

pytestmark = pytest.mark.django_db


def _stored(players, n):
    ann, bob = players["ann"], players["bob"]
    return [store_game(template(20 + i, 2), [ann, bob], day(i), f"game {i}") for i in range(n)]


def _archive_queries(client, url):
    """The page and the SQL queries its request made that read the archive's tables."""
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200
    return response.content.decode(), [q["sql"] for q in ctx.captured_queries if '"archive_' in q["sql"]]


def test_a_list_page_seen_again_reads_no_game_from_the_database(member_client, players):
    _stored(players, 3)
    first, cold = _archive_queries(member_client, "/archive/?player=bob")
    second, warm = _archive_queries(member_client, "/archive/?player=bob")
    assert second.count('<th scope="row">') == first.count('<th scope="row">') == 3
    assert len(cold) >= 3 and warm == []  # count, page and seats read once
    assert "3 games" in second


def test_a_game_finished_after_the_page_was_kept_is_listed_at_once(member_client, players):
    _stored(players, 2)
    assert "2 games" in member_client.get("/archive/").content.decode()
    store_game(template(30, 2), [players["ann"], players["bob"]], day(40), "the newest")
    page = member_client.get("/archive/").content.decode()
    assert "3 games" in page and "the newest" in page


def test_the_kept_page_pages_as_the_database_does(member_client, players):
    _stored(players, 26)  # a page holds 25
    for _ in range(2):  # read, then kept
        page = member_client.get("/archive/?page=2").content.decode()
        assert "Page 2 of 2" in page and page.count('<th scope="row">') == 1
        assert 'href="?"' in page and "page=3" not in page  # back to the first page, none after
        junk = member_client.get("/archive/?page=abc").content.decode()
        assert "Page 1 of 2" in junk and junk.count('<th scope="row">') == 25 and "page=2" in junk


def test_an_empty_kept_search_still_says_no_games(member_client, players):
    _stored(players, 1)
    for _ in range(2):
        page = member_client.get("/archive/?player=cid").content.decode()
        assert "No games" in page and '<th scope="row">' not in page


def test_a_tournament_renamed_while_it_runs_shows_its_new_name_in_the_list(member_client, players):
    tournament = Tournament.objects.create(name="Spring cup", director=players["ann"])
    games = _stored(players, 1)
    from archive.models import GameResult

    GameResult.objects.filter(game=games[0]).update(tournament_id=tournament.pk, round=1)
    from archive.kept import archive_changed

    archive_changed()  # the copy of the tournament onto the result, as archive.results does
    assert "Spring cup" in member_client.get("/archive/").content.decode()
    tournament.save()  # saved, not renamed (a round begins): the kept page stays
    assert _archive_queries(member_client, "/archive/")[1] == []
    tournament.name = "Summer cup"
    tournament.save()
    page = member_client.get("/archive/").content.decode()
    assert "Summer cup" in page and "Spring cup" not in page


def test_another_players_game_leaves_a_players_kept_pages_alone_and_their_own_game_shows_at_once(
    member_client, players
):
    ann, bob, cid, dee = (players[n] for n in ("ann", "bob", "cid", "dee"))
    store_game(template(40, 2), [cid, dee], day(1), "cid and dee")
    for url in ("/archive/?player=cid", "/archive/players/cid/", "/archive/"):
        member_client.get(url)  # kept
    store_game(template(41, 2), [ann, bob], day(2), "ann and bob")  # not a game of cid's
    page, queries = _archive_queries(member_client, "/archive/?player=cid")
    assert queries == [] and "1 game" in page  # still kept: nothing of cid's changed
    assert "ann and bob" in member_client.get("/archive/").content.decode()  # the whole list moved
    store_game(template(42, 2), [cid, ann], day(3), "cid and ann")
    assert "cid and ann" in member_client.get("/archive/?player=cid").content.decode()
    profile = member_client.get("/archive/players/cid/").content.decode()
    assert "cid and ann" in profile and "2 finished games" in profile


def test_a_game_made_private_leaves_its_players_kept_lists_at_once(member_client, players):
    ann, bob = players["ann"], players["bob"]
    game = store_game(template(43, 2), [ann, bob], day(1), "soon private")
    assert "soon private" in member_client.get("/archive/?player=bob").content.decode()
    game.private = True
    game.save()
    assert "soon private" not in member_client.get("/archive/?player=bob").content.decode()


def test_a_page_kept_by_a_release_whose_rows_had_other_fields_is_not_read(member_client, players, monkeypatch):
    from archive import search

    _stored(players, 1)
    member_client.get("/archive/")  # kept under today's fields
    monkeypatch.setattr(search, "_SHAPE", [*search._SHAPE, "a_new_field"])
    page, queries = _archive_queries(member_client, "/archive/")
    assert queries and '<th scope="row">' in page  # read again, not unpickled into the new shape
