"""Outbox writers: called inside the transaction of the event (invitation, start,
move, timeout). Each writes Notification rows and queues their sending after commit.

``key`` is unique, so an event recorded twice (a periodic job run twice) writes one row.
"""

from __future__ import annotations

import logging
from functools import partial

from django.db import IntegrityError, transaction
from django.utils import timezone

from games.models import Game, Move, Seat

from . import clock
from .models import Category, EmailOptOut, Mode, Notification, Preference, TurnClock

logger = logging.getLogger(__name__)

# Kinds held back while the recipient is active on the site (unless they opt in).
_QUIET_WHEN_ACTIVE = {Notification.Kind.TURN, Notification.Kind.REMINDER}


def enqueue(pk: int) -> None:
    """Queue the sending of one notification. Never raises: a broker that is down must
    not break the event; the periodic sweep queues the row again later."""
    from .tasks import send_notification

    try:
        send_notification.apply_async(
            (pk,),
            retry=True,
            retry_policy={"max_retries": 2, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.5},
        )
    except Exception:  # noqa: BLE001 - broker errors of any kind
        logger.exception("could not queue notification %s; the sweep will retry", pk)


def notify(kind: str, category: str, *, key: str, user=None, email: str = "", game=None, data=None) -> Notification | None:
    """Write one outbox row (or nothing if ``key`` exists) and queue it after commit."""
    if user is not None:
        email = user.email
    if not email:
        return None
    status = Notification.Status.PENDING
    if user is not None:
        prefs = Preference.for_user(user)
        mode = prefs.mode(category)
        if mode == Mode.NONE or (mode == Mode.DIGEST and kind != Notification.Kind.DIGEST):
            status = Notification.Status.SUPPRESSED
        elif kind in _QUIET_WHEN_ACTIVE and not prefs.email_when_active and prefs.is_active():
            status = Notification.Status.SUPPRESSED
    elif EmailOptOut.objects.filter(email__iexact=email).exists():
        status = Notification.Status.SUPPRESSED
    try:
        with transaction.atomic():
            row = Notification.objects.create(
                key=key[:200], kind=kind, category=category, user=user, email=email, game=game,
                data=data or {}, status=status,
            )
    except IntegrityError:
        return None
    if status == Notification.Status.PENDING:
        transaction.on_commit(partial(enqueue, row.pk))
    return row


# --- the hooks of games.notifications ---------------------------------------------------


def invitation(seat: Seat) -> None:
    game = seat.game
    notify(
        Notification.Kind.INVITATION,
        Category.INVITATION,
        key=f"invitation:{seat.pk}:{seat.invite_token}",
        user=seat.user if seat.user_id else None,
        email="" if seat.user_id else seat.invited_email,
        game=game,
        data={"seat": seat.pk, "inviter": game.created_by.username},
    )


def game_started(game: Game) -> None:
    seats = list(game.seats.select_related("user").order_by("position"))
    for seat in seats:
        if seat.user_id:
            notify(
                Notification.Kind.STARTED, Category.GAME, key=f"started:{game.pk}:{seat.user_id}", user=seat.user, game=game
            )
    _turn_changed(game, seats, previous=None)


def after_move(game: Game) -> None:
    seats = list(game.seats.select_related("user").order_by("position"))
    previous = TurnClock.objects.filter(game=game).first()
    if game.status == Game.Status.FINISHED:
        TurnClock.objects.filter(game=game).delete()
        game_finished(game, seats)
        return
    _turn_changed(game, seats, previous)


def game_finished(game: Game, seats=None, reason: str = "") -> None:
    seats = seats or list(game.seats.select_related("user").order_by("position"))
    for seat in seats:
        if seat.user_id:
            notify(
                Notification.Kind.FINISHED, Category.GAME, key=f"finished:{game.pk}:{seat.user_id}", user=seat.user,
                game=game, data={"reason": reason},
            )


def _turn_changed(game: Game, seats: list[Seat], previous: TurnClock | None) -> None:
    """Restart the turn clock and tell the player whose turn it now is."""
    if game.status != Game.Status.ACTIVE or game.current_seat is None:
        return
    number = game.move_count + 1
    seat = seats[game.current_seat]
    now = timezone.now()
    turn_clock, _ = TurnClock.objects.update_or_create(
        game=game, defaults={"move_number": number, "seat": seat.position, "user": seat.user, "started_at": now}
    )
    since = previous.move_number if previous else 1
    data = {"move_number": number, **_last_turn(game, seats, since)}
    state = clock.state(turn_clock, game, now)
    data["deadline"] = state.deadline.isoformat() if state.deadline else None
    if seat.user_id and not seat.bot:  # a bot plays this seat: its player is not asked
        notify(
            Notification.Kind.TURN, Category.TURN, key=f"turn:{game.pk}:{number}", user=seat.user, game=game, data=data
        )


def _last_turn(game: Game, seats: list[Seat], since: int) -> dict:
    """Who moved last and what scored, from the moves numbered ``since`` on."""
    moves = list(Move.objects.filter(game=game, number__gte=since).order_by("number"))
    played = [m for m in moves if not m.discard]
    mover = seats[played[-1].seat].display_name if played else None
    totals = [0] * len(seats)
    for m in moves:
        for i, p in enumerate(m.points or []):
            if i < len(totals):
                totals[i] += p
    return {
        "mover": mover,
        "last_tile": played[-1].tile if played else None,
        "scored": [[seats[i].display_name, p] for i, p in enumerate(totals) if p],
        "discarded": [m.tile for m in moves if m.discard],
    }
