"""``GET /health/``: for load balancers and monitoring. 200 when the database and Redis
answer and beat has run its periodic jobs recently, else 503; JSON either way."""

from __future__ import annotations

import time

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

BEAT_MAX_AGE = 5 * 60  # seconds since the heartbeat job last ran (it runs every minute)


def check_database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return "ok"


def check_redis() -> str:
    if not settings.REDIS_URL:
        return "not used"
    import redis

    redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=2, socket_timeout=2).ping()
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


CHECKS = {"database": check_database, "redis": check_redis, "beat": check_beat}


def run_checks() -> tuple[bool, dict[str, str]]:
    results, healthy = {}, True
    for name, check in CHECKS.items():
        try:
            results[name] = check()
        except Exception as exc:  # noqa: BLE001 - report, never raise
            healthy = False
            results[name] = f"error: {exc}"[:300]
    return healthy, results


@never_cache
@require_http_methods(["GET", "HEAD"])
def health(request):
    healthy, results = run_checks()
    return JsonResponse({"status": "ok" if healthy else "error", "checks": results}, status=200 if healthy else 503)
