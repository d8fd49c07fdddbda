"""A player who changes language sees the turn controls (drawn by JavaScript) in the new
language on the very next page, although the browser had cached the old catalogue."""

import pytest
from playwright.sync_api import expect

from .helpers import login, started_game


@pytest.mark.django_db(transaction=True)
def test_after_switching_to_german_the_next_turn_speaks_german(browser_page):
    page = browser_page
    *_, game = started_game("Switch")
    login(page, "ann")
    page.goto(f"/games/{game.pk}/")
    page.locator("svg.board rect.slot").first.click()
    expect(page.locator("#turn-step")).to_contain_text("Rotate if you like")

    page.get_by_test_id("language-switcher").get_by_label("Language").select_option("de")
    page.get_by_role("button", name="Change language").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.goto(f"/games/{game.pk}/")
    page.locator("svg.board rect.slot").first.click()
    expect(page.locator("#turn-step")).to_contain_text("Dreh die Karte, wenn du willst")
    expect(page.locator("#rotate-btn")).to_contain_text("Drehen")
    expect(page.locator("#confirm-btn")).to_have_text("Zug bestätigen")
