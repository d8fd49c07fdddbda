"""Analyses wait their turn: each person has a fair share of the analysis worker, the
queue has a ceiling, analyses go to their own queue (bot turns, hints, timeouts and e-mails
never wait behind one), and without a broker one runs after the response, not in it."""

from __future__ import annotations

import html
import threading
import time

import pytest
from django.conf import settings as django_settings
from rest_framework.test import APIClient

from archive import tasks
from archive.generate import store_game
from archive.models import GameAnalysis

from .conftest import short_template

pytestmark = pytest.mark.django_db


def client_of(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def finished_games(players, n: int, seats=("bob", "cid")) -> list:
    return [store_game(short_template(i), [players[s] for s in seats], name=f"Game {i}") for i in range(n)]


@pytest.fixture
def nothing_runs(monkeypatch):
    """The worker is busy elsewhere: what is asked for stays queued."""
    sent = []  # the game ids sent
    monkeypatch.setattr(tasks, "queue", sent.append)
    return sent


def ask(user, game):
    return client_of(user).post(f"/api/archive/games/{game.pk}/analysis/")


def test_an_outsider_may_queue_a_days_share_of_analyses_then_gets_a_clear_429(players, settings, nothing_runs):
    settings.ANALYSES_PER_DAY = 3
    games = finished_games(players, 4)
    assert [ask(players["ann"], g).status_code for g in games[:3]] == [202, 202, 202]
    refused = ask(players["ann"], games[3])
    assert refused.status_code == 429
    assert "3 analyses of other players' games in the last 24 hours" in refused.json()["detail"]
    assert not GameAnalysis.objects.filter(game=games[3]).exists()
    assert GameAnalysis.objects.filter(state="queued").count() == 3
    assert ask(players["ann"], games[0]).status_code == 202  # asking again for a queued one is not a new one


def test_a_players_own_games_have_their_own_larger_share(players, settings, nothing_runs):
    settings.ANALYSES_PER_DAY, settings.ANALYSES_OWN_PER_DAY = 1, 2
    others = finished_games(players, 2)
    own = finished_games(players, 3, seats=("ann", "bob"))
    assert ask(players["ann"], others[0]).status_code == 202
    assert ask(players["ann"], others[1]).status_code == 429
    assert [ask(players["ann"], g).status_code for g in own] == [202, 202, 429]


def test_a_full_analysis_queue_refuses_new_ones_with_a_503_until_it_drains(players, settings, nothing_runs):
    settings.ANALYSES_WAITING_MAX = 2
    games = finished_games(players, 3)
    assert ask(players["ann"], games[0]).status_code == 202
    assert ask(players["dee"], games[1]).status_code == 202
    refused = ask(players["cid"], games[2])
    assert refused.status_code == 503 and "try again in a few minutes" in refused.json()["detail"]
    GameAnalysis.objects.filter(game=games[0]).update(state=GameAnalysis.State.DONE)
    assert ask(players["cid"], games[2]).status_code == 202


def test_the_page_tells_a_person_over_their_share_why(players, settings, nothing_runs, client):
    settings.ANALYSES_PER_DAY = 1
    first, second = finished_games(players, 2)
    client.force_login(players["ann"])
    client.post(f"/archive/games/{first.pk}/analyse/")
    page = client.post(f"/archive/games/{second.pk}/analyse/", follow=True)
    assert "1 analysis of other players' games in the last 24 hours" in html.unescape(page.content.decode())
    assert not GameAnalysis.objects.filter(game=second).exists()


def test_analyses_go_to_their_own_queue_and_everything_else_to_the_default_one():
    from carcassonne_site.celery import app

    assert app.amqp.router.route({}, "archive.tasks.analyse_game")["queue"].name == "analysis"
    for task in ("games.tasks.play_bot_turns", "games.tasks.find_hint", "notifications.tasks.send_notification"):
        assert app.amqp.router.route({}, task)["queue"].name == "celery", task


@pytest.mark.django_db(transaction=True)
def test_without_a_broker_the_analysis_runs_after_the_response_and_the_page_shows_it_waiting(
    players, settings, monkeypatch
):
    settings.ANALYSIS_IN_THREAD = True
    started_threads = []

    class Recorded(threading.Thread):
        def start(self):
            started_threads.append(self)
            super().start()

    monkeypatch.setattr(tasks.threading, "Thread", Recorded)
    settings.ANALYSIS_SECONDS = 0.05
    game = finished_games(players, 1)[0]
    started = time.monotonic()
    response = ask(players["ann"], game)
    assert response.status_code == 202 and response.json()["state"] in ("queued", "running")
    assert time.monotonic() - started < 1.0  # the request did not judge 17 moves
    assert [t.name for t in started_threads] == [f"analysis-{game.pk}"]  # judged in a thread, after the response
    started_threads[0].join(timeout=60)
    assert GameAnalysis.objects.get(game=game).state == "done"
    assert django_settings.ANALYSIS_IN_THREAD
