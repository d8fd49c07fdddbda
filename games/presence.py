"""When each player last looked at a game and at which move (``Seat.seen_at`` and
``seen_move``): the game page and its live swap record it, the outbox reads it to keep a
turn e-mail from someone who has already seen the turn on the site."""

from __future__ import annotations

from django.core.cache import cache
from django.utils import timezone

from . import live
from .models import Game, Seat


def saw(game: Game, user) -> None:
    """``user`` was shown ``game`` as it is now. One write per player and state of the
    game: a page loaded again, or another tab, writes nothing."""
    if not user.is_authenticated or game.status != Game.Status.ACTIVE:  # a finished game is only read
        return
    try:
        if not cache.add(f"games:seen:{user.pk}:{game.pk}:{live.game_part(game)}", 1, 3600):
            return
    except Exception:  # noqa: BLE001 - the cache is down: write every time rather than never
        pass
    Seat.objects.filter(game_id=game.pk, user=user).update(seen_at=timezone.now(), seen_move=game.move_count)
