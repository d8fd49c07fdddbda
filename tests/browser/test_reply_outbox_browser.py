"""A newcomer without a mail server tries playing by e-mail: the local outbox page shows
the turn e-mail with a "Reply" form, and the reply is played through the same handler as
mail from a real mail server."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games.models import Move

from .helpers import BOTH_SIZES, page_width, started_game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def file_outbox(settings, outbox_dir):
    settings.EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    settings.REPLY_EMAIL = "play@localhost"
    return outbox_dir


@BOTH_SIZES
def test_a_turn_email_is_answered_from_the_outbox_page(browser_page, file_outbox, size):
    page = browser_page
    page.set_viewport_size(size)
    _ann, _bob, game = started_game(name="Mailday")
    page.goto("/outbox/")
    page.get_by_role("link", name="Your turn: Mailday has started").click()  # the first turn's one e-mail
    body = page.locator(".email-body").inner_text()
    cell = re.search(r"^A \(([-\d]+,[-\d]+)\): (\d+)", body, re.MULTILINE)
    form = page.get_by_test_id("outbox-reply")
    expect(form).to_be_visible()
    assert page_width(page) <= size["width"]

    form.get_by_label("Reply").fill("Z 90")  # no such cell: not played, and the answer says why
    form.get_by_role("button", name="Send reply").click()
    expect(page.locator(".messages")).to_contain_text("Your reply was not played")
    page.get_by_role("link", name="Your e-mail move in Mailday was not played").first.click()
    expect(page.locator(".email-body")).to_contain_text("no cell on the board picture has that letter")

    page.get_by_test_id("outbox-reply").get_by_label("Reply").fill(f"{cell.group(1)} {cell.group(2)}")
    page.get_by_test_id("outbox-reply").get_by_role("button", name="Send reply").click()
    expect(page.locator(".messages")).to_contain_text("The move in your reply was played.")
    expect(page.get_by_role("link", name="Your turn in Mailday")).to_have_count(1)  # now bob's turn
    assert Move.objects.filter(game=game).count() == 1
