"""Log-in records that expire (the housekeeping job). django-axes keeps each log-in and
failed log-in with the client's address and browser: those logs go after
``LOGIN_LOG_DAYS``; its counts of failed attempts matter only within the lock-out's
cool-off (``AXES_COOLOFF_MINUTES``) and go after it."""

from __future__ import annotations

from datetime import timedelta

from django.apps import apps
from django.conf import settings
from django.utils import timezone


def forget_login_records(now=None) -> int:
    if not apps.is_installed("axes"):
        return 0
    now = now or timezone.now()
    cutoff = now - timedelta(days=settings.LOGIN_LOG_DAYS)
    gone = 0
    for name in ("AccessLog", "AccessFailureLog"):
        gone += apps.get_model("axes", name).objects.filter(attempt_time__lt=cutoff).delete()[0]
    cooloff = getattr(settings, "AXES_COOLOFF_TIME", None)
    cooled = now - cooloff if isinstance(cooloff, timedelta) else cutoff
    gone += apps.get_model("axes", "AccessAttempt").objects.filter(attempt_time__lt=cooled).delete()[0]
    return gone
