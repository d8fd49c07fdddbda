"""A reply racing a browser move of the same turn plays once: both take the game's move
lock; the loser is told the game has moved on. Needs PostgreSQL (row locks)."""

from __future__ import annotations

import re

import pytest
from rest_framework.test import APIClient

from games.models import Move
from notifications.models import InboundMessage
from notifications.replies.handler import handle
from tests.concurrency import at_once
from tests.conftest import needs_postgresql

from .replymail import REPLY_EMAIL, reply, started


@pytest.mark.django_db(transaction=True)
def test_a_reply_racing_a_browser_move_of_the_same_turn_plays_once(
    ann, bob, settings, django_capture_on_commit_callbacks
):
    needs_postgresql("the race")
    settings.REPLY_EMAIL = REPLY_EMAIL
    game, message = started(ann, bob, django_capture_on_commit_callbacks)
    line = next(line for line in message.body.splitlines() if re.match(r"^A \(", line))
    x, y, rotation = re.match(r"^A \((-?\d+),(-?\d+)\): (\d+)", line).groups()
    raw = reply(message, f"A {rotation}")
    results = {}

    def by_mail():
        results["mail"] = handle(raw, source="pipe").result

    def by_browser():
        client = APIClient()
        client.force_authenticate(ann)
        body = {"move_number": 1, "x": int(x), "y": int(y), "rotation": int(rotation), "meeple": None}
        results["browser"] = client.post(f"/api/games/{game.pk}/moves/", body, format="json").status_code

    at_once(by_mail, by_browser)
    assert sorted([results["mail"], str(results["browser"])]) in (["201", "rejected"], ["409", "played"]), results
    assert Move.objects.filter(game=game).count() == 1
    if results["mail"] == "rejected":
        assert InboundMessage.objects.get().reason == "stale"
