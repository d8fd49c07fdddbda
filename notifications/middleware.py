"""Remembers when a signed-in user was last active (for "e-mail me even when I am
active on the site"). Writes at most once a minute per user, throttled through the
cache (shared by every web process when REDIS_URL is set), never through the session:
token-authenticated API calls have no session, and must not get one."""

from __future__ import annotations

from django.core.cache import cache
from django.utils import timezone

THROTTLE_SECONDS = 60


class LastSeenMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        user = getattr(request, "user", None)  # DRF puts a token's user here too
        if user is not None and user.is_authenticated:
            try:
                if cache.add(f"notifications:last-seen:{user.pk}", 1, THROTTLE_SECONDS):
                    from .models import Preference

                    Preference.objects.update_or_create(user=user, defaults={"last_seen": timezone.now()})
            except Exception:  # noqa: BLE001 - never break a page for this
                pass
        return response
