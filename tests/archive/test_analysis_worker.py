"""With a real broker and worker (REDIS_URL and PostgreSQL): the analysis runs in the
worker, after the request that asked for it has answered."""

import pytest
from rest_framework.test import APIClient

from archive.generate import store_game
from archive.models import GameAnalysis
from tests.notifications.conftest import celery_worker, redis_broker, wait_for, worker_queues  # noqa: F401  (fixtures)

from .conftest import short_template


@pytest.mark.django_db(transaction=True)
def test_a_worker_analyses_the_game_after_the_request_answered(celery_worker, players, settings):  # noqa: F811  (the fixture imported above)
    settings.ANALYSIS_SECONDS = 0.01
    game = store_game(short_template(3), [players["ann"], players["bob"]], name="For the worker")
    client = APIClient()
    client.force_authenticate(players["ann"])
    response = client.post(f"/api/archive/games/{game.pk}/analysis/")
    assert response.status_code == 202 and response.json()["state"] in ("queued", "running")
    assert wait_for(lambda: GameAnalysis.objects.get(game=game).state == "done", timeout=60)
    done = client.get(f"/api/archive/games/{game.pk}/analysis/").json()
    assert done["state"] == "done" and done["moves"] and [p["name"] for p in done["players"]] == ["ann", "bob"]


@pytest.mark.django_db(transaction=True)
def test_two_analyse_clicks_at_the_same_time_queue_one_analysis(players, monkeypatch):
    from archive import tasks
    from tests.concurrency import at_once
    from tests.conftest import needs_postgresql

    needs_postgresql("the concurrency test")
    game = store_game(short_template(3), [players["ann"], players["bob"]], name="Clicked twice")
    queued, codes = [], []
    monkeypatch.setattr(tasks, "queue", queued.append)

    def click():
        client = APIClient()
        client.force_authenticate(players["ann"])
        codes.append(client.post(f"/api/archive/games/{game.pk}/analysis/").status_code)

    at_once(click, click)
    assert codes == [202, 202] and queued == [game.pk]
    assert GameAnalysis.objects.filter(game=game).count() == 1
