"""A hint in a practice game: the move the strongest bot would play in the player's place.

Only in a game against bots alone (every other seat a bot from the start, so the game is
never rated), only for the player to move and only for the decision now waiting: no help
in a game with a person in it, nor after it (the archive's analysis is for finished games).
The bot sees what the player sees (:func:`games.bot_seats.decide`, the player's view).

The search runs in a Celery task (:func:`games.tasks.find_hint`), never in a web request.
Its answer waits in the shared cache under the game, the move number and the seat: the
hint of a move that was played is never shown again. A hint asked for whose task was lost
may be asked for again after :data:`PENDING_SECONDS`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.core.cache import cache
from django.urls import reverse
from django.utils.translation import gettext as _

from carcassonne.bots import NAMED_LEVELS
from games.present.entries import advice, notation

from .bot_seats import decide
from .engine_state import engine_for
from .errors import Conflict, NotAllowed
from .models import BOT_LEVEL_LABELS, Game, Seat

LEVEL = NAMED_LEVELS[-1]
"""The level whose move a hint shows: the strongest."""
PENDING_SECONDS = 60
"""How long a hint asked for counts as being searched (a lost task frees it after this)."""
KEEP_SECONDS = 24 * 3600
"""How long a found hint is kept (its move is usually played long before)."""


def key(game_id: int, number: int, seat: int) -> str:
    return f"hint:{game_id}:{number}:{seat}"


def practice(seats: Sequence[Seat], user) -> bool:
    """Whether ``user`` plays alone against bots: one seat theirs, every other one a bot's
    that no person ever held (a seat a bot took over on time is a person's)."""
    if user is None or not user.is_authenticated:
        return False
    mine = [seat for seat in seats if seat.user_id == user.pk]
    others = [seat for seat in seats if seat.user_id != user.pk]
    return len(mine) == 1 and not mine[0].bot and bool(others) and all(s.bot and s.user_id is None for s in others)


def _to_move(game: Game, seats: Sequence[Seat], user) -> Seat:
    """The caller's seat, if a hint may be asked for now; else why not."""
    if not practice(seats, user):
        raise NotAllowed(_("Hints are only for practice games against bots."))
    if game.status != Game.Status.ACTIVE:
        raise Conflict(_("Hints are only for a game in progress."))
    seat = seats[game.current_seat] if game.current_seat is not None else None
    if seat is None or seat.user_id != user.pk:
        raise Conflict(_("A hint is for your own turn: wait until it is yours."))
    return seat


def ask(game: Game, user) -> tuple[dict[str, Any], bool]:
    """The hint for ``user``'s current move and whether a task must be queued to find it
    (not when it is already found or being searched: asking again changes nothing)."""
    seats = list(game.seats.select_related("user").order_by("position"))
    seat = _to_move(game, seats, user)
    number = game.move_count + 1
    name = key(game.pk, number, seat.position)
    found = cache.get(name)
    if found is not None:
        return _shown(game, seat, number, found), False
    queued = cache.add(name, {"state": "pending"}, PENDING_SECONDS)
    return _shown(game, seat, number, cache.get(name) or {"state": "pending"}), queued


def current(game: Game, seats: Sequence[Seat], user) -> dict[str, Any]:
    """The hint for ``user``'s move now: its state (``none``, ``pending``, ``done``) and,
    once found, the move in words and in notation (one cache read); raises why no hint
    may be asked for."""
    seat = _to_move(game, seats, user)
    number = game.move_count + 1
    return _shown(game, seat, number, cache.get(key(game.pk, number, seat.position)) or {"state": "none"})


def shown(game: Game, seats: Sequence[Seat], user) -> dict[str, Any] | None:
    """What the game page shows of hints to ``user``: :func:`current`, or ``None`` when no
    hint may be asked for now (no button then)."""
    try:
        return current(game, seats, user)
    except (NotAllowed, Conflict):
        return None


def _shown(game: Game, seat: Seat, number: int, found: dict[str, Any]) -> dict[str, Any]:
    """The hint of ``seat``, the seat on turn at move ``number``."""
    entry = found.get("entry")
    who = seat.display_name
    return {
        "state": found["state"],
        "move_number": number,
        "level": LEVEL.name,
        "level_label": str(BOT_LEVEL_LABELS[LEVEL.name]),
        "entry": entry,
        "text": advice(entry, who) if entry else None,
        "notation": notation(entry) if entry else None,
        "url": reverse("api-game-hint", args=[game.pk]),
    }


def find(game_id: int, number: int, position: int) -> str:
    """The task's body: search the move of the seat at ``position`` for move ``number`` and
    keep it for the page; nothing when the game has moved on meanwhile."""
    name = key(game_id, number, position)
    game = Game.objects.filter(pk=game_id, status=Game.Status.ACTIVE).first()
    if game is None or game.move_count + 1 != number or game.current_seat != position:
        cache.delete(name)
        return "stale"
    seats = list(game.seats.select_related("user").order_by("position"))
    entry = decide(engine_for(game, seats), position, LEVEL.name)
    cache.set(name, {"state": "done", "entry": entry.to_json()}, KEEP_SECONDS)
    return "done"
