"""An open game page follows the game without a reload: the opponent's move, whose
turn it is (also in the tab title), and the chat. Notes stay private."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from chat.models import Message
from games import engine_state, turns
from games.present.tile_names import tile_phrase
from games.present.view import placements_of

from .helpers import BOTH_SIZES, login, started_game


def _play_first(game, user):
    game.refresh_from_db()
    engine = engine_state.engine_for(game)
    first = placements_of(engine, engine.tile)[0]
    turns.play_move(game.pk, user, game.move_count + 1, first["x"], first["y"], first["rotation"], None)
    return engine.tile, first


@pytest.fixture
def fast_polling(settings):
    settings.LIVE_POLL_SECONDS = 0.3


@pytest.mark.django_db(transaction=True)
@BOTH_SIZES
def test_the_opponents_move_and_my_turn_appear_without_a_reload(browser_page, fast_polling, size):
    page = browser_page
    page.set_viewport_size(size)
    ann, bob, game = started_game("Live game")
    login(page, "bob")
    page.goto(f"/games/{game.pk}/")
    page.evaluate("window.__sameDocument = true")
    expect(page.get_by_test_id("whose-turn")).to_contain_text("ann's turn")
    assert "Your turn" not in page.title()
    page.get_by_role("button", name="Zoom in").click()
    zoom = page.locator("#board-scroll").get_attribute("data-zoom")

    tile, first = _play_first(game, ann)

    expect(page.get_by_test_id("whose-turn")).to_have_text("Your turn", timeout=8000)
    expect(page.get_by_test_id("move-list")).to_contain_text(f"ann placed {tile_phrase(tile)}")
    assert page.title().startswith("Your turn")
    assert page.evaluate("window.__sameDocument") is True  # no reload
    expect(page.locator("#board-scroll")).to_have_attribute("data-zoom", zoom)  # the view is kept
    # the new turn can be played right away: the highlighted cells answer
    page.locator("svg.board rect.slot").first.click()
    expect(page.locator("#turn-controls")).to_be_visible()


@pytest.mark.django_db(transaction=True)
@BOTH_SIZES
def test_chat_between_players_and_private_notes(browser_page, chromium_browser, live_server, fast_polling, size):
    page = browser_page
    page.set_viewport_size(size)
    ann, bob, game = started_game("Chatty game")
    login(page, "ann")
    page.goto(f"/games/{game.pk}/")

    other = chromium_browser.new_context(base_url=live_server.url, viewport=size)
    try:
        bob_page = other.new_page()
        login(bob_page, "bob")
        bob_page.goto(f"/games/{game.pk}/")

        page.get_by_label("Message to the other players").fill("<b>good luck</b> & have fun")
        page.get_by_role("button", name="Send").click()
        expect(page.get_by_test_id("chat")).to_contain_text("<b>good luck</b> & have fun")
        # bob sees it without reloading, escaped
        expect(bob_page.get_by_test_id("chat")).to_contain_text("<b>good luck</b> & have fun", timeout=8000)
        assert bob_page.locator("[data-testid=chat] b").count() == 0

        # notes: saved, seen again by their author only
        page.get_by_test_id("note").fill("bob keeps farmers for the end")
        page.get_by_role("button", name="Save note").click()
        expect(page.locator("[data-note-status]")).to_have_text("Saved.")
        page.reload()
        expect(page.get_by_test_id("note")).to_have_value("bob keeps farmers for the end")
        bob_page.reload()
        expect(bob_page.get_by_test_id("note")).to_have_value("")

        # bob mutes ann: her next message does not reach him
        bob_page.locator(".chat-mute summary").click()
        bob_page.get_by_role("button", name="Mute ann").click()
        page.get_by_label("Message to the other players").fill("second message")
        page.get_by_role("button", name="Send").click()
        expect(page.get_by_test_id("chat")).to_contain_text("second message")
        assert Message.objects.filter(text="second message").exists()
        bob_page.reload()
        expect(bob_page.get_by_test_id("chat")).not_to_contain_text("second message")
    finally:
        other.close()
