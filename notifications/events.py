"""Outbox writers: receivers of the games app's signals, which are sent inside the
transaction of the event (invitation, start, turn, timeout, resignation, end). Each
writes Notification rows and queues their sending after commit.

``key`` is unique, so an event recorded twice (a periodic job run twice) writes one row.
"""

from __future__ import annotations

import logging
from functools import partial

from django.db import IntegrityError, transaction
from django.dispatch import receiver

from games import clock, signals
from games.entries import kind_of
from games.models import Game, Move, Seat, TurnClock

from .models import Category, EmailOptOut, Mode, Notification, Preference

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


# --- what the games app announces (games.signals) ------------------------------------------


@receiver(signals.seat_invited, sender=Game, dispatch_uid="notifications_invitation")
def invitation(sender=Game, seat: Seat = None, **kwargs) -> None:
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


@receiver(signals.game_started, sender=Game, dispatch_uid="notifications_game_started")
def game_started(sender=Game, game: Game = None, **kwargs) -> None:
    for seat in game.seats.select_related("user").order_by("position"):
        if seat.user_id:
            notify(
                Notification.Kind.STARTED, Category.GAME, key=f"started:{game.pk}:{seat.user_id}", user=seat.user, game=game
            )


@receiver(signals.turn_started, sender=Game, dispatch_uid="notifications_turn_started")
def turn_started(sender=Game, game: Game = None, seat: int = 0, action: str = "turn", move_number: int = 1,
                 since: int = 1, **kwargs) -> None:
    """Tell the player whose decision it now is, with what happened since the last one."""
    seats = list(game.seats.select_related("user").order_by("position"))
    player = seats[seat]
    if not player.user_id or player.bot:  # a bot plays this seat: its player is not asked
        return
    data = {"move_number": move_number, "action": action, **_last_turn(game, seats, since)}
    turn_clock = TurnClock.objects.filter(game=game).first()
    deadline = clock.state(turn_clock, game).deadline if turn_clock else None
    data["deadline"] = deadline.isoformat() if deadline else None
    notify(
        Notification.Kind.TURN, Category.TURN, key=f"turn:{game.pk}:{move_number}", user=player.user, game=game, data=data
    )


@receiver(signals.game_finished, sender=Game, dispatch_uid="notifications_game_finished")
def game_finished(sender=Game, game: Game = None, outcome=None, **kwargs) -> None:
    for seat in game.seats.select_related("user").order_by("position"):
        if seat.user_id:
            notify(
                Notification.Kind.FINISHED, Category.GAME, key=f"finished:{game.pk}:{seat.user_id}", user=seat.user,
                game=game, data={"ending": outcome.ending if outcome else ""},
            )


@receiver(signals.player_left, sender=Game, dispatch_uid="notifications_player_left")
def player_left(sender=Game, game: Game = None, seat: Seat = None, move_number: int = 0, reason: str = "", **kwargs) -> None:
    """Tell everyone of a turn lost on time; tell the others of a resignation."""
    data = {"move_number": move_number, "action": reason, "player": seat.display_name, "user_id": seat.user_id}
    kind, category = Notification.Kind.TIMEOUT, Category.TIMEOUT
    if reason == "resigned":
        kind, category = Notification.Kind.RESIGNED, Category.GAME
    for other in game.seats.select_related("user").order_by("position"):
        if other.user_id and not (reason == "resigned" and other.pk == seat.pk):
            notify(
                kind, category, key=f"{kind}:{game.pk}:{move_number}:{other.user_id}", user=other.user, game=game, data=data
            )


def _last_turn(game: Game, seats: list[Seat], since: int) -> dict:
    """Who moved last and what scored, from the moves numbered ``since`` on."""
    moves = list(Move.objects.filter(game=game, number__gte=since).order_by("number"))
    played = [m for m in moves if kind_of(m.entry) == "place"]
    mover = seats[played[-1].seat].display_name if played else None
    totals = [0] * len(seats)
    for m in moves:
        for i, p in enumerate(m.points or []):
            if i < len(totals):
                totals[i] += p
    return {
        "mover": mover,
        "last_tile": played[-1].entry.get("tile") if played else None,
        "scored": [[seats[i].display_name, p] for i, p in enumerate(totals) if p],
        "discarded": [m.entry.get("tile") for m in moves if kind_of(m.entry) == "discard"],
    }
