"""The archive's replay shows the board's legend (King & Robber: who holds the king and the
robber) as the page's own text beside the board, as the game page does, never drawn inside
the picture where it shrinks with the board."""

import re
from functools import cache

import pytest
from django.urls import reverse

from archive.generate import make_template, store_game
from carcassonne import Rules
from carcassonne.effects import history_effects

from .conftest import day

pytestmark = pytest.mark.django_db


@cache
def crowned():
    """A complete random King & Robber game."""
    return make_template(5, 2, Rules.from_json({"expansions": ["king_robber"]}))


@pytest.fixture
def stored(players):
    return store_game(crowned(), [players["ann"], players["bob"]], day(1), name="awards")


def first_king(engine):
    """The first move that took the king, and who played it (as the site names them)."""
    for number, told in enumerate(history_effects(engine), 1):
        if "king" in told.changed:
            return number, told.player
    raise AssertionError("nobody took the king")


def _board(html: str) -> str:
    start = html.index('id="replay-board"')
    return html[start : html.index("</div>", start)]


def test_the_replay_shows_the_legend_beside_the_board_not_in_its_picture(member_client, stored):
    html = member_client.get(reverse("archive:game", args=[stored.pk]) + "?move=0").content.decode()
    legend = html[html.index('data-testid="board-legend"') :]
    assert "King: not awarded yet" in legend[: legend.index("</ul>")]
    assert 'class="legend"' not in _board(html) and "not awarded yet" not in _board(html)


def test_after_the_king_is_taken_the_legend_names_its_holder(member_client, stored):
    from games.engine_state import engine_for

    number, holder = first_king(engine_for(stored))
    html = member_client.get(reverse("archive:game", args=[stored.pk]) + f"?move={number}").content.decode()
    legend = html[html.index('data-testid="board-legend"') :]
    assert re.search(rf"King: {holder}\b", legend[: legend.index("</ul>")]), legend[:600]
    state = member_client.get(reverse("archive-api:game-move", args=[stored.pk, number])).json()
    [king] = [line for line in state["legend"] if line["award"] == "king"]
    assert king["text"].startswith(f"King: {holder}") and king["color"] and "<svg" in king["icon"]


def test_the_board_picture_leaves_its_legend_to_the_page_when_asked(member_client, stored):
    url = reverse("archive-api:game-board", args=[stored.pk])
    assert 'class="legend"' in member_client.get(url + "?move=3").content.decode()  # alone, it says it itself
    assert 'class="legend"' not in member_client.get(url + "?move=3&legend=0").content.decode()


def test_the_game_pages_past_boards_leave_their_legend_to_the_page_too(member_client, stored):
    url = reverse("api-game-board", args=[stored.pk])
    assert 'class="legend"' in member_client.get(url + "?move=3").content.decode()
    assert 'class="legend"' not in member_client.get(url + "?move=3&legend=0").content.decode()
    html = member_client.get(reverse("game-detail", args=[stored.pk])).content.decode()
    # where the move list finds the legend of the move shown
    assert f'data-past-legend="{reverse("archive-api:game-move", args=[stored.pk, 0])}"' in html
