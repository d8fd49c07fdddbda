"""Spans of time in words: '2 days 3 hours', '14 days', 'less than a minute'."""

from __future__ import annotations

from datetime import timedelta

from django.utils.translation import gettext, ngettext


def describe(delta: timedelta | None) -> str:
    """'2 days 3 hours', 'less than a minute', 'no time limit'."""
    if delta is None:
        return gettext("no time limit")
    seconds = int(delta.total_seconds())
    if seconds <= 0:
        return gettext("time is up")
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    parts = []
    if days:
        parts.append(ngettext("%(count)d day", "%(count)d days", days) % {"count": days})
    if hours and days < 3:
        parts.append(ngettext("%(count)d hour", "%(count)d hours", hours) % {"count": hours})
    if not days and minutes and hours < 3:
        parts.append(ngettext("%(count)d minute", "%(count)d minutes", minutes) % {"count": minutes})
    return " ".join(parts) or gettext("less than a minute")


def describe_days(days: float) -> str:
    """A number of days as people write it: '14 days', '1 day', '2 days 3 hours'."""
    if abs(days - round(days)) < 1 / 48:  # within half an hour of a whole day
        whole = int(round(days))
        return ngettext("%(count)d day", "%(count)d days", whole) % {"count": whole}
    return describe(timedelta(days=days))
