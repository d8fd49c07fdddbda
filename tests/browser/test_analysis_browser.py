"""A finished game is analysed from its replay page and the replay shows the marks; a
practice game's player asks for a hint and sees the strongest bot's move."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from archive.models import GameAnalysis
from games import bot_seats
from tests.archive.conftest import short_template

from .helpers import BOTH_SIZES, archived_game, login, page_width, players
from .test_accessibility_browser import _blocking


@pytest.fixture(autouse=True)
def _quick_search(settings):
    settings.ANALYSIS_SECONDS = 0.01
    settings.BOT_MCTS_SECONDS = 0.01


@pytest.mark.django_db(transaction=True)
@BOTH_SIZES
def test_a_finished_game_is_analysed_and_its_replay_shows_the_marks(browser_page, size):
    page = browser_page
    page.set_viewport_size(size)
    game = archived_game(short_template(3), name="To analyse")
    login(page, "ann")
    page.goto(f"/archive/games/{game.pk}/")
    page.get_by_test_id("analyse").click()  # the task runs in-process here (no REDIS_URL in tests)
    expect(page.get_by_test_id("analysis-summary")).to_be_visible()
    analysis = GameAnalysis.objects.get(game=game)
    marked = [m for m in analysis.moves if m["mark"]]
    assert analysis.state == "done" and marked
    symbols = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
    words = {"inaccuracy": "Inaccuracy", "mistake": "Mistake", "blunder": "Blunder"}
    for move in marked:
        item = page.locator(f'.move-list li[value="{move["number"]}"]')
        mark = item.locator("[data-mark]")
        expect(mark).to_have_attribute("data-mark", move["mark"])
        expect(mark.locator('[aria-hidden="true"]')).to_have_text(symbols[move["mark"]])
        expect(mark.locator(".visually-hidden")).to_have_text(words[move["mark"]])  # what a screen reader says
        expect(item.get_by_test_id("better-move")).to_contain_text("better: Place ")
    rows = page.get_by_test_id("analysis-summary").locator("tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.first.locator("th")).to_have_text("ann")
    assert page_width(page) <= size["width"]
    assert _blocking(Axe().run(page)) == []
    page.reload()  # seen again: read, never computed again
    expect(page.get_by_test_id("analyse")).to_have_count(0)
    assert GameAnalysis.objects.get(game=game).attempts == 1


@pytest.mark.django_db(transaction=True)
def test_a_practice_games_player_asks_for_a_hint_and_sees_the_bots_move(browser_page):
    page = browser_page
    [ann] = players(["ann"])
    game = bot_seats.create_game_with_bots(ann, bots=1, bot_level="beginner")
    login(page, "ann")
    page.goto(f"/games/{game.pk}/")
    page.get_by_test_id("ask-hint").click()
    expect(page.get_by_test_id("hint-text")).to_contain_text("The Expert bot would play: Place ")
    assert _blocking(Axe().run(page)) == []
    expect(page.get_by_test_id("hint").locator("code")).to_have_text(re.compile(r"^-?\d+,-?\d+ (0|90|180|270)"))


@pytest.mark.django_db(transaction=True)
def test_while_the_analysis_waits_the_page_says_so_and_shows_it_once_a_worker_is_done(browser_page):
    from django.utils import timezone

    from archive import game_analysis

    page = browser_page
    game = archived_game(short_template(3), name="Waiting")
    now = timezone.now()
    GameAnalysis.objects.create(game=game, level="expert", seconds=0.01, requested_at=now, updated_at=now)
    page.goto(f"/archive/games/{game.pk}/")  # anyone may watch: logged out too
    expect(page.get_by_test_id("analysis-pending")).to_contain_text("The analysis is waiting for a worker.")
    GameAnalysis.objects.filter(game=game).update(state="running", progress=5)  # a worker judged 5 moves
    expect(page.locator("[data-wait-progress]")).to_have_js_property("value", 5, timeout=15_000)
    GameAnalysis.objects.filter(game=game).update(state="queued", progress=0)
    assert game_analysis.run(game.pk) == "done"  # what the worker does
    expect(page.get_by_test_id("analysis-summary")).to_be_visible(timeout=15_000)  # the page reloaded itself
    expect(page.locator(".move-list [data-mark]").first).to_be_visible()
