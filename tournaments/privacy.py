"""A person's tournaments: "Download my data" holds their entries and the tournaments they
direct (a receiver of :data:`accounts.signals.personal_data`). A deleted account (a receiver
of :data:`accounts.signals.account_deleted`) is
withdrawn from every tournament not over, as a withdrawal is today (remaining games
forfeited; before the start, the entry goes), invitations declined, and the standings and
the tournaments it directed name the neutral name. A tournament it directed stays, under
the neutral name (staff may direct it)."""

from __future__ import annotations

from django.db.models import Q
from django.dispatch import receiver

from accounts import erasure
from accounts.signals import account_deleted, personal_data

from .models import Entry, Tournament
from .registration import withdraw


@receiver(account_deleted, dispatch_uid="tournaments_account_deleted")
def withdraw_everywhere(sender, user, old_name: str, neutral_name: str, **kwargs) -> dict:
    running = Tournament.objects.filter(entries__user=user, entries__state=Entry.State.REGISTERED).exclude(
        status=Tournament.Status.FINISHED
    )
    withdrawn = 0
    for t in running.distinct().order_by("pk"):
        withdraw(t, user, policy="forfeit")
        withdrawn += 1
    declined = Entry.objects.filter(user=user, state=Entry.State.INVITED).delete()[0]
    return {
        "tournaments_withdrawn": withdrawn,
        "tournament_invitations_declined": declined,
        "tournaments_renamed": _rename(user, old_name, neutral_name),
    }


def _rename(user, old: str, new: str) -> int:
    """Standings (names are copied into them) and the texts of directed tournaments."""
    found = Tournament.objects.filter(
        Q(entries__user=user) | Q(director=user, name__icontains=old) | Q(director=user, description__icontains=old)
    ).distinct()
    changed = []
    for t in found:
        before = (t.name, t.description, t.standings_cache)
        if t.director_id == user.pk:
            t.name, t.description = (
                erasure.replace_name(t.name, old, new),
                erasure.replace_name(t.description, old, new),
            )
        t.standings_cache = erasure.replace_in_json(t.standings_cache, old, new)
        if (t.name, t.description, t.standings_cache) != before:
            changed.append(t)
    Tournament.objects.bulk_update(changed, ["name", "description", "standings_cache"])
    return len(changed)


@receiver(personal_data, dispatch_uid="tournaments_personal_data")
def export_tournaments(sender, user, **kwargs) -> dict:
    entries = Entry.objects.filter(user=user).select_related("tournament").order_by("pk")
    return {
        "tournaments.json": {
            "entries": [
                {
                    "tournament": e.tournament_id,
                    "name": e.tournament.name,
                    "state": e.state,
                    "rating": e.rating,
                    "created_at": e.created_at,
                    "withdrawn_at": e.withdrawn_at,
                }
                for e in entries
            ],
            "directed": list(Tournament.objects.filter(director=user).order_by("pk").values("id", "name", "status")),
        }
    }
