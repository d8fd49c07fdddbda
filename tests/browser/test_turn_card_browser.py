"""The turn card offers only the choices there are: no "No follower" toggle when no
follower can go anywhere (none left), no lone figure pill when only followers may go on a
spot; and the create form's bot level shows each level's strength uncut."""

import pytest
from playwright.sync_api import expect

from .helpers import DESKTOP, PHONE, login, started_game

# What the server embeds for a player with no follower left: placements without figures.
NO_FOLLOWER_LEFT = """() => {
  const data = document.getElementById("legal-moves"), legal = JSON.parse(data.textContent);
  legal.placements.forEach(p => { p.figures = []; p.meeples = []; });
  data.textContent = JSON.stringify(legal);
  return import("/static/js/turn.js").then(turn => { turn.init(); });  // the page's own module
}"""


@pytest.mark.django_db(transaction=True)
def test_with_no_follower_left_the_turn_card_offers_no_follower_choice(browser_page):
    page = browser_page
    *_, game = started_game("Empty supply")
    login(page, "ann")
    page.goto(f"/games/{game.pk}/")
    page.evaluate(NO_FOLLOWER_LEFT)
    page.locator("svg.board rect.slot").first.click()
    expect(page.locator("#turn-step")).to_have_text("Rotate if you like, then confirm (no follower can be placed).")
    expect(page.get_by_role("button", name="No follower")).to_be_hidden()
    expect(page.get_by_text("Click a spot on the tile to place a follower")).to_be_hidden()
    expect(page.get_by_role("button", name="Confirm move")).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_a_spot_for_followers_only_shows_no_figure_pill(browser_page):
    page = browser_page
    *_, game = started_game("Followers only")
    login(page, "ann")
    page.goto(f"/games/{game.pk}/")
    page.locator("svg.board rect.slot").first.click()
    page.locator("#turn-tile circle.spot:not(.spot-refused)").first.dispatch_event("click")
    expect(page.get_by_test_id("selection")).not_to_have_attribute("data-spot", "")
    expect(page.get_by_test_id("figure-choice")).to_be_hidden()
    expect(page.get_by_role("button", name="No follower")).to_have_attribute("aria-pressed", "false")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_each_bot_level_shows_its_strength_uncut(browser_page, size):
    page = browser_page
    page.set_viewport_size(size)
    started_game("Anything")
    login(page, "ann")
    page.goto("/games/new/")
    levels = page.get_by_role("group", name="Bot level")
    expect(
        levels.get_by_role(
            "radio", name="Beginner — plays its tile anywhere it fits, now and then where it scores most"
        )
    ).to_be_visible()
    expect(levels.locator("input[value=beginner]")).to_be_checked()  # as in "Play a bot now"
    for line in levels.locator("label").all():
        cut = line.evaluate("e => e.scrollWidth > e.clientWidth || e.getBoundingClientRect().right > innerWidth")
        assert not cut, line.inner_text()
