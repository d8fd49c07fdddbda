"""Fixtures of the play-by-email tests: players, games, moves, and a real Celery
worker against the real Redis (REDIS_URL) for the end-to-end tests."""

from __future__ import annotations

import os
import time
from contextlib import contextmanager
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.core import mail

from carcassonne_site.celery import app as celery_app
from games import engine_state, lobby, turns
from tests.conftest import celery_eager, skip_or_fail


def start_game(ann, bob, **kwargs):
    game = lobby.create_game(ann, ["bob"], **kwargs)
    lobby.accept_invitation(game.pk, bob)
    game.refresh_from_db()
    return game


def play_first(game):
    """Play the first legal placement for whoever's turn it is."""
    game.refresh_from_db()
    engine = engine_state.engine_for(game)
    placement, _spots = engine.legal_moves()[0]
    user = game.seats.get(position=game.current_seat).user
    game = turns.play_move(game.pk, user, game.move_count + 1, placement.x, placement.y, placement.rotation, None).game
    return game


def wait_for(predicate, timeout=30.0, step=0.1):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(step)
    return predicate()


def mails_to(address, subject_part=""):
    return [m for m in mail.outbox if address in m.to and subject_part in m.subject]


# --- the real worker ---------------------------------------------------------------------

CLOSED_BROKER = "redis://127.0.0.1:1/0"


def set_broker(url: str) -> None:
    celery_app.conf.broker_url = url
    celery_app._after_fork()  # drop the cached connection and producer pools


@contextmanager
def broker(url: str):
    old = celery_app.conf.broker_url
    set_broker(url)
    try:
        yield
    finally:
        set_broker(old)


def _test_broker_url() -> str:
    """REDIS_URL's server with the tests' own database number (TEST_REDIS_DB, default 15,
    never REDIS_URL's own: a worker of the site on that database would take the tests'
    tasks), whose Celery queue :func:`redis_broker` purges (docs/development.md, "Tests and CI")."""
    url = os.environ.get("REDIS_URL", "")
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{os.environ.get('TEST_REDIS_DB', '15')}"))


@pytest.fixture
def redis_broker():
    if not os.environ.get("REDIS_URL"):
        skip_or_fail("REDIS_URL is not set: the real-worker tests need Redis")
    import redis
    from django.db import connection

    if connection.vendor == "sqlite":  # in-memory SQLite locks up between threads
        skip_or_fail("the real-worker tests need PostgreSQL (DATABASE_URL)")
    url = _test_broker_url()
    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except (redis.RedisError, OSError, ValueError) as exc:  # down, unreachable, or a bad URL
        skip_or_fail(f"Redis at {url} does not answer: {exc!r}")
    with celery_eager(False), broker(url):
        celery_app.control.purge()
        yield url


@pytest.fixture
def worker_queues():
    """The queues :func:`celery_worker` consumes (``None``: all of them, as a worker started
    without -Q); a test module overrides it to run the production set-up."""
    return None


@contextmanager
def real_worker(queues=None):
    """A real Celery worker (solo pool, in a thread) on the test database, consuming
    ``queues`` (``None``: all of them); a test may start one after another (a restart)."""
    from celery.contrib.testing.worker import start_worker
    from celery.signals import task_postrun
    from django.db import connections

    def close_db(**kwargs):  # the worker thread's connections must not outlive the test DB
        connections.close_all()

    task_postrun.connect(close_db, weak=False)
    try:
        with start_worker(
            celery_app,
            pool="solo",
            perform_ping_check=False,
            shutdown_timeout=20,
            loglevel="WARNING",
            # named every time: a worker's -Q selection stays on the app for the next one
            queues=queues or [q.name for q in celery_app.conf.task_queues],
        ) as worker:
            yield worker
    finally:
        task_postrun.disconnect(close_db)


@pytest.fixture
def celery_worker(redis_broker, transactional_db, settings, worker_queues, monkeypatch):
    """A real Celery worker for the test (see :func:`real_worker`)."""
    from celery.app import autoretry

    settings.NOTIFICATIONS_RETRY_BASE_SECONDS = 0.2
    # A task's retries wait Celery's back-off from 1 s (1 s, 2 s, ...), not the site's 30 s.
    backoff = autoretry.get_exponential_backoff_interval
    monkeypatch.setattr(autoretry, "get_exponential_backoff_interval", lambda factor, **kw: backoff(factor=1, **kw))
    with real_worker(worker_queues) as worker:
        yield worker


@pytest.fixture
def reply_on(settings):
    """Playing by replying is on: turn e-mails ask for replies to REPLY_EMAIL."""
    from .replymail import REPLY_EMAIL

    settings.REPLY_EMAIL = REPLY_EMAIL


@pytest.fixture
def game(ann, bob, django_capture_on_commit_callbacks):
    """A game of ann (on turn) and bob whose turn e-mail went to ann (``game.turn_mail``), the
    outbox emptied (:func:`tests.notifications.replymail.started`); a module may have its own."""
    from .replymail import started

    game, message = started(ann, bob, django_capture_on_commit_callbacks)
    game.turn_mail = message
    mail.outbox.clear()
    return game
