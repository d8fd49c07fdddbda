"""A director withdrawing a player is asked first: "Cancel" leaves the player in, "OK"
withdraws them."""

import pytest
from playwright.sync_api import expect

from tournaments import creation, registration, rounds
from tournaments.models import Entry

from .helpers import login, players


@pytest.mark.django_db(transaction=True)
def test_withdrawing_a_player_asks_the_director_first(browser_page):
    page = browser_page
    ann, bob, cid, dee = players(("ann", "bob", "cid", "dee"))
    cup = creation.create_tournament(ann, name="Cup", format="swiss", swiss_rounds=2)
    for user in (bob, cid, dee, ann):
        registration.register(cup, user)
    rounds.start(cup, ann)
    login(page, "ann")
    page.goto(f"/tournaments/{cup.pk}/")
    page.get_by_text("Director", exact=True).click()
    form = page.get_by_test_id("withdraw-player")
    form.get_by_label("Withdraw a player (username)").fill("bob")

    questions = []
    page.once("dialog", lambda dialog: (questions.append(dialog.message), dialog.dismiss()))
    form.get_by_role("button", name="Withdraw").click()
    expect(page.locator("#withdraw-name")).to_have_value("bob")  # still on the page, nothing sent
    assert questions and "Withdraw this player" in questions[0]
    assert Entry.objects.get(tournament=cup, user=bob).state == Entry.State.REGISTERED

    page.once("dialog", lambda dialog: dialog.accept())
    form.get_by_role("button", name="Withdraw").click()
    expect(page.get_by_text("bob has withdrawn.")).to_be_visible()
    assert Entry.objects.get(tournament=cup, user=bob).state == Entry.State.WITHDRAWN
