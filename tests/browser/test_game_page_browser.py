"""The game page as a player uses it with a mouse, the keyboard or a finger: a move of
the move list shows the board after it (and back), the board opens fitted on every
screen, follower spots are big enough to tap, touch screens show no keyboard hints."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from .helpers import BOTH_SIZES, DESKTOP, crowned_game, login, play_first_placements, started_game


def _game(moves, seed=None):
    *users, game = started_game("Page game")
    if seed is not None:  # a known deal, so that a board's shape is the same every run
        game.seed = seed
        game.save(update_fields=["seed"])
    return play_first_placements(game, users, moves)


def _player_on_turn(game):
    return ("ann", "bob")[game.move_count % 2]


def _tiles(page):
    return page.locator("#board-scroll svg.board g.tile")


@pytest.mark.django_db(transaction=True)
@BOTH_SIZES
def test_a_move_in_the_list_shows_the_board_after_it_without_leaving_the_game(browser_page, size):
    page = browser_page
    page.set_viewport_size(size)
    game = _game(6)
    login(page, _player_on_turn(game))
    page.goto(f"/games/{game.pk}/")
    expect(_tiles(page)).to_have_count(7)  # the start tile and six moves
    address = page.url
    page.locator('[data-show-move="2"]').click()
    expect(_tiles(page)).to_have_count(3)
    expect(page.get_by_test_id("board-past")).to_contain_text("Board after move 2")
    expect(page.locator('[data-show-move="2"]')).to_have_attribute("aria-current", "true")
    assert page.url == address
    expect(page.locator("#board-scroll")).to_be_in_viewport(ratio=0.5)  # the move list may lie far below it
    page.screenshot(path=f"/tmp/game_page_past_board_{size['width']}.png")
    page.get_by_role("button", name="Back to the current board").click()
    expect(_tiles(page)).to_have_count(7)
    expect(page.get_by_test_id("board-past")).to_be_hidden()
    # the turn goes on: the highlighted cells are back and still answer
    page.locator("svg.board rect.slot").first.click()
    expect(page.get_by_test_id("selection")).to_contain_text("at (")


@pytest.mark.django_db(transaction=True)
def test_the_keyboard_shows_an_earlier_board_and_escape_brings_back_the_current_one(browser_page):
    page = browser_page
    page.set_viewport_size(DESKTOP)
    game = _game(4)
    login(page, _player_on_turn(game))
    page.goto(f"/games/{game.pk}/")
    page.locator('[data-show-move="3"]').focus()
    page.keyboard.press("Enter")
    expect(_tiles(page)).to_have_count(4)
    expect(page.locator("#board-past-status")).to_contain_text("Board after move 3")
    page.keyboard.press("Escape")
    expect(_tiles(page)).to_have_count(5)
    expect(page.locator("#board-scroll")).to_be_focused()
    # keyboard play goes on from the board: Tab reaches a highlighted cell, Enter chooses it
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("selection")).to_contain_text("at (")


# board.js: "Fit" never zooms in past this, so a small board may fill less of the view.
FIT_LARGEST_ZOOM = 1.5

FITTED = """(largest) => {
    // every tile and highlighted cell in view, filling the view's width or height (or at
    // the largest zoom "Fit" gives); what was measured, for the failure's message
    const scroller = document.getElementById('board-scroll');
    const view = scroller.getBoundingClientRect();
    const boxes = [...scroller.querySelectorAll('svg.board g.tile, svg.board rect.slot')].map(e => e.getBoundingClientRect());
    const outside = boxes.filter(b => b.left < view.left - 1 || b.top < view.top - 1
        || b.right > view.right + 1 || b.bottom > view.bottom + 1).length;
    const width = Math.max(...boxes.map(b => b.right)) - Math.min(...boxes.map(b => b.left));
    const height = Math.max(...boxes.map(b => b.bottom)) - Math.min(...boxes.map(b => b.top));
    const filled = Math.max(width / view.width, height / view.height);
    const zoom = parseFloat(scroller.getAttribute('data-zoom'));
    return {outside, filled, zoom, fitted: outside === 0 && (filled > 0.85 || zoom >= largest - 0.001)};
}"""


def _expect_fitted(page, what):
    """Wait until the board is fitted (the page may still be laying it out), else fail
    saying how it is shown."""
    try:
        page.wait_for_function(f"() => ({FITTED})({FIT_LARGEST_ZOOM}).fitted", timeout=10_000)
    except PlaywrightTimeoutError:
        shown = page.evaluate(FITTED, FIT_LARGEST_ZOOM)
        pytest.fail(
            f"{what}: {shown['outside']} cells off the view, the tiles fill {shown['filled']:.0%} of it"
            f" at zoom {shown['zoom']}"
        )


def _expect_cells_off_the_view(page, what):
    try:
        page.wait_for_function(f"() => ({FITTED})({FIT_LARGEST_ZOOM}).outside > 0", timeout=10_000)
    except PlaywrightTimeoutError:
        pytest.fail(what)


@pytest.mark.django_db(transaction=True)
@BOTH_SIZES
# seed 15: a long board (10 cells across) that fills the view; seed 4: a compact one
# (6 × 5) shown at the largest zoom, which fills only ~83% of the desktop's view
@pytest.mark.parametrize("seed", [15, 4], ids=["long", "compact"])
def test_the_board_opens_fitted_to_its_tiles_and_fit_brings_that_back(browser_page, size, seed):
    page = browser_page
    page.set_viewport_size(size)
    game = _game(8, seed)
    login(page, _player_on_turn(game))
    page.goto(f"/games/{game.pk}/")
    page.locator("#board-scroll").scroll_into_view_if_needed()
    _expect_fitted(page, "on load")  # a margin of a cell: ~0.9; unfitted it was far less
    for _ in range(3):
        page.get_by_role("button", name="Zoom in").click()
    _expect_cells_off_the_view(page, "zoomed in, every cell is still in view")
    page.get_by_role("button", name="Fit the board").click()
    _expect_fitted(page, "after Fit")


@pytest.mark.django_db(transaction=True)
@BOTH_SIZES
def test_the_king_and_robber_legend_is_text_beside_the_board_not_in_the_picture(browser_page, size):
    page = browser_page
    page.set_viewport_size(size)
    *users, game = started_game("Awards", rules={"expansions": ["king_robber"]})
    login(page, "ann")
    page.goto(f"/games/{game.pk}/")
    expect(page.locator("#board-scroll svg.board g.legend")).to_have_count(0)
    legend = page.get_by_test_id("board-legend")
    expect(legend).to_contain_text("King: not awarded yet")
    expect(legend).to_contain_text("The robber goes to whoever completes the longest road so far.")
    legend.scroll_into_view_if_needed()
    page.screenshot(path=f"/tmp/game_page_legend_{size['width']}.png")
    # readable: the page's own text size, not a picture shrunk with the board
    size_px = legend.locator("strong").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size_px >= 14


@pytest.mark.django_db(transaction=True)
def test_an_earlier_board_comes_with_the_legend_of_its_move_beside_it_and_back_the_current_one(browser_page):
    page = browser_page
    game, number, holder = crowned_game()
    login(page, "ann")
    page.goto(f"/games/{game.pk}/")
    page.get_by_test_id("earlier-moves").click()  # the page lists the newest moves; the king came early
    # a new page: read its legend once the page has loaded, not while it is still arriving
    page.wait_for_url(re.compile(r"[?&]moves=all"), wait_until="load")
    legend = page.get_by_test_id("board-legend")
    expect(legend.locator(".award-king")).to_contain_text(f"King: {holder}")
    now = legend.text_content()
    legend.locator("li").first.evaluate("li => { li.dataset.now = '1'; }")  # the current line itself
    page.locator(f'[data-show-move="{number - 1}"]').click()
    expect(page.get_by_test_id("board-past")).to_contain_text(f"Board after move {number - 1}")
    expect(legend.locator(".award-king")).to_contain_text("King: not awarded yet")
    expect(legend).to_be_visible()
    expect(page.locator("#board-scroll svg.board g.legend")).to_have_count(0)  # the picture draws none
    page.locator(f'[data-show-move="{number}"]').click()
    expect(legend.locator(".award-king")).to_contain_text(f"King: {holder}")
    expect(page.locator("#board-scroll svg.board g.legend")).to_have_count(0)
    page.get_by_test_id("board-now").click()
    expect(page.get_by_test_id("board-past")).to_be_hidden()
    expect(legend).to_have_text(now)
    expect(legend.locator("li[data-now]")).to_have_count(1)


NEAR_SPOT = """(offset) => {
    // a point ``offset`` px from a spot's middle, outside every spot and nearest to that one
    const spots = [...document.querySelectorAll('#turn-tile circle.spot:not(.spot-refused)')].map(c => {
        const r = c.getBoundingClientRect();
        return {spot: c.dataset.spot, x: r.left + r.width / 2, y: r.top + r.height / 2, r: r.width / 2};
    });
    const tile = document.querySelector('#turn-tile svg').getBoundingClientRect();
    for (const s of spots) for (let a = 0; a < 360; a += 15) {
        const x = s.x + offset * Math.cos(a * Math.PI / 180), y = s.y + offset * Math.sin(a * Math.PI / 180);
        // inside the tile by a pixel: a point on its border is the box round it, not the tile
        if (x < tile.left + 1 || x > tile.right - 1 || y < tile.top + 1 || y > tile.bottom - 1) continue;
        const d = spots.map(o => Math.hypot(x - o.x, y - o.y));
        // no other spot within a finger's reach (22 px), so only this one may answer the tap
        if (spots.every((o, i) => d[i] > o.r + 1 && (o === s || d[i] > 24))) return {spot: s.spot, x, y, radius: s.r};
    }
    return null;
}"""


@pytest.mark.django_db(transaction=True)
def test_on_a_touch_screen_a_follower_spot_answers_a_tap_20_px_away_and_no_key_hint_shows(touch_page):
    page = touch_page
    game = _game(0)
    login(page, "ann")
    page.goto(f"/games/{game.pk}/")
    page.locator("svg.board rect.slot").first.tap()
    expect(page.locator("#turn-controls")).to_be_visible()
    expect(page.locator("#rotate-btn kbd")).to_be_hidden()
    tile = page.locator("#turn-tile svg")
    expect(tile).to_be_in_viewport()
    page.wait_for_load_state("networkidle")  # the tiles' sprite and the fonts are in: nothing moves the tile later
    page.evaluate("document.fonts.ready.then(() => true)")
    box = None
    while box != (box := tile.bounding_box()):  # the sheet has come to rest
        page.wait_for_timeout(100)
    near = page.evaluate(NEAR_SPOT, 20)
    for _ in range(10):  # the same point twice in a row: the sheet and the tile have come to rest
        page.wait_for_timeout(150)
        if near == (near := page.evaluate(NEAR_SPOT, 20)):
            break
    assert near, "no spot with room around it"
    assert near["radius"] < 22  # the spot drawn is small: the target round it is what counts
    page.touchscreen.tap(near["x"], near["y"])
    expect(page.get_by_test_id("selection")).to_have_attribute("data-spot", near["spot"])


@pytest.mark.django_db(transaction=True)
def test_with_a_mouse_the_rotate_key_hint_shows(browser_page):
    page = browser_page
    page.set_viewport_size(DESKTOP)
    game = _game(0)
    login(page, "ann")
    page.goto(f"/games/{game.pk}/")
    page.locator("svg.board rect.slot").first.click()
    expect(page.locator("#rotate-btn kbd")).to_be_visible()
