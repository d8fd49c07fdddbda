"""Hooks into the games app: a finished tournament game records its result."""

import logging

from django.db import transaction
from django.dispatch import receiver

from games import signals
from games.models import Game

log = logging.getLogger(__name__)


@receiver(signals.game_finished, sender=Game, dispatch_uid="tournaments_game_finished")
def game_finished(sender, game: Game, outcome=None, **kwargs):
    from . import results

    try:
        # A savepoint: a tournament problem must never undo the move that ended the game.
        with transaction.atomic():
            results.game_finished(game)
    except Exception:  # pragma: no cover - logged, the game itself is fine
        log.exception("tournaments: could not record the result of game %s", game.pk)


@receiver(signals.invitations_sent, sender=Game, dispatch_uid="tournaments_invitations_sent")
def invitations_sent(sender, user, since, **kwargs) -> int:
    """Tournament invitations count in the same daily quota as game invitations."""
    from .models import Entry

    return Entry.objects.filter(invited_by=user, created_at__gte=since).count()
