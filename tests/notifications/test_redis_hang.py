"""A Redis that hangs stalls nobody: a move posted while the site's Redis (its cache and
its broker) is paused answers at once, is stored once, and its turn e-mail is sent once,
by the sweep, when Redis is back. The Redis is the test's own (``redis-server`` on a free
port), paused with SIGSTOP as an operator's Redis hangs (a fork, a full disk, a VM frozen):
it accepts connections and answers nothing.

REQUIRE_SERVICES=1 (CI) makes these fail, not skip, without redis-server or PostgreSQL."""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import time

import pytest
from django.core import mail
from django.test import Client

from carcassonne_site.settings import redis_cache
from games import broker as breaker
from games.models import Game, Move
from notifications import tasks
from notifications.models import Notification
from tests.conftest import celery_eager, needs_postgresql, skip_or_fail

from .conftest import broker, mails_to, real_worker, start_game, wait_for

# What a move POST may take while Redis hangs: generous for a busy machine; a site that
# waits for Redis (three publish tries of a second each, and the cache's second) takes 3 s
# or more. On a quiet core it takes about REDIS_TIMEOUT_SECONDS (0.25 s) plus the move.
BOUND_SECONDS = 1.5


class PrivateRedis:
    def __init__(self, process: subprocess.Popen, port: int):
        self.process, self.url = process, f"redis://127.0.0.1:{port}/0"

    def pause(self) -> None:
        self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        self.process.send_signal(signal.SIGCONT)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def private_redis(tmp_path):
    """A Redis server of the test's own, which it may pause and resume."""
    import redis

    needs_postgresql("the real worker")  # in-memory SQLite locks up between threads
    binary = shutil.which("redis-server")
    if binary is None:
        skip_or_fail("redis-server is not installed: the Redis hang tests run a Redis of their own")
    port = _free_port()
    command = [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
    process = subprocess.Popen([*command, "--dir", str(tmp_path)], stdout=subprocess.DEVNULL)
    server = PrivateRedis(process, port)
    try:
        if not wait_for(lambda: _answers(redis, server.url), timeout=10):
            skip_or_fail(f"redis-server on port {port} did not start")
        yield server
    finally:
        server.resume()
        process.terminate()
        process.wait(10)


def _answers(redis, url: str) -> bool:
    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=0.5, socket_timeout=0.5).ping())
    except (redis.RedisError, OSError):
        return False


def _posted(client: Client, game: Game, placement: dict) -> tuple[int, float]:
    body = {"move_number": 1, "x": placement["x"], "y": placement["y"], "rotation": placement["rotation"]}
    started = time.monotonic()
    response = client.post(f"/api/games/{game.pk}/moves/", {**body, "meeple": None}, content_type="application/json")
    return response.status_code, time.monotonic() - started


def test_a_move_posted_while_redis_hangs_answers_at_once_and_its_email_goes_out_once_when_redis_is_back(
    private_redis, transactional_db, settings, monkeypatch, ann, bob
):
    game = start_game(ann, bob)  # the invitation and ann's turn e-mail, in-process
    Game.objects.filter(pk=game.pk).update(seed=1)  # a bag whose second tile fits
    settings.CACHES = {"default": redis_cache(private_redis.url)}  # the site's cache, on the paused Redis
    settings.NOTIFICATIONS_SWEEP_AFTER_SECONDS = 0  # the sweep takes an unsent row at once
    monkeypatch.setattr(breaker, "QUIET_SECONDS", 1.0)  # beat's sweep comes later, in a process of its own
    client = Client()
    client.force_login(ann)
    placement = client.get(f"/api/games/{game.pk}/legal-moves/").json()["placements"][0]
    mail.outbox.clear()
    with celery_eager(False), broker(private_redis.url), real_worker():
        private_redis.pause()
        status, seconds = _posted(client, game, placement)
        again, seconds_again = _posted(client, game, placement)  # the same move sent twice
        private_redis.resume()
        assert (status, again) == (201, 409)
        assert seconds < BOUND_SECONDS and seconds_again < BOUND_SECONDS, (seconds, seconds_again)
        assert Move.objects.filter(game=game).count() == 1
        row = Notification.objects.get(kind="turn", game=game, email="bob@example.com")
        assert (row.status, row.queued_at) == ("pending", None)  # never handed over: the sweep's

        assert wait_for(lambda: not breaker.quiet(private_redis.url), timeout=5)
        assert tasks.sweep() == 1
        assert wait_for(lambda: mails_to("bob@example.com", "Your turn"))
        assert wait_for(lambda: Notification.objects.get(pk=row.pk).status == "sent")
        assert tasks.sweep() == 0  # nothing left to send again
    assert len(mails_to("bob@example.com", "Your turn")) == 1
