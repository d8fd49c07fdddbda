"""The one path of every change to a game: lock it, replay its log once, check, append
to the log, save, announce.

A command (:mod:`games.lobby`, :mod:`games.turns`, :mod:`games.timeouts`,
:mod:`games.bot_seats`) runs in one transaction: :func:`lock` gives the locked game with
its seats (a :class:`LockedGame`); the command checks what it may, asks ``locked.engine`` (the
replay of the log, built once, on first use), plays its entries on it and hands the
turns to :func:`record`, which stores them (with the discards and automatic passes that
follow), copies the engine state onto the game, saves it and announces what changed.

Announcements are the signals of :mod:`games.signals`, sent inside the transaction, so
that what their receivers write (outbox rows, results) commits or rolls back with the
move; e-mails and tasks go out on commit.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from django.utils import timezone
from django.utils.translation import gettext as _

from carcassonne import Game as EngineGame
from carcassonne import Turn
from games import clock, signals
from games.present import decision_words

from .engine_state import engine_for
from .errors import NotFound
from .models import Game, Move, PlayPreference, Seat
from .recorded import outcome_json

COUNT_DECISIONS = ("reinforce", "quarter", "market")
"""The Count's decisions: all optional, so a player may have them passed automatically."""


@dataclass(eq=False)
class LockedGame:
    """A game locked for the running command, with its seats in turn order (users
    joined) and, once asked for, its engine state: the replay of its log, done once."""

    game: Game
    seats: list[Seat]

    @cached_property
    def engine(self) -> EngineGame:
        return engine_for(self.game, self.seats)

    def forget_engine(self) -> None:
        """The game got its seed (it starts): the next ``engine`` is a replay with a bag."""
        self.__dict__.pop("engine", None)


def lock(game_id: int) -> LockedGame:
    """Lock the game ``game_id`` and its seats for the rest of the transaction (one query).

    The seats are locked with the game, so that rows another command changed meanwhile
    are read as it left them (PostgreSQL reads locked rows afresh after the wait)."""
    seats = list(
        Seat.objects.select_related("game", "user")
        .select_for_update(of=("self", "game"))
        .filter(game_id=game_id)
        .order_by("position")
    )
    if not seats:  # every game has a seat from its creation on
        raise NotFound(_("no such game"))
    game = seats[0].game
    for seat in seats:
        seat.game = game
    return LockedGame(game, seats)


def record(locked: LockedGame, turns: list[Turn], on_turn: int | None = None) -> list[Move]:
    """Append the played ``turns`` (and the discards and automatic passes they lead to) to
    the log, copy the engine state onto the game, save it and announce what changed.

    ``on_turn``: for an entry by a player not on turn (a resignation), the seat that was
    on turn; if it still is, its turn goes on (same clock, no second e-mail)."""
    since = locked.game.move_count + 1
    moves = save(locked, turns)
    announce(locked, moves, since, on_turn)
    return moves


def save(locked: LockedGame, turns: list[Turn]) -> list[Move]:
    """Store ``turns`` and what follows them, and copy the engine state onto the game."""
    game, engine = locked.game, locked.engine
    turns = [*turns, *engine.discard_unplaceable()]
    turns += _auto_passes(locked)
    moves = [
        Move(game=game, number=turn.number, seat=turn.player, entry=turn.move.to_json(), points=list(turn.points))
        for turn in turns
    ]
    Move.objects.bulk_create(moves)
    _copy_state(game, engine)
    game.save()
    return moves


def announce(locked: LockedGame, moves: list[Move], since: int, unchanged_seat: int | None = None) -> None:
    """Signal the end of the game, or the decision now awaited, and keep its clock.
    ``moves``: the entries stored since the previous decision started (numbered ``since`` on)."""
    game, engine = locked.game, locked.engine
    if engine.outcome is not None:
        clock.stop(game)
        signals.game_finished.send(sender=Game, game=game, outcome=engine.outcome)
        return
    pending = engine.pending
    if pending is None:
        return
    number = len(engine.history) + 1
    if unchanged_seat is not None and unchanged_seat == pending.player:
        clock.renumber(game, number)
        return
    turn_clock = clock.restart(game, locked.seats[pending.player], number)
    signals.turn_started.send(
        sender=Game,
        game=game,
        seat=pending.player,
        action=pending.action,
        move_number=number,
        since=since,
        seats=locked.seats,
        moves=moves,
        deadline=clock.deadline(turn_clock, game),
    )


def _auto_passes(locked: LockedGame) -> list[Turn]:
    """Pass the Count's decisions of players who asked for that (``PlayPreference``), one
    after another, with the discards that follow; nobody waits on them."""
    engine = locked.engine
    turns: list[Turn] = []
    passing: set[int] | None = None
    while (pending := engine.pending) is not None and pending.action in COUNT_DECISIONS:  # a decision, not a turn
        if passing is None:
            people = {s.position: s.user_id for s in locked.seats if s.user_id and not s.bot}
            users = PlayPreference.auto_passing(people.values())
            passing = {position for position, user in people.items() if user in users}
        if pending.player not in passing:
            break
        turns.append(engine.play(decision_words.pass_entry(engine)))
        turns += engine.discard_unplaceable()
    return turns


def _copy_state(game: Game, engine: EngineGame) -> None:
    game.move_count = len(engine.history)
    game.scores = list(engine.scores)
    pending = engine.pending  # whose decision it is (not always the player on turn) and which
    game.current_seat = pending.player if pending else None
    game.pending_action = pending.action if pending else ""
    if engine.finished and game.status != Game.Status.FINISHED:
        game.status = Game.Status.FINISHED
        game.finished_at = timezone.now()
    if engine.outcome is not None:
        game.outcome = outcome_json(engine.outcome)
