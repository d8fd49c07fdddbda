"""Turn clocks: deadlines and the share of time used, always computed from stored
timestamps (turn start, vacations) so that a periodic job may run late or twice;
the clock of each game's pending decision (what happens when it runs out:
:mod:`games.timeouts`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone

from .durations import describe
from .models import Game, Seat, TurnClock, Vacation


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


def vacation_days_used(user, year: int) -> float:
    return sum(v.days for v in Vacation.objects.filter(user=user, start__year=year))


# --- the clock of a game's pending decision ---------------------------------------------


def restart(game: Game, seat: Seat, move_number: int) -> TurnClock:
    """Start the clock of ``seat``'s decision numbered ``move_number`` (one query, two
    for a game's first decision)."""
    # A bot's clock has no user: no reminders, no vacations, not in its player's waiting list
    user = seat.user if seat.user_id and not seat.bot else None
    turn_clock = TurnClock(game=game, move_number=move_number, seat=seat.position, user=user, started_at=timezone.now())
    fields = {"move_number": move_number, "seat": seat.position, "user": user, "started_at": turn_clock.started_at}
    if not TurnClock.objects.filter(game=game).update(**fields):
        turn_clock.save()
    return turn_clock


def deadline(turn_clock: TurnClock, game: Game) -> datetime | None:
    """When the decision's time runs out (``None``: no time limit, and no query)."""
    return state(turn_clock, game).deadline if game.move_days else None


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
        rows.append(
            {
                "game": game,
                "time_left_delta": left,
                "time_left": describe(left),
                "since": turn_clock.started_at if turn_clock else game.updated_at,
            }
        )
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
