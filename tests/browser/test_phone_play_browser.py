"""Playing on a phone (390x844) and on a desktop: controls in view after tapping a cell,
the "Play your turn" link showing board and turn together, drag to pan, pinch to zoom,
the Total column of the final scores in view."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from accounts.models import User
from archive.generate import make_template, store_game

from .helpers import BOTH_SIZES, DESKTOP, PASSWORD, PHONE, login, started_game


def _in_view(box, size):
    return (
        box is not None
        and box["y"] >= 0
        and box["y"] + box["height"] <= size["height"]
        and box["x"] >= 0
        and box["x"] + box["width"] <= size["width"]
    )


def _game():
    return started_game("Phone game")[-1]


@pytest.mark.django_db(transaction=True)
@BOTH_SIZES
def test_after_tapping_a_cell_the_controls_and_the_cell_are_in_view(browser_page, size):
    page = browser_page
    page.set_viewport_size(size)
    game = _game()
    login(page, "ann")
    page.goto(f"/games/{game.pk}/#turn-panel")
    # the link of the turn e-mail shows the turn card and the board together
    expect(page.locator("#turn-panel")).to_be_in_viewport()
    expect(page.locator("#board-scroll")).to_be_in_viewport(ratio=0.3)
    slot = page.locator("svg.board rect.slot").first
    slot.click()
    for name in ("Confirm move", "No follower"):
        assert _in_view(page.get_by_role("button", name=name).bounding_box(), size), name
    assert _in_view(page.locator("#rotate-btn").bounding_box(), size)
    cell = page.locator("svg.board rect.slot.selected").bounding_box()
    sheet_top = page.locator("#turn-panel").bounding_box()["y"]
    header = page.locator(".site-header").bounding_box()
    middle = cell["y"] + cell["height"] / 2
    assert middle > header["y"] + header["height"]  # not under the sticky header
    assert size == DESKTOP or middle < sheet_top  # nor under the sheet
    page.get_by_role("button", name="Confirm move").click()
    expect(page.get_by_test_id("whose-turn")).to_contain_text("bob's turn")


@pytest.mark.django_db(transaction=True)
def test_dragging_pans_the_board_without_placing_a_tile_and_pinching_zooms(browser_page):
    page = browser_page
    page.set_viewport_size(PHONE)
    game = _game()
    login(page, "ann")
    page.goto(f"/games/{game.pk}/")
    page.get_by_role("button", name="Zoom in").click()
    page.get_by_role("button", name="Zoom in").click()
    scroller = page.locator("#board-scroll")
    slot = page.locator("svg.board rect.slot").first
    slot.scroll_into_view_if_needed()
    box = slot.bounding_box()
    before = scroller.evaluate("e => [e.scrollLeft, e.scrollTop]")
    page.mouse.move(box["x"] + 10, box["y"] + 10)
    page.mouse.down()
    page.mouse.move(box["x"] + 70, box["y"] + 50, steps=6)
    page.mouse.up()
    assert scroller.evaluate("e => [e.scrollLeft, e.scrollTop]") != before
    expect(page.locator("#turn-controls")).to_be_hidden()  # the drag chose no cell
    # two fingers moving apart zoom in
    zoom = float(scroller.get_attribute("data-zoom"))
    scroller.evaluate("""e => {
        const r = e.getBoundingClientRect(), cx = r.left + r.width / 2, cy = r.top + r.height / 2;
        const fire = (type, id, x) => e.dispatchEvent(new PointerEvent(type, {pointerId: id, pointerType: "touch",
            clientX: x, clientY: cy, bubbles: true, cancelable: true, isPrimary: id === 1}));
        fire("pointerdown", 1, cx - 20); fire("pointerdown", 2, cx + 20);
        fire("pointermove", 1, cx - 60); fire("pointermove", 2, cx + 60);
        fire("pointerup", 1, cx - 60); fire("pointerup", 2, cx + 60);
    }""")
    after = float(scroller.get_attribute("data-zoom"))
    assert zoom < 3 and (after > zoom * 1.5 or after == 3)  # 3: the largest zoom


@pytest.mark.django_db(transaction=True)
@BOTH_SIZES
def test_the_final_scores_keep_the_total_in_view(browser_page, size):
    page = browser_page
    page.set_viewport_size(size)
    users = [User.objects.create_user(n, f"{n}@example.com", PASSWORD) for n in ("ann", "bob", "cid", "dee")]
    game = store_game(make_template(7, 4), users)
    login(page, "ann")
    for path, table in [
        (f"/games/{game.pk}/", "table.breakdown"),
        (f"/archive/games/{game.pk}/", "table.breakdown-table"),
    ]:
        page.goto(path)
        total = page.locator(f"{table} thead th").last
        expect(total).to_have_text("Total")
        total.scroll_into_view_if_needed()
        box = total.bounding_box()
        assert box["x"] + box["width"] <= size["width"], path
        assert page.locator(f"{table} tbody td").last.is_visible()
