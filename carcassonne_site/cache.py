"""The site's cache: Django's Redis cache, except that a Redis which does not answer
(within ``REDIS_TIMEOUT_SECONDS``) is an empty cache that keeps nothing, not an error.

Everything the site keeps in the cache is an optimisation or a soft limit (when a user
was last seen, request throttles, the beat heartbeat), so pages go on without it. After
a failure the cache is not asked for :data:`games.broker.QUIET_SECONDS`, nor is a task
published to the same Redis server (the breaker is :mod:`games.broker`'s, shared): a Redis
that hangs costs each process one wait, not one per request. ``/health/`` asks Redis itself
(:meth:`RedisCache.ping`).
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError

from games import broker

logger = logging.getLogger(__name__)

QUIET_SECONDS = broker.QUIET_SECONDS  # after Redis failed to answer, work without it this long

_MISSING = object()


class _OneClientPerPool(RedisCacheClient):
    """Django's Redis client, less a new ``redis.Redis`` object for each operation: its
    construction (~60 µs) cost more than the round trip it served (~45 µs), and a page asks
    the cache some twenty times. A ``redis.Redis`` is safe to share: each command borrows a
    connection from the pool."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}  # by pool index

    def get_client(self, key=None, *, write=False):
        index = self._get_connection_pool_index(write)
        if index not in self._clients:
            self._clients[index] = self._client(connection_pool=self._get_connection_pool(write))
        return self._clients[index]


class RedisCache(DjangoRedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = _OneClientPerPool

    @property
    def _location(self) -> str:
        return ",".join(self._servers)  # type: ignore[attr-defined]  # Django's RedisCache sets it; not in the stubs

    def _or(self, fallback, operation, *args):
        """``operation(*args)``, or ``fallback`` while Redis does not answer."""
        if broker.quiet(self._location):
            return fallback
        try:
            return operation(*args)
        except (RedisConnectionError, RedisTimeoutError) as exc:
            broker.failed(self._location, exc, "the cache")
            return fallback
        except RedisError as exc:  # it answered, with an error (out of memory, loading, ...): a miss
            logger.warning("the cache refused %s (%r)", getattr(operation, "__name__", "an operation"), exc)
            return fallback

    def ping(self, timeout: float | None = None) -> None:
        """Ask Redis itself, whatever the last failure was; raises if it does not answer
        (within ``timeout`` seconds if given, else the cache's own socket timeouts)."""
        if timeout is None:
            self._cache.get_client(write=True).ping()
        else:
            server = self._location.split(",")[0]  # the server written to
            client = broker.redis_client(server, timeout)
            try:
                client.ping()
            finally:
                client.close()
        broker.answered(self._location)

    # Each operation answers as on an empty cache that stores nothing.

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._or(False, super().add, key, value, timeout, version)

    def get(self, key, default=None, version=None):
        return self._or(default, super().get, key, default, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._or(None, super().set, key, value, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._or(False, super().touch, key, timeout, version)

    def delete(self, key, version=None):
        return self._or(False, super().delete, key, version)

    def get_many(self, keys, version=None):
        return self._or({}, super().get_many, keys, version)

    def has_key(self, key, version=None):
        return self._or(False, super().has_key, key, version)

    def incr(self, key, delta=1, version=None):
        value = self._or(_MISSING, super().incr, key, delta, version)
        if value is _MISSING:
            raise ValueError(f"Key '{key}' not found (the cache does not answer)")
        return value

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._or(list(data), super().set_many, data, timeout, version)

    def delete_many(self, keys, version=None):
        return self._or(None, super().delete_many, keys, version)

    def clear(self):
        return self._or(False, super().clear)
