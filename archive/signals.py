"""Record the archive summary when a game finishes (the games app's signal)."""

from __future__ import annotations

import logging

from django.db import transaction
from django.dispatch import receiver

from games import signals
from games.models import Game

from .results import record_game

log = logging.getLogger(__name__)


@receiver(signals.game_finished, sender=Game, dispatch_uid="archive_record_finished_game")
def record_finished_game(sender, game: Game, outcome=None, **kwargs) -> None:
    try:
        # A savepoint: a failure here must never undo the move that finished the game.
        with transaction.atomic():
            record_game(game)
    except Exception:  # pragma: no cover - logged, repaired by `manage.py rebuild_results`
        log.exception("could not record the archive result of game %s", game.pk)
