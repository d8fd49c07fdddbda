"""The archive's replay puts the list of moves beside the board on a wide screen, so a move
chosen changes the board in view; on a phone every scrolling part of an analysed replay is
reachable by keyboard (axe: no critical, no serious)."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from archive.generate import make_template
from tests.archive.conftest import short_template

from .helpers import PHONE, archived_game, login
from .test_accessibility_browser import _blocking

BOX = (
    "e => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }"
)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", [{"width": 1366, "height": 768}, {"width": 1280, "height": 720}])
def test_on_a_wide_screen_the_moves_are_beside_the_board_and_a_click_changes_the_board_in_view(browser_page, size):
    page = browser_page
    page.set_viewport_size(size)
    game = archived_game(make_template(5, 2), name="Long replay")
    page.goto(f"/archive/games/{game.pk}/?move=0")
    board = page.locator("#replay-board").evaluate(BOX)
    moves = page.locator("[data-move-scroll]")
    box = moves.evaluate(BOX)
    assert box["left"] >= board["right"] and box["top"] < size["height"], (board, box)

    link = moves.locator('a[data-goto="12"]')
    link.scroll_into_view_if_needed()
    scrolled = page.evaluate("scrollY")
    link.click()
    expect(page.locator("#move-text")).to_contain_text("Move 12:")
    assert page.evaluate("scrollY") == scrolled  # the page did not move: the board is where it was
    board = page.locator("#replay-board").evaluate(BOX)
    assert board["top"] < size["height"] and board["bottom"] > 0
    expect(moves.locator('li[aria-current="step"]')).to_have_attribute("value", "12")
    expect(moves.locator('li[aria-current="step"]')).to_be_in_viewport()


@pytest.fixture
def _quick_search(settings):
    settings.ANALYSIS_SECONDS = 0.01
    settings.BOT_MCTS_SECONDS = 0.01


@pytest.mark.django_db(transaction=True)
def test_on_a_phone_an_analysed_replay_scrolls_only_in_parts_a_keyboard_reaches(browser_page, _quick_search):
    page = browser_page
    page.set_viewport_size(PHONE)
    game = archived_game(short_template(3, moves=40), name="An analysed game with a long name")
    login(page, "ann")
    page.goto(f"/archive/games/{game.pk}/")
    page.get_by_test_id("analyse").click()
    expect(page.get_by_test_id("analysis-summary")).to_be_visible()
    for move in (None, 1):
        if move is not None:
            page.goto(f"/archive/games/{game.pk}/?move={move}")
        assert _blocking(Axe().run(page)) == []
        scrolling = page.evaluate(
            """() => [...document.querySelectorAll('main *')].filter(e => {
                 const s = getComputedStyle(e);
                 return (e.scrollWidth > e.clientWidth + 1 && /auto|scroll/.test(s.overflowX))
                     || (e.scrollHeight > e.clientHeight + 1 && /auto|scroll/.test(s.overflowY));
               }).filter(e => e.tabIndex < 0).map(e => e.className)"""
        )
        assert scrolling == []


@pytest.mark.django_db(transaction=True)
def test_the_move_list_follows_the_board_and_its_links_page_through_every_move_without_a_page_load(browser_page):
    page = browser_page
    page.set_viewport_size({"width": 1366, "height": 768})
    game = archived_game(make_template(5, 2), name="Long replay")
    total = game.move_count
    page.goto(f"/archive/games/{game.pk}/?move=0")
    moves = page.locator("[data-move-list]")
    expect(moves.locator("li[data-step]")).to_have_count(22)  # the start and moves 1-21
    page.evaluate("window.notReloaded = true")
    page.keyboard.press("End")  # the board at the last move: the list shows the moves before it
    expect(page.locator("#move-text")).to_contain_text(f"Move {total}:")
    expect(moves.locator('li[aria-current="step"]')).to_have_attribute("value", str(total))
    expect(moves.locator("li[data-step]").first).to_have_attribute("value", str(total - 20))
    moves.get_by_role("link", name="‹ Earlier moves").click()  # the board stays, the list pages back
    expect(moves.locator("li[data-step]").first).to_have_attribute("value", str(total - 41))
    expect(page.locator("#move-text")).to_contain_text(f"Move {total}:")
    moves.get_by_role("link", name="All moves").click()
    expect(moves.locator("li[data-step]")).to_have_count(total + 1)
    link = moves.locator('a[data-goto="3"]')
    link.click()
    expect(page.locator("#move-text")).to_contain_text("Move 3:")
    assert page.evaluate("window.notReloaded") is True
