"""A person's games in the archive: "Download my data" holds every game they played as a
NOTATION.md record, ``games/<id>.json`` (a receiver of :data:`accounts.signals.personal_data`);
after a deletion their seats' results and the analyses of their games name the neutral
name (a receiver of :data:`accounts.signals.account_deleted`)."""

from __future__ import annotations

from django.db.models import Q
from django.dispatch import receiver

from accounts import erasure
from accounts.signals import account_deleted, personal_data
from games.models import Seat

from .kept import archive_changed
from .models import GameAnalysis, OpponentResult, SeatResult
from .records import export_records


@receiver(account_deleted, dispatch_uid="archive_account_deleted")
def erase_results(sender, user, old_name: str, old_addresses: list[str], neutral_name: str, **kwargs) -> dict:
    seats = SeatResult.objects.filter(Q(user=user) | Q(username=old_name)).update(username=neutral_name)
    OpponentResult.objects.filter(Q(opponent=user) | Q(opponent_name=old_name)).update(opponent_name=neutral_name)
    archive_changed()  # the head to head names them
    analyses = list(GameAnalysis.objects.filter(game__seats__user=user).distinct())
    renamed = [a for a in analyses if erasure.mentions([a.players, a.moves], [old_name])]
    for analysis in renamed:
        analysis.players = erasure.replace_in_json(analysis.players, old_name, neutral_name)
        analysis.moves = erasure.replace_in_json(analysis.moves, old_name, neutral_name)
    GameAnalysis.objects.bulk_update(renamed, ["players", "moves"])
    return {"results_renamed": seats, "analyses_renamed": len(renamed)}


@receiver(personal_data, dispatch_uid="archive_personal_data")
def export_records_of(sender, user, **kwargs) -> dict:
    """Every game the person played (in progress too), as the archive exports records."""
    ids = Seat.objects.filter(user=user, state=Seat.State.JOINED).order_by("game_id").values_list("game_id", flat=True)
    return {f"games/{record['meta']['game']}.json": record for record in export_records(list(ids))}
