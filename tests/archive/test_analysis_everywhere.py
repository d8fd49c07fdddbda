"""The way to a finished game's analysis from its game page (the end screen and the replay's
header), and the analysis's marks beside the moves of the game page's list too."""

import pytest

from archive.generate import store_game
from archive.models import GameAnalysis

from .conftest import day, short_template

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _quick_analysis(settings):
    settings.ANALYSIS_SECONDS = 0.01


@pytest.fixture
def game(players):
    return store_game(short_template(3), [players["ann"], players["bob"]], day(5), "Analysed")


def test_the_end_screen_leads_to_the_analysis_and_the_replay_names_it_at_the_top(member_client, game):
    page = member_client.get(f"/games/{game.pk}/").content.decode()
    assert f'href="/archive/games/{game.pk}/#analysis" data-testid="to-analysis"' in page
    replay = member_client.get(f"/archive/games/{game.pk}/").content.decode()
    assert replay.index('data-testid="to-analysis"') < replay.index('class="replay-nav')


def test_the_game_pages_move_list_shows_the_marks_once_analysed(
    member_client, game, django_capture_on_commit_callbacks
):
    assert 'data-mark="' not in member_client.get(f"/games/{game.pk}/?moves=all").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        member_client.post(f"/archive/games/{game.pk}/analyse/")
    analysis = GameAnalysis.objects.get(game=game)
    assert analysis.state == GameAnalysis.State.DONE
    judged = analysis.moves
    judged[0]["mark"], judged[1]["mark"] = "blunder", "inaccuracy"  # whatever the quick search found
    analysis.save(update_fields=["moves"])
    marked = {m["number"]: m["mark"] for m in judged if m["mark"]}
    page = member_client.get(f"/games/{game.pk}/?moves=all").content.decode()
    for number, mark in marked.items():
        start = page.index(f'value="{number}" data-kind=')
        end = page.index("</li>", start)
        assert f'data-mark="{mark}"' in page[start:end], number
    assert page.count('data-mark="') == len(marked)
    assert '<span class="visually-hidden">Blunder</span>' in page
