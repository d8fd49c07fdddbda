"""Limits per client address and per account that the database does not count: sign-ups,
password-reset e-mails, chat messages. Counted in the shared cache (Redis in production,
so every web process counts together) in fixed windows of ``seconds``.

(Games, invitations and tournaments are counted in the database by their services.)
"""

from __future__ import annotations

import hashlib
import logging
import time

from django.core.cache import cache

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
