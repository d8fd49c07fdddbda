"""A finished game's outcome is stored by the command that ends it (resigning, a loss on
time, the last tile); reading the game (its pages, its API, the archive) never writes."""

import importlib

import pytest
from django.apps import apps
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import timeouts, turns
from games.models import Game
from games.recorded import outcome_of

from .test_views import play_out

pytestmark = pytest.mark.django_db

WRITES = ("INSERT", "UPDATE", "DELETE")


def _stored(game) -> dict | None:
    return Game.objects.values_list("outcome", flat=True).get(pk=game.pk)


def test_resigning_stores_the_outcome_with_the_end(started, bob):
    turns.resign(started.pk, bob)
    assert _stored(started) == {
        "winners": [0],
        "ranks": [1, 2],
        "scores": [0, 0],
        "breakdown": _stored(started)["breakdown"],
        "ending": "one_left",
        "left": [1],
    }


def test_a_loss_on_time_stores_the_outcome_with_the_end(started):
    started.timeout_rule = "lose"
    started.save(update_fields=["timeout_rule"])
    assert timeouts.play_timeout(started.pk, 1) is not None
    started.refresh_from_db()
    assert started.status == Game.Status.FINISHED
    assert _stored(started)["left"] == [0] and _stored(started)["winners"] == [1]


def test_the_last_tile_stores_the_outcome_with_the_end(started):
    game = play_out(started, max_moves=400)
    assert game.status == Game.Status.FINISHED
    assert _stored(game)["ending"] == "complete" and _stored(game)["scores"] == game.scores


def _reads(game) -> list[str]:
    return [
        reverse("game-list"),
        reverse("game-detail", args=[game.pk]),
        f"/api/games/{game.pk}/",
        f"/api/games/{game.pk}/record/",
        f"/api/games/{game.pk}/moves/",
        f"/api/games/{game.pk}/board.svg",
        reverse("archive:game", args=[game.pk]),
        f"/api/archive/games/{game.pk}/moves/{game.move_count}/",
    ]


@pytest.mark.parametrize("older", [False, True], ids=["outcome stored", "finished before outcomes were stored"])
def test_reading_a_finished_game_writes_nothing(client, started, ann, bob, older):
    turns.resign(started.pk, bob)
    if older:
        Game.objects.filter(pk=started.pk).update(outcome=None)
    client.force_login(ann)
    client.get("/")  # the session and the language settle first
    game = Game.objects.get(pk=started.pk)
    for url in _reads(game):
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        assert response.status_code == 200, url
        writes = [q["sql"] for q in queries.captured_queries if q["sql"].lstrip().upper().startswith(WRITES)]
        assert writes == [], url
    assert (_stored(game) is None) == older


def test_the_migration_stores_the_outcome_of_games_finished_before(started, bob):
    turns.resign(started.pk, bob)
    expected = _stored(started)
    Game.objects.filter(pk=started.pk).update(outcome=None)
    assert outcome_of(Game.objects.get(pk=started.pk))["winners"] == []  # a read does not fill it in
    migration = importlib.import_module("games.migrations.0009_store_outcomes")
    migration.store_outcomes(apps, None)
    assert _stored(started) == expected
