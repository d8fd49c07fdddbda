"""Bots on the site: practice games, lobby seats filled with bots, bots taking over on time.

A bot seat (``Seat.bot`` set to a level) plays through the same path as a person: the
engine state is the replay of the log, the bot decides on a player's view of it
(:func:`carcassonne.bots.view_of`, never the bag or the seed), and the turn is stored,
copied onto the game and announced like any other. A game that had a bot seat at
any time has ``has_bots`` set and is never rated.

Bots move in a Celery task (:func:`games.tasks.play_bot_turns`) that :mod:`games.tasks`
queues after the transaction of the move that made it their turn commits, so the
request of the person who moved never waits for them when a worker runs (with ``REDIS_URL``).
Without Redis, tasks run eagerly in-process after the commit (the person's move is
already stored). A lost task (broker down when it was sent, worker dead mid-turn) is sent
again by the beat job :func:`games.tasks.requeue_bot_turns` (:func:`stalled_games`); a
late or repeated task plays nothing twice (:func:`play_bot_entry`).
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from carcassonne import Entry, IllegalMove, Turn
from carcassonne import Game as EngineGame
from carcassonne.bots import NAMED_LEVELS, view_of
from carcassonne.bots.ladder import bot_for, level_named

from . import commands, lobby
from .commands import LockedGame
from .engine_state import engine_for
from .errors import Conflict, GameError, NotAllowed
from .models import BOT_LEVELS, OLD_BOT_LEVELS, Game, Seat, bot_level

log = logging.getLogger(__name__)
MAX_BOT_TURNS = 200  # a whole game of bots is about 72 turns
_running = threading.local()


assert BOT_LEVELS == tuple(level.name for level in NAMED_LEVELS)


def check_level(level: Any) -> str:
    """The named level ``level`` stands for (an old name, e.g. ``greedy``, maps to its level)."""
    if not isinstance(level, str) or level not in (*BOT_LEVELS, *OLD_BOT_LEVELS):
        raise GameError(
            _("the bot level must be one of %(levels)s, not %(value)r")
            % {"levels": ", ".join(BOT_LEVELS), "value": level}
        )
    return bot_level(level)


def decide(engine: EngineGame, seat: int, level: str) -> Any:
    """The entry a bot of ``level`` (a stored seat's level, old names too) plays for
    ``seat``, seeing only that player's view; the searching level thinks BOT_MCTS_SECONDS."""
    named = level_named(bot_level(level))
    seconds = named.settings.get("seconds")
    scale = float(getattr(settings, "BOT_MCTS_SECONDS", seconds)) / seconds if seconds else 1.0
    return bot_for(named, scale=scale).decide(view_of(engine, seat))


# --- seats ----------------------------------------------------------------------------------


def fill_with_bots(game_id: int, user, level: Any, count: Any = None) -> LockedGame:
    """The creator seats bots of ``level`` in the open seats (all, or ``count`` of them);
    the game starts when that fills the last seat."""
    level = check_level(level)
    if count is not None and (isinstance(count, bool) or not isinstance(count, int) or count < 1):
        raise GameError(_("count must be a whole number, 1 or more"))
    with transaction.atomic():
        locked = commands.lock(game_id)
        game = locked.game
        if game.created_by_id != user.pk:
            raise NotAllowed(_("only the game's creator may seat bots"))
        if game.status != Game.Status.WAITING:
            raise Conflict(_("this game has already started"))
        open_seats = [seat for seat in locked.seats if seat.state == Seat.State.OPEN]
        if not open_seats:
            raise Conflict(_("this game has no open seat"))
        if count is not None and count > len(open_seats):
            raise Conflict(
                ngettext(
                    "this game has only %(count)d open seat", "this game has only %(count)d open seats", len(open_seats)
                )
                % {"count": len(open_seats)}
            )
        now = timezone.now()
        for seat in open_seats[:count]:
            seat.bot, seat.state, seat.joined_at = level, Seat.State.JOINED, now
            seat.save()
        game.has_bots = True
        game.save(update_fields=["has_bots", "updated_at"])
        lobby.start_if_full(locked)
    return locked


def create_game_with_bots(
    creator, invite=(), *, bots: Any = 0, bot_level: Any = "strong", open_seats: Any = 0, **options
) -> Game:
    """:func:`games.lobby.create_game` with ``bots`` more seats played by bots of
    ``bot_level``. A practice game (only bots besides the creator: no invitation, no open
    seat) starts at once, so the limit on games waiting for players does not refuse it."""
    if isinstance(bots, bool) or not isinstance(bots, int) or bots < 0:
        raise GameError(_("bots must be a whole number, 0 or more"))
    if bots:
        check_level(bot_level)
    if not isinstance(open_seats, int) or isinstance(open_seats, bool):
        raise GameError(_("open_seats must be a whole number, 0 or more"))
    invite = list(invite)
    practice = bots > 0 and not invite and not open_seats
    with transaction.atomic():
        game = lobby.create_game(creator, invite, open_seats=open_seats + bots, starts_at_once=practice, **options)
        if bots:
            fill_with_bots(game.pk, creator, bot_level, bots)
    return game


def take_over(game: Game, seat: Seat) -> None:
    """From now on a bot plays ``seat`` (its player ran out of time)."""
    seat.bot = bot_level(getattr(settings, "BOT_TAKEOVER_LEVEL", "strong"))
    seat.save(update_fields=["bot"])
    game.has_bots = True


# --- turns ----------------------------------------------------------------------------------


def play_bot_turn(game_id: int) -> Turn | None:
    """Play the turn of the bot to move in ``game_id``; ``None`` when no bot is to move.

    The bot decides outside the game's lock; the turn is stored only if nobody moved
    meanwhile (a late or repeated task changes nothing)."""
    game = Game.objects.filter(pk=game_id, status=Game.Status.ACTIVE).first()
    if game is None or game.current_seat is None:
        return None
    seats = list(game.seats.select_related("user").order_by("position"))
    seat = seats[game.current_seat]
    if not seat.bot:
        return None
    number = game.move_count + 1
    entry = decide(engine_for(game, seats), seat.position, seat.bot)
    try:
        return play_bot_entry(game_id, number, seat.position, entry)
    except GameError:  # pragma: no cover - a bot plays only the engine's options
        log.exception("the bot of game %s played an illegal entry %r", game_id, entry)
        return None


def play_bot_entry(game_id: int, move_number: int, position: int, entry: Entry) -> Turn | None:
    """The bot of the seat at ``position`` plays ``entry`` (decided on its view of the
    game): checked by the engine, stored, copied onto the game and announced exactly like
    a person's move. ``None`` when the game moved on meanwhile (someone moved, or the
    seat is no longer a bot's), so a late task changes nothing."""
    try:
        with transaction.atomic():
            locked = commands.lock(game_id)
            game = locked.game
            if game.status != Game.Status.ACTIVE or game.move_count + 1 != move_number or game.current_seat != position:
                return None
            if not locked.seats[position].bot:
                return None
            try:
                turn = locked.engine.play(entry)
            except IllegalMove as exc:
                raise GameError(f"move {move_number}: {exc}") from None
            commands.record(locked, [turn])
    except IntegrityError:
        return None
    return turn


def play_bot_turns(game_id: int) -> int:
    """Play bot turns while a bot is to move (the Celery task's body); returns how many."""
    _running.active = True
    played = 0
    try:
        while played < MAX_BOT_TURNS and play_bot_turn(game_id) is not None:
            played += 1
    finally:
        _running.active = False
    return played


def playing_now() -> bool:
    """Whether this thread is playing bot turns (their saves queue no further task)."""
    return getattr(_running, "active", False)


def stalled_games(older_than) -> list[int]:
    """The active games a bot has been to move in since before ``older_than`` (their task
    was lost or its worker died): few rows, found through the indexed ``has_bots`` and
    ``status`` and the seat's unique (game, position)."""
    bot_on_turn = Seat.objects.filter(game_id=OuterRef("pk"), position=OuterRef("current_seat")).exclude(bot="")
    games = Game.objects.filter(has_bots=True, status=Game.Status.ACTIVE, updated_at__lt=older_than)
    return list(games.filter(Exists(bot_on_turn)).order_by("updated_at").values_list("pk", flat=True))
