"""End to end with a real Celery worker against the real Redis (REDIS_URL).

REQUIRE_SERVICES=1 (CI) makes these fail, not skip, without Redis.
"""

from __future__ import annotations

import re
import socket
import threading

import pytest
from django.core import mail
from django.test import Client

from games.models import Game
from notifications import tasks
from notifications.models import Notification

from .conftest import CLOSED_BROKER, broker, mails_to, play_first, start_game, wait_for


def _link(message) -> str:
    return re.search(r"(http://\S+/notifications/go/\S+/)", message.body).group(1)


def test_move_sends_exactly_one_turn_email_with_working_link(celery_worker, ann, bob):
    game = start_game(ann, bob)
    assert wait_for(lambda: len(mails_to("ann@example.com", "Your turn")) == 1)
    mail.outbox.clear()

    play_first(game)

    assert wait_for(lambda: len(mails_to("bob@example.com", "Your turn")) == 1)
    assert wait_for(lambda: not Notification.objects.filter(status__in=["pending", "sending"]).exists())
    assert tasks.sweep() == 0  # a sweep finds nothing to send again
    turn_mails = [m for m in mail.outbox if "Your turn" in m.subject]
    assert [m.to for m in turn_mails] == [["bob@example.com"]]
    client = Client()
    link = _link(turn_mails[0]).replace("http://127.0.0.1:8000", "")
    assert client.get(link).status_code == 200  # a page with a log-in button
    response = client.post(link)
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/#turn-panel"
    page = client.get(f"/games/{game.pk}/")
    assert page.status_code == 200
    assert page.context["user"] == bob and page.context["my_turn"]


class FlakySMTP:
    """An aiosmtpd handler answering 451 to the first ``failures`` messages."""

    def __init__(self, failures=2):
        self.failures = failures
        self.calls = 0
        self.accepted = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.calls += 1
            if self.calls <= self.failures:
                return "451 4.3.0 Try again later"
            self.accepted.append(envelope)
        return "250 OK"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def flaky_smtp(settings):
    from aiosmtpd.controller import Controller

    handler = FlakySMTP(failures=2)
    controller = Controller(handler, hostname="127.0.0.1", port=_free_port())
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", controller.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    try:
        yield handler
    finally:
        controller.stop()


def test_smtp_failing_twice_then_succeeding_sends_one_email(flaky_smtp, celery_worker, ann, bob):
    game = start_game(ann, bob)
    # Invitation, 2x "started" and ann's turn are queued; wait for all of them first.
    assert wait_for(lambda: not Notification.objects.filter(status__in=["pending", "sending"]).exists(), timeout=60)
    before = len(flaky_smtp.accepted)
    flaky_smtp.calls, flaky_smtp.failures = 0, 2

    play_first(game)

    row = Notification.objects.get(kind="turn", game=game, email="bob@example.com")
    assert wait_for(lambda: Notification.objects.get(pk=row.pk).status == "sent", timeout=60)
    row.refresh_from_db()
    assert row.attempts == 3 and flaky_smtp.calls == 3
    assert tasks.sweep() == 0  # a sweep finds nothing to send again
    new = flaky_smtp.accepted[before:]
    assert len(new) == 1 and new[0].rcpt_tos == ["bob@example.com"]
    assert b"Your turn in" in new[0].content


def test_move_while_redis_is_down_is_accepted_and_mailed_later(redis_broker, transactional_db, settings, ann, bob):
    game = start_game(ann, bob)
    with broker(CLOSED_BROKER):
        game = play_first(game)  # queueing fails: logged, the move stands
    assert Game.objects.get(pk=game.pk).move_count == game.move_count >= 1
    row = Notification.objects.get(kind="turn", game=game, email="bob@example.com")
    assert row.status == "pending"
    assert not mails_to("bob@example.com", "Your turn")

    # Redis is back: start the worker, run the sweep.
    from celery.contrib.testing.worker import start_worker
    from celery.signals import task_postrun
    from django.db import connections

    settings.NOTIFICATIONS_SWEEP_AFTER_SECONDS = 0

    def close_db(**kwargs):
        connections.close_all()

    task_postrun.connect(close_db, weak=False)
    try:
        with start_worker(tasks.send_notification.app, pool="solo", perform_ping_check=False, loglevel="WARNING"):
            assert tasks.sweep() >= 1
            assert wait_for(lambda: len(mails_to("bob@example.com", "Your turn")) == 1)
            assert wait_for(lambda: not Notification.objects.filter(status__in=["pending", "sending"]).exists())
    finally:
        task_postrun.disconnect(close_db)
    assert len(mails_to("bob@example.com", "Your turn")) == 1


def test_the_worker_tests_use_their_own_database_on_the_redis_server_of_redis_url(monkeypatch):
    from .conftest import _test_broker_url

    monkeypatch.setenv("REDIS_URL", "redis://redis.example:6380/0")
    monkeypatch.delenv("TEST_REDIS_DB", raising=False)
    assert _test_broker_url() == "redis://redis.example:6380/15"  # never the site's database 0, whose queue they purge
    monkeypatch.setenv("TEST_REDIS_DB", "6")
    assert _test_broker_url() == "redis://redis.example:6380/6"
