"""Celery tasks: sending one outbox row, the sweep, deadline reminders and the daily digest.

Sending is idempotent. A task claims its row (``pending`` -> ``sending`` with a
lease) under ``SELECT ... FOR UPDATE SKIP LOCKED`` plus a conditional update, sends
outside any transaction, then marks it ``sent``. A duplicate task (retry, sweep,
broker redelivery) finds the row ``sending`` (lease running) or ``sent`` and does
nothing. Only a crash between the SMTP server's acceptance and the ``sent`` update
can repeat a mail, after the lease runs out; it then carries the same Message-ID. A
database connection lost right there is not such a crash: the ``sent`` update is tried
again on a fresh connection (:data:`MARK_SENT_PAUSES`) before the row is left to the lease.
"""

from __future__ import annotations

import logging
import smtplib
import time
from datetime import timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from celery import shared_task
from django.conf import settings
from django.db import InterfaceError, OperationalError, connection, transaction
from django.db.models import Q
from django.dispatch import receiver
from django.utils import timezone

from accounts import blocks, exports, language
from games import broker, clock

from . import held
from .models import Category, Mode, Notification, Preference
from .outbox import notify, row_written

logger = logging.getLogger(__name__)


def _setting(name: str, default):
    return getattr(settings, name, default)


_UNSENT = (Notification.Status.PENDING, Notification.Status.SENDING)


def lease() -> timedelta:
    return timedelta(seconds=_setting("NOTIFICATIONS_LEASE_SECONDS", 90))


def backoff(attempts: int) -> float:
    """When the sweep may try a row again that failed ``attempts`` times, should its
    task's retry be lost (the task's own retry has Celery's back-off)."""
    base = float(_setting("NOTIFICATIONS_RETRY_BASE_SECONDS", 30))
    return min(base * 2 ** max(attempts - 1, 0), 3600.0)


def max_attempts() -> int:
    return int(_setting("NOTIFICATIONS_MAX_ATTEMPTS", 8))


# Seconds between tries of the "sent" update after the SMTP server accepted a message
# and the database connection broke (short: the lease would send the message again).
MARK_SENT_PAUSES = (0.2, 0.5, 1.0, 2.0)


def _mark_sent(pk: int) -> None:
    """Mark an accepted message sent, on a fresh connection if the current one broke."""
    for pause in (*MARK_SENT_PAUSES, None):
        try:
            Notification.objects.filter(pk=pk, status=Notification.Status.SENDING).update(
                status=Notification.Status.SENT, sent_at=timezone.now(), lease_until=None, last_error=""
            )
            return
        except (OperationalError, InterfaceError):
            if pause is None or connection.in_atomic_block:  # a broken transaction cannot be retried
                logger.error("notification %s was sent but could not be marked sent: the lease sends it again", pk)
                raise
            logger.warning("notification %s was sent; marking it sent again on a fresh connection", pk)
            connection.close()
            time.sleep(pause)


def _claim(pk: int) -> Notification | None:
    now = timezone.now()
    claimable = Q(status=Notification.Status.PENDING) | Q(status=Notification.Status.SENDING, lease_until__lt=now)
    with transaction.atomic():
        row = Notification.objects.select_for_update(skip_locked=True).filter(claimable, pk=pk).first()
        if row is None:
            return None
        # Conditional update: safe on databases without row locks (SQLite) too.
        claimed = Notification.objects.filter(pk=pk, status=row.status, attempts=row.attempts).update(
            status=Notification.Status.SENDING, lease_until=now + lease(), attempts=row.attempts + 1, queued_at=None
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
    except Exception as exc:  # a rendering bug: keep the row, say why
        logger.exception("could not render notification %s", pk)
        Notification.objects.filter(pk=pk, status=Notification.Status.SENDING).update(
            status=Notification.Status.FAILED, lease_until=None, last_error=f"render: {exc!r}"[:2000]
        )
        return "failed"
    # Rendering (board pictures) took part of the lease: the SMTP conversation gets a whole one.
    # If the lease ran out meanwhile and another worker took the row over, leave it to them.
    renewed = Notification.objects.filter(pk=pk, status=Notification.Status.SENDING, attempts=row.attempts).update(
        lease_until=timezone.now() + lease()
    )
    if not renewed:
        return "skip"
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
    except Exception as exc:  # e.g. BadHeaderError: retrying cannot help
        logger.exception("could not build or send notification %s", pk)
        Notification.objects.filter(pk=pk, status=Notification.Status.SENDING).update(
            status=Notification.Status.FAILED, lease_until=None, last_error=f"message: {exc!r}"[:2000]
        )
        return "failed"
    _mark_sent(pk)
    return "sent"


class SendLater(Exception):
    """The SMTP server refused for now: Celery sends the task again later."""


@shared_task(
    bind=True,
    acks_late=True,
    ignore_result=True,
    # Celery's own retry: 30 s, 1 min, 2 min, ... up to an hour, each drawn at random below
    # that (full jitter, so rows that failed together are not retried together). The row's
    # attempts, counted across the sweep's tasks too, decide when to give up (deliver).
    autoretry_for=(SendLater,),
    retry_backoff=_setting("NOTIFICATIONS_RETRY_BASE_SECONDS", 30),
    retry_backoff_max=3600,
    retry_jitter=True,
    max_retries=None,
)
def send_notification(self, pk: int) -> str:
    result = deliver(pk)
    if result == "retry" and not self.request.is_eager:
        _mark_queued(pk)  # the retry hands it to the broker again
        raise SendLater(pk)
    # Eager (no broker): the row stays pending and the sweep tries again.
    return result


def _mark_queued(pk: int):
    """Record that the row is handed to the broker (the sweep leaves it to its task)."""
    stamp = timezone.now()
    Notification.objects.filter(pk=pk, status__in=_UNSENT).update(queued_at=stamp)
    return stamp


def enqueue(pk: int) -> None:
    """Queue the sending of one notification, one try (:func:`games.broker.publish`: none
    at all while the broker failed a moment ago). Never raises: a broker that is down must
    not break the event nor hold up its request; the periodic sweep queues the row again
    later. Nor may a database that went away after the event's commit: the row stays
    unmarked and the sweep takes it."""
    stamp = None
    try:
        stamp = _mark_queued(pk)  # before publishing: a worker (or an eager run) may claim it at once
        broker.publish(send_notification, (pk,))
    except broker.Unavailable:
        logger.warning("the broker does not answer: notification %s waits for the sweep", pk)
        _unmark_queued(pk, stamp)
    except Exception:  # broker or database errors of any kind
        logger.exception("could not queue notification %s; the sweep will retry", pk)
        if stamp is not None:
            _unmark_queued(pk, stamp)


def _unmark_queued(pk: int, stamp) -> None:
    """Hand a row that never reached the broker back to the sweep, if the database lets us."""
    try:
        Notification.objects.filter(pk=pk, queued_at=stamp).update(queued_at=None)
    except Exception:  # the database is away too: the sweep takes it once QUEUED_MAX has passed
        logger.warning("could not unmark notification %s; the sweep takes it later", pk, exc_info=True)


@receiver(row_written, dispatch_uid="notifications_queue_sending")
def queue_sending(sender, pk: int, **kwargs) -> None:
    """A row to send was written and committed: queue its sending."""
    enqueue(pk)


# A task handed to the broker this long ago is taken for lost even while the queue is not
# empty (Redis's own redelivery of a task whose worker died waits an hour too).
QUEUED_MAX = timedelta(hours=1)


def _queue_drained() -> bool:
    """True when no task waits in the e-mails' queue; False while tasks wait there or the
    broker does not answer."""
    try:
        queue, url = broker.queue_of(send_notification), send_notification.app.conf.broker_url
        return not any(broker.queue_lengths([queue], url=url).values())
    except Exception:  # noqa: BLE001 - the broker is down: whatever is queued stays queued
        return False


def release_held(now=None) -> int:
    """Held rows whose time is up: sent (queued) unless their turn was seen or is over."""
    now = now or timezone.now()
    due = Notification.objects.filter(status=Notification.Status.HELD, next_attempt_at__lte=now)
    due = due.select_related("game", "user")
    released = 0
    for row in due.order_by("pk")[:500]:
        still_held = Notification.objects.filter(pk=row.pk, status=Notification.Status.HELD)
        reason = held.why_not_sent(row)
        if reason:
            still_held.update(status=Notification.Status.SUPPRESSED, last_error=reason)
        elif still_held.update(status=Notification.Status.PENDING, next_attempt_at=now):
            enqueue(row.pk)
            released += 1
    return released


@shared_task(ignore_result=True)
def sweep() -> int:
    """Queue again what should have been sent by now and has no task waiting for it: rows
    never handed to the broker (it was down), rows whose worker died (the lease ran out),
    and rows whose task was lost (handed over, yet the queue has drained; or an hour ago).
    A row only waiting in a long queue is left there, so a backlog never grows by the
    sweep. Harmless when run twice: sending claims each row. First, held rows whose time
    is up are released (:mod:`notifications.held`)."""
    now = timezone.now()
    count = release_held(now)
    grace = timedelta(seconds=_setting("NOTIFICATIONS_SWEEP_AFTER_SECONDS", 180))
    stuck = (
        Q(status=Notification.Status.PENDING, next_attempt_at__lte=now - grace)
        | Q(status=Notification.Status.PENDING, next_attempt_at__lte=now, created_at__lte=now - grace)
        | Q(status=Notification.Status.SENDING, lease_until__lt=now)
    )
    lost = Q(queued_at__lte=now - QUEUED_MAX)
    if Notification.objects.filter(stuck, queued_at__lte=now - grace).exists() and _queue_drained():
        lost = Q(queued_at__lte=now - grace)  # the queue drained without them (e.g. Redis restarted empty)
    due = Notification.objects.filter(stuck).filter(Q(queued_at__isnull=True) | lost).order_by("pk")
    for pk in due.values_list("pk", flat=True)[:500]:
        enqueue(pk)
        count += 1
    return count


# --- deadline reminders ----------------------------------------------------------------------


@shared_task(ignore_result=True)
def send_reminders() -> int:
    """Reminders at 50% and 80% of the time per move (the games app's clocks; timeouts
    at 100% are the games app's job, ``games.tasks.check_timeouts``)."""
    done = 0
    for turn_clock, state in clock.running():
        if not turn_clock.user_id or state.used >= 1:
            continue
        for percent in (80, 50):
            if state.used >= percent / 100:
                game = turn_clock.game
                with transaction.atomic():
                    row = notify(
                        Notification.Kind.REMINDER,
                        Category.REMINDER,
                        key=f"reminder:{game.pk}:{turn_clock.move_number}:{percent}",
                        user=turn_clock.user,
                        game=game,
                        data={
                            "move_number": turn_clock.move_number,
                            "percent": percent,
                            "deadline": state.deadline.isoformat(),
                            "action": game.pending_action or "turn",
                        },
                    )
                done += row is not None
                break  # late run: only the latest reminder
    return done


# --- daily digest ---------------------------------------------------------------------


def unread_chat(user, since, limit: int = 20) -> list[dict]:
    """Chat messages others wrote in ``user``'s games after ``since`` (muted and blocked
    authors and hidden messages left out), grouped per game, for the digest."""
    from chat.models import Message, Mute

    muted = {*Mute.objects.filter(user=user).values_list("muted_id", flat=True), *blocks.blocked_by(user)}
    rows = (
        Message.objects.filter(game__seats__user=user, created_at__gt=since, hidden_at__isnull=True)
        .exclude(author=user)
        .exclude(text="")  # a deleted account's
        .exclude(author_id__in=muted)
        .select_related("author", "game")
        .order_by("game_id", "pk")
    )
    games: dict[int, dict] = {}
    for m in rows:
        entry = games.setdefault(m.game_id, {"id": m.game_id, "title": m.game.title, "messages": [], "more": 0})
        if len(entry["messages"]) < limit:
            entry["messages"].append([m.author.username, m.text])
        else:
            entry["more"] += 1
    return list(games.values())


@shared_task(ignore_result=True)
def send_digests() -> int:
    """One digest a day per user who chose it (turns or chat), at (or after) their chosen
    hour in their time zone. Keyed by the local date: running late or twice sends one."""
    now = timezone.now()
    sent = 0
    for prefs in Preference.objects.select_related("user").filter(Q(turn=Mode.DIGEST) | Q(chat=Mode.DIGEST)):
        try:
            zone = ZoneInfo(prefs.time_zone)
        except (ZoneInfoNotFoundError, ValueError):  # a zone this server does not know: UTC
            zone = ZoneInfo("UTC")
        local = now.astimezone(zone)
        if local.hour < prefs.digest_hour:
            continue
        with language.override_for(prefs.user):  # the time left is written in the recipient's words
            rows = clock.waiting_games(prefs.user, now) if prefs.turn == Mode.DIGEST else []
        chat = []
        if prefs.chat == Mode.DIGEST:
            last = (
                Notification.objects.filter(user=prefs.user, kind=Notification.Kind.DIGEST)
                .order_by("-created_at")
                .values_list("created_at", flat=True)
                .first()
            )
            chat = unread_chat(prefs.user, last or now - timedelta(days=1))
        if not rows and not chat:
            continue
        with transaction.atomic():
            row = notify(
                Notification.Kind.DIGEST,
                Category.TURN if rows else Category.CHAT,
                key=f"digest:{prefs.user_id}:{local.date().isoformat()}",
                user=prefs.user,
                data={"games": [{"id": r["game"].pk, "time_left": r["time_left"]} for r in rows], "chat": chat},
            )
        sent += row is not None
    return sent


# --- housekeeping and the beat heartbeat -------------------------------------------------

HEARTBEAT_KEY = "beat:heartbeat"


@shared_task(ignore_result=True)
def heartbeat() -> None:
    """Beat schedules this every minute; the health endpoint reads when it last ran."""
    from django.core.cache import cache

    cache.set(HEARTBEAT_KEY, timezone.now().timestamp(), timeout=None)


@shared_task(ignore_result=True)
def housekeeping() -> dict:
    """Every few hours: what expires (docs/operations/privacy-and-limits.md, "Privacy: what
    is kept and for how long"): expired sessions, used log-in links too old to matter, the
    files of "Download my data" past their time, old e-mails' text and address, old replies'
    senders, old log-in records."""
    from importlib import import_module

    from accounts import retention as accounts_retention

    from . import links, retention

    engine = import_module(settings.SESSION_ENGINE)
    engine.SessionStore.clear_expired()
    return {
        "used_links": links.forget_used_links(),
        **exports.expire(),
        "emails_reduced": retention.reduce_old_mail(),
        "reply_senders_forgotten": retention.forget_reply_senders(),
        "login_records": accounts_retention.forget_login_records(),
    }
