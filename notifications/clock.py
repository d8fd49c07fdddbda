"""Turn clocks: deadlines and the share of time used, always computed from stored
timestamps (turn start, vacations) so that a periodic job may run late or twice."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone

from .models import TurnClock, Vacation


@dataclass
class ClockState:
    deadline: datetime | None
    time_left: timedelta | None
    used: float  # share of the time per move used, 0..1+ (0 when unlimited)
    on_vacation: bool = False


def _overlap(start, end, vacations) -> timedelta:
    total = timedelta(0)
    for v in vacations:
        lo, hi = max(start, v.start), min(end, v.end)
        if hi > lo:
            total += hi - lo
    return total


def vacations_of(user, game) -> list[Vacation]:
    if user is None or not game.vacation_allowed:
        return []
    return list(Vacation.objects.filter(user=user).order_by("start"))


def state(clock: TurnClock, game, now: datetime | None = None, vacations=None) -> ClockState:
    now = now or timezone.now()
    if vacations is None:
        vacations = vacations_of(clock.user, game)
    away = any(v.start <= now < v.end for v in vacations)
    if not game.move_days:
        return ClockState(None, None, 0.0, away)
    allowed = timedelta(days=game.move_days)
    deadline = clock.started_at + allowed
    for v in vacations:  # sorted by start: each pause pushes the deadline on
        if v.end <= clock.started_at or v.start >= deadline:
            continue
        deadline += v.end - max(v.start, clock.started_at)
    paused = _overlap(clock.started_at, now, vacations)
    used = ((now - clock.started_at) - paused) / allowed
    return ClockState(deadline, deadline - now, max(0.0, used), away)


def describe(delta: timedelta | None) -> str:
    """'2 days 3 hours', 'less than a minute', 'no time limit'."""
    if delta is None:
        return "no time limit"
    seconds = int(delta.total_seconds())
    if seconds <= 0:
        return "time is up"
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    parts = []
    if days:
        parts.append(f"{days} day{'s' if days != 1 else ''}")
    if hours and days < 3:
        parts.append(f"{hours} hour{'s' if hours != 1 else ''}")
    if not days and minutes and hours < 3:
        parts.append(f"{minutes} minute{'s' if minutes != 1 else ''}")
    return " ".join(parts) or "less than a minute"


def describe_days(days: float) -> str:
    """A number of days as people write it: '14 days', '1 day', '2 days 3 hours'."""
    if abs(days - round(days)) < 1 / 48:  # within half an hour of a whole day
        whole = int(round(days))
        return f"{whole} day{'s' if whole != 1 else ''}"
    return describe(timedelta(days=days))


def vacation_days_used(user, year: int) -> float:
    return sum(v.days for v in Vacation.objects.filter(user=user, start__year=year))
