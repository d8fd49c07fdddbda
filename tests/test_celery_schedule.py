"""Every periodic job of the beat schedule names a task the worker knows."""

from django.conf import settings

from carcassonne_site.celery import app


def test_every_scheduled_job_is_a_registered_task():
    app.loader.import_default_modules()
    registered = set(app.tasks.keys())
    scheduled = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert "tournaments.tasks.close_overdue_rounds" in scheduled
    assert "games.tasks.requeue_bot_turns" in scheduled  # a lost bot turn is sent again
    assert scheduled <= registered, scheduled - registered
