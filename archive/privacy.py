"""A deleted account in the archive (a receiver of :data:`accounts.signals.account_deleted`):
its seats' results and the analyses of its games name the neutral name."""

from __future__ import annotations

from django.db.models import Q
from django.dispatch import receiver

from accounts import erasure
from accounts.signals import account_deleted

from .models import GameAnalysis, SeatResult


@receiver(account_deleted, dispatch_uid="archive_account_deleted")
def erase_results(sender, user, old_name: str, old_addresses: list[str], neutral_name: str, **kwargs) -> dict:
    seats = SeatResult.objects.filter(Q(user=user) | Q(username=old_name)).update(username=neutral_name)
    analyses = list(GameAnalysis.objects.filter(game__seats__user=user).distinct())
    renamed = [a for a in analyses if erasure.mentions([a.players, a.moves], [old_name])]
    for analysis in renamed:
        analysis.players = erasure.replace_in_json(analysis.players, old_name, neutral_name)
        analysis.moves = erasure.replace_in_json(analysis.moves, old_name, neutral_name)
    GameAnalysis.objects.bulk_update(renamed, ["players", "moves"])
    return {"results_renamed": seats, "analyses_renamed": len(renamed)}
