"""Celery tasks of the games app: periodic jobs (scheduled in settings.CELERY_BEAT_SCHEDULE)
and the bots' turns."""

from celery import shared_task

from . import clock


@shared_task(ignore_result=True)
def check_timeouts() -> int:
    """Decisions whose time per move has run out get the game's timeout rule."""
    return clock.check_timeouts()


@shared_task(ignore_result=True)
def play_bot_turns(game_id: int) -> int:
    """Bots play their turns of ``game_id`` (see :mod:`games.bot_seats`)."""
    from .bot_seats import play_bot_turns as play

    return play(game_id)
