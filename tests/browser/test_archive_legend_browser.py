"""The archive's replay, on a phone and a desktop: the King & Robber legend is the page's
text beside the board (as on the game page), outside the picture, and it follows the
board as the replay steps from move to move without reloading."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import BOTH_SIZES, PASSWORD, login


def _crowned_game():
    """A finished King & Robber game in the archive, and the first move that took the king."""
    from accounts.models import User
    from archive.generate import make_template, store_game
    from games.engine import Rules
    from games.engine.effects import history_effects
    from games.replay import engine_for

    users = [User.objects.create_user(n, f"{n}@example.com", PASSWORD) for n in ("ann", "bob")]
    game = store_game(make_template(5, 2, Rules.from_json({"expansions": ["king_robber"]})), users, name="Awards")
    number, holder = next((n, t.player) for n, t in enumerate(history_effects(engine_for(game)), 1) if "king" in t.changed)
    return game, number, holder


@pytest.mark.django_db(transaction=True)
@BOTH_SIZES
def test_the_replays_legend_is_text_beside_the_board_and_follows_each_move(browser_page, size):
    page = browser_page
    page.set_viewport_size(size)
    game, number, holder = _crowned_game()
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
