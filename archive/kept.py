"""What the archive pages keep in the cache between requests: the lists' pages and counts, a
player's statistics and head to head, a finished game's replay, each under tokens that say
when it goes stale.

Three kinds of token live in the cache, each replaced (at once and again on commit) by what
changes it:

- the archive's **version**: everything (:func:`archive_changed`: names rewritten at an
  account's deletion, a tournament renamed, a game's privacy, games generated or deleted);
- the **lists'** token: any game's result recorded (:func:`results_changed`), which moves every
  list not narrowed to players;
- one token per **player** (by lower-cased name): a result of theirs recorded. A list narrowed
  to players, and a player's statistics, depend on their games alone: another game finishing
  leaves them kept, so a busy archive does not make every page cold with each game.

A value kept under an old token is never read again (and expires). Without a cache (Redis not
answering) every read is a miss: the pages ask the database, as before.

What a viewer may see is never kept under a key that does not say it: a player's figures
are keyed by the games hidden from the viewer (``hidden_games``, asked on each request from
the games' privacy as it is now), the lists hold public games only.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable, Iterable
from typing import Any, TypeVar, cast

from django.core.cache import cache
from django.db import transaction

VERSION_KEY = "archive:version"
LISTS_KEY = "archive:lists"
KEEP_SECONDS = 24 * 3600

T = TypeVar("T")


def _player_key(name: str) -> str:
    # hashed: a seat's name may hold spaces or be long, which cache keys should not
    return "archive:player:" + hashlib.sha256(name.lower().encode()).hexdigest()[:24]


def _tokens(names: list[str]) -> list[str]:
    """The tokens ``names`` hold now (one round trip; a missing one is made)."""
    found = cache.get_many(names)
    for name in names:
        if name not in found:
            cache.add(name, uuid.uuid4().hex, None)
            found[name] = cache.get(name) or "none"  # "none": no cache, nothing kept anyway
    return [found[name] for name in names]


def _replace(names: list[str]) -> None:
    cache.set_many({name: uuid.uuid4().hex for name in names}, None)


def _changed(names: list[str]) -> None:
    """Replace the tokens ``names`` at once (this transaction's later reads) and again when it
    commits (a value another request kept meanwhile, read before the commit, is dropped; at
    once outside a transaction)."""
    _replace(names)
    if transaction.get_connection().in_atomic_block:
        transaction.on_commit(lambda: _replace(names))


def archive_changed() -> None:
    """Every value kept for the archive is stale."""
    _changed([VERSION_KEY])


def results_changed(players: Iterable[str]) -> None:
    """A result of a game of ``players`` (names) was recorded or rewritten: the lists and
    those players' figures are stale."""
    _changed([LISTS_KEY, *sorted({_player_key(name) for name in players if name})])


def key(kind: str, parts: Iterable[Any], players: Iterable[str] | None = None) -> str:
    """The cache key of ``(kind, parts)`` under the tokens now (see :func:`kept`)."""
    names = [VERSION_KEY, *([LISTS_KEY] if players is None else sorted({_player_key(n) for n in players}))]
    digest = hashlib.sha256(repr([*_tokens(names), *parts]).encode()).hexdigest()[:24]
    return f"archive:{kind}:{digest}"


def kept(kind: str, parts: Iterable[Any], compute: Callable[[], T], players: Iterable[str] | None = None) -> T:
    """``compute()``, or the value kept for ``(kind, parts)``. ``players`` (names) says what it
    depends on: ``None``, any game's result (a list of all games); names, their results alone (a
    list narrowed to them, their statistics); none, no result at all (a finished game's own
    replay). Whatever the scope, :func:`archive_changed` makes it stale."""
    return cast(T, cache.get_or_set(key(kind, parts, players), compute, KEEP_SECONDS))  # compute's value, kept or not
