"""The replay page of a finished game is rendered once per move, list window, language and
analysis, and kept: asked again, it replays nothing. Who may see the game is asked each time,
and a game in progress is replayed on every request."""

import re

import pytest

from archive.generate import store_game
from games.models import Game
from tests.games.helpers import engines_built

from .conftest import day, short_template, template

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(players):
    return store_game(template(21, 3), [players["ann"], players["bob"], players["cid"]], day(5), "Replayed")


def _page(client, url, **headers):
    with engines_built() as built:
        response = client.get(url, **headers)
    assert response.status_code == 200
    return response.content.decode(), built.count


def _without_token(html: str) -> str:
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)


def test_a_finished_games_replay_asked_again_builds_no_engine_and_shows_the_same_page(member_client, game):
    url = f"/archive/games/{game.pk}/?move=17"
    first, built = _page(member_client, url)
    assert built > 0  # the first reader's request replays the log
    again, built = _page(member_client, url)
    assert built == 0 and _without_token(again) == _without_token(first)
    assert "Board after move" in again and 'aria-current="step"' in again
    other, built = _page(member_client, f"/archive/games/{game.pk}/?move=18")
    assert built > 0 and 'data-move="18"' in other  # another move is another page
    every, built = _page(member_client, f"{url}&moves=all")
    assert built > 0 and every.count("<li value=") == game.move_count + 1  # another window of the list


def test_each_language_gets_its_own_words(member_client, game):
    url = f"/archive/games/{game.pk}/?move=17"
    english, _built = _page(member_client, url)
    german, _built = _page(member_client, url, HTTP_ACCEPT_LANGUAGE="de")
    assert "Board after move" in english and "Board after move" not in german
    assert "Spielfeld nach Zug" in german
    english_again, built = _page(member_client, url)
    assert built == 0 and "Board after move" in english_again


def test_a_private_game_stays_a_404_to_outsiders_after_one_of_its_players_saw_it(client, game, players):
    Game.objects.filter(pk=game.pk).update(private=True)
    url = f"/archive/games/{game.pk}/?move=17"
    client.force_login(players["ann"])  # she played it: the page is rendered and kept
    assert client.get(url).status_code == 200 and client.get(url).status_code == 200
    client.force_login(players["dee"])
    assert client.get(url).status_code == 404
    client.logout()
    assert client.get(url).status_code == 404


def test_a_game_in_progress_is_replayed_on_every_request(member_client, game):
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ACTIVE)
    url = f"/archive/games/{game.pk}/?move=17"
    first, built = _page(member_client, url)
    assert built > 0 and "in progress" in first
    _again, built = _page(member_client, url)
    assert built > 0


def test_the_analysis_marks_show_on_a_page_seen_before_the_analysis(
    member_client, players, settings, django_capture_on_commit_callbacks
):
    settings.ANALYSIS_SECONDS = 0.01
    game = store_game(short_template(3), [players["ann"], players["bob"]], day(5), "Analysed")
    url = f"/archive/games/{game.pk}/"
    before, _built = _page(member_client, url)
    assert 'data-testid="better-move"' not in before
    with django_capture_on_commit_callbacks(execute=True):
        member_client.post(f"/archive/games/{game.pk}/analyse/")
    after, _built = _page(member_client, url)
    assert 'data-testid="better-move"' in after  # judged moves marked: not the page kept before
