"""Hooks into the games app: a finished tournament game records its result."""

import logging

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from games.models import Game

log = logging.getLogger(__name__)


@receiver(post_save, sender=Game, dispatch_uid="tournaments_game_saved")
def game_saved(sender, instance: Game, created: bool, raw: bool = False, **kwargs):
    if raw or created or instance.status != Game.Status.FINISHED:
        return
    from . import services

    try:
        # A savepoint: a tournament problem must never undo the move that ended the game.
        with transaction.atomic():
            services.game_finished(instance)
    except Exception:  # pragma: no cover - logged, the game itself is fine
        log.exception("tournaments: could not record the result of game %s", instance.pk)
