"""Outbox writers: receivers of the games app's signals, which are sent inside the
transaction of the event (invitation, start, turn, timeout, resignation, end). Each
writes Notification rows and queues their sending after commit.

``key`` is unique, so an event recorded twice (a periodic job run twice) writes one row.
"""

from __future__ import annotations

import logging
from functools import partial

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import translation
from django.dispatch import receiver

from games import clock, signals
from games.entries import kind_of
from games.models import Game, Move, Seat, TurnClock

from accounts import language

from . import links
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


def _current_site_url() -> str:
    """Without SITE_URL (development): the address of the current request, else the one
    the last e-mail used (periodic jobs run outside any request)."""
    if links.request_origin():
        return links.request_origin()
    last = Notification.objects.filter(data__has_key="site_url").order_by("-pk").values_list("data", flat=True).first()
    return (last or {}).get("site_url") or links.DEV_FALLBACK_URL


def notify(
    kind: str, category: str, *, key: str, user=None, email: str = "", game=None, data=None, quiet_when_active=True
) -> Notification | None:
    """Write one outbox row (or nothing if ``key`` exists) and queue it after commit.
    ``quiet_when_active=False``: sent even while the user is active on the site."""
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
        elif kind in _QUIET_WHEN_ACTIVE and quiet_when_active and not prefs.email_when_active and prefs.is_active():
            status = Notification.Status.SUPPRESSED
    elif EmailOptOut.objects.filter(email__iexact=email).exists():
        status = Notification.Status.SUPPRESSED
    data = dict(data or {})
    if user is None:  # an address without an account: written in the language of the event's author
        data.setdefault("language", translation.get_language() or settings.LANGUAGE_CODE)
    if not settings.SITE_URL:
        data.setdefault("site_url", _current_site_url())
    try:
        with transaction.atomic():
            row = Notification.objects.create(
                key=key[:200], kind=kind, category=category, user=user, email=email, game=game,
                data=data, status=status,
            )
    except IntegrityError:
        return None
    if status == Notification.Status.PENDING:
        transaction.on_commit(partial(enqueue, row.pk))
    return row


def message(category: str, *, key: str, user, subject: str, lines, path: str, button: str, game=None):
    """An e-mail from an upper layer (tournaments), through the outbox like every other:
    a subject, paragraphs of text and one button to the site's ``path``."""
    with language.override_for(user):  # lazy texts are written in the recipient's language
        data = {"subject": str(subject), "lines": [str(line) for line in lines], "path": path, "button": str(button)}
    return notify(Notification.Kind.MESSAGE, category, key=key, user=user, game=game, data=data)


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
    # The first turn is announced even to a player active on the site right now: they
    # may be on another page, and nothing else tells them the game is waiting for them.
    first = move_number == 1
    notify(
        Notification.Kind.TURN, Category.TURN, key=f"turn:{game.pk}:{move_number}", user=player.user, game=game,
        data=data, quiet_when_active=not first,
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


# --- chat ------------------------------------------------------------------------------


def chat_message_saved(sender, instance, created, **kwargs) -> None:
    """Players who want every chat message by e-mail get one (the others get the daily
    digest, or nothing); never the author, never someone who muted the author."""
    if not created:
        return
    from chat.models import Mute

    message = instance
    game = message.game
    muting = set(Mute.objects.filter(muted=message.author).values_list("user_id", flat=True))
    for seat in game.seats.select_related("user").filter(state=Seat.State.JOINED).exclude(user=message.author):
        if seat.user_id in muting or Preference.for_user(seat.user).chat != Mode.EACH:
            continue
        message_notification(seat.user, message)


def message_notification(user, chat_message) -> None:
    from django.utils.translation import gettext as _

    game = chat_message.game
    message(
        Category.CHAT, key=f"chat:{chat_message.pk}:{user.pk}", user=user, game=game,
        subject=_("%(author)s in %(title)s: chat") % {"author": chat_message.author.username, "title": game.title},
        lines=[f"{chat_message.author.username}: {chat_message.text}"], path=game.get_absolute_url() + "#chat",
        button=_("Answer in the game"),
    )
