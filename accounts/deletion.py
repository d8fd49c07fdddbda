"""Deleting an account (the EU's right to erasure): ``delete_account`` erases the person at
once and leaves a neutral, unique name ("deleted player 17") where others need one.

The account row stays (games, results and tournaments point at it) but is emptied: no
address, no password, no name but the neutral one, inactive. Its sessions, API token,
log-in attempts and e-mailed links die with it. The old name is retired (only a keyed
digest is kept, see :mod:`accounts.erasure`) and never given out again. The apps above
accounts erase the rest in the same transaction, as receivers of
:data:`accounts.signals.account_deleted`: games in progress left by the game's rule, chat
messages emptied, e-mails and logs, tournament entries, ratings.

Deletion by e-mail link: :func:`link_token` signs the account and its current password and
address, so a link dies when either changes, and after ``LINK_MAX_AGE``.
"""

from __future__ import annotations

import logging

from django.apps import apps
from django.contrib.auth import SESSION_KEY
from django.core import signing
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.crypto import salted_hmac

from . import erasure, exports, signals
from .models import Block, RetiredName, User

logger = logging.getLogger(__name__)

LINK_SALT = "accounts.delete-account"
LINK_MAX_AGE = 3600  # seconds a deletion link e-mailed to the account's address stays valid


class AlreadyDeleted(Exception):
    """The account was deleted before."""


def neutral_name(user) -> str:
    """The name a deleted account keeps: unique (its number is the account's), and never a
    name anyone can sign up with (usernames have no spaces)."""
    return f"deleted player {user.pk}"


def is_deleted(user) -> bool:
    return bool(getattr(user, "deleted_at", None))


def delete_account(user) -> dict:
    """Erase ``user`` now, in one transaction with what every app erases; returns what was
    erased, per app (the staff command prints it as one JSON line)."""
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user.pk)
        if user.deleted_at is not None:
            raise AlreadyDeleted(user.username)
        old_name = user.username
        addresses = sorted({a for a in (user.email, user.pending_email) if a})
        _retire(old_name)
        _empty(user)
        summary: dict = {"name": user.username, "accounts": _end_access(user, old_name)}
        summary["accounts"]["others_data_exports_renamed"] = exports.redact(old_name, addresses, user.username)
        for receiver, result in signals.account_deleted.send(
            sender=User, user=user, old_name=old_name, old_addresses=addresses, neutral_name=user.username
        ):
            summary.setdefault(receiver.__module__.split(".")[0], {}).update(result or {})
    logger.info("account %s deleted", user.pk)
    return summary


def _retire(name: str) -> None:
    for digest in erasure.name_digests(name)[:1]:
        RetiredName.objects.get_or_create(digest=digest)


def is_retired(name: str) -> bool:
    """Whether ``name`` (or a name that looks like it) belonged to a deleted account."""
    return RetiredName.objects.filter(digest__in=erasure.name_digests(name)).exists()


def _empty(user) -> None:
    user.username = neutral_name(user)
    user.email = user.pending_email = user.first_name = user.last_name = ""
    user.language = user.last_language = ""
    user.is_active = user.is_staff = user.is_superuser = False
    user.last_login = None
    user.deleted_at = timezone.now()
    user.set_unusable_password()
    user.save()
    user.groups.clear()
    user.user_permissions.clear()


def _end_access(user, old_name: str) -> dict:
    """Sessions, the API token, log-in attempts and the admin's log of the account."""
    counts = {
        "sessions": end_sessions(user.pk),
        "data_exports": user.data_exports.all().delete()[0],
        "blocks": Block.objects.filter(Q(user=user) | Q(blocked=user)).delete()[0],
    }
    if apps.is_installed("rest_framework.authtoken"):
        counts["api_tokens"] = apps.get_model("authtoken", "Token").objects.filter(user=user).delete()[0]
    if apps.is_installed("axes"):
        attempts = 0
        for model in ("AccessAttempt", "AccessLog", "AccessFailureLog"):
            attempts += apps.get_model("axes", model).objects.filter(username__iexact=old_name).delete()[0]
        counts["login_attempts"] = attempts
    if apps.is_installed("django.contrib.admin"):
        counts["admin_log"] = _neutral_admin_log(old_name, user.username)
    return counts


def end_sessions(user_id: int) -> int:
    """Delete every session of ``user_id`` (database sessions: read them all, since a
    session's user is inside its encoded data; deletions are rare)."""
    if not apps.is_installed("django.contrib.sessions"):
        return 0
    Session = apps.get_model("sessions", "Session")
    ended = []
    for session in Session.objects.only("session_key", "session_data").iterator(chunk_size=500):
        try:
            data = session.get_decoded()
        except Exception:  # noqa: BLE001 - a session that cannot be read logs nobody in
            continue
        if str(data.get(SESSION_KEY)) == str(user_id):
            ended.append(session.session_key)
    return Session.objects.filter(session_key__in=ended).delete()[0]


def _neutral_admin_log(old: str, new: str) -> int:
    """The admin's log names objects by their text ("Game #3 seat 1: ann"): renamed."""
    LogEntry = apps.get_model("admin", "LogEntry")
    rows = list(LogEntry.objects.filter(object_repr__icontains=old))
    for row in rows:
        row.object_repr = erasure.replace_name(row.object_repr, old, new)
        row.change_message = erasure.replace_name(row.change_message, old, new)
    LogEntry.objects.bulk_update(rows, ["object_repr", "change_message"])
    return len(rows)


# --- deletion by a link e-mailed to the account's address ----------------------------


def _account_hash(user) -> str:
    return salted_hmac(LINK_SALT, f"{user.pk}:{user.password}:{user.email}").hexdigest()[:24]


def link_token(user) -> str:
    return signing.TimestampSigner(salt=LINK_SALT).sign_object({"u": user.pk, "h": _account_hash(user)})


def _signed(token: str) -> dict | None:
    """What a deletion link signed (the account's id and hash), unless forged or expired."""
    try:
        data = signing.TimestampSigner(salt=LINK_SALT).unsign_object(token, max_age=LINK_MAX_AGE)
    except (signing.BadSignature, ValueError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("u"), int):
        return None
    return data


def user_of_link(token: str):
    """The account a deletion link stands for, or ``None`` (expired, forged, spent: the
    password or address changed, or the account is gone)."""
    data = _signed(token)
    if data is None:
        return None
    user = User.objects.filter(pk=data["u"], is_active=True, deleted_at__isnull=True).first()
    if user is None or _account_hash(user) != data.get("h"):
        return None
    return user


def deleted_since_link(token: str) -> bool:
    """Whether the account of a deletion link, still within its time, is deleted (by this
    link opened twice, say)."""
    data = _signed(token)
    return data is not None and User.objects.filter(pk=data["u"], deleted_at__isnull=False).exists()
