"""What the archive pages keep in the cache between requests: the number of games a list
matches and a player's statistics and head to head, under the archive's version.

The version is a token in the cache, replaced (at once and on commit) whenever an archive row is
written or changes: a result recorded or deleted (:mod:`archive.signals`), a game's
privacy copied, the tournaments or names copied onto results, games generated. A value
kept under an old version is never read again (and expires). Without a cache (Redis not
answering) every read is a miss: the pages ask the database, as before.

What a viewer may see is never kept under a key that does not say it: a player's figures
are keyed by the games hidden from the viewer (``hidden_games``, asked on each request from
the games' privacy as it is now), the counts are of public games only.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable, Iterable
from typing import Any, TypeVar, cast

from django.core.cache import cache
from django.db import transaction

VERSION_KEY = "archive:version"
KEEP_SECONDS = 24 * 3600

T = TypeVar("T")


def version() -> str:
    """The archive's version now (a new one if the cache has none)."""
    current = cache.get(VERSION_KEY)
    if current is None:
        cache.add(VERSION_KEY, uuid.uuid4().hex, None)
        current = cache.get(VERSION_KEY) or "none"
    return current


def _bump() -> None:
    cache.set(VERSION_KEY, uuid.uuid4().hex, None)


def archive_changed() -> None:
    """Every value kept for the archive is stale: at once (this transaction's later reads)
    and again when it commits (a value another request kept meanwhile, read before the
    commit, is dropped; at once outside a transaction)."""
    _bump()
    if transaction.get_connection().in_atomic_block:
        transaction.on_commit(_bump)


def key(kind: str, parts: Iterable[Any]) -> str:
    digest = hashlib.sha256(repr(list(parts)).encode()).hexdigest()[:24]
    return f"archive:{kind}:{version()}:{digest}"


def kept(kind: str, parts: Iterable[Any], compute: Callable[[], T]) -> T:
    """``compute()``, or the value kept for ``(kind, parts)`` under the current version."""
    return cast(T, cache.get_or_set(key(kind, parts), compute, KEEP_SECONDS))  # compute's value, kept or not
