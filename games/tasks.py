"""Celery tasks of the games app: periodic jobs (scheduled in settings.CELERY_BEAT_SCHEDULE)
and the bots' turns, queued when a bot's turn is announced (``turn_started``), on commit.

A bot's turn is ``acks_late`` with ``reject_on_worker_lost`` (a worker that dies gives it
back to the broker), and the beat job :func:`requeue_bot_turns` sends it again when it was
lost anyway (every 30 s, after BOT_TURN_GRACE_SECONDS), so a lost turn is played about a
minute late, never much more; a repeated task plays nothing twice.
"""

import logging
from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.db import transaction
from django.dispatch import receiver
from django.utils import timezone

from . import bot_seats, broker, hints, signals, timeouts
from .models import Game, Seat

log = logging.getLogger(__name__)


@shared_task(ignore_result=True)
def check_timeouts() -> int:
    """Decisions whose time per move has run out get the game's timeout rule."""
    return timeouts.check_timeouts()


@shared_task(ignore_result=True, acks_late=True, reject_on_worker_lost=True)
def play_bot_turns(game_id: int) -> int:
    """Bots play their turns of ``game_id`` (see :mod:`games.bot_seats`)."""
    return bot_seats.play_bot_turns(game_id)


@shared_task(ignore_result=True)
def requeue_bot_turns() -> int:
    """Send again the turns of bots that have been to move for BOT_TURN_GRACE_SECONDS."""
    ids = bot_seats.stalled_games(timezone.now() - timedelta(seconds=settings.BOT_TURN_GRACE_SECONDS))
    for game_id in ids:
        queue_bot_turn(game_id)
    return len(ids)


def queue_bot_turn(game_id: int) -> None:
    """Send the bots' turns of ``game_id`` to a worker; if the broker does not answer,
    :func:`requeue_bot_turns` sends them later."""
    try:
        broker.publish(play_bot_turns, (game_id,))
    except Exception:  # the broker is down: requeue_bot_turns sends it later
        log.exception("could not queue the bot turn of game %s", game_id)


@receiver(signals.turn_started, sender=Game, dispatch_uid="games_queue_bot_turns")
def queue_bot_turns(sender, *, game: Game, seat: int, seats: list[Seat], **kwargs) -> None:
    """The decision now awaited is a bot's: queue its turn once the move commits (the same
    announcement that sends a person their turn e-mail)."""
    if bot_seats.playing_now() or not seats[seat].bot:  # a bot playing on plays this one too
        return
    game_id = game.pk
    transaction.on_commit(lambda: queue_bot_turn(game_id))


@receiver(signals.player_left, sender=Game, dispatch_uid="games_queue_taken_over_turns")
def queue_taken_over_turn(sender, *, game: Game, seat: Seat, **kwargs) -> None:
    """A bot took the seat over (its player ran out of time or left the site): if the
    game waits for that seat, the bot plays its turn once this commits."""
    if seat.bot and game.status == Game.Status.ACTIVE and game.current_seat == seat.position:
        game_id = game.pk
        transaction.on_commit(lambda: queue_bot_turn(game_id))


@shared_task(ignore_result=True, acks_late=True, reject_on_worker_lost=True)
def find_hint(game_id: int, number: int, position: int) -> str:
    """The strongest bot's move for the player of a practice game (see :mod:`games.hints`)."""
    return hints.find(game_id, number, position)


def request_hint(game: Game, user) -> dict:
    """The hint for ``user``'s move in ``game`` (a practice game, their turn): found or being
    searched; the search is queued once, after the transaction commits."""
    hint, queue = hints.ask(game, user)
    if queue:
        args = (game.pk, hint["move_number"], game.current_seat)

        def send() -> None:
            try:
                broker.publish(find_hint, args)
            except Exception:  # pragma: no cover - the hint may be asked for again a minute later
                log.exception("could not queue the hint of game %s", args[0])

        transaction.on_commit(send)
    return hint
