"""Rate a game once the transaction that finished it has committed."""

from __future__ import annotations

import logging

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from games.models import Game

log = logging.getLogger(__name__)


@receiver(post_save, sender=Game, dispatch_uid="ratings_rate_finished_game")
def rate_finished_game(sender, instance: Game, raw: bool = False, **kwargs) -> None:
    if raw or instance.status != Game.Status.FINISHED or instance.seed is None:
        return
    game_id = instance.pk
    transaction.on_commit(lambda: _rate(game_id))


def _rate(game_id: int) -> None:
    from django.db import IntegrityError

    from .services import rate_game

    try:
        try:
            rate_game(game_id)
        except IntegrityError:  # another game created the same player's first rating meanwhile
            rate_game(game_id)
    except Exception:  # pragma: no cover - logged; `manage.py recompute_ratings` repairs
        log.exception("could not rate game %s", game_id)
