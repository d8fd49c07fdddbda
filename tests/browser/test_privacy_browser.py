"""The pages of privacy and civility in a browser: deleting one's account, reporting a chat
message; axe on every new page."""

from __future__ import annotations

from playwright.sync_api import expect

from accounts.models import User
from chat.models import Message

from .helpers import BOTH_SIZES, PASSWORD, login, started_game


def test_a_player_deletes_their_account_from_the_account_menu(browser_page):
    page = browser_page
    ann, bob, game = started_game("Last game")
    Message.objects.create(game=game, author=ann, text="see you")
    login(page, "ann")
    page.get_by_test_id("account-menu").locator("summary").click()
    page.get_by_role("link", name="Your data").click()
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


def test_a_player_reports_a_message_from_the_chat_and_is_thanked(browser_page):
    from chat.models import Report

    page = browser_page
    ann, bob, game = started_game("Rude game")
    Message.objects.create(game=game, author=ann, text="you play like a potato")
    login(page, "bob")
    page.goto(f"/games/{game.pk}/")
    page.get_by_role("link", name="Report this message by ann").click()
    expect(page.get_by_test_id("reported-message")).to_have_text("you play like a potato")
    page.get_by_label("Insults or harassment").check()
    page.get_by_label("Anything the moderators should know").fill("every game")
    page.get_by_role("button", name="Send the report").click()
    expect(page.get_by_text("Thank you for your report")).to_be_visible()
    expect(page).to_have_url(f"{page.base_url}/games/{game.pk}/#chat")
    report = Report.objects.get()
    assert (report.reporter, report.reported, report.reason, report.note) == (bob, ann, "abuse", "every game")


def _privacy_pages(ann) -> dict:
    """The pages of this issue, as ann sees them (a data file ready to download)."""
    from accounts import deletion
    from accounts.models import DataExport

    DataExport.objects.create(user=ann, token="t0ken", state="ready", content=b"zip", size=3, expires_at=_later())
    game = ann.seats.get().game
    message = Message.objects.create(game=game, author=game.seats.get(position=1).user, text="hello")
    return {
        "game with a chat to report": f"/games/{game.pk}/",
        "report message": f"/games/{game.pk}/chat/{message.pk}/report/",
        "report player": f"/players/{message.author.username}/report/",
        "blocks": "/accounts/blocks/",
        "your data": "/accounts/data/",
        "delete account": "/accounts/delete/",
        "delete link": f"/accounts/delete/{deletion.link_token(ann)}/",
        "privacy": "/privacy/",
    }


def _later():
    from datetime import timedelta

    from django.utils import timezone

    return timezone.now() + timedelta(days=3)


@BOTH_SIZES
def test_the_privacy_pages_have_no_critical_or_serious_accessibility_violation(browser_page, size):
    from axe_playwright_python.sync_playwright import Axe

    page = browser_page
    page.set_viewport_size(size)
    ann, _bob, _game = started_game("Axe game")
    pages = _privacy_pages(ann)
    login(page, "ann")
    axe, found = Axe(), {}
    for name, path in pages.items():
        page.goto(path)
        problems = [
            f"{v['impact']} {v['id']}: " + ", ".join(" ".join(n["target"]) for n in v["nodes"][:4])
            for v in axe.run(page).response["violations"]
            if v["impact"] in ("critical", "serious")
        ]
        print(f"axe {size['width']}px {name}: {len(problems)} critical/serious", *problems, sep="\n  ")
        if problems:
            found[name] = problems
    assert not found, found
