"""The "Confirm move" button is in view, uncovered, at every step of a turn (a cell chosen,
the tile rotated, a follower put on a spot) on two desktops and two phones, in each language:
nobody scrolls to end a turn. So is the line saying the move chosen, whole, above Confirm's
row; and each row of the turn's buttons stays one row of one-line buttons."""

import pytest
from playwright.sync_api import expect

from accounts.models import User

from .helpers import PASSWORD, started_game

SIZES = [(1366, 768), (1280, 720), (390, 844), (375, 667)]
LANGUAGES = ["en", "de", "fr", "it"]

# The confirm button's box, the viewport, and whether its middle is the button itself
# (not covered by a sheet, a toast or the header).
MEASURE = """() => {
  const b = document.getElementById("confirm-btn"), r = b.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: innerWidth, height: innerHeight,
          uncovered: !!hit && b.contains(hit)};
}"""


def _assert_in_view(page, where):
    box = page.evaluate(MEASURE)
    inside = box["top"] >= 0 and box["left"] >= 0 and box["bottom"] <= box["height"] and box["right"] <= box["width"]
    assert inside and box["uncovered"], f"{where}: {box}"


# The chosen move's line: inside the window and the turn card's visible part (a sheet that
# scrolls), above Confirm's row; each row of buttons: its buttons on one line, each one text line.
LAYOUT = """() => {
  const line = document.getElementById("selection").getBoundingClientRect();
  const card = document.getElementById("turn-panel").getBoundingClientRect();
  const confirmRow = document.getElementById("confirm-btn").parentElement.getBoundingClientRect();
  const rows = [...document.querySelectorAll("#turn-controls .turn-buttons")].map(row => {
    const buttons = [...row.querySelectorAll(".btn")].filter(b => b.offsetParent);
    const tops = buttons.map(b => Math.round(b.getBoundingClientRect().top));
    const wrapped = buttons.filter(b => {
      const style = getComputedStyle(b), lh = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.4;
      const text = document.createRange();
      text.selectNodeContents(b);
      return text.getBoundingClientRect().height > lh * 1.5;  // its words on two lines
    }).map(b => b.id);
    return {ids: buttons.map(b => b.id), oneRow: new Set(tops).size <= 1, wrapped};
  });
  return {line: {top: line.top, bottom: line.bottom, height: line.height}, text: document.getElementById("selection").textContent,
          inView: line.top >= Math.max(0, card.top) && line.bottom <= Math.min(innerHeight, card.bottom) && line.bottom <= confirmRow.top + 1,
          rows};
}"""


def _assert_laid_out(page, where):
    layout = page.evaluate(LAYOUT)
    assert layout["text"].strip(), f"{where}: no move chosen in words"
    assert layout["inView"], f"{where}: the chosen move is cut: {layout}"
    for row in layout["rows"]:
        assert row["oneRow"] and not row["wrapped"], f"{where}: a row of buttons wraps: {row}"


def _steps(page, where):
    """Choose a cell, rotate, put a follower on a spot, and measure after each."""
    page.locator("svg.board rect.slot").first.click()
    expect(page.locator("#turn-controls")).to_be_visible()
    _assert_in_view(page, f"{where}, cell chosen")
    _assert_laid_out(page, f"{where}, cell chosen")
    rotate = page.locator("#rotate-btn")
    if rotate.is_enabled():
        rotate.click()
        _assert_in_view(page, f"{where}, rotated")
    spots = page.locator("#turn-tile circle.spot:not(.spot-refused)")
    assert spots.count(), "the test's placement has a spot for a follower"
    spots.first.dispatch_event("click")
    expect(page.get_by_test_id("selection")).not_to_have_attribute("data-spot", "")
    _assert_in_view(page, f"{where}, follower chosen")
    _assert_laid_out(page, f"{where}, follower chosen")
    page.locator("#cancel-btn").click()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_confirm_button_is_in_view_at_every_step_of_a_turn(chromium_browser, live_server, language):
    *_, game = started_game("A rather long game name for a small phone screen")
    User.objects.update(language=language)
    for width, height in SIZES:
        phone = width < 500
        context = chromium_browser.new_context(
            base_url=live_server.url, viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone
        )
        context.set_default_timeout(15_000)
        page = context.new_page()
        try:
            page.goto("/accounts/login/")
            page.locator("#id_username").fill("ann")
            page.locator("#id_password").fill(PASSWORD)
            page.locator("main form button[type=submit]").first.click()
            page.wait_for_url(lambda url: "/login/" not in url)
            page.goto(f"/games/{game.pk}/")
            expect(page.locator("html")).to_have_attribute("lang", language)
            _steps(page, f"{language} {width}×{height}")
        finally:
            context.close()
