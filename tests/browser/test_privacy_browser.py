"""Leaving the site in a browser: deleting one's account from the account menu."""

from __future__ import annotations

from playwright.sync_api import expect

from accounts.models import User
from chat.models import Message

from .helpers import PASSWORD, login, started_game


def test_a_player_deletes_their_account_from_the_account_menu(browser_page):
    page = browser_page
    ann, bob, game = started_game("Last game")
    Message.objects.create(game=game, author=ann, text="see you")
    login(page, "ann")
    page.get_by_test_id("account-menu").locator("summary").click()
    page.get_by_role("link", name="Delete your account").click()
    expect(page.get_by_role("heading", name="Delete your account", exact=True)).to_be_visible()
    page.get_by_label("Your password", exact=True).fill("not my password")
    page.get_by_role("button", name="Delete my account", exact=True).click()
    expect(page.get_by_text("This is not your password.")).to_be_visible()
    page.get_by_label("Your password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Delete my account", exact=True).click()
    expect(page.get_by_text("Your account is deleted.")).to_be_visible()
    expect(page.get_by_role("link", name="Log in").first).to_be_visible()  # logged out
    ann.refresh_from_db()
    assert ann.username == f"deleted player {ann.pk}" and ann.email == ""
    game.refresh_from_db()
    assert game.status == "finished"  # two players: bob is left and wins
    login(page, "bob")
    page.goto(f"/games/{game.pk}/")
    expect(page.get_by_test_id("chat")).to_contain_text("deleted")
    expect(page.get_by_test_id("chat")).not_to_contain_text("see you")
    assert not User.objects.filter(username="ann").exists()
