"""With the production set-up (a worker on the default queue, another on the analysis queue):
a flood of analyses queued by one person does not delay a bot's turn."""

import time

import pytest
from rest_framework.test import APIClient

from archive.generate import store_game
from tests.notifications.conftest import celery_worker, redis_broker, wait_for  # noqa: F401  (fixtures)

from .conftest import short_template


@pytest.fixture
def worker_queues():
    return ["celery"]  # the default queue only: analyses go to the analysis worker below


@pytest.fixture
def two_workers(celery_worker, redis_broker):  # noqa: F811  (the fixtures imported above, by name)
    """The production set-up: the default queue's worker (``celery_worker``, here in a thread
    consuming ``celery`` only) and the analysis worker, a separate ``celery worker -Q analysis``
    process on the same broker and test database."""
    import os
    import subprocess
    import sys

    from django.db import connection

    from carcassonne_site.celery import app

    db = connection.settings_dict
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        "REDIS_URL": redis_broker,
    }
    command = [sys.executable, "-m", "celery", "-A", "carcassonne_site", "worker", "-Q", "analysis", "-P", "solo"]
    process = subprocess.Popen(command + ["--loglevel", "WARNING"], env=env, stdout=subprocess.DEVNULL)
    try:
        yield app
    finally:
        process.terminate()
        process.wait(timeout=30)
        app.control.purge()  # the rest of the flood


@pytest.mark.django_db(transaction=True)
def test_a_flood_of_analyses_does_not_delay_a_bot_turn(two_workers, players, settings, redis_broker):  # noqa: F811  (a fixture)
    import redis

    from games import bot_seats
    from games.models import Game
    from tests.games.test_bot_seats import client_of, first_legal_move

    settings.ANALYSIS_SECONDS = 0.3  # each analysis takes the analysis worker several seconds
    settings.ANALYSES_PER_DAY = settings.ANALYSES_WAITING_MAX = 100
    outsider = players["dee"]
    games = [store_game(short_template(i), [players["ann"], players["bob"]], name=f"Flood {i}") for i in range(20)]
    client = APIClient()
    client.force_authenticate(outsider)
    assert all(client.post(f"/api/archive/games/{g.pk}/analysis/").status_code == 202 for g in games)

    game = bot_seats.create_game_with_bots(players["cid"], bots=1, bot_level="strong")
    asked = time.monotonic()
    assert first_legal_move(client_of(players["cid"]), game.pk).status_code == 201
    assert wait_for(lambda: Game.objects.get(pk=game.pk).current_seat == 0, timeout=20)
    answered = time.monotonic() - asked
    waiting = redis.Redis.from_url(redis_broker).llen("analysis")
    assert answered < 20 and waiting >= 10, (answered, waiting)  # the bot did not queue behind them
