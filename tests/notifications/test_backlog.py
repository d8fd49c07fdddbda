"""An e-mail backlog: the sweep queues again only what has no task waiting for it, so a
long queue never grows by the sweep (real Redis, no worker: the queue only fills)."""

from __future__ import annotations

import os
from datetime import timedelta
from unittest import mock

import pytest
from django.utils import timezone

from carcassonne_site.celery import app as celery_app
from games import broker as queues
from notifications import tasks
from notifications.models import Notification
from tests.conftest import celery_eager, skip_or_fail

from .conftest import CLOSED_BROKER, _test_broker_url, broker


@pytest.fixture
def idle_broker():
    """The tests' Redis database as the broker, its queue empty, and no worker taking tasks."""
    if not os.environ.get("REDIS_URL"):
        skip_or_fail("REDIS_URL is not set: the backlog tests need Redis")
    url = _test_broker_url()
    with celery_eager(False), broker(url):
        celery_app.control.purge()
        yield url
        celery_app.control.purge()


def waiting(url) -> int:
    return queues.queue_lengths(["celery"], url=url)["celery"]


def write(n: int, prefix: str) -> list[int]:
    rows = [
        Notification(key=f"{prefix}:{i}", kind="message", category="game", email=f"p{i}@example.com") for i in range(n)
    ]
    return [row.pk for row in Notification.objects.bulk_create(rows)]


def later(minutes: int):
    return mock.patch("django.utils.timezone.now", return_value=timezone.now() + timedelta(minutes=minutes))


@pytest.mark.django_db
def test_a_sweep_during_a_backlog_queues_only_the_emails_never_handed_over_or_whose_worker_died(idle_broker):
    for pk in write(60, "waiting"):
        tasks.enqueue(pk)  # handed to the broker: they wait in the queue
    [never_handed] = write(1, "broker-down")
    with broker(CLOSED_BROKER):
        tasks.enqueue(never_handed)  # the broker did not answer
    [died] = write(1, "worker-died")
    assert tasks._claim(died) is not None  # a worker took it and died before sending
    assert waiting(idle_broker) == 60

    with later(minutes=10):  # well past the sweep's grace and the lease
        assert tasks.sweep() == 2
        assert tasks.sweep() == 0  # those two are waiting now too
    assert waiting(idle_broker) == 62  # not 60 + 60 + 2: the backlog did not grow by the sweep
    assert Notification.objects.filter(status="pending").count() == 61


@pytest.mark.django_db
def test_emails_whose_tasks_the_broker_lost_are_queued_again_once(idle_broker):
    pks = write(5, "lost")
    for pk in pks:
        tasks.enqueue(pk)
    celery_app.control.purge()  # Redis restarted with an empty queue
    with later(minutes=10):
        assert tasks.sweep() == 5
        assert tasks.sweep() == 0  # queued again, they wait like the others
    assert waiting(idle_broker) == 5


@pytest.mark.django_db
def test_a_worker_that_claims_an_email_takes_it_out_of_the_queue_record(idle_broker):
    [pk] = write(1, "claimed")
    tasks.enqueue(pk)
    assert Notification.objects.get(pk=pk).queued_at is not None
    tasks._claim(pk)
    row = Notification.objects.get(pk=pk)
    assert row.status == "sending" and row.queued_at is None  # its lease now says whether it is stuck


@pytest.mark.django_db
def test_health_shows_the_backlog_an_operator_watches_before_players_notice(idle_broker, settings):
    from django.test import Client

    settings.CELERY_BROKER_URL = idle_broker
    for pk in write(7, "backlog"):
        tasks.enqueue(pk)
    Notification.objects.filter(key="backlog:0").update(created_at=timezone.now() - timedelta(minutes=4))
    body = Client().get("/health/").json()
    assert body["checks"]["broker"] == "ok"
    assert body["queues"] == {"celery": 7, "analysis": 0}
    assert 240 <= body["email_lag_seconds"] < 250


def test_every_queue_named_in_the_settings_is_reported(settings):
    from kombu import Queue

    settings.CELERY_TASK_ROUTES = {"archive.tasks.*": {"queue": "analysis"}, "games.tasks.find_hint": "hints"}
    assert queues.queue_names() == ["celery", "analysis", "hints"]
    settings.CELERY_TASK_QUEUES = [Queue("celery"), Queue("bots")]
    settings.CELERY_TASK_ROUTES = [{"games.tasks.play_bot_turns": {"queue": "bots"}}]
    assert queues.queue_names() == ["celery", "bots", "analysis"]
