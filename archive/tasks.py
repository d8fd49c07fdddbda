"""Celery tasks of the archive: the analysis of a finished game (see :mod:`archive.game_analysis`).

The analysis runs in the analysis worker (its own queue), never in a web request (without
``REDIS_URL``, in a thread after the response). ``acks_late`` with ``reject_on_worker_lost``: a task
whose worker dies goes back to the broker; the beat job :func:`requeue_stale_analyses`
queues again what a dead worker left running or a lost message left queued.
"""

from __future__ import annotations

import logging
import threading

from celery import shared_task
from django.conf import settings
from django.db import connections, transaction

from games import broker
from games.models import Game

from . import game_analysis
from .models import GameAnalysis

log = logging.getLogger(__name__)


@shared_task(ignore_result=True, acks_late=True, reject_on_worker_lost=True)
def analyse_game(game_id: int) -> str:
    """Judge every move of finished game ``game_id`` and store the verdicts once."""
    return game_analysis.run(game_id)


@shared_task(ignore_result=True)
def requeue_stale_analyses() -> int:
    """Queue again the analyses a dead worker or a lost task left behind."""
    ids = game_analysis.requeue_stale()
    for game_id in ids:
        queue(game_id)
    return len(ids)


def queue(game_id: int) -> None:
    """Send the analysis of ``game_id`` to the analysis worker (its own queue: see the settings'
    CELERY_TASK_ROUTES); if the broker does not answer, the beat job sends it later (the row
    stays queued). Without a broker (``ANALYSIS_IN_THREAD``), run it in a thread: the request
    answers at once and the page shows the progress, as with a worker."""
    if settings.ANALYSIS_IN_THREAD:
        threading.Thread(target=_run_in_thread, args=(game_id,), name=f"analysis-{game_id}", daemon=True).start()
        return
    try:
        broker.publish(analyse_game, (game_id,))  # one try: requeue_stale_analyses is the retry
    except Exception:  # pragma: no cover - requeue_stale_analyses sends it later
        log.exception("could not queue the analysis of game %s", game_id)


def _run_in_thread(game_id: int) -> None:
    try:
        game_analysis.run(game_id)
    finally:
        connections.close_all()  # this thread's own connections


def request_analysis(game: Game, user) -> GameAnalysis:
    """Ask for the analysis of finished ``game`` on behalf of ``user`` (who may see it):
    queued once, after the transaction commits; asking again changes nothing."""
    row, queued = game_analysis.start(game, user)
    if queued:
        game_id = game.pk
        transaction.on_commit(lambda: queue(game_id))
    return row
