"""Any open page of the site shows that it is your turn: the tab's title and icon, and (opted
in, with the browser's permission) a notification while the tab is not looked at."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import login, play_first_placements, started_game

RECORD_NOTIFICATIONS = """
window.__notes = [];
class Recorded { constructor(title, options) { window.__notes.push({ title, body: options && options.body }); }
  close() {} static get permission() { return "granted"; } static requestPermission() { return Promise.resolve("granted"); } }
window.Notification = Recorded;
document.hasFocus = () => false;  // the player is in another window
"""


@pytest.fixture
def fast_polling(settings):
    settings.YOUR_TURN_POLL_SECONDS = 0.3
    settings.LIVE_POLL_SECONDS = 0.3


@pytest.mark.django_db(transaction=True)
def test_the_lobby_tab_says_your_turn_and_notifies_once_opted_in(browser_page, fast_polling):
    page = browser_page
    page.context.grant_permissions(["notifications"])
    page.add_init_script(RECORD_NOTIFICATIONS)
    ann, bob, game = started_game("Tab title")
    login(page, "bob")
    page.goto("/games/lobby/")
    expect(page).not_to_have_title(re.compile("Your turn"))
    page.get_by_test_id("account-menu").locator("summary").click()
    notify = page.get_by_test_id("turn-notify")
    expect(notify).to_have_attribute("aria-pressed", "false")
    notify.click()
    expect(notify).to_have_attribute("aria-pressed", "true")

    play_first_placements(game, [ann, bob], 1)  # now bob's turn

    expect(page).to_have_title(re.compile(r"^Your turn \(1\) · Lobby"), timeout=8000)
    expect(page.locator("#favicon")).to_have_attribute("href", re.compile("favicon-turn"))
    expect(page.get_by_test_id("games-waiting")).to_be_visible()
    page.wait_for_function("window.__notes.length === 1")
    assert page.evaluate("window.__notes") == [{"title": "Your turn", "body": "1 game is waiting for you."}]

    play_first_placements(game, [ann, bob], 1)  # ann's turn again
    expect(page).to_have_title(re.compile(r"^Lobby"), timeout=8000)
    expect(page.locator("#favicon")).to_have_attribute("href", re.compile(r"favicon\."))
    assert page.evaluate("window.__notes.length") == 1


@pytest.mark.django_db(transaction=True)
def test_a_game_page_shows_a_turn_in_another_game(browser_page, fast_polling):
    page = browser_page
    ann, bob, game = started_game("Watched")
    from games import lobby

    other = lobby.create_game(ann, ["bob"], name="Other")
    lobby.accept_invitation(other.pk, bob)
    login(page, "bob")
    page.goto(f"/games/{game.pk}/")
    expect(page.get_by_test_id("whose-turn")).to_contain_text("ann's turn")

    other.refresh_from_db()
    play_first_placements(other, [ann, bob], 1)  # bob's turn in the other game

    expect(page).to_have_title(re.compile(r"^Your turn \(1\) · Watched"), timeout=8000)
    play_first_placements(game, [ann, bob], 1)  # and in this one: the page's title says it once
    expect(page).to_have_title(re.compile(r"^Your turn · Watched"), timeout=8000)
