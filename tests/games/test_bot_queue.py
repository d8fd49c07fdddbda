"""Bots never slow the site: their turns run in a worker, a lost one is sent again by the
beat job, and a turn sent twice is played once."""

from datetime import timedelta
from unittest import mock

import pytest
from django.utils import timezone

from carcassonne.record import kind_of
from games import bot_seats, tasks
from games.lobby import create_started_game
from games.models import Game, Move
from tests.notifications.conftest import celery_worker, redis_broker, wait_for, worker_queues  # noqa: F401  (fixtures)

from .test_bot_seats import client_of, first_legal_move

pytestmark = pytest.mark.django_db


def bot_to_move(person, capture, bots=1, level="beginner") -> Game:
    """A practice game in which the person has moved and a bot's turn was not sent."""
    game = bot_seats.create_game_with_bots(person, bots=bots, bot_level=level)
    with capture(execute=False):
        assert first_legal_move(client_of(person), game.pk).status_code == 201
    game.refresh_from_db()
    assert game.current_seat == 1
    return game


def age(game: Game, seconds: int) -> None:
    """The game's last change was ``seconds`` ago."""
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(seconds=seconds))


def test_a_bot_turn_lost_while_the_broker_was_down_is_played_after_the_beat_job(
    ann, settings, caplog, django_capture_on_commit_callbacks
):
    settings.BOT_TURN_GRACE_SECONDS = 60
    game = bot_seats.create_game_with_bots(ann, bots=1, bot_level="beginner")
    broker_down = mock.patch.object(tasks.play_bot_turns, "apply_async", side_effect=ConnectionError("broker down"))
    with broker_down, django_capture_on_commit_callbacks(execute=True):
        assert first_legal_move(client_of(ann), game.pk).status_code == 201
    assert "could not queue the bot turn" in caplog.text  # the person's move is stored all the same
    game.refresh_from_db()
    assert game.current_seat == 1
    assert tasks.requeue_bot_turns() == 0  # within the grace: the task may still be on its way
    age(game, 61)
    assert tasks.requeue_bot_turns() == 1
    game.refresh_from_db()
    assert game.current_seat == 0  # the bot has played
    assert [m.seat for m in game.moves.order_by("number") if kind_of(m.entry) != "discard"] == [0, 1]
    assert tasks.requeue_bot_turns() == 0


def test_the_beat_job_leaves_fresh_games_and_games_waiting_for_a_person_alone(
    ann, bob, settings, django_capture_on_commit_callbacks, django_assert_num_queries
):
    settings.BOT_TURN_GRACE_SECONDS = 60
    stalled = bot_to_move(ann, django_capture_on_commit_callbacks)
    fresh = bot_to_move(ann, django_capture_on_commit_callbacks)
    persons_turn = bot_seats.create_game_with_bots(bob, bots=1, bot_level="beginner")
    without_bots = create_started_game(ann, [ann, bob])
    for game in (stalled, persons_turn, without_bots):
        age(game, 3600)
    age(fresh, 30)
    with django_assert_num_queries(1):  # one query, however many games
        assert bot_seats.stalled_games(timezone.now() - timedelta(seconds=60)) == [stalled.pk]
    with mock.patch.object(tasks.play_bot_turns, "apply_async") as publish:
        assert tasks.requeue_bot_turns() == 1
    publish.assert_called_once_with((stalled.pk,), retry=False)  # once: the beat job is the retry
    Game.objects.filter(pk=stalled.pk).update(status=Game.Status.FINISHED)
    with mock.patch.object(tasks.play_bot_turns, "apply_async") as publish:
        assert tasks.requeue_bot_turns() == 0  # a finished game has no turn to play
    publish.assert_not_called()


def test_a_bot_turn_sent_twice_one_after_the_other_is_played_once(ann, django_capture_on_commit_callbacks):
    game = bot_to_move(ann, django_capture_on_commit_callbacks, bots=2)
    assert tasks.play_bot_turns(game.pk) == 2
    assert tasks.play_bot_turns(game.pk) == 0  # the repeated task finds the person to move
    game.refresh_from_db()
    assert game.current_seat == 0
    assert Move.objects.filter(game=game).count() == game.move_count


def test_a_bot_turns_task_survives_its_worker():
    """A worker that dies mid-turn gives the task back to the broker (and the beat job
    sends it again if the broker lost it too)."""
    assert tasks.play_bot_turns.acks_late and tasks.play_bot_turns.reject_on_worker_lost


@pytest.mark.django_db(transaction=True)
def test_a_bot_turn_sent_twice_at_the_same_time_stores_each_bot_move_once(ann, caplog):
    from tests.concurrency import at_once
    from tests.conftest import needs_postgresql

    needs_postgresql("the concurrency test")
    game = bot_seats.create_game_with_bots(ann, bots=2, bot_level="beginner")
    with mock.patch.object(tasks, "queue_bot_turn"):  # the turn is sent below, twice
        assert first_legal_move(client_of(ann), game.pk).status_code == 201
    played, failed = [], []

    def worker():
        try:
            played.append(tasks.play_bot_turns(game.pk))
        except Exception as exc:  # noqa: BLE001 - the test reports it
            failed.append(exc)

    at_once(worker, worker)
    assert failed == [] and len(played) == 2
    game.refresh_from_db()
    assert game.current_seat == 0  # both bots have played, and the person is to move
    moves = list(Move.objects.filter(game=game).order_by("number"))
    assert [m.number for m in moves] == list(range(1, game.move_count + 1))
    assert [m.seat for m in moves if kind_of(m.entry) != "discard"] == [0, 1, 2]
    assert sum(played) == 2  # each bot move stored by one of the two runs
    assert "illegal entry" not in caplog.text


@pytest.mark.django_db(transaction=True)
def test_a_worker_plays_the_bots_turns_after_the_persons_request_answered(celery_worker, ann, settings):  # noqa: F811  (the fixture imported above)
    settings.BOT_MCTS_SECONDS = 1.0  # the expert thinks long enough to be seen thinking
    game = bot_seats.create_game_with_bots(ann, bots=2, bot_level="expert")
    assert first_legal_move(client_of(ann), game.pk).status_code == 201
    game.refresh_from_db()
    assert game.current_seat == 1  # the request answered before the bots moved
    assert wait_for(lambda: Game.objects.get(pk=game.pk).current_seat == 0, timeout=60)
    moves = Move.objects.filter(game=game).order_by("number")
    assert [m.seat for m in moves if kind_of(m.entry) != "discard"] == [0, 1, 2]


def test_a_bots_turn_is_queued_by_its_announcement_once_not_by_every_save(ann, django_capture_on_commit_callbacks):
    queued = []
    with mock.patch.object(tasks, "queue_bot_turn", queued.append):
        game = bot_to_move(ann, django_capture_on_commit_callbacks)
        with django_capture_on_commit_callbacks(execute=True):
            game.name = "renamed by staff"
            game.save()  # the admin saves a game a bot is to move in: no second task
        assert queued == []
        game = bot_seats.create_game_with_bots(ann, bots=1, bot_level="beginner")
        with django_capture_on_commit_callbacks(execute=True):
            assert first_legal_move(client_of(ann), game.pk).status_code == 201
        assert queued == [game.pk]  # the move that made it the bot's turn queued it, once
