"""Hooks into the games app: a finished tournament game records its result."""

import logging

from django.db import transaction
from django.dispatch import receiver

from games import signals
from games.models import Game

log = logging.getLogger(__name__)


@receiver(signals.game_finished, sender=Game, dispatch_uid="tournaments_game_finished")
def game_finished(sender, game: Game, outcome=None, **kwargs):
    from . import services

    try:
        # A savepoint: a tournament problem must never undo the move that ended the game.
        with transaction.atomic():
            services.game_finished(game)
    except Exception:  # pragma: no cover - logged, the game itself is fine
        log.exception("tournaments: could not record the result of game %s", game.pk)
