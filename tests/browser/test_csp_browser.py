"""Under the Content-Security-Policy, the pages load and run without any violation."""

import pytest
from playwright.sync_api import expect

from accounts.models import User
from games import lobby
from tests.browser.test_game_browser import PASSWORD, login


@pytest.mark.django_db(transaction=True)
def test_game_archive_and_api_pages_raise_no_csp_violation(browser_page):
    page = browser_page
    violations = []
    page.on("console", lambda msg: violations.append(msg.text) if "Content Security Policy" in msg.text else None)
    ann = User.objects.create_user("ann", "ann@example.com", PASSWORD)
    bob = User.objects.create_user("bob", "bob@example.com", PASSWORD)
    game = lobby.create_game(ann, ["bob"], name="CSP game")
    lobby.accept_invitation(game.pk, bob)

    login(page, "ann")
    page.goto(f"/games/{game.pk}/")
    page.locator("svg.board rect.slot").first.click()  # turn.js runs
    expect(page.get_by_test_id("selection")).to_contain_text("at (")
    page.goto(f"/archive/games/{game.pk}/")
    page.goto("/api/docs/")
    expect(page.locator("#swagger-ui .information-container")).to_be_visible()
    assert violations == []
