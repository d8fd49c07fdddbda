"""The Celery broker as the site uses it: publishing a task once (:func:`publish`), the
queues as Redis holds them, their names and how many tasks wait in each (``/health/``
reports them; the e-mail sweep asks whether its queue has drained), and the breaker that
the cache shares (:func:`quiet`, :func:`failed`, :func:`answered`).

Redis is asked with bounded socket timeouts and no retries, so a Redis that hangs costs
one timeout, never the length of the outage; and after a timeout, nobody in the process
asks that Redis server again for :data:`QUIET_SECONDS` (neither the cache nor a publish),
so a hang costs each process one wait in five seconds, not one per request."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Mapping
from urllib.parse import urlsplit

from django.conf import settings

logger = logging.getLogger(__name__)

ANALYSIS_QUEUE = "analysis"  # the analyses' own queue, reported even before it is routed
PRIORITY_STEPS = (0, 3, 6, 9)  # kombu's Redis transport keeps one list per priority step
PRIORITY_SEPARATOR = "\x06\x16"


QUIET_SECONDS = 5.0  # after a Redis server failed to answer, work without it this long
_quiet_until: dict[str, float] = {}  # per Redis server, shared by a process's threads
_quiet_lock = threading.Lock()


class Unavailable(ConnectionError):
    """The broker's Redis failed to answer a moment ago: the task was not handed over."""


def uses_redis(url: str) -> bool:
    """False in development: no broker, tasks run in-process and nothing waits."""
    return url.startswith(("redis://", "rediss://"))


def server(url: str) -> str:
    """The Redis server of ``url`` (``host:port``, whatever its database number), which
    the breaker is kept for: the cache and the broker on one Redis share it."""
    parts = urlsplit(url.split(",")[0].strip())
    if parts.scheme == "unix" or not parts.hostname:
        return parts.path
    return f"{parts.hostname}:{parts.port or 6379}"


def quiet(url: str) -> bool:
    """Whether the Redis of ``url`` failed to answer within the last QUIET_SECONDS."""
    return time.monotonic() < _quiet_until.get(server(url), 0.0)


def failed(url: str, exc: BaseException, who: str = "Redis") -> None:
    """The Redis of ``url`` did not answer: nobody in this process asks it for QUIET_SECONDS."""
    with _quiet_lock:
        was_quiet = quiet(url)
        _quiet_until[server(url)] = time.monotonic() + QUIET_SECONDS
    if not was_quiet:
        logger.warning("%s does not answer (%r): going on without it for %g s", who, exc, QUIET_SECONDS)


def answered(url: str) -> None:
    """The Redis of ``url`` answered (``/health/`` asked it): ask it again at once."""
    _quiet_until.pop(server(url), None)


def _connection_errors() -> tuple[type[BaseException], ...]:
    from kombu.exceptions import OperationalError
    from redis.exceptions import ConnectionError as RedisConnectionError
    from redis.exceptions import TimeoutError as RedisTimeoutError

    return (OperationalError, RedisConnectionError, RedisTimeoutError, OSError)


def publish(task, args: tuple = (), **options) -> None:
    """Hand ``task(*args)`` to the broker once, as the site does after a commit: no retries
    (each task published this way has a sweep that sends it again: the e-mails', the bots'
    turns', the analyses'), and not at all while its Redis failed a moment ago
    (:func:`quiet`: raises :class:`Unavailable`), so a Redis that hangs costs a request at
    most one ``REDIS_TIMEOUT_SECONDS``. Raises what the broker raised; callers log it and
    leave the task to their sweep."""
    url = task.app.conf.broker_url or ""
    if task.app.conf.task_always_eager or not uses_redis(url):
        task.apply_async(args, retry=False, **options)  # in-process (development, tests)
        return
    if quiet(url):
        raise Unavailable(f"the broker at {server(url)} did not answer a moment ago")
    try:
        task.apply_async(args, retry=False, **options)
    except _connection_errors() as exc:
        failed(url, exc, "the broker")
        raise


def redis_client(url: str, timeout: float):
    """A client of the Redis at ``url`` that waits at most ``timeout`` seconds to connect
    and for each answer, and never tries again (redis-py's default is ten tries)."""
    import redis
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    return redis.Redis.from_url(
        url, socket_connect_timeout=timeout, socket_timeout=timeout, retry=Retry(NoBackoff(), 0)
    )


def _route_queues(routes) -> list:
    """The queues named by CELERY_TASK_ROUTES: a mapping of task name (or pattern) to a
    queue name or ``{"queue": ...}``, or a list of such mappings (routers are skipped)."""
    found = []
    for table in [routes] if isinstance(routes, Mapping) else routes or ():
        if isinstance(table, Mapping):
            for route in table.values():
                found.append(route.get("queue") if isinstance(route, Mapping) else route)
    return found


def queue_names() -> list[str]:
    """The default queue, every queue of CELERY_TASK_QUEUES and CELERY_TASK_ROUTES, and
    the analyses' queue, each once."""
    names = [getattr(settings, "CELERY_TASK_DEFAULT_QUEUE", None) or "celery"]
    names += list(getattr(settings, "CELERY_TASK_QUEUES", None) or ())
    names += _route_queues(getattr(settings, "CELERY_TASK_ROUTES", None))
    names.append(ANALYSIS_QUEUE)
    names = [getattr(name, "name", name) for name in names]  # kombu Queue objects or names
    return list(dict.fromkeys(name for name in names if isinstance(name, str) and name))


def queue_of(task) -> str:
    """The queue a task is sent to (Celery's router: CELERY_TASK_ROUTES, else the default)."""
    queue = task.app.amqp.router.route({}, task.name).get("queue")
    return getattr(queue, "name", queue) or task.app.conf.task_default_queue


def queue_lengths(names=None, timeout: float | None = None, url: str | None = None) -> dict[str, int]:
    """How many tasks wait in each queue (every priority of it) of the broker at ``url``
    (default CELERY_BROKER_URL), asked in one round trip; all zero without a broker.
    Raises when Redis does not answer within ``timeout`` (default REDIS_TIMEOUT_SECONDS)."""
    names, url = queue_names() if names is None else names, url or settings.CELERY_BROKER_URL
    if not uses_redis(url):
        return dict.fromkeys(names, 0)
    options = getattr(settings, "CELERY_BROKER_TRANSPORT_OPTIONS", None) or {}
    prefix, steps = options.get("global_keyprefix", ""), options.get("priority_steps", PRIORITY_STEPS)
    client = redis_client(url, timeout or settings.REDIS_TIMEOUT_SECONDS)
    try:
        with client.pipeline(transaction=False) as pipe:
            for name in names:
                for step in steps:
                    pipe.llen(f"{prefix}{name}{PRIORITY_SEPARATOR}{step}" if step else f"{prefix}{name}")
            sizes = pipe.execute()
    finally:
        client.close()
    per_queue = len(steps)
    return {name: sum(sizes[i * per_queue : (i + 1) * per_queue]) for i, name in enumerate(names)}
