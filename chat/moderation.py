"""Keeping the table civil, as on lichess and Board Game Arena: players report a chat message
or a player (a reason, an optional note, optionally blocking them too); staff see the open
reports in the admin (:mod:`chat.admin`, the message in its context) and act: hide the
message, silence the person's chat everywhere for a time, or suspend the account (it cannot
log in, by page or API; its games run on under their timeout rules). Every action is logged
with its author (:class:`chat.models.ModerationAction`). The reporter is thanked; the
reported player is never told who reported.

Limits against floods: ``REPORTS_PER_DAY`` reports per reporter in 24 hours, and reporting
again what one reported before (still open) adds nothing."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts import blocks
from accounts.deletion import end_sessions
from games import errors as kinds
from games import live

from .models import MAX_REPORT_NOTE, Message, ModerationAction, Report, Silence
from .services import ChatError, can_chat

User = get_user_model()


class TooManyReports(ChatError, kinds.TooMany):
    pass


class NotReportable(ChatError, kinds.NotAllowed):
    pass


# --- players: reporting ----------------------------------------------------------------------


def report_message(reporter, message: Message, reason: str, note: str = "", block: bool = False) -> Report:
    """``reporter`` (a player of the message's game) reports ``message`` and its author."""
    if message.author_id == reporter.pk:
        raise NotReportable(_("You cannot report your own message."))
    if message.hidden_at is not None or not message.text or not can_chat(message.game, reporter):
        raise NotReportable(_("This message cannot be reported."))
    return _report(reporter, message.author, reason, note, block, message=message)


def report_player(reporter, player, reason: str, note: str = "", block: bool = False) -> Report:
    if player.pk == reporter.pk:
        raise NotReportable(_("You cannot report yourself."))
    if player.deleted_at is not None:
        raise NotReportable(_("This account has been deleted."))
    return _report(reporter, player, reason, note, block)


def _report(reporter, reported, reason, note, block, message=None) -> Report:
    if reason not in Report.Reason.values:
        raise ChatError(_("Choose a reason."))
    note = (note or "").strip() if isinstance(note, str) else ""
    if len(note) > MAX_REPORT_NOTE:
        raise ChatError(
            ngettext("A note has at most %(max)s character.", "A note has at most %(max)s characters.", MAX_REPORT_NOTE)
            % {"max": MAX_REPORT_NOTE}
        )
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=reporter.pk).first()  # count one report at a time
        same = Report.objects.filter(reporter=reporter, reported=reported, message=message, state=Report.State.OPEN)
        report = same.first()
        if report is None:
            _check_quota(reporter)
            game = message.game if message is not None else None
            report = Report.objects.create(
                reporter=reporter, reported=reported, message=message, game=game, reason=reason, note=note
            )
        if block:
            blocks.block(reporter, reported.username)
    return report


def _check_quota(reporter) -> None:
    limit = int(getattr(settings, "REPORTS_PER_DAY", 10))
    since = timezone.now() - timedelta(days=1)
    if Report.objects.filter(reporter=reporter, created_at__gte=since).count() >= limit:
        raise TooManyReports(
            ngettext(
                "You can send at most %(count)d report a day: the moderators are looking at the ones you sent.",
                "You can send at most %(count)d reports a day: the moderators are looking at the ones you sent.",
                limit,
            )
            % {"count": limit}
        )


# --- staff: acting on reports, messages and players ----------------------------------------


def _log(author, kind: str, target, message=None, report=None, detail: str = "") -> ModerationAction:
    return ModerationAction.objects.create(
        author=author, kind=kind, target=target, message=message, report=report, detail=detail[:200]
    )


def _close(report: Report | None, by) -> None:
    if report is not None and report.state == Report.State.OPEN:
        report.state, report.closed_at, report.closed_by = Report.State.CLOSED, timezone.now(), by
        report.save(update_fields=["state", "closed_at", "closed_by"])


@transaction.atomic
def hide(message: Message, by, report: Report | None = None) -> None:
    """Hide ``message`` from the players (staff still see it)."""
    if message.hidden_at is None:
        Message.objects.filter(pk=message.pk).update(hidden_at=timezone.now(), hidden_by=by)
        live.changed(message.game_id)  # the open pages drop it
    _log(by, ModerationAction.Kind.HIDE, message.author, message=message, report=report)
    _close(report, by)


@transaction.atomic
def show(message: Message, by) -> None:
    Message.objects.filter(pk=message.pk).update(hidden_at=None, hidden_by=None)
    live.changed(message.game_id)
    _log(by, ModerationAction.Kind.SHOW, message.author, message=message)


@transaction.atomic
def silence(user, by, hours: int, report: Report | None = None) -> Silence:
    """``user`` may not write in any chat for ``hours``."""
    until = timezone.now() + timedelta(hours=hours)
    row = Silence.objects.create(user=user, until=until, by=by)
    _log(by, ModerationAction.Kind.SILENCE, user, report=report, detail=f"{hours} h, until {until:%Y-%m-%d %H:%M} UTC")
    _close(report, by)
    return row


@transaction.atomic
def lift_silence(user, by) -> int:
    lifted = Silence.objects.filter(user=user, until__gt=timezone.now()).update(until=timezone.now())
    _log(by, ModerationAction.Kind.UNSILENCE, user)
    return lifted


@transaction.atomic
def suspend(user, by, report: Report | None = None) -> None:
    """The account cannot log in any more (its sessions end; its API token no longer
    authenticates); its games go on, and run out of time by their rules."""
    User.objects.filter(pk=user.pk).update(is_active=False, suspended_at=timezone.now())
    sessions = end_sessions(user.pk)
    _log(by, ModerationAction.Kind.SUSPEND, user, report=report, detail=f"{sessions} sessions ended")
    _close(report, by)


@transaction.atomic
def unsuspend(user, by) -> None:
    User.objects.filter(pk=user.pk, deleted_at__isnull=True).update(is_active=True, suspended_at=None)
    _log(by, ModerationAction.Kind.UNSUSPEND, user)


@transaction.atomic
def dismiss(report: Report, by) -> None:
    _log(by, ModerationAction.Kind.DISMISS, report.reported, message=report.message, report=report)
    _close(report, by)


def context_of(message: Message, around: int = 5) -> list[Message]:
    """``message`` among the ones before and after it in its game's chat (staff see hidden ones too)."""
    rows = Message.objects.filter(game_id=message.game_id).select_related("author")
    before = list(rows.filter(pk__lt=message.pk).order_by("-pk")[:around])
    after = list(rows.filter(pk__gt=message.pk).order_by("pk")[:around])
    return [*reversed(before), message, *after]
