"""``GET /health/``: for load balancers and monitoring. 200 when the database, the cache
and the broker answer and beat has run its periodic jobs recently, else 503 naming what
failed; JSON either way. Redis is asked with ``REDIS_TIMEOUT_SECONDS`` and the checks of
the cache and the broker run side by side, so a Redis that hangs gives 503 within about
that long, not after the outage."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

BEAT_MAX_AGE = 5 * 60  # seconds since the heartbeat job last ran (it runs every minute)
CACHE_DOWN = "unknown: the cache does not answer"

# Threads that outlive a request, so that their cache clients are reused, not leaked.
_checks_pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="health")


def check_database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return "ok"


def check_cache() -> str:
    ping = getattr(cache, "ping", None)  # carcassonne_site.cache.RedisCache asks Redis itself
    if ping is not None:
        ping()
    else:
        cache.get("health:probe")
    return "ok"


def check_broker() -> str:
    url = settings.CELERY_BROKER_URL
    if not url.startswith(("redis://", "rediss://")):
        return "not used"  # no broker: tasks run in-process (development)
    import redis

    timeout = settings.REDIS_TIMEOUT_SECONDS
    client = redis.Redis.from_url(url, socket_connect_timeout=timeout, socket_timeout=timeout)
    try:
        client.ping()
    finally:
        client.close()
    return "ok"


def check_beat(now: float | None = None) -> str:
    """Beat schedules notifications.tasks.heartbeat every minute; a worker runs it."""
    if not settings.REDIS_URL:
        return "not used"  # no broker: there is no beat (development)
    from notifications.tasks import HEARTBEAT_KEY

    last = cache.get(HEARTBEAT_KEY)
    if last is None:
        raise RuntimeError("beat has never run its periodic jobs")
    age = (now or time.time()) - float(last)
    if age > BEAT_MAX_AGE:
        raise RuntimeError(f"beat last ran its periodic jobs {int(age)} s ago")
    return "ok"


CHECKS = {"database": check_database, "cache": check_cache, "broker": check_broker, "beat": check_beat}


def _run(name: str) -> tuple[bool, str]:
    try:
        return True, CHECKS[name]()
    except Exception as exc:  # noqa: BLE001 - report, never raise
        return False, f"error: {exc}"[:300]


def _cache_then_beat() -> dict[str, tuple[bool, str]]:
    """The heartbeat is read from the cache: without a cache, beat cannot be judged."""
    results = {"cache": _run("cache")}
    results["beat"] = _run("beat") if results["cache"][0] else (True, CACHE_DOWN)
    return results


def run_checks() -> tuple[list[str], dict[str, str]]:
    """The names of the checks that failed, and every check's result."""
    # The database is asked in the request's thread: its connection belongs to it.
    deadline = time.monotonic() + 2 * settings.REDIS_TIMEOUT_SECONDS + 1
    cache_and_beat = _checks_pool.submit(_cache_then_beat)
    broker = _checks_pool.submit(lambda: {"broker": _run("broker")})
    outcomes = {"database": _run("database")}
    for names, future in ((("cache", "beat"), cache_and_beat), (("broker",), broker)):
        try:
            outcomes.update(future.result(timeout=max(deadline - time.monotonic(), 0)))
        except FutureTimeout:
            outcomes.update({name: (False, "error: no answer in time") for name in names})
    failed = [name for name in CHECKS if not outcomes[name][0]]
    return failed, {name: outcomes[name][1] for name in CHECKS}


@never_cache
@require_http_methods(["GET", "HEAD"])
def health(request):
    failed, results = run_checks()
    body = {"status": "error" if failed else "ok", "checks": results}
    if failed:
        body["failed"] = failed
    return JsonResponse(body, status=503 if failed else 200)
