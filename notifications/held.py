"""Turn e-mails and deadline reminders held while their player is on the site.

Written while the player is active (or, with "e-mail my turns at once", while they are
looking at that very game), the row waits ``NOTIFICATIONS_HOLD_SECONDS``; the sweep then
sends it unless the player has seen the turn on the site meanwhile or it is no longer
theirs. So a person who plays a bot for an hour gets no e-mail, and one who looked away
gets one, a few minutes late but never lost: the rows wait in the database, not in a
worker's memory."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from games.models import Game, Seat

from .models import Notification, Preference

KINDS = {Notification.Kind.TURN, Notification.Kind.REMINDER}

# "On the game": shown it within this many seconds (its page polls every few seconds).
ON_THE_GAME_SECONDS = 60


def hold() -> timedelta:
    return timedelta(seconds=getattr(settings, "NOTIFICATIONS_HOLD_SECONDS", 180))


def _on_the_game(user, game: Game | None, now: datetime) -> bool:
    if game is None:
        return False
    since = now - timedelta(seconds=ON_THE_GAME_SECONDS)
    return Seat.objects.filter(game_id=game.pk, user=user, seen_at__gte=since).exists()


def should_hold(prefs: Preference, user, game: Game | None, now: datetime | None = None) -> bool:
    """Whether a turn e-mail or reminder to ``user`` waits to see if they notice the turn."""
    now = now or timezone.now()
    if prefs.email_when_active:
        return _on_the_game(user, game, now)
    return prefs.is_active(now)  # on the game is active too: its page's polls count as visits


def why_not_sent(row: Notification) -> str:
    """Why a held row is not to be sent now ("" if it is): the turn is over, or seen."""
    game = row.game
    number = (row.data or {}).get("move_number")
    if game is None or row.user is None or not isinstance(number, int):
        return ""
    if not row.user.is_active:  # suspended or deleted meanwhile
        return "held: the account is closed"
    if game.status != Game.Status.ACTIVE or game.move_count >= number:
        return "held: the turn is over"
    seat = Seat.objects.filter(game_id=game.pk, user=row.user).values("seen_at", "seen_move").first()
    # Seen: shown the game with this turn on it (seen_move) after the e-mail was written.
    if seat and seat["seen_at"] and seat["seen_at"] >= row.created_at and (seat["seen_move"] or 0) >= number - 1:
        return "held: the turn was seen on the site"
    return ""
