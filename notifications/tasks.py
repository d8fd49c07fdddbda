"""Celery tasks: sending one outbox row, the sweep, turn clocks and the daily digest.

Sending is idempotent. A task claims its row (``pending`` -> ``sending`` with a
lease) under ``SELECT ... FOR UPDATE SKIP LOCKED`` plus a conditional update, sends
outside any transaction, then marks it ``sent``. A duplicate task (retry, sweep,
broker redelivery) finds the row ``sending`` (lease running) or ``sent`` and does
nothing. Only a crash between the SMTP server's acceptance and the ``sent`` update
can repeat a mail, after the lease runs out; it then carries the same Message-ID.
"""

from __future__ import annotations

import logging
import smtplib
from datetime import timedelta
from zoneinfo import ZoneInfo

from celery import shared_task
from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games import services
from games.models import Game

from . import clock, events
from .models import Category, GameEvent, Mode, Notification, Preference, TurnClock

logger = logging.getLogger(__name__)


def _setting(name: str, default):
    return getattr(settings, name, default)


def lease() -> timedelta:
    return timedelta(seconds=_setting("NOTIFICATIONS_LEASE_SECONDS", 600))


def backoff(attempts: int) -> float:
    base = float(_setting("NOTIFICATIONS_RETRY_BASE_SECONDS", 30))
    return min(base * 2 ** max(attempts - 1, 0), 3600.0)


def max_attempts() -> int:
    return int(_setting("NOTIFICATIONS_MAX_ATTEMPTS", 8))


def _claim(pk: int) -> Notification | None:
    now = timezone.now()
    claimable = Q(status=Notification.Status.PENDING) | Q(status=Notification.Status.SENDING, lease_until__lt=now)
    with transaction.atomic():
        row = Notification.objects.select_for_update(skip_locked=True).filter(claimable, pk=pk).first()
        if row is None:
            return None
        # Conditional update: safe on databases without row locks (SQLite) too.
        claimed = Notification.objects.filter(pk=pk, status=row.status, attempts=row.attempts).update(
            status=Notification.Status.SENDING, lease_until=now + lease(), attempts=row.attempts + 1
        )
        if not claimed:
            return None
    row.refresh_from_db()
    return row


def deliver(pk: int) -> str:
    """Send one notification if nobody else has: 'sent', 'skip', 'retry' or 'failed'."""
    from .emails import build_message

    row = _claim(pk)
    if row is None:
        return "skip"
    try:
        message = build_message(row)
    except Exception as exc:  # noqa: BLE001 - a rendering bug: keep the row, say why
        logger.exception("could not render notification %s", pk)
        Notification.objects.filter(pk=pk, status=Notification.Status.SENDING).update(
            status=Notification.Status.FAILED, lease_until=None, last_error=f"render: {exc!r}"[:2000]
        )
        return "failed"
    try:
        message.send(fail_silently=False)
    except (smtplib.SMTPException, OSError) as exc:
        give_up = row.attempts >= max_attempts()
        logger.warning("sending notification %s failed (attempt %s): %r", pk, row.attempts, exc)
        Notification.objects.filter(pk=pk, status=Notification.Status.SENDING).update(
            status=Notification.Status.FAILED if give_up else Notification.Status.PENDING,
            lease_until=None,
            next_attempt_at=timezone.now() + timedelta(seconds=backoff(row.attempts)),
            last_error=repr(exc)[:2000],
        )
        return "failed" if give_up else "retry"
    Notification.objects.filter(pk=pk, status=Notification.Status.SENDING).update(
        status=Notification.Status.SENT, sent_at=timezone.now(), lease_until=None, last_error=""
    )
    return "sent"


@shared_task(bind=True, acks_late=True, max_retries=None, ignore_result=True)
def send_notification(self, pk: int) -> str:
    result = deliver(pk)
    if result == "retry" and not self.request.is_eager:
        attempts = Notification.objects.filter(pk=pk).values_list("attempts", flat=True).first() or 1
        try:
            raise self.retry(countdown=backoff(attempts))
        except self.MaxRetriesExceededError:  # pragma: no cover - max_retries is None
            pass
    # Eager (no broker): the row stays pending and the sweep tries again.
    return result


@shared_task(ignore_result=True)
def sweep() -> int:
    """Queue again whatever should have been sent by now (broker or worker was down,
    worker crashed mid-send). Harmless when run twice: sending claims each row."""
    now = timezone.now()
    grace = timedelta(seconds=_setting("NOTIFICATIONS_SWEEP_AFTER_SECONDS", 180))
    due = Notification.objects.filter(
        Q(status=Notification.Status.PENDING, next_attempt_at__lte=now - grace)
        | Q(status=Notification.Status.PENDING, next_attempt_at__lte=now, created_at__lte=now - grace)
        | Q(status=Notification.Status.SENDING, lease_until__lt=now)
    ).order_by("pk")
    count = 0
    for pk in due.values_list("pk", flat=True)[:500]:
        events.enqueue(pk)
        count += 1
    return count


# --- turn clocks ----------------------------------------------------------------------


@shared_task(ignore_result=True)
def check_clocks() -> int:
    """Reminders at 50% and 80% of the time per move; timeouts at 100%."""
    now = timezone.now()
    done = 0
    clocks = TurnClock.objects.select_related("game", "user").filter(
        game__status=Game.Status.ACTIVE, game__move_days__isnull=False
    )
    for turn_clock in clocks:
        game = turn_clock.game
        if game.move_count + 1 != turn_clock.move_number:
            continue
        state = clock.state(turn_clock, game, now)
        if state.used >= 1:
            if timeout(game.pk, turn_clock.move_number):
                done += 1
            continue
        for percent in (80, 50):
            if state.used >= percent / 100 and turn_clock.user_id:
                with transaction.atomic():
                    row = events.notify(
                        Notification.Kind.REMINDER,
                        Category.REMINDER,
                        key=f"reminder:{game.pk}:{turn_clock.move_number}:{percent}",
                        user=turn_clock.user,
                        game=game,
                        data={"move_number": turn_clock.move_number, "percent": percent,
                              "deadline": state.deadline.isoformat()},
                    )
                done += row is not None
                break  # late run: only the latest reminder
    return done


def timeout(game_id: int, move_number: int) -> bool:
    """The player to move at ``move_number`` ran out of time: the game's timeout rule is
    played as a move of the log (skip, or lose on time), then everyone is told. Safe to
    run late or twice: a turn already played or timed out changes nothing."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or game.status != Game.Status.ACTIVE or game.move_count + 1 != move_number:
            return False
        turn_clock = TurnClock.objects.filter(game=game, move_number=move_number).first()
        if turn_clock is None or clock.state(turn_clock, game).used < 1:
            return False
        seats = list(game.seats.select_related("user").order_by("position"))
        seat = seats[turn_clock.seat]
        if services.play_timeout(game.pk, move_number) is None:
            return False
        action = {Game.TimeoutRule.SKIP: GameEvent.Kind.SKIPPED, Game.TimeoutRule.BOT: GameEvent.Kind.BOT}.get(
            game.timeout_rule, GameEvent.Kind.LOST)
        GameEvent.objects.create(game=game, move_number=move_number, seat=seat.position, user=seat.user, kind=action)
        data = {"move_number": move_number, "action": action, "player": seat.display_name, "user_id": seat.user_id}
        for other in seats:
            if other.user_id:
                events.notify(
                    Notification.Kind.TIMEOUT, Category.TIMEOUT, key=f"timeout:{game.pk}:{move_number}:{other.user_id}",
                    user=other.user, game=game, data=data,
                )
    return True


# --- daily digest ---------------------------------------------------------------------


def waiting_games(user, now=None) -> list[dict]:
    """Active games where it is ``user``'s turn, least time left first."""
    now = now or timezone.now()
    rows = []
    clocks = {c.game_id: c for c in TurnClock.objects.filter(user=user)}
    games = Game.objects.filter(status=Game.Status.ACTIVE, seats__user=user).distinct()
    for game in games:
        seat = game.seats.filter(user=user).first()
        if seat is None or game.current_seat != seat.position:
            continue
        turn_clock = clocks.get(game.pk)
        state = clock.state(turn_clock, game, now) if turn_clock else None
        left = state.time_left if state else None
        rows.append({"game": game, "time_left_delta": left, "time_left": clock.describe(left),
                     "since": turn_clock.started_at if turn_clock else game.updated_at})
    rows.sort(key=lambda r: (r["time_left_delta"] is None, r["time_left_delta"] or timedelta(0), r["since"]))
    return rows


@shared_task(ignore_result=True)
def send_digests() -> int:
    """One digest a day per user who chose it, at (or after) their chosen hour in their
    time zone. Keyed by the local date: running late or twice sends one."""
    now = timezone.now()
    sent = 0
    for prefs in Preference.objects.select_related("user").filter(turn=Mode.DIGEST):
        try:
            zone = ZoneInfo(prefs.time_zone)
        except Exception:  # noqa: BLE001
            zone = ZoneInfo("UTC")
        local = now.astimezone(zone)
        if local.hour < prefs.digest_hour:
            continue
        rows = waiting_games(prefs.user, now)
        if not rows:
            continue
        with transaction.atomic():
            row = events.notify(
                Notification.Kind.DIGEST,
                Category.TURN,
                key=f"digest:{prefs.user_id}:{local.date().isoformat()}",
                user=prefs.user,
                data={"games": [{"id": r["game"].pk, "time_left": r["time_left"]} for r in rows]},
            )
        sent += row is not None
    return sent
