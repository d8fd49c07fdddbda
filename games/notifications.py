"""E-mails about games. Sent after the transaction that causes them commits."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.urls import reverse


def _absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def _send(subject: str, body: str, recipients: list[str]) -> None:
    recipients = [r for r in recipients if r]
    if recipients:
        transaction.on_commit(lambda: send_mail(subject, body, None, recipients, fail_silently=False))


def invitation(seat) -> None:
    """Invite a registered player or an e-mail address to a game."""
    game = seat.game
    inviter = game.created_by.username
    if seat.user_id:
        link = _absolute(reverse("game-detail", args=[game.pk]))
        to = seat.user.email
    else:
        link = _absolute(reverse("invitation", args=[seat.invite_token]))
        to = seat.invited_email
    _send(
        f"{inviter} invites you to play Carcassonne",
        f"{inviter} has invited you to {game.title}.\n\nAccept or decline here:\n{link}\n",
        [to],
    )


def game_started(game) -> None:
    link = _absolute(reverse("game-detail", args=[game.pk]))
    emails = [s.user.email for s in game.seats.select_related("user") if s.user_id]
    _send(f"{game.title} has started", f"Every seat is taken: {game.title} has started.\n\n{link}\n", emails)


def after_move(game) -> None:
    """Hook for turn notifications (the play-by-email issue builds them)."""
