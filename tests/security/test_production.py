"""Running it in production: the health endpoint, a short e-mail lease."""

import time
from datetime import timedelta
from unittest import mock

import pytest
from django.core import mail
from django.db import OperationalError
from django.test import Client
from django.utils import timezone

from games import services
from notifications import tasks
from notifications.models import Notification


@pytest.mark.django_db
def test_health_reports_ok_with_the_database_up():
    tasks.heartbeat()  # as beat has it run every minute
    response = Client().get("/health/")
    assert response.status_code == 200
    assert response.json()["checks"]["database"] == "ok"


@pytest.mark.django_db
def test_health_is_503_when_the_database_is_down():
    down = mock.Mock(side_effect=OperationalError("refused"))
    with mock.patch.dict("carcassonne_site.health.CHECKS", {"database": down}):
        response = Client().get("/health/")
    assert response.status_code == 503
    assert "refused" in response.json()["checks"]["database"]


@pytest.mark.django_db
def test_health_is_503_when_beat_has_not_run_recently(settings):
    from django.core.cache import cache

    settings.REDIS_URL = "redis://127.0.0.1:6379/15"
    with mock.patch.dict("carcassonne_site.health.CHECKS", {"redis": lambda: "ok"}):
        cache.set(tasks.HEARTBEAT_KEY, time.time() - 3600)
        stale = Client().get("/health/")
        tasks.heartbeat()
        fresh = Client().get("/health/")
    assert stale.status_code == 503 and "beat last ran" in stale.json()["checks"]["beat"]
    assert fresh.status_code == 200 and fresh.json()["checks"]["beat"] == "ok"


@pytest.mark.django_db
def test_an_email_claimed_by_a_worker_that_died_is_sent_two_minutes_later_and_only_once(ann, bob):
    game = services.create_game(ann, ["bob"])
    row = Notification.objects.get(game=game, kind="invitation")
    Notification.objects.filter(pk=row.pk).update(status="pending")
    mail.outbox.clear()
    assert tasks._claim(row.pk) is not None  # ... and the worker dies before sending
    now = timezone.now()
    with mock.patch("django.utils.timezone.now", return_value=now + timedelta(seconds=30)):
        tasks.sweep()
    assert mail.outbox == []  # the lease still runs: nobody sends it twice
    with mock.patch("django.utils.timezone.now", return_value=now + timedelta(minutes=2)):
        tasks.sweep()
    assert len(mail.outbox) == 1
    assert Notification.objects.get(pk=row.pk).status == "sent"
