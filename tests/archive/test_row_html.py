"""A finished game's row of the archive's lists is written once and kept, and shows what
the game says now: a new title or a new name is another row, never the old one."""

from unittest import mock

import pytest

from archive import row_html
from archive.generate import store_game
from archive.kept import archive_changed
from archive.models import SeatResult
from games.models import Game

from .conftest import day, template

pytestmark = pytest.mark.django_db


@pytest.fixture
def games(players):
    return [store_game(template(3 + i, 2), [players["ann"], players["bob"]], day(i), f"Game {i}") for i in range(3)]


def test_a_finished_games_row_is_written_once_then_read_from_the_cache(member_client, games):
    with mock.patch.object(row_html, "_row", wraps=row_html._row) as written:
        first = member_client.get("/archive/").content.decode()
        assert written.call_count == 3
        second = member_client.get("/archive/").content.decode()
        assert written.call_count == 3  # every row from the cache
    assert first.count('<tr>\n        <th scope="row">') == second.count('<tr>\n        <th scope="row">') == 3
    for game in games:
        assert f'<a href="/archive/games/{game.pk}/">{game.name}</a>' in second


def test_a_renamed_game_or_player_shows_its_new_name_in_the_lists(member_client, games):
    member_client.get("/archive/")  # the rows kept
    Game.objects.filter(pk=games[0].pk).update(name="Renamed <game>")
    SeatResult.objects.filter(result__game=games[1], username="bob").update(username="robert")
    archive_changed()  # as the site's renames do (account deletion, archive.privacy): the kept pages go
    page = member_client.get("/archive/").content.decode()
    assert "Renamed &lt;game&gt;" in page and "Game 0<" not in page
    assert '<a href="/archive/players/robert/">robert</a>' in page
    assert page.count('<a href="/archive/players/bob/">bob</a>') == 2  # the other two games


def test_the_rows_are_in_the_readers_language(member_client, games, settings):
    member_client.get("/archive/")
    german = member_client.get("/archive/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Grundspiel" in german and "Base game" not in german
