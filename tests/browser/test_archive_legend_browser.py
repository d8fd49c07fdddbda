"""The archive's replay, on a phone and a desktop: the King & Robber legend is the page's
text beside the board (as on the game page), outside the picture, and it follows the
board as the replay steps from move to move without reloading."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import BOTH_SIZES, crowned_game, login


@pytest.mark.django_db(transaction=True)
@BOTH_SIZES
def test_the_replays_legend_is_text_beside_the_board_and_follows_each_move(browser_page, size):
    page = browser_page
    page.set_viewport_size(size)
    game, number, holder = crowned_game()
    login(page, "ann")
    page.goto(f"/archive/games/{game.pk}/?move={number - 1}")
    legend = page.get_by_test_id("board-legend")
    expect(legend).to_contain_text("King: not awarded yet")
    expect(page.locator("#replay-board svg g.legend")).to_have_count(0)
    size_px = legend.locator("strong").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size_px >= 14  # the page's text size, not a picture shrunk with the board
    address = page.url
    page.evaluate("window.stayed = true")  # gone if the page reloads
    page.keyboard.press("ArrowRight")  # the next move takes the king: the page steps without reloading
    expect(page.locator("[data-move-number]").first).to_have_text(str(number))
    expect(legend.locator(".award-king")).to_contain_text(f"King: {holder}")
    expect(page.locator("#replay-board svg g.legend")).to_have_count(0)
    assert page.url != address and page.evaluate("window.stayed === true")
    page.screenshot(path=f"/tmp/archive_legend_{size['width']}.png", full_page=True)
