"""The Celery broker's queues as Redis holds them: their names and how many tasks wait in
each (``/health/`` reports them; the e-mail sweep asks whether its queue has drained).

Redis is asked with bounded socket timeouts and no retries, so a Redis that hangs costs
one timeout, never the length of the outage."""

from __future__ import annotations

from collections.abc import Mapping

from django.conf import settings

ANALYSIS_QUEUE = "analysis"  # the analyses' own queue, reported even before it is routed
PRIORITY_STEPS = (0, 3, 6, 9)  # kombu's Redis transport keeps one list per priority step
PRIORITY_SEPARATOR = "\x06\x16"


def uses_redis(url: str) -> bool:
    """False in development: no broker, tasks run in-process and nothing waits."""
    return url.startswith(("redis://", "rediss://"))


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
