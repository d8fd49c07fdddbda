"""Limits per client address and per account that the database does not count: sign-ups,
password-reset e-mails, chat messages. Counted in the shared cache (Redis in production,
so every web process counts together) in fixed windows of ``seconds``.

(Games, invitations, tournaments, analyses, reports and data exports are counted in the
database by their services, each count and what it lets through under :func:`one_at_a_time`.)
"""

from __future__ import annotations

import hashlib
import logging
import time

from django.core.cache import cache
from django.db import connection

logger = logging.getLogger(__name__)


def client_address(request) -> str:
    """The client's address, found as django-axes finds it for the log-in lock-out
    (``AXES_CLIENT_IP_CALLABLE``, else ``REMOTE_ADDR``)."""
    from axes.helpers import get_client_ip_address

    return get_client_ip_address(request) or "unknown"


def proxied_address(request) -> str | None:
    """Behind our proxy (``BEHIND_PROXY=1``): the address the proxy saw, the last entry
    of X-Forwarded-For. Entries before it were sent by the client and prove nothing;
    without the header, the peer's address."""
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
    return forwarded[-1] if forwarded else request.META.get("REMOTE_ADDR")


def spend(kind: str, who: str, limit: int, seconds: int) -> bool:
    """Count one more ``kind`` (e.g. "signup") for ``who`` (an address, an account);
    False once more than ``limit`` were counted in this window of ``seconds``. When the
    cache is down nothing is limited: an abuse limit must not shut everyone out."""
    window = int(time.time() // seconds)
    digest = hashlib.sha256(who.encode("utf-8", "replace")).hexdigest()[:32]  # any text makes a valid key
    key = f"limit:{kind}:{digest}:{window}"
    try:
        cache.add(key, 0, seconds + 5)
        count = cache.incr(key)
    except Exception:  # the cache is down or evicted the key: let the request through
        logger.warning("limit %s not counted: the cache did not answer", kind, exc_info=True)
        return True
    return count <= limit


def one_at_a_time(*key: object) -> None:
    """Until the transaction ends, no other transaction gets past this call with the same
    ``key`` (e.g. ``("limits", user.pk)``): a limit counted in the database then counts what
    the requests before it stored, however many arrive at once. PostgreSQL: an advisory
    lock (a lock of the user's row would also hold up every insert naming the user, and
    two people inviting each other at once would deadlock); SQLite writes one transaction
    at a time anyway."""
    if not connection.in_atomic_block:  # the lock would end with this statement
        raise RuntimeError("one_at_a_time() must be called inside a transaction")
    if connection.vendor == "postgresql":
        text = ":".join(str(part) for part in key)
        lock = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big", signed=True)
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [lock])


def one_person_at_a_time(user) -> None:
    """:func:`one_at_a_time` for the limits of one person (games, invitations, tournaments,
    analyses): their requests count one after another, everyone else's go on meanwhile."""
    one_at_a_time("limits", user.pk)
