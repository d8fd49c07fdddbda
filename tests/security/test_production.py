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


@pytest.fixture
def session_lost(client, ann):
    """A signed-in browser whose session cannot be loaded: the database dropped."""
    client.force_login(ann)
    client.raise_request_exception = False  # as in production: the site answers, nothing re-raised
    with mock.patch("django.contrib.sessions.backends.db.SessionStore.load",
                    side_effect=OperationalError("terminating connection due to administrator command")):
        yield client


@pytest.mark.django_db
def test_a_session_authenticated_api_request_gets_the_apis_json_503_when_the_database_drops(session_lost):
    response = session_lost.get("/api/games/")
    assert response.status_code == 503
    assert response["Content-Type"].startswith("application/json")
    assert response.json() == {"detail": "The database is unavailable; try again in a moment."}
    assert int(response["Retry-After"]) > 0


@pytest.mark.django_db
def test_a_signed_in_page_gets_a_503_page_in_the_readers_language_when_the_database_drops(session_lost):
    response = session_lost.get("/games/", headers={"accept-language": "de"})
    assert response.status_code == 503
    assert response["Content-Type"].startswith("text/html")
    assert "Die Datenbank ist nicht erreichbar" in response.content.decode()
    assert int(response["Retry-After"]) > 0


@pytest.mark.django_db
def test_a_page_whose_view_loses_the_database_gets_a_503_page_not_a_server_error(client):
    from django.db import connection

    def dropped(execute, sql, params, many, context):
        raise OperationalError("server closed the connection unexpectedly")

    client.raise_request_exception = False
    with connection.execute_wrapper(dropped):
        response = client.get("/games/1/")  # a game page, to a visitor: only the view asks the database
    assert response.status_code == 503
    assert "The database is unavailable" in response.content.decode()


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
