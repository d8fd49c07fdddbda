"""The reply limits (``REPLY_EMAIL_PER_HOUR`` per sender, three answers per decision)
hold when every message is handled by a process of its own with no shared cache, as a
mail server's pipe runs ``receive_mail``: they are counted in the inbound log, in the
database every process sees."""

from __future__ import annotations

import pytest

from notifications.models import InboundMessage, Notification
from notifications.replies.handler import ANSWERS_PER_DECISION, handle
from tests.concurrency import at_once
from tests.conftest import needs_postgresql

from .replymail import env_file, outcome, receive, receive_apart, reply

pytestmark = pytest.mark.usefixtures("reply_on")

NO_CACHE = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}


def answers_to(user) -> int:
    return Notification.objects.filter(user=user, kind=Notification.Kind.REPLY).count()


@pytest.mark.django_db(transaction=True)
def test_four_wrong_replies_in_four_processes_get_three_answers(game, ann, tmp_path):
    needs_postgresql("receive_mail in processes of their own")
    env = env_file(tmp_path)
    results = [outcome(receive_apart(reply(game.turn_mail, "Z 90"), env)) for _ in range(4)]
    assert [r["reason"] for r in results] == ["unknown_cell"] * 4
    assert answers_to(ann) == ANSWERS_PER_DECISION == 3
    assert InboundMessage.objects.filter(answered=True).count() == 3


@pytest.mark.django_db(transaction=True)
def test_four_wrong_replies_handled_at_the_same_moment_get_three_answers(game, ann, settings):
    needs_postgresql("the race")
    settings.CACHES = NO_CACHE
    raws = [reply(game.turn_mail, "Z 90") for _ in range(4)]
    results = []
    at_once(*(lambda raw=raw: results.append(handle(raw, source="pipe").reason) for raw in raws))
    assert results == ["unknown_cell"] * 4
    assert answers_to(ann) == 3


@pytest.mark.django_db(transaction=True)
def test_one_sender_is_limited_per_hour_across_processes(game, settings, tmp_path):
    needs_postgresql("receive_mail in processes of their own")
    settings.REPLY_EMAIL_PER_HOUR = 2
    env = env_file(tmp_path)
    results = [outcome(receive_apart(reply(game.turn_mail, "Z 90"), env)) for _ in range(3)]
    assert [r["reason"] for r in results] == ["unknown_cell", "unknown_cell", "rate_limited"]


@pytest.mark.django_db
def test_without_any_cache_a_decision_gets_three_answers_and_a_sender_their_hourly_replies(game, ann, settings):
    settings.CACHES = NO_CACHE  # what a process of its own shares with the others
    for _ in range(5):
        receive(reply(game.turn_mail, "Z 90"))
    assert answers_to(ann) == 3
    settings.REPLY_EMAIL_PER_HOUR = 6
    assert [receive(reply(game.turn_mail, "Z 90"))["reason"] for _ in range(2)] == ["unknown_cell", "rate_limited"]


@pytest.mark.django_db
def test_automatic_and_resent_messages_do_not_count_towards_the_hour(game, settings):
    settings.CACHES = NO_CACHE
    settings.REPLY_EMAIL_PER_HOUR = 1
    raw = reply(game.turn_mail, "Z 90", message_id="<once@phone.example.com>")
    auto = reply(game.turn_mail, "I am away", headers={"Auto-Submitted": "auto-replied"})
    results = [receive(auto), receive(raw), receive(raw), receive(reply(game.turn_mail, "Z 90"))]
    assert [r.get("reason", r["result"]) for r in results] == ["automatic", "unknown_cell", "duplicate", "rate_limited"]
