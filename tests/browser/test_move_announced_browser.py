"""The opponent's move is announced as it arrives, seen (a line in the band of the site's
header) and heard (a polite live region); that line, like the one after the player's own
move, never covers the board, the title, the board's buttons or the drawn tile."""

import pytest
from playwright.sync_api import expect

from games.present.tile_names import tile_phrase

from .helpers import BOTH_SIZES, login, started_game
from .test_live_browser import _play_first

# The elements of ``selectors`` that the toast's box overlaps (only those in view).
OVERLAPS = """(selectors) => {
  const t = document.getElementById("game-toast").getBoundingClientRect();
  return selectors.filter(s => [...document.querySelectorAll(s)].some(e => {
    const r = e.getBoundingClientRect();
    return r.width && r.height && r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom;
  }));
}"""
KEEP_CLEAR = ["#board-scroll", "h1", ".zoom-controls", "#drawn-tile", "#turn-panel .btn", "[data-testid=whose-turn]"]


@pytest.fixture
def fast_polling(settings):
    settings.LIVE_POLL_SECONDS = 0.3


@pytest.mark.django_db(transaction=True)
@BOTH_SIZES
def test_the_opponents_move_is_announced_without_covering_the_turn(browser_page, fast_polling, size):
    page = browser_page
    page.set_viewport_size(size)
    ann, bob, game = started_game("Announced")
    login(page, "bob")
    page.goto(f"/games/{game.pk}/")
    toast = page.get_by_test_id("game-toast")
    expect(toast).to_have_attribute("aria-live", "polite")
    expect(toast).to_have_attribute("role", "status")

    tile, _ = _play_first(game, ann)

    expect(toast).to_contain_text(f"ann placed {tile_phrase(tile)}", timeout=8000)
    expect(toast).to_be_visible()
    assert page.evaluate(OVERLAPS, KEEP_CLEAR) == []

    page.locator("svg.board rect.slot").first.click()
    page.locator("#confirm-btn").click()
    expect(toast).to_contain_text("bob placed")
    expect(page.get_by_test_id("whose-turn")).to_contain_text("ann's turn")
    assert page.evaluate(OVERLAPS, KEEP_CLEAR) == []
