"""A hint in a practice game: the strongest bot's move for your turn, searched in a task;
never in a game with another person, never for someone else's turn."""

from unittest import mock

import pytest
from rest_framework.test import APIClient

from carcassonne import parse_entry
from games import bot_seats, hints
from games.engine_state import engine_for
from games.lobby import create_started_game
from games.models import Game
from tests.conftest import celery_eager

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _quick_bots(settings):
    settings.BOT_MCTS_SECONDS = 0.01


def client_of(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def practice(ann):
    """Ann against one bot, her turn."""
    game = bot_seats.create_game_with_bots(ann, bots=1, bot_level="beginner")
    game.refresh_from_db()
    assert game.current_seat == 0
    return game


def test_in_a_practice_game_the_hint_is_the_expert_bots_legal_move_for_your_turn(
    ann, client, practice, django_capture_on_commit_callbacks
):
    api = client_of(ann)
    assert api.get(f"/api/games/{practice.pk}/hint/").json()["state"] == "none"
    with django_capture_on_commit_callbacks(execute=True):
        assert api.post(f"/api/games/{practice.pk}/hint/").status_code == 202
    hint = api.get(f"/api/games/{practice.pk}/hint/").json()
    assert hint["state"] == "done" and hint["level"] == "expert" and hint["move_number"] == 1
    assert engine_for(practice).check(parse_entry(hint["entry"])) is None
    assert hint["text"].startswith("Place ") and hint["notation"].startswith(
        f"{hint['entry']['x']},{hint['entry']['y']} "
    )
    client.force_login(ann)
    page = client.get(f"/games/{practice.pk}/").content.decode()
    assert 'data-testid="hint-text"' in page and "The Expert bot would play: Place " in page


def test_the_hint_is_searched_in_a_task_queued_once_never_in_the_request(
    ann, client, practice, django_capture_on_commit_callbacks
):
    client.force_login(ann)
    page = client.get(f"/games/{practice.pk}/").content.decode()
    assert 'data-testid="ask-hint"' in page
    with celery_eager(False), mock.patch("games.tasks.find_hint.apply_async") as publish:
        with django_capture_on_commit_callbacks(execute=True):
            client.post(f"/games/{practice.pk}/hint/")
            again = client_of(ann).post(f"/api/games/{practice.pk}/hint/")
    publish.assert_called_once_with((practice.pk, 1, 0), retry=False)  # for a worker; asking twice queues it once
    assert again.status_code == 202 and again.json()["state"] == "pending"
    page = client.get(f"/games/{practice.pk}/").content.decode()
    assert 'data-testid="hint-pending"' in page and 'data-testid="ask-hint"' not in page


def test_a_game_with_another_person_never_gives_a_hint(ann, bob, client, django_capture_on_commit_callbacks):
    game = create_started_game(ann, [ann, bob])
    game.refresh_from_db()
    assert game.current_seat == 0
    api = client_of(ann)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        refused = api.post(f"/api/games/{game.pk}/hint/")
    assert refused.status_code == 403 and "only for practice games against bots" in refused.json()["detail"]
    assert api.get(f"/api/games/{game.pk}/hint/").status_code == 403
    assert callbacks == []
    client.force_login(ann)
    assert 'data-testid="hint"' not in client.get(f"/games/{game.pk}/").content.decode()
    answer = client.post(f"/games/{game.pk}/hint/", follow=True).content.decode()
    assert "Hints are only for practice games against bots." in answer


def test_a_seat_a_bot_took_over_from_a_person_is_still_a_person_for_hints(ann, bob):
    game = create_started_game(ann, [ann, bob])
    seats = list(game.seats.order_by("position"))
    bot_seats.take_over(game, seats[1])  # bob ran out of time: a bot plays his seat now
    assert not hints.practice(list(game.seats.order_by("position")), ann)
    assert client_of(ann).post(f"/api/games/{game.pk}/hint/").status_code == 403


def test_no_hint_for_someone_elses_turn_nor_for_a_spectator(ann, bob, practice):
    Game.objects.filter(pk=practice.pk).update(current_seat=1)  # the bot's turn
    refused = client_of(ann).post(f"/api/games/{practice.pk}/hint/")
    assert refused.status_code == 409 and "your own turn" in refused.json()["detail"]
    assert client_of(bob).get(f"/api/games/{practice.pk}/hint/").status_code == 403
    assert APIClient().get(f"/api/games/{practice.pk}/hint/").status_code == 401


def test_a_hint_found_after_its_move_was_played_is_dropped(ann, practice):
    hint, queued = hints.ask(practice, ann)
    assert queued and hint["state"] == "pending"
    Game.objects.filter(pk=practice.pk).update(move_count=1, current_seat=1)  # the move was played meanwhile
    assert hints.find(practice.pk, 1, 0) == "stale"
    assert hints.key(practice.pk, 1, 0) not in hints.cache


def test_the_hint_task_goes_back_to_the_queue_when_its_worker_is_lost():
    from games.tasks import find_hint

    assert find_hint.acks_late and find_hint.reject_on_worker_lost


def test_the_hint_is_in_the_api_schema(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    path = schema["paths"]["/api/games/{id}/hint/"]
    assert {"200", "202", "403", "409"} <= set(path["post"]["responses"])


def test_a_game_finished_against_bots_gives_no_more_hints(ann, practice):
    Game.objects.filter(pk=practice.pk).update(status=Game.Status.FINISHED)
    refused = client_of(ann).post(f"/api/games/{practice.pk}/hint/")
    assert refused.status_code == 409 and "in progress" in refused.json()["detail"]
