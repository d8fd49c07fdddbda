"""A finished game's page leads to its analysis (the end screen's link, on a phone too), and
once analysed its own list of moves carries the marks beside them."""

import pytest
from playwright.sync_api import expect

from archive.models import GameAnalysis
from tests.archive.conftest import short_template

from .helpers import BOTH_SIZES, archived_game, login


@pytest.fixture(autouse=True)
def _quick_search(settings):
    settings.ANALYSIS_SECONDS = 0.01


@pytest.mark.django_db(transaction=True)
@BOTH_SIZES
def test_the_end_screen_leads_to_the_analysis_and_the_game_page_lists_its_marks(browser_page, size):
    page = browser_page
    page.set_viewport_size(size)
    game = archived_game(short_template(3), name="From the end screen")
    login(page, "ann")
    page.goto(f"/games/{game.pk}/")
    page.get_by_test_id("after-game").get_by_role("link", name="Analysis of the game").click()
    expect(page).to_have_url(f"{page.base_url}/archive/games/{game.pk}/#analysis")
    expect(page.get_by_test_id("analyse")).to_be_in_viewport()
    page.get_by_test_id("analyse").click()
    expect(page.get_by_test_id("analysis-summary")).to_be_visible()
    marked = {m["number"]: m["mark"] for m in GameAnalysis.objects.get(game=game).moves if m["mark"]}
    assert marked, "the quick search marks some move of this game"

    page.goto(f"/games/{game.pk}/?moves=all")
    for number, mark in marked.items():
        expect(page.locator(f'.move-list li[value="{number}"] [data-mark]')).to_have_attribute("data-mark", mark)
    expect(page.locator(".move-list [data-mark]")).to_have_count(len(marked))
    page.locator(".move-list [data-mark]").first.scroll_into_view_if_needed()
    page.screenshot(path=f"/tmp/shots/after/game-page-marks-{size['width']}.png")
