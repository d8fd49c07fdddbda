"""A round robin of four run by its director from the first click to the champion (issue 46,
4): ann creates the league (she is in it by default), picks her three players with the
picker, is told why round 1 cannot start yet, sees the registered players in the standings,
starts round 1, sees every round's dates, and, the games played through the engine's
results, her champion."""

import pytest
from playwright.sync_api import expect

from tournaments import registration
from tournaments.models import Entry, Tournament

from ..tournaments.conftest import play_round
from .helpers import login, players


@pytest.mark.django_db(transaction=True)
def test_a_director_runs_a_round_robin_of_four_to_its_champion(browser_page):
    page = browser_page
    ann, bob, cid, dee = players(("ann", "bob", "cid", "dee"))
    login(page, "ann")

    page.goto("/tournaments/")
    page.get_by_role("link", name="New tournament").click()
    stay_out = page.get_by_label("Stay out: I direct this event but do not play in it")
    expect(stay_out).not_to_be_checked()  # the director plays by default
    page.get_by_label("Name", exact=True).fill("Winter league")
    page.get_by_label("Format").select_option("round_robin")
    page.get_by_label("Days per round").fill("7")
    page.get_by_role("button", name="Create tournament").click()
    expect(page.locator(".messages")).to_contain_text("Winter league is open for registration.")
    t = Tournament.objects.get(name="Winter league")
    assert t.entries.get().user == ann

    # Round 1 waits for players, and says so; the invitation form is in view.
    expect(page.get_by_test_id("start-round")).to_have_count(0)
    expect(page.get_by_test_id("start-problem")).to_contain_text("at least 2 players have registered (so far: 1)")
    expect(page.get_by_test_id("standings")).to_contain_text("ann")

    names = page.get_by_label("Invite players (usernames)")
    expect(names).to_be_visible()
    names.press_sequentially("bo")
    expect(page.locator('#invite-names-list option[value="bob"]')).to_be_attached()
    names.fill("bob ci")
    expect(page.locator('#invite-names-list option[value="bob cid"]')).to_be_attached()
    names.fill("bob cid dee ann")  # naming herself invites nobody: she is in already
    page.get_by_role("button", name="Invite", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("Invitation sent to bob, cid, dee.")
    expect(page.locator(".messages")).to_contain_text("ann plays in this tournament (no invitation needed).")
    expect(page.get_by_test_id("invited-players")).to_contain_text("bob")
    expect(page.get_by_test_id("tournament-invitation")).to_have_count(0)  # never an invitation to herself
    assert t.entries.get(user=ann).state == Entry.State.REGISTERED

    for user in (bob, cid, dee):  # they accept (tests/browser/test_newcomer_browser.py clicks Accept)
        registration.register(t, user)
    page.reload()
    standings = page.get_by_test_id("standings")
    for name in ("ann", "bob", "cid", "dee"):
        expect(standings).to_contain_text(name)
    expect(page.get_by_test_id("registered-players")).to_contain_text("dee")
    expect(page.get_by_test_id("round-dates")).to_have_count(3)  # four players: three rounds
    expect(page.get_by_test_id("round-dates").first).to_contain_text("starts when the director starts it")

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_test_id("start-round").click()
    expect(page.locator(".messages")).to_contain_text("Round 1 has started.")
    dates = page.get_by_test_id("round-dates")
    expect(dates).to_have_count(3)
    expect(dates.nth(0)).to_contain_text("deadline")
    expect(dates.nth(0)).to_contain_text("In progress")
    expect(dates.nth(1)).to_contain_text("at the latest")
    expect(dates.nth(2)).to_contain_text("at the latest")
    expect(page.get_by_test_id("start-round")).to_have_count(0)

    def ann_wins(pairing):
        return [90 if uid == ann.pk else 40 + 5 * i for i, uid in enumerate(pairing.players)]

    for number in (1, 2, 3):
        t.refresh_from_db()
        assert t.rounds.order_by("-number").first().number == number
        play_round(t, score=ann_wins)
        page.reload()
        expect(page.get_by_test_id("round-dates").nth(number - 1)).to_contain_text("(finished)")

    expect(page.get_by_test_id("champion")).to_contain_text("ann")
    first_row = page.get_by_test_id("standings").locator("tbody tr").first
    expect(first_row).to_contain_text("ann")
    expect(page.get_by_test_id("round-dates")).to_have_count(3)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
