"""A waiting game's creator fills the open seats with bots: each level's strength in words
shows whole on a phone, and the chosen level takes the seat."""

import pytest
from playwright.sync_api import expect

from games.models import Game

from .helpers import PHONE, login, page_width, players


@pytest.mark.django_db(transaction=True)
def test_the_bot_levels_of_a_waiting_game_show_whole_on_a_phone(browser_page):
    from games import lobby

    page = browser_page
    page.set_viewport_size(PHONE)
    (ann,) = players(["ann"])
    game = lobby.create_game(ann, [], open_seats=1)
    login(page, "ann")
    page.goto(f"/games/{game.pk}/")
    levels = page.get_by_test_id("seat-bots").get_by_role("group", name="Fill the open seats with bots:")
    for line in levels.locator("label").all():
        cut = line.evaluate("e => e.scrollWidth > e.clientWidth || e.getBoundingClientRect().right > innerWidth")
        assert not cut, line.inner_text()
    assert page_width(page) <= PHONE["width"]
    levels.get_by_text("Casual — takes the points").click()
    page.get_by_role("button", name="Seat bots").click()
    expect(page.get_by_test_id("bot-seat")).to_be_visible()
    assert Game.objects.get(pk=game.pk).seats.filter(bot="casual").exists()
