"""Held turn e-mails end to end: a real worker, a real beat process (its sweep every
second) and Redis; the turn reaches a player who left, across a worker restart.

REQUIRE_SERVICES=1 (CI) makes these fail, not skip, without Redis and PostgreSQL.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.test import Client
from django.utils import timezone

from notifications.models import Notification, Preference

from .conftest import mails_to, play_first, real_worker, start_game, wait_for

HOLD = 3  # seconds


@pytest.fixture
def beat(redis_broker, tmp_path):
    """``celery beat`` as docs/operations/production.md runs it, on the tests' broker, sweeping every second."""
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "REDIS_URL": redis_broker, "NOTIFICATIONS_SWEEP_EVERY_SECONDS": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "carcassonne_site", "beat", "--loglevel=WARNING"]
        + ["--schedule", str(tmp_path / "beat-schedule")],
        cwd=root,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    yield process
    process.terminate()
    process.wait(timeout=20)


def test_a_turn_held_while_the_player_was_on_the_site_reaches_them_across_a_worker_restart(
    beat, transactional_db, settings, ann, bob
):
    settings.NOTIFICATIONS_HOLD_SECONDS = HOLD
    with real_worker():
        game = start_game(ann, bob)
        assert wait_for(lambda: len(mails_to("ann@example.com", "Your turn")) == 1)
        Preference.objects.update_or_create(user=bob, defaults={"last_seen": timezone.now()})  # bob looked, and left
        play_first(game)
        row = Notification.objects.get(kind="turn", user=bob)
        assert row.status == Notification.Status.HELD
    time.sleep(HOLD + 2)  # the worker is down while the hold runs out; beat's sweeps wait in the queue
    assert not mails_to("bob@example.com", "Your turn")
    with real_worker():  # the worker is back
        assert wait_for(lambda: len(mails_to("bob@example.com", "Your turn")) == 1, timeout=30)
        # bob now watches the game while ann plays: her next turns for him are not sent
        client = Client()
        client.force_login(bob)
        play_first(game)  # bob's move
        play_first(game)  # ann's: bob's turn again
        client.get(f"/games/{game.pk}/fragment/")  # his open page shows it
        time.sleep(HOLD + 3)
        assert wait_for(lambda: not Notification.objects.filter(kind="turn", status="held").exists(), timeout=30)
    assert len(mails_to("bob@example.com", "Your turn")) == 1
    assert Notification.objects.filter(kind="turn", user=bob, status="suppressed").count() == 1
