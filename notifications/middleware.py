"""Remembers when a signed-in user was last active (for "e-mail me even when I am
active on the site"). Writes at most once a minute per user."""

from __future__ import annotations

import time

from django.utils import timezone

SESSION_KEY = "_notifications_seen"


class LastSeenMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        user = getattr(request, "user", None)
        session = getattr(request, "session", None)
        if user is not None and user.is_authenticated and session is not None:
            now = time.time()
            if now - session.get(SESSION_KEY, 0) > 60:
                from .models import Preference

                try:
                    Preference.objects.update_or_create(user=user, defaults={"last_seen": timezone.now()})
                    session[SESSION_KEY] = now
                except Exception:  # noqa: BLE001 - never break a page for this
                    pass
        return response
