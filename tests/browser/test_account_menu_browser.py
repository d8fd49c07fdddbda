"""Settings in reach: the account menu on every page, the e-mail change confirmed by the
new address, and the count of games waiting for me in the navigation."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from playwright.sync_api import expect

from accounts.models import User

from .helpers import BOTH_SIZES, PASSWORD, login, started_game


def open_account_menu(page):
    if page.viewport_size["width"] < 768:
        page.locator(".nav-toggle-label").click()
    page.get_by_test_id("account-menu").locator("summary").click()


@pytest.mark.django_db(transaction=True)
@BOTH_SIZES
def test_settings_are_reachable_from_the_account_menu_on_any_page(browser_page, size):
    page = browser_page
    page.set_viewport_size(size)
    ann, bob, game = started_game("Counted game")
    login(page, "ann")
    for start, item, landed in [
        (f"/games/{game.pk}/", "Notification settings", "/notifications/settings/"),
        ("/archive/", "Vacations", "/notifications/settings/#vacations"),
        ("/tournaments/", "Password", "/accounts/password_change/"),
        ("/games/lobby/", "E-mail address", "/accounts/email/"),
    ]:
        page.goto(start)
        open_account_menu(page)
        page.get_by_role("link", name=item, exact=True).click()
        expect(page).to_have_url(page.base_url + landed)
    # ann's turn: the navigation counts one game waiting for her
    if size["width"] < 768:
        page.locator(".nav-toggle-label").click()
    expect(page.get_by_test_id("games-waiting")).to_contain_text("1")


@pytest.mark.django_db(transaction=True)
def test_a_new_email_address_counts_only_once_confirmed(browser_page):
    page = browser_page
    User.objects.create_user("ann", "ann@example.com", PASSWORD)
    login(page, "ann")
    page.goto("/accounts/email/")
    page.get_by_label("New e-mail address").fill("ann@new.example.org")
    page.get_by_role("button", name="Send a confirmation link").click()
    expect(page.locator(".messages")).to_contain_text("ann@new.example.org")
    assert User.objects.get(username="ann").email == "ann@example.com"  # not yet
    [message] = [m for m in mail.outbox if m.to == ["ann@new.example.org"]]
    link = re.search(r"https?://\S+/accounts/email/confirm/\S+/", message.body).group(0)
    assert link.startswith(page.base_url)
    page.goto(link)
    expect(page.locator(".messages")).to_contain_text("ann@new.example.org is confirmed")
    assert User.objects.get(username="ann").email == "ann@new.example.org"
