"""``GET /health/``: for load balancers and monitoring. 200 when the database, the cache
and the broker answer and beat has run its periodic jobs recently, else 503 naming what
failed; JSON either way. It also tells the backlogs an operator watches: the age of the
oldest unsent e-mail and how many tasks wait in each Celery queue (never a failure).

It answers within :data:`BUDGET` seconds whatever hangs: Redis is asked by clients with
short socket timeouts and no retries, side by side in threads, and whatever has not
answered by then is reported as such. A check still running from an earlier request is
waited for, not started again, so probes during an outage do not pile up threads."""

from __future__ import annotations

import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import JsonResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from games import broker

BEAT_MAX_AGE = 5 * 60  # seconds since the heartbeat job last ran (it runs every minute)
BUDGET = 1.2  # seconds the checks of Redis may take in all, so that a probe answers within 1.5 s
CACHE_DOWN = "unknown: the cache does not answer"
NO_ANSWER = "error: no answer in time"

# Threads that outlive a request, so that their clients are reused, not leaked.
_checks_pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="health")
_running: dict[str, Future] = {}
_running_lock = threading.Lock()


def redis_timeout() -> float:
    """Each of health's Redis questions waits at most this long: REDIS_TIMEOUT_SECONDS,
    leaving room within the budget for the answer to be reported as what it was."""
    return min(settings.REDIS_TIMEOUT_SECONDS, BUDGET - 0.4)


def check_database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return "ok"


def check_cache() -> str:
    ping = getattr(cache, "ping", None)  # carcassonne_site.cache.RedisCache asks Redis itself
    if ping is not None:
        ping(timeout=redis_timeout())
    else:
        cache.get("health:probe")
    return "ok"


def check_broker() -> str:
    url = settings.CELERY_BROKER_URL
    if not broker.uses_redis(url):
        return "not used"  # no broker: tasks run in-process (development)
    client = broker.redis_client(url, redis_timeout())
    try:
        client.ping()
    finally:
        client.close()
    broker.answered(url)  # it answers again: publishing need not wait out its quiet period
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


def _cache_then_beat() -> dict:
    """The heartbeat is read from the cache: without a cache, beat cannot be judged."""
    results = {"cache": _run("cache")}
    results["beat"] = _run("beat") if results["cache"][0] else (True, CACHE_DOWN)
    return results


def _broker_and_queues() -> dict[str, Any]:
    """The broker's answer, and the length of each queue when it answered."""
    results: dict[str, Any] = {"broker": _run("broker"), "queues": dict.fromkeys(broker.queue_names())}
    if results["broker"][0]:
        try:
            results["queues"] = broker.queue_lengths(timeout=redis_timeout())
        except Exception:  # noqa: BLE001 - lengths unknown, reported as null
            pass
    return results


def _started(name: str, job) -> Future:
    """``job`` in a pool thread, or the same job still running for an earlier request."""
    with _running_lock:
        future = _running.get(name)
        if future is None or future.done():
            future = _running[name] = _checks_pool.submit(job)
        return future


def email_lag() -> int | None:
    """Seconds since the oldest e-mail still to send was written (0: none waits)."""
    from notifications.outbox import oldest_unsent

    try:
        oldest = oldest_unsent()
    except Exception:  # noqa: BLE001 - the database check says why
        return None
    return 0 if oldest is None else max(int((timezone.now() - oldest).total_seconds()), 0)


def run_checks() -> tuple[list[str], dict[str, str], dict]:
    """The names of the checks that failed, every check's result, and the backlogs."""
    deadline = time.monotonic() + BUDGET
    jobs = {"cache": _started("cache", _cache_then_beat), "broker": _started("broker", _broker_and_queues)}
    # The database is asked in the request's thread: its connection belongs to it.
    outcomes = {"database": _run("database")}
    backlog: dict[str, Any] = {"email_lag_seconds": email_lag() if outcomes["database"][0] else None}
    backlog["queues"] = dict.fromkeys(broker.queue_names())
    for name, future in jobs.items():
        try:
            results = future.result(timeout=max(deadline - time.monotonic(), 0))
        except FutureTimeout:  # without the cache, beat cannot be judged
            results = {name: (False, NO_ANSWER), **({"beat": (True, CACHE_DOWN)} if name == "cache" else {})}
        backlog["queues"] = results.pop("queues", backlog["queues"])
        outcomes.update(results)
    failed = [name for name in CHECKS if not outcomes[name][0]]
    return failed, {name: outcomes[name][1] for name in CHECKS}, backlog


@never_cache
@require_http_methods(["GET", "HEAD"])
def health(request):
    failed, results, backlog = run_checks()
    body = {"status": "error" if failed else "ok", "checks": results, **backlog}
    if failed:
        body["failed"] = failed
    return JsonResponse(body, status=503 if failed else 200)
