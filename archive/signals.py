"""Keep the archive summary of finished games current (the games app's signals)."""

from __future__ import annotations

import logging

from django.db import transaction
from django.db.models.signals import post_delete, post_save, pre_save
from django.dispatch import receiver

from games import signals
from games.models import Game

from .kept import archive_changed
from .models import GameResult
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


@receiver(signals.move_marks, sender=Game, dispatch_uid="archive_move_marks")
def move_marks(sender, game: Game, **kwargs) -> dict[int, dict[str, str]]:
    """The marks of a finished game's analysis, by move number (one query; none before it is done)."""
    from .game_analysis import mark_json
    from .models import GameAnalysis

    analysis = GameAnalysis.objects.filter(game=game, state=GameAnalysis.State.DONE).only("moves").first()
    if analysis is None:
        return {}
    return {m["number"]: shown for m in analysis.moves if (shown := mark_json(m["mark"]))}


@receiver(post_save, sender=Game, dispatch_uid="archive_copy_privacy")
def copy_privacy(
    sender, instance: Game, created: bool = False, raw: bool = False, update_fields=None, **kwargs
) -> None:
    """A finished game made private (or public again, in the admin) leaves (or rejoins) the
    archive lists at once: they read the copy on its result. No query while a game is played
    (one UPDATE, of no row, by the move that finishes it)."""
    if (
        raw
        or created
        or instance.status != Game.Status.FINISHED
        or (update_fields is not None and "private" not in update_fields)
    ):
        return
    if (
        GameResult.objects.filter(game_id=instance.pk)
        .exclude(private=instance.private)
        .update(private=instance.private)
    ):
        archive_changed()


@receiver(post_delete, sender=Game, dispatch_uid="archive_changed_deleted")
def game_deleted(sender, **kwargs) -> None:
    """A game deleted with its result: everything kept (archive.kept) is stale; its players
    are no longer known here. (A result recorded says so itself: archive.results.record_result.)
    On Game, not GameResult: a receiver there would cost each deleted result a query."""
    archive_changed()


@receiver(pre_save, sender="tournaments.Tournament", dispatch_uid="archive_tournament_renamed")
def tournament_renamed(sender, instance, raw: bool = False, **kwargs) -> None:
    """A tournament renamed (its director may, while it runs): the pages kept name it. Its other
    saves (a round begins, it ends) change nothing the archive shows and keep them."""
    if raw or instance.pk is None:
        return
    stored = sender.objects.filter(pk=instance.pk).values_list("name", flat=True).first()
    if stored is not None and stored != instance.name:
        archive_changed()
