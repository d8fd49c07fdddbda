"""What a newcomer sees on a desktop and a phone: the knockout bracket, the tournament
form, the time zone from the browser, the tiles left in the bag, the end of a game."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from accounts.models import User
from archive.generate import make_template, store_game
from games import engine_state
from tournaments import creation, registration, rounds

from .helpers import BOTH_SIZES, PASSWORD, login, page_width, started_game


@pytest.mark.django_db(transaction=True)
@BOTH_SIZES
def test_the_knockout_bracket_is_visible_on_the_tournament_page(browser_page, size):
    page = browser_page
    page.set_viewport_size(size)
    users = [User.objects.create_user(f"p{i}", f"p{i}@example.com", PASSWORD) for i in range(5)]
    cup = creation.create_tournament(users[0], name="Cup", format="knockout")
    for u in users:
        registration.register(cup, u)
    rounds.start(cup, users[0])
    page.goto(f"/tournaments/{cup.pk}/")
    bracket = page.get_by_test_id("bracket").locator("svg")
    expect(bracket).to_be_visible()
    assert bracket.bounding_box()["height"] > 100
    expect(bracket).to_contain_text("p0")
    assert bracket.locator("a").first.get_attribute("href").startswith("/games/")
    assert page_width(page) <= size["width"]


@pytest.mark.django_db(transaction=True)
@BOTH_SIZES
def test_the_tournament_form_shows_the_options_of_the_chosen_format(browser_page, size):
    page = browser_page
    page.set_viewport_size(size)
    User.objects.create_user("ann", "ann@example.com", PASSWORD)
    login(page, "ann")
    page.goto("/tournaments/new/")
    page.get_by_label("Format").select_option("swiss")
    expect(page.get_by_label("Swiss rounds")).to_be_visible()
    expect(page.get_by_label("Table size")).to_be_hidden()
    page.get_by_label("Format").select_option("round_robin")
    expect(page.get_by_label("Table size")).to_be_visible()
    expect(page.get_by_label("Swiss rounds")).to_be_hidden()
    expect(page.get_by_label("Seeding")).to_be_hidden()
    # no tiebreak chosen: the format's usual order, which the form tells
    expect(page.get_by_label("First tiebreak")).to_have_value("")
    expect(page.get_by_text("round robin: head-to-head, Sonneborn-Berger, game points")).to_be_visible()
    page.get_by_label("Format").select_option("knockout")
    expect(page.get_by_label("Seeding")).to_be_visible()
    expect(page.get_by_label("First tiebreak")).to_be_hidden()  # a knockout needs none
    assert page_width(page) <= size["width"]


@pytest.mark.django_db(transaction=True)
def test_the_time_zone_starts_at_the_browsers(chromium_browser, live_server):
    User.objects.create_user("ann", "ann@example.com", PASSWORD)
    context = chromium_browser.new_context(base_url=live_server.url, timezone_id="America/Sao_Paulo")
    try:
        page = context.new_page()
        login(page, "ann")
        page.goto("/notifications/settings/")
        expect(page.get_by_label("Time zone")).to_have_value("America/Sao_Paulo")
    finally:
        context.close()


@pytest.mark.django_db(transaction=True)
@BOTH_SIZES
def test_the_bag_and_the_end_of_the_game(browser_page, size):
    page = browser_page
    page.set_viewport_size(size)
    ann, bob, game = started_game("Bag game")
    finished = store_game(make_template(4, 2), [ann, bob], name="Ended")
    login(page, "ann")
    page.goto(f"/games/{game.pk}/")
    bag = page.get_by_test_id("bag")
    expect(bag.locator(".bag-tile svg").first).to_be_visible()
    counts = [int(c) for c in bag.locator("[data-count]").all_inner_texts()]
    game.refresh_from_db()
    assert sum(counts) == engine_state.engine_for(game).tiles_left == 70  # 72 tiles: the start tile, the drawn one
    page.goto(f"/games/{finished.pk}/")
    after = page.get_by_test_id("after-game")
    expect(after.get_by_role("link", name="Replay the game")).to_be_visible()
    after.get_by_role("button", name="Rematch").click()
    expect(page.locator("h1")).to_contain_text("rematch")
    expect(page.locator(".seat-list")).to_contain_text("bob")
    page.goto(f"/games/{finished.pk}/")
    page.get_by_test_id("after-game").get_by_role("link", name="New game with these players").click()
    expect(page.get_by_label("Invite players")).to_have_value("bob")


@pytest.mark.django_db(transaction=True)
@BOTH_SIZES
def test_a_tournament_invitation_reaches_the_invitee_who_accepts_it_from_home(browser_page, size):
    from django.core import mail

    page = browser_page
    page.set_viewport_size(size)
    director = User.objects.create_user("td", "td@example.com", PASSWORD)
    User.objects.create_user("ann", "ann@example.com", PASSWORD)
    cup = creation.create_tournament(director, name="Closed cup", registration="invitation")
    login(page, "td")
    page.goto(f"/tournaments/{cup.pk}/")  # before round 1 the invitation form is in view, not folded away
    page.get_by_label("Invite players (usernames)").fill("ann")
    page.get_by_role("button", name="Invite", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("Invitation sent to ann")
    assert [m for m in mail.outbox if m.to == ["ann@example.com"] and "Closed cup" in m.subject]
    page.context.clear_cookies()
    login(page, "ann")
    page.goto("/")
    invitations = page.get_by_test_id("tournament-invitations")
    expect(invitations).to_contain_text("Closed cup")
    invitations.get_by_role("button", name="Accept the invitation to Closed cup").click()
    expect(page.locator(".messages")).to_contain_text("You are registered.")
    assert cup.entries.get(user__username="ann").state == "registered"
    assert page_width(page) <= size["width"]
