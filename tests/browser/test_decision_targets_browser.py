"""The Count's decisions on a phone (390x844, a touch screen): every tap target is at least
44x44 CSS px: the follower spots and the City's quarters offered on the board (whatever the
board's zoom: the area that answers a tap round each is that large, and a tap 20 px from its
middle chooses it), and the buttons, choices and list of the decision panel."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import login, players

MIN = 44

TAP_TARGETS = """() => {
    // every control of the decision panel a finger may tap, with its size on the screen
    const panel = document.getElementById('decision-panel');
    const controls = [...panel.querySelectorAll('button, select, summary, label.radio')].filter(e => e.offsetParent);
    return controls.map(e => { const r = e.getBoundingClientRect();
        return {what: e.tagName + ' ' + (e.textContent || '').trim().slice(0, 30), w: r.width, h: r.height}; });
}"""

BOARD_TARGETS = """(selector) => [...document.querySelectorAll(selector)].map(e => {
    // the area that answers a tap round each target on the board, as the screen shows it
    const hit = document.querySelector(`svg.board [data-hit-area="${e.dataset.hit}"]`) || e;
    const r = hit.getBoundingClientRect(), c = e.getBoundingClientRect();
    return {w: r.width, h: r.height, x: c.left + c.width / 2, y: c.top + c.height / 2};
})"""


def _count_game(stop):
    """A Count game played through the API until ``stop(engine)``: (game, the player asked)."""
    from tests.games.conftest import COUNT, SEED
    from tests.games.helpers import api_clients, drive_until, seeded_game

    users = players()
    game = seeded_game(users[0], users, COUNT, SEED)
    engine = drive_until(api_clients(*users), game, stop, seed=SEED)
    assert stop(engine), "the seeded game no longer reaches the decision"
    return game, engine.players[engine.pending.player]


def _small(items):
    return [item for item in items if item["w"] < MIN - 0.5 or item["h"] < MIN - 0.5]


def _beside(page, selector, index):
    """A point 20 px from target ``index``'s middle, away from the others and in the board's view."""
    page.locator("#board-scroll").scroll_into_view_if_needed()
    targets = page.evaluate(BOARD_TARGETS, selector)
    view = page.locator("#board-scroll").bounding_box()
    me = targets[index]
    points = [(me["x"] + 20 * dx, me["y"] + 20 * dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    points = [
        p
        for p in points
        if view["x"] < p[0] < view["x"] + view["width"] and view["y"] < p[1] < view["y"] + view["height"]
    ]
    return max(
        points,
        key=lambda p: min(((p[0] - t["x"]) ** 2 + (p[1] - t["y"]) ** 2 for t in targets if t is not me), default=0),
    )


def _open_decision(page, action):
    """The game page of the player asked for the Count's decision ``action``, logged in."""
    game, asked = _count_game(lambda e: e.pending.action == action)
    login(page, asked)
    page.goto(f"/games/{game.pk}/")


@pytest.mark.django_db(transaction=True)
def test_a_reinforcements_spots_on_the_board_and_its_buttons_are_44_px_targets(touch_page):
    page = touch_page
    _open_decision(page, "reinforce")
    expect(page.get_by_test_id("whose-turn")).to_have_text("Your decision")
    targets = page.evaluate(BOARD_TARGETS, "svg.board .decision-target")
    assert targets and not _small(targets), targets
    assert not _small(page.evaluate(TAP_TARGETS)), page.evaluate(TAP_TARGETS)
    x, y = _beside(page, "svg.board .decision-target", len(targets) - 1)
    page.screenshot(path="/tmp/count_reinforce_phone.png")
    spot = page.locator("svg.board .decision-target").nth(len(targets) - 1)
    chosen = {k: spot.get_attribute(f"data-{k}") for k in ("x", "y", "spot")}
    with page.expect_response(
        lambda r: r.url.split("?")[0].endswith("/decision/") and r.request.method == "POST"
    ) as answer:
        page.touchscreen.tap(x, y)
    sent = answer.value.request.post_data_json["answer"]["reinforce"]
    assert {k: str(sent[k]) for k in ("x", "y", "spot")} == chosen


@pytest.mark.django_db(transaction=True)
def test_a_deployments_quarters_on_the_board_and_its_form_are_44_px_targets(touch_page):
    page = touch_page
    _open_decision(page, "quarter")
    expect(page.get_by_test_id("quarter-form")).to_be_visible()
    quarters = page.evaluate(BOARD_TARGETS, "svg.board rect.quarter-area.is-choosable")
    assert len(quarters) == 4 and not _small(quarters), quarters
    assert not _small(page.evaluate(TAP_TARGETS)), page.evaluate(TAP_TARGETS)
    page.screenshot(path="/tmp/count_quarter_phone.png")
    for index in range(4):  # a tap 20 px from a quarter's middle chooses that quarter
        quarter = page.locator("svg.board rect.quarter-area.is-choosable").nth(index).get_attribute("data-quarter")
        page.touchscreen.tap(*_beside(page, "svg.board rect.quarter-area.is-choosable", index))
        expect(page.locator(f'#quarter-form input[name="quarter"][value="{quarter}"]')).to_be_checked()
    page.screenshot(path="/tmp/count_quarter_board_phone.png")
