"""Periodic jobs of the tournaments app (scheduled in settings.CELERY_BEAT_SCHEDULE)."""

from celery import shared_task

from .results import adjudicate_overdue


@shared_task(ignore_result=True)
def close_overdue_rounds() -> int:
    """Adjudicate games of rounds past their deadline and start the next rounds.

    Safe to run late or twice: it looks only at stored deadlines and results."""
    return adjudicate_overdue()
