"""Running it in production: the health endpoint, a short e-mail lease, database and
Redis outages."""

import socket
import threading
import time
from datetime import timedelta
from unittest import mock

import pytest
from django.core import mail
from django.db import OperationalError
from django.test import Client
from django.utils import timezone

from games import lobby
from games.models import Game
from notifications import tasks
from notifications.models import Notification
from tests.conftest import skip_or_fail


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


@pytest.fixture
def silent_redis():
    """A Redis that accepts connections and never answers (paused, or a half-open link)."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.1)
    held, stop = [], threading.Event()

    def accept():
        while not stop.is_set():
            try:
                held.append(server.accept()[0])
            except OSError:  # the timeout: look at ``stop`` again
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"redis://127.0.0.1:{server.getsockname()[1]}/0"
    stop.set()
    thread.join()
    for connection in [server, *held]:
        connection.close()


@pytest.fixture
def cache_on(settings):
    """Use the production cache configuration, on the Redis at ``url``."""
    from carcassonne_site.settings import redis_cache

    def use(url):
        settings.CACHES = {"default": redis_cache(url)}

    return use


@pytest.mark.django_db
@pytest.mark.parametrize("redis_timeout", [1, 5])  # REDIS_TIMEOUT_SECONDS: the default, and an operator's longer one
def test_health_answers_503_within_one_and_a_half_seconds_naming_the_cache_and_the_broker_while_redis_hangs(
    settings, silent_redis, cache_on, redis_timeout
):
    settings.REDIS_TIMEOUT_SECONDS = redis_timeout
    cache_on(silent_redis)
    settings.REDIS_URL = settings.CELERY_BROKER_URL = silent_redis
    for _probe in range(3):  # a load balancer keeps probing: each answers in time
        started = time.monotonic()
        response = Client().get("/health/")
        assert time.monotonic() - started < 1.5
        assert response.status_code == 503
        body = response.json()
        assert body["failed"] == ["cache", "broker"]
        assert body["checks"]["database"] == "ok"
        assert body["checks"]["beat"] == "unknown: the cache does not answer"
        assert body["queues"] == {"celery": None, "analysis": None}  # lengths unknown
        assert body["email_lag_seconds"] == 0
        for name in ("cache", "broker"):  # its socket timed out, or (a busy machine) not even that in time
            assert "Timeout" in body["checks"][name] or body["checks"][name] == "error: no answer in time"


@pytest.mark.django_db(transaction=True)
def test_six_load_balancers_probing_at_once_while_redis_hangs_each_get_an_answer_within_one_and_a_half_seconds(
    settings, silent_redis, cache_on
):
    from tests.concurrency import at_once

    cache_on(silent_redis)
    settings.REDIS_URL = settings.CELERY_BROKER_URL = silent_redis
    answers = []

    def probe():
        started = time.monotonic()
        status = Client().get("/health/").status_code
        answers.append((status, time.monotonic() - started))

    at_once(*[probe] * 6)
    assert [status for status, _ in answers] == [503] * 6
    assert max(seconds for _, seconds in answers) < 1.5


@pytest.mark.django_db
def test_health_reports_the_age_of_the_oldest_unsent_email(ann, bob):
    lobby.create_game(ann, ["bob"])  # the invitation, sent at once (tasks run in-process)
    before = Client().get("/health/")
    assert before.json()["email_lag_seconds"] == 0
    row = Notification.objects.get(kind="invitation")
    Notification.objects.filter(pk=row.pk).update(status="pending", created_at=timezone.now() - timedelta(minutes=7))
    after = Client().get("/health/")
    assert 420 <= after.json()["email_lag_seconds"] < 430
    assert after.status_code == before.status_code  # a backlog is reported, never a failure


@pytest.mark.django_db
def test_pages_answer_at_once_while_the_cache_hangs(client, ann, silent_redis, cache_on):
    cache_on(silent_redis)  # the page remembers when ann was last seen through the cache
    client.force_login(ann)
    started = time.monotonic()
    statuses = [client.get("/").status_code for _ in range(3)]
    assert statuses == [200, 200, 200]
    assert time.monotonic() - started < 2.5  # one short wait, not one per request or the outage


@pytest.mark.django_db
def test_a_move_while_the_broker_hangs_is_accepted_within_seconds_and_its_email_waits_for_the_sweep(
    ann, bob, silent_redis, django_capture_on_commit_callbacks
):
    from tests.conftest import celery_eager
    from tests.notifications.conftest import broker, play_first, start_game

    with django_capture_on_commit_callbacks(execute=True):
        game = start_game(ann, bob)
    # a known bag: with some bags the second tile fits nowhere, is discarded and Ann draws again
    Game.objects.filter(pk=game.pk).update(seed=1)
    with celery_eager(False), broker(silent_redis):
        started = time.monotonic()
        with django_capture_on_commit_callbacks(execute=True):  # queueing the turn e-mail
            game = play_first(game)
        assert time.monotonic() - started < 1.5  # one short try (REDIS_TIMEOUT_SECONDS), not the outage
    assert game.move_count == 1
    assert (
        Notification.objects.get(kind="turn", game=game, email="bob@example.com").status == "pending"
    )  # for the sweep


@pytest.mark.django_db
def test_the_cache_while_redis_hangs_is_an_empty_cache_that_keeps_nothing(silent_redis, cache_on):
    from django.core.cache import cache

    cache_on(silent_redis)
    assert cache.add("throttle", 1, 60) is False
    assert cache.get("throttle", "missing") == "missing"
    assert cache.get_or_set("rate", 3) == 3
    with pytest.raises(ValueError):
        cache.incr("throttle")
    assert cache.set_many({"a": 1}) == ["a"]


def test_the_cache_on_a_real_redis_keeps_what_it_is_given(cache_on):
    import os

    from tests.notifications.conftest import _test_broker_url

    if not os.environ.get("REDIS_URL"):
        skip_or_fail("REDIS_URL is not set: this test needs Redis")
    from django.core.cache import cache

    cache_on(_test_broker_url())
    cache.ping()
    cache.delete_many(["health-test:a", "health-test:n"])
    assert cache.add("health-test:a", 1, 60) is True and cache.add("health-test:a", 2, 60) is False
    cache.set("health-test:n", 1, 60)
    assert cache.incr("health-test:n") == 2
    assert cache.get_many(["health-test:a", "health-test:n"]) == {"health-test:a": 1, "health-test:n": 2}
    cache.delete_many(["health-test:a", "health-test:n"])
    assert cache.get("health-test:a") is None


def test_the_cache_asks_redis_through_one_client_not_a_new_one_per_operation(cache_on, monkeypatch):
    """A page asks the cache some twenty times; building a redis.Redis for each cost more than
    the round trips (carcassonne_site.cache._OneClientPerPool)."""
    import os

    import redis

    from tests.notifications.conftest import _test_broker_url

    if not os.environ.get("REDIS_URL"):
        skip_or_fail("REDIS_URL is not set: this test needs Redis")
    from django.core.cache import cache

    cache_on(_test_broker_url())
    built = []
    real_init = redis.Redis.__init__
    monkeypatch.setattr(redis.Redis, "__init__", lambda self, *a, **k: built.append(1) or real_init(self, *a, **k))
    for n in range(20):
        cache.set("client-test", n, 60)
        assert cache.get("client-test") == n
    cache.delete("client-test")
    assert len(built) == 1


@pytest.mark.django_db
def test_health_is_503_when_beat_has_not_run_recently(settings):
    from django.core.cache import cache

    settings.REDIS_URL = "redis://127.0.0.1:6379/15"
    with mock.patch.dict("carcassonne_site.health.CHECKS", {"broker": lambda: "ok"}):
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
    with mock.patch(
        "django.contrib.sessions.backends.db.SessionStore.load",
        side_effect=OperationalError("terminating connection due to administrator command"),
    ):
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
    game = lobby.create_game(ann, ["bob"])
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
