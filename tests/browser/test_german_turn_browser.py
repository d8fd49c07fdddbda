"""One turn in German, in a real browser: the page, its JavaScript (rotate, confirm) and the
move list speak German, from the browser's language alone."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Game

from .helpers import PASSWORD, started_game
from .test_game_browser import completing_seed


@pytest.mark.django_db(transaction=True)
def test_one_turn_in_german(chromium_browser, live_server):
    ann, bob, game = started_game("Freitagspartie")
    seed, placement, spot, points, rotations = completing_seed(["ann", "bob"])
    Game.objects.filter(pk=game.pk).update(seed=seed)
    context = chromium_browser.new_context(base_url=live_server.url, locale="de-DE")
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        page.goto("/accounts/login/")
        expect(page.locator("html")).to_have_attribute("lang", "de")
        page.get_by_label("Benutzername").fill("ann")
        page.get_by_label("Passwort").fill(PASSWORD)
        page.get_by_role("button", name="Anmelden").click()
        page.goto(f"/games/{game.pk}/")
        expect(page.get_by_test_id("whose-turn")).to_have_text("Du bist am Zug")

        page.locator(f'svg.board rect.slot[data-x="{placement.x}"][data-y="{placement.y}"]').click()
        selection = page.get_by_test_id("selection")
        expect(selection).to_contain_text(f"auf ({placement.x},{placement.y})")
        expect(page.locator("#turn-step")).to_contain_text("Dreh die Karte, wenn du willst")
        for _ in range(4):
            if selection.get_attribute("data-rotation") == str(placement.rotation):
                break
            page.get_by_role("button", name="Drehen").click()
        expect(selection).to_have_attribute("data-rotation", str(placement.rotation))
        page.locator(f'#turn-tile circle.spot[data-spot="{spot}"]').click()
        expect(selection).to_contain_text("Ritter in der Stadt")
        page.get_by_role("button", name="Zug bestätigen").click()

        move_list = page.get_by_test_id("move-list")
        expect(move_list).to_contain_text(re.compile(r"ann hat .+ gelegt"))  # the tile in words
        expect(move_list).to_contain_text("einen Ritter in die Stadt")
        expect(page.get_by_test_id("whose-turn")).to_contain_text("bob ist am Zug")
        game.refresh_from_db()
        assert game.scores[0] == points
    finally:
        context.close()
