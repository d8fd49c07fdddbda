"""A new player starts a game against a bot from the home page in two clicks: a level (its
strength in words), then Play; the lobby offers the same. No critical or serious axe finding."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from .helpers import BOTH_SIZES, login, page_width, players
from .test_accessibility_browser import _blocking


@pytest.fixture(autouse=True)
def _quick_bots(settings):
    settings.BOT_MCTS_SECONDS = 0.01


@pytest.mark.django_db(transaction=True)
@BOTH_SIZES
def test_a_bot_game_starts_from_the_home_page_in_two_clicks(browser_page, size):
    page = browser_page
    page.set_viewport_size(size)
    players(["ann"])
    login(page, "ann")
    page.goto("/games/lobby/")
    expect(
        page.get_by_test_id("play-bot").get_by_role(
            "radio", name="Beginner — plays its tile anywhere it fits, now and then where it scores most"
        )
    ).to_be_checked()
    assert _blocking(Axe().run(page)) == []

    page.goto("/")
    offer = page.get_by_test_id("play-bot")
    expect(offer.get_by_role("heading")).to_have_text("Play a bot now")
    assert _blocking(Axe().run(page)) == []
    assert page_width(page) <= size["width"]
    offer.get_by_text("Casual — takes the points").click()
    offer.get_by_role("button", name="Play").click()

    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    expect(page.get_by_test_id("bot-seat")).to_be_visible()
    expect(page.get_by_test_id("whose-turn")).to_be_visible()
