"""Record the archive summary when a game is saved as finished."""

from __future__ import annotations

import logging

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from games.models import Game

from .models import GameResult
from .results import record_game

log = logging.getLogger(__name__)


@receiver(post_save, sender=Game, dispatch_uid="archive_record_finished_game")
def record_finished_game(sender, instance: Game, raw: bool = False, **kwargs) -> None:
    if raw or instance.status != Game.Status.FINISHED or instance.seed is None:
        return
    if GameResult.objects.filter(game_id=instance.pk).exists():
        return
    try:
        # A savepoint: a failure here must never undo the move that finished the game.
        with transaction.atomic():
            record_game(instance)
    except Exception:  # pragma: no cover - logged, repaired by `manage.py rebuild_results`
        log.exception("could not record the archive result of game %s", instance.pk)
