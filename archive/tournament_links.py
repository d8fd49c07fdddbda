"""The tournament of an archived game: its name, round and links, as lists, replays and
the API show them, and the tournaments the archive's filter offers."""

from __future__ import annotations

from typing import Any

from django.db.models import F, Max, OuterRef, Subquery
from django.urls import reverse
from django.utils.translation import gettext as _


def tournament_json(tournament_id: int | None, name: str | None, round_number: int | None) -> dict[str, Any] | None:
    """The tournament of a game for lists, replays and the API (``None`` for a friendly game)."""
    if tournament_id is None:
        return None
    return {
        "id": tournament_id,
        "name": name or _("Tournament #%(number)s") % {"number": tournament_id},
        "round": round_number,
        "url": reverse("tournaments:detail", args=[tournament_id]),
        "round_url": reverse("tournaments:round", args=[tournament_id, round_number]) if round_number else None,
    }


def tournament_columns() -> dict[str, Any]:
    """Annotations of a ``Game`` query: its tournament, round and tournament name (joins
    through its Pairing; null for a friendly game). No extra query."""
    return {
        "t_id": F("tournament_pairing__round__tournament_id"),
        "t_round": F("tournament_pairing__round__number"),
        "t_name": F("tournament_pairing__round__tournament__name"),
    }


def tournament_name_column():
    """The name of a result's tournament, as a subquery of the result's own query."""
    from tournaments.models import Tournament

    return Subquery(Tournament.objects.filter(pk=OuterRef("tournament_id")).order_by().values("name")[:1])


def tournament_name(tournament_id: int) -> str | None:
    """The name of a tournament, or ``None`` if there is none with this id (one query)."""
    from tournaments.models import Tournament

    return Tournament.objects.filter(pk=tournament_id).values_list("name", flat=True).first()


def tournament_choices() -> tuple[list[tuple[int, str]], int]:
    """Tournaments that have games, newest first, as ``(id, name)``, and the most rounds
    any of them has (for the archive's filter by name and round)."""
    from tournaments.models import Tournament

    rows = list(
        Tournament.objects.filter(rounds__pairings__game__isnull=False)
        .annotate(last_round=Max("rounds__number"))
        .order_by("-created_at")
        .values_list("pk", "name", "last_round")[:500]
    )  # one query
    return [(pk, name) for pk, name, _ in rows], max((n or 0 for _, _, n in rows), default=0)
