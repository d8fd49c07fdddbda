"""The database connection dies after the SMTP server accepted a message and before its
row is marked sent: the message still goes out exactly once.

Outside any test transaction (``transaction=True``), as in a worker. The PostgreSQL test
terminates the worker's connection for real; REQUIRE_SERVICES=1 makes it fail, not skip,
without PostgreSQL (DATABASE_URL)."""

from __future__ import annotations

from contextlib import contextmanager
from datetime import timedelta
from unittest import mock

import pytest
from django.core import mail
from django.core.mail.backends import locmem
from django.db import OperationalError, connection
from django.utils import timezone
from rest_framework.test import APIClient

from games import lobby
from games.models import Move
from notifications import tasks
from notifications.models import Notification
from tests.conftest import needs_postgresql
from tests.games.helpers import play_turn

from .conftest import start_game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def invitation(ann, bob):
    """An invitation e-mail waiting to be sent (the game's creation sent it once already)."""
    game = lobby.create_game(ann, ["bob"])
    row = Notification.objects.get(game=game, kind="invitation")
    Notification.objects.filter(pk=row.pk).update(status="pending", sent_at=None)
    mail.outbox.clear()
    return row


@contextmanager
def after_the_smtp_server_accepts(break_connection):
    """Run ``break_connection`` right after each message is accepted (the test backend's send)."""
    accept = locmem.EmailBackend.send_messages

    def accept_then_break(backend, messages):
        count = accept(backend, messages)
        break_connection()
        return count

    with mock.patch.object(locmem.EmailBackend, "send_messages", accept_then_break):
        yield


@contextmanager
def failing_queries(times):
    """The next ``times`` queries on the connection raise, as on a connection that died."""
    left = {"n": 0}

    def wrapper(execute, sql, params, many, context):
        if left["n"] > 0:
            left["n"] -= 1
            raise OperationalError("server closed the connection unexpectedly")
        return execute(sql, params, many, context)

    with connection.execute_wrapper(wrapper):
        yield lambda: left.update(n=times)


def terminate_own_connection():
    """Kill this connection's PostgreSQL backend from a second connection."""
    pid = connection.connection.info.backend_pid
    other = connection.copy()
    try:
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s, 5000)", [pid])
    finally:
        other.close()


def sweep_after_the_lease():
    """The sweep, once any lease has run out: it sends again whatever is not marked sent."""
    later = timezone.now() + tasks.lease() + timedelta(minutes=1)
    with mock.patch("django.utils.timezone.now", return_value=later):
        tasks.sweep()


def test_an_email_whose_connection_breaks_after_sending_is_marked_sent_and_never_sent_again(invitation):
    with failing_queries(times=2) as break_connection, after_the_smtp_server_accepts(break_connection):
        assert tasks.send_notification.apply(args=[invitation.pk], throw=False).result == "sent"

    assert Notification.objects.get(pk=invitation.pk).status == "sent"
    sweep_after_the_lease()
    assert [m.to for m in mail.outbox] == [["bob@example.com"]]


def test_an_email_whose_postgresql_backend_is_terminated_after_sending_is_sent_exactly_once(invitation):
    needs_postgresql("this test")
    with after_the_smtp_server_accepts(terminate_own_connection):
        tasks.send_notification.apply(args=[invitation.pk], throw=False)

    connection.close()  # whatever happened, the test goes on with a live connection
    assert Notification.objects.get(pk=invitation.pk).status == "sent"
    sweep_after_the_lease()
    assert [m.to for m in mail.outbox] == [["bob@example.com"]]


def test_an_email_whose_database_stays_away_is_left_to_the_lease_and_never_lost(invitation):
    pauses = []
    with (
        mock.patch("notifications.tasks.time.sleep", pauses.append),
        failing_queries(times=len(tasks.MARK_SENT_PAUSES) + 1) as break_connection,
        after_the_smtp_server_accepts(break_connection),
    ):
        with pytest.raises(OperationalError):
            tasks.deliver(invitation.pk)

    assert pauses == list(tasks.MARK_SENT_PAUSES) and sum(pauses) < 5  # a short wait, then the lease
    assert Notification.objects.get(pk=invitation.pk).status == "sending"
    sweep_after_the_lease()
    assert Notification.objects.get(pk=invitation.pk).status == "sent"
    assert len(mail.outbox) == 2  # sent again rather than lost


def test_a_move_whose_email_cannot_be_marked_queued_is_still_played_and_its_email_sent_by_the_sweep(ann, bob):
    game = start_game(ann, bob)
    clients = {}
    for user in (ann, bob):
        clients[user.username] = APIClient()
        clients[user.username].force_authenticate(user)
    mail.outbox.clear()

    def lose_the_mark_queued(execute, sql, params, many, context):
        if sql.startswith('UPDATE "notifications_notification" SET "queued_at"'):
            raise OperationalError("server closed the connection unexpectedly")
        return execute(sql, params, many, context)

    with connection.execute_wrapper(lose_the_mark_queued):  # the hook runs after the move's commit
        response = play_turn(clients, game.pk)

    assert response.status_code == 201, response.json()
    assert Move.objects.filter(game=game).count() == 1
    row = Notification.objects.get(game=game, kind="turn", email="bob@example.com")
    assert row.status == "pending" and row.queued_at is None and not mail.outbox
    later = timezone.now() + timedelta(minutes=10)
    with mock.patch("django.utils.timezone.now", return_value=later):
        tasks.sweep()
    assert [m.to for m in mail.outbox] == [["bob@example.com"]]
