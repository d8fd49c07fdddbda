"""Turns: a player's tile turn, their answer to a decision, and resigning. Each is a
command over :mod:`games.commands`: the game locked, checked, its log replayed once,
the entry played by the engine, stored and announced."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from carcassonne import Entry, IllegalMove, Resign, parse_entry
from carcassonne import Game as EngineGame
from carcassonne import Move as EngineMove
from games import signals
from games.present import decision_words
from games.present.vocabulary import illegal_move_text

from . import commands
from .commands import LockedGame
from .errors import Conflict, GameError, NotAllowed
from .models import Game, Seat
from .seating import seat_of


def play_move(
    game_id: int,
    user,
    move_number: Any,
    x: Any,
    y: Any,
    rotation: Any,
    meeple: Any,
    tile: Any = None,
    action: dict[str, Any] | None = None,
) -> LockedGame:
    """Play the user's tile turn. Checks, in order: the game, the seat, the move number, the
    turn, then the engine's rules. ``tile``: which tile (of a hand) is placed; by default
    the drawn tile. ``action``: an expansion's action instead of a figure, as the entry's
    key and value (``{"tower": {"x": 0, "y": 1}}``). Returns the game, its seats and its new
    engine state.

    The game row is locked for the whole transaction, and the log's unique
    (game, number) is the last guard: two submissions of one turn store one move.
    """

    def turn_entry(engine: EngineGame, seat: Seat) -> Entry:
        if engine.pending is not None and engine.pending.action != "turn":
            raise Conflict(
                _("the game waits for %(player)s's decision (%(decision)s): send it to the decision endpoint")
                % {
                    "player": engine.players[engine.pending.player],
                    "decision": decision_words.action_label(engine.pending.action),
                }
            )
        chosen = tile if tile is not None else engine.tile
        if tile is not None and tile in engine.own_tiles:  # the player's own (the abbey), instead of the drawn one
            return EngineMove.from_json(
                {"tile": tile, "x": x, "y": y, "rotation": rotation, "meeple": meeple, **(action or {})}
            )
        if chosen is None and engine.turn_tiles:
            raise GameError(
                _("choose the tile of your hand to place: tile must be one of %(tiles)s")
                % {"tiles": ", ".join(engine.turn_tiles)}
            )
        if tile is not None and engine.turn_tiles and tile not in engine.turn_tiles:
            raise GameError(
                _("tile %(tile)s is not yours to play: choose one of %(tiles)s")
                % {"tile": tile, "tiles": ", ".join(engine.turn_tiles)}
            )
        entry = {"tile": chosen, "x": x, "y": y, "rotation": rotation, "meeple": meeple, **(action or {})}
        return EngineMove.from_json(entry)

    return _play_as(game_id, user, move_number, turn_entry)


def play_decision(game_id: int, user, move_number: Any, answer: Any) -> LockedGame:
    """The user answers the decision the game waits for from them (the Count's: see
    :mod:`games.present.decision_words`), on turn or not: the same checks and guarantees as
    :func:`play_move`. ``answer`` is the record entry without its player."""
    if not isinstance(answer, dict) or not answer:
        raise GameError(_("answer must be a record entry such as %(example)s") % {"example": '{"reinforce": null}'})

    def decision_entry(engine: EngineGame, seat: Seat) -> Entry:
        name = engine.players[seat.position]
        if answer.get("player", name) != name:
            raise NotAllowed(
                _("you play as %(name)s, not as %(other)s") % {"name": name, "other": answer.get("player")}
            )
        if "tile" in answer or "resign" in answer:
            raise GameError(
                _("a decision's answer is a reinforce, quarter or market entry, not a tile turn or resignation")
            )
        entry = parse_entry({"player": name, **{k: v for k, v in answer.items() if k != "player"}})
        pending = engine.pending
        if (pending is None or pending.action == "turn") and not engine.is_turn_entry(entry):
            raise Conflict(_("no decision is pending: it is a tile turn (send it as a move)"))
        return entry

    return _play_as(game_id, user, move_number, decision_entry)


def _play_as(game_id: int, user, move_number: Any, make_entry) -> LockedGame:
    """Play the entry ``make_entry(engine, seat)`` builds for the user's pending decision."""
    if isinstance(move_number, bool) or not isinstance(move_number, int):
        raise GameError(_("move_number must be a whole number"))
    try:
        with transaction.atomic():
            locked = commands.lock(game_id)
            seat = playing_seat(locked, user, _("some seats are still empty"))
            if seat.bot:
                raise NotAllowed(_("a bot plays your seat since your time ran out"))
            _check_on_turn(locked, seat, move_number)
            engine = locked.engine
            try:
                turn = engine.play(make_entry(engine, seat))
            except IllegalMove as exc:
                raise GameError(illegal_move_text(move_number, exc)) from None
            # an entry before the tile move (a ransom) leaves the turn as it was: same clock, no e-mail
            commands.record(locked, [turn], on_turn=seat.position if engine.is_turn_entry(turn.move) else None)
    except IntegrityError:
        raise Conflict(_("move %(number)d has already been played") % {"number": move_number}) from None
    return locked


def _check_on_turn(locked: LockedGame, seat: Seat, move_number: int) -> None:
    """The entry is sent for the move the game is at, by the seat whose decision it is."""
    game = locked.game
    expected = game.move_count + 1
    if move_number != expected:
        raise Conflict(
            _("The game has moved on: this was sent for move %(sent)d, the game is at move %(now)d.")
            % {"sent": move_number, "now": expected}
        )
    if game.current_seat is not None and game.current_seat != seat.position:  # None: over (the engine says so)
        who = locked.seats[game.current_seat].display_name
        if game.pending_action and game.pending_action != "turn":
            raise NotAllowed(_("the game waits for %(name)s's decision, not yours") % {"name": who})
        raise NotAllowed(_("it is %(name)s's turn, not yours") % {"name": who})


def resign(game_id: int, user) -> LockedGame:
    """``user`` leaves the game, on turn or not: a ``resign`` entry of the log. Their
    figures stay but weigh nothing; they never win; with one player left the game ends."""
    with transaction.atomic():
        locked = commands.lock(game_id)
        seat = playing_seat(locked, user, _("decline or leave the seat instead"))
        engine = locked.engine
        if seat.position in engine.out:
            raise Conflict(_("you have already left this game"))
        on_turn = locked.game.current_seat
        turn = engine.play(Resign(engine.players[seat.position]))
        commands.record(locked, [turn], on_turn=on_turn if on_turn != seat.position else None)
        signals.player_left.send(sender=Game, game=locked.game, seat=seat, move_number=turn.number, reason="resigned")
    return locked


def playing_seat(locked: LockedGame, user, not_started: str) -> Seat:
    """``user``'s seat in the locked game, if they play in it and it is on."""
    seat = seat_of(locked.seats, user)
    if seat is None or seat.state != Seat.State.JOINED:
        raise NotAllowed(_("you are not playing in this game"))
    if locked.game.status == Game.Status.WAITING:
        raise Conflict(_("the game has not started yet: %(what)s") % {"what": not_started})
    if locked.game.status == Game.Status.FINISHED:
        raise Conflict(_("the game is over"))
    return seat
