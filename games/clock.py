"""Turn clocks: deadlines and the share of time used, always computed from stored
timestamps (turn start, vacations) so that a periodic job may run late or twice;
the clock of each game's pending decision, and its timeout."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from .models import Game, TurnClock, Vacation


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


def vacation_days_used(user, year: int) -> float:
    return sum(v.days for v in Vacation.objects.filter(user=user, start__year=year))


# --- the clock of a game's pending decision ---------------------------------------------


def restart(game: Game, seat: int, move_number: int) -> int:
    """Start the clock of ``seat``'s decision numbered ``move_number``; returns the number
    at which the previous decision started (1 for the first)."""
    previous = TurnClock.objects.filter(game=game).values_list("move_number", flat=True).first()
    # A bot's clock has no user: no reminders, no vacations, not in its player's waiting list
    user_id = game.seats.filter(position=seat, bot="").values_list("user_id", flat=True).first()
    TurnClock.objects.update_or_create(
        game=game,
        defaults={"move_number": move_number, "seat": seat, "user_id": user_id, "started_at": timezone.now()},
    )
    return previous or 1


def renumber(game: Game, move_number: int) -> None:
    """The same decision now awaits entry ``move_number`` (someone else resigned meanwhile)."""
    TurnClock.objects.filter(game=game).update(move_number=move_number)


def stop(game: Game) -> None:
    TurnClock.objects.filter(game=game).delete()


def waiting_games(user, now=None) -> list[dict]:
    """Active games where it is ``user``'s turn, least time left first."""
    now = now or timezone.now()
    rows = []
    clocks = {c.game_id: c for c in TurnClock.objects.filter(user=user)}
    games = Game.objects.filter(status=Game.Status.ACTIVE, seats__user=user).distinct()
    for game in games:
        seat = game.seats.filter(user=user).first()
        if seat is None or seat.bot or game.current_seat != seat.position:  # a bot plays a taken-over seat
            continue
        turn_clock = clocks.get(game.pk)
        clock_state = state(turn_clock, game, now) if turn_clock else None
        left = clock_state.time_left if clock_state else None
        rows.append({"game": game, "time_left_delta": left, "time_left": describe(left),
                     "since": turn_clock.started_at if turn_clock else game.updated_at})
    rows.sort(key=lambda r: (r["time_left_delta"] is None, r["time_left_delta"] or timedelta(0), r["since"]))
    return rows


def running(now=None):
    """``(clock, state)`` of every running clock of an active game with a time limit."""
    now = now or timezone.now()
    clocks = TurnClock.objects.select_related("game", "user").filter(
        game__status=Game.Status.ACTIVE, game__move_days__isnull=False
    )
    for turn_clock in clocks:
        if turn_clock.game.move_count + 1 == turn_clock.move_number:
            yield turn_clock, state(turn_clock, turn_clock.game, now)


def timeout(game_id: int, move_number: int) -> bool:
    """The player to move at ``move_number`` ran out of time: the game's timeout rule is
    played as a move of the log (skip, or lose on time), and announced. Safe to run late
    or twice: a turn already played or timed out changes nothing."""
    from .services import play_timeout

    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or game.status != Game.Status.ACTIVE or game.move_count + 1 != move_number:
            return False
        turn_clock = TurnClock.objects.filter(game=game, move_number=move_number).first()
        if turn_clock is None or state(turn_clock, game).used < 1:
            return False
        return play_timeout(game.pk, move_number) is not None


def check_timeouts(now=None) -> int:
    """Apply the timeout rule to every decision whose time is up; returns how many."""
    due = [(c.game_id, c.move_number) for c, s in running(now) if s.used >= 1]
    return sum(timeout(game_id, number) for game_id, number in due)
