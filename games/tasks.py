"""Periodic jobs of the games app (scheduled in settings.CELERY_BEAT_SCHEDULE)."""

from celery import shared_task

from . import clock


@shared_task(ignore_result=True)
def check_timeouts() -> int:
    """Decisions whose time per move has run out get the game's timeout rule."""
    return clock.check_timeouts()
