"""On a 375×667 touch phone the board is in view at every step: the first move of a new bot
game opens with the highlighted cells in view under the turn card, a replay's step buttons
stay under the board so that "›" changes the board in view, and the board's hint speaks of
tapping, not hovering."""

import pytest
from playwright.sync_api import expect

from archive.generate import make_template, store_game
from games import bot_seats

from .helpers import login, players

SMALL_PHONE = {"width": 375, "height": 667}

# How many pixels of ``selector``'s box are in the window, and whether its middle (or the
# middle of the part in view) is the element itself (not covered by a sheet or a bar).
IN_VIEW = """(selector) => {
  const e = document.querySelector(selector), r = e.getBoundingClientRect();
  const top = Math.max(r.top, 0), bottom = Math.min(r.bottom, innerHeight);
  const hit = bottom > top ? document.elementFromPoint(r.left + r.width / 2, (top + bottom) / 2) : null;
  return {visible: Math.max(0, bottom - top), uncovered: !!hit && (e === hit || e.contains(hit))};
}"""


def _in_view(page, selector):
    return page.evaluate(IN_VIEW, selector)


@pytest.fixture
def phone(touch_page):
    touch_page.set_viewport_size(SMALL_PHONE)
    return touch_page


@pytest.mark.django_db(transaction=True)
def test_the_first_move_of_a_bot_game_shows_the_cells_to_choose(phone):
    [ann] = players(["ann"])
    game = bot_seats.create_game_with_bots(ann, bots=1, bot_level="beginner")
    login(phone, "ann")
    phone.goto(f"/games/{game.pk}/")
    expect(phone.locator("#turn-step")).to_have_text("Choose a highlighted cell on the board.")
    expect(phone.locator("#turn-step")).to_be_in_viewport()
    board = _in_view(phone, "#board-scroll")
    assert board["visible"] >= 250 and board["uncovered"], board
    tappable = phone.evaluate(
        """() => [...document.querySelectorAll("svg.board rect.slot")].filter(s => {
             const r = s.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
             return y > 0 && y < innerHeight && x > 0 && x < innerWidth && document.elementFromPoint(x, y) === s;
           }).length"""
    )
    assert tappable >= 1  # a highlighted cell to tap, in view and uncovered
    phone.screenshot(path="/tmp/shots/after/phone-bot-first-move.png")


@pytest.mark.django_db(transaction=True)
def test_a_replays_next_button_changes_the_board_in_view(phone):
    ann, bob = players()
    game = store_game(make_template(5, 2), [ann, bob], name="A replay on a phone")
    phone.goto(f"/archive/games/{game.pk}/?move=5")
    for number in (6, 7):
        board = _in_view(phone, "#replay-board")
        button = _in_view(phone, '[data-nav="next"]')
        assert board["visible"] >= 150 and board["uncovered"], board
        assert button["visible"] and button["uncovered"], button
        before = phone.locator("#replay-board").inner_html()
        phone.locator('[data-nav="next"]').click()
        expect(phone.locator("#move-text")).to_contain_text(f"Move {number}:")
        assert phone.locator("#replay-board").inner_html() != before
    assert _in_view(phone, "#replay-board")["visible"] >= 150
    expect(phone.locator("#replay-coords .touch-only")).to_have_text("Tap a tile to see its coordinates.")
    expect(phone.locator("#replay-coords .touch-only")).to_be_visible()
    expect(phone.locator("#replay-coords .hover-only")).to_be_hidden()
    phone.screenshot(path="/tmp/shots/after/phone-replay-step.png")


@pytest.mark.django_db(transaction=True)
def test_a_mouse_is_told_to_hover_and_a_finger_to_tap(browser_page):
    ann, bob = players()
    game = store_game(make_template(5, 2), [ann, bob], name="Hover or tap")
    browser_page.goto(f"/archive/games/{game.pk}/")
    expect(browser_page.locator("#replay-coords .hover-only")).to_be_visible()
    expect(browser_page.locator("#replay-coords .touch-only")).to_be_hidden()
