"""When time runs out: the game's timeout rule, played as a move of the log.

``skip``: the turn is skipped and the drawn tile goes back into the bag; ``lose``: the
player leaves the turn order (followers stay, no more points; with one player left the
game ends); ``bot``: a bot plays the seat from now on, starting with this decision (see
:mod:`games.bot_seats`). A decision other than a tile turn (the Count's) is passed,
whatever the rule: never a loss. Safe to run late or twice: a turn already played or
timed out changes nothing.
"""

from __future__ import annotations

from django.db import transaction

from carcassonne import Turn
from games import clock, signals
from games.present import decision_words

from . import bot_seats, commands
from .commands import LockedGame
from .errors import NotFound
from .models import Game, GameEvent, Seat, TurnClock


def check_timeouts(now=None) -> int:
    """Apply the timeout rule to every decision whose time is up; returns how many."""
    due = [(c.game_id, c.move_number) for c, s in clock.running(now) if s.used >= 1]
    return sum(timeout(game_id, number) for game_id, number in due)


def timeout(game_id: int, move_number: int) -> bool:
    """The player to move at ``move_number`` ran out of time (by its clock, read again
    under the game's lock): the timeout rule is played and announced."""
    with transaction.atomic():
        locked = _awaiting(game_id, move_number)
        if locked is None:
            return False
        turn_clock = TurnClock.objects.filter(game=locked.game, move_number=move_number).first()
        if turn_clock is None or clock.state(turn_clock, locked.game).used < 1:
            return False
        _apply_rule(locked, move_number)
        return True


def play_timeout(game_id: int, move_number: int) -> Turn | None:
    """The player to move at ``move_number`` ran out of time, whatever the clock says:
    apply the game's timeout rule. ``None`` when the turn has been played meanwhile."""
    with transaction.atomic():
        locked = _awaiting(game_id, move_number)
        return None if locked is None else _apply_rule(locked, move_number)


def _awaiting(game_id: int, move_number: int) -> LockedGame | None:
    """The locked game if it is on and still waits for entry ``move_number``."""
    try:
        locked = commands.lock(game_id)
    except NotFound:
        return None
    game = locked.game
    if game.status != Game.Status.ACTIVE or game.move_count + 1 != move_number:
        return None
    return locked


def _apply_rule(locked: LockedGame, move_number: int) -> Turn:
    """Play the timeout rule on the locked game for the seat whose decision is pending."""
    game, engine = locked.game, locked.engine
    pending = engine.pending
    assert pending is not None, "an active game (_awaiting) waits for someone"
    seat = locked.seats[pending.player]
    if (pending.action != "turn" or _without_tile(engine)) and not seat.bot:
        # a decision out of time is a pass, whatever the game's timeout rule (never a loss);
        # so is a turn without a drawn tile (the end's abbeys: the abbey is kept)
        turn = engine.play(decision_words.pass_entry(engine))
        _event(game, move_number, seat, GameEvent.Kind.PASSED)
        commands.record(locked, [turn])
        return turn
    if seat.bot:  # a bot seat's turn (its task did not run in time): it just plays
        turn = engine.play(bot_seats.decide(engine, seat.position, seat.bot))
        commands.record(locked, [turn])
        return turn
    if game.timeout_rule == Game.TimeoutRule.BOT:  # a bot takes over and decides like a person
        bot_seats.take_over(game, seat)
        turn = engine.play(bot_seats.decide(engine, seat.position, seat.bot))
        kind = GameEvent.Kind.BOT
    else:
        flag = "skip" if game.timeout_rule == Game.TimeoutRule.SKIP else "forfeit"
        turn = engine.play(engine.timeout_entry(flag))
        kind = GameEvent.Kind.SKIPPED if flag == "skip" else GameEvent.Kind.LOST
    _event(game, move_number, seat, kind)
    commands.record(locked, [turn])
    signals.player_left.send(sender=Game, game=game, seat=seat, move_number=move_number, reason=kind)
    return turn


def _without_tile(engine) -> bool:
    """Whether the turn has no tile drawn nor in hand, only the player's own to place or
    keep (Abbey & Mayor's abbeys after the last tile): its pass is one of the turn's entries."""
    return engine.tile is None and not engine.turn_tiles and bool(engine.turn_entries())


def _event(game: Game, move_number: int, seat: Seat, kind: str) -> None:
    GameEvent.objects.create(game=game, move_number=move_number, seat=seat.position, user=seat.user, kind=kind)
