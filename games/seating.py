"""Who sits where: a game's seats in turn order, and a user's seat among them."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Q

from .models import Game, Seat


def seats_in_order(game: Game) -> list[Seat]:
    """The seats of ``game`` in turn order, with their users (one query)."""
    return list(game.seats.select_related("user").order_by("position"))


def seats_of_user(user) -> Q:
    """Seats held by ``user``: taken, or invited by their e-mail address (for filters)."""
    mine = Q(user=user)
    if user.email:
        mine |= Q(user__isnull=True, invited_email__iexact=user.email)
    return mine


def seat_of(seats: Iterable[Seat], user) -> Seat | None:
    """``user``'s seat among ``seats`` (taken, or invited by e-mail), without a query."""
    if user is None or not user.is_authenticated:
        return None
    email = (user.email or "").lower()
    return next(
        (s for s in seats if s.user_id == user.pk or (not s.user_id and email and s.invited_email.lower() == email)),
        None,
    )
