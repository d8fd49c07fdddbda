"""The analysis of a finished game on the site: asked for once, run once by a Celery task
(:mod:`archive.tasks`), stored in :class:`~archive.models.GameAnalysis`, then only read.

The judging itself is :func:`carcassonne.bots.analyse` (pure Python): the expert's search, on
what each player knew when deciding, gives the move it prefers and the expected points
the move played lost. Marks (``carcassonne.bots.analysis``): an *inaccuracy* from 3 points lost,
a *mistake* from 6, a *blunder* from 12.

A run claims the row (``queued`` to ``running``, one more attempt) and touches it after
every move judged; a run whose worker died stops touching it, and :func:`requeue_stale`
(beat, every two minutes) puts it back in the queue after ``ANALYSIS_STALE_SECONDS``,
at most ``ANALYSIS_MAX_ATTEMPTS`` runs in all (then ``failed``). A late or repeated task
finds the row claimed or done and changes nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from accounts import limits
from carcassonne.bots import NAMED_LEVELS, analyse
from carcassonne.bots.analysis import BLUNDER, INACCURACY, MISTAKE
from games.board_svg import seat_hex
from games.engine_state import named_entry
from games.errors import Busy, Conflict, TooMany
from games.models import Game
from games.present.entries import advice, notation
from games.present.view import GameView

from .models import GameAnalysis
from .stored import StoredGame, stored_game

log = logging.getLogger(__name__)
State = GameAnalysis.State

LEVEL = NAMED_LEVELS[-1]
"""The level that judges: the strongest of the named levels (its bot is the search)."""

MARKS = {
    "inaccuracy": ("?!", gettext_lazy("Inaccuracy")),
    "mistake": ("?", gettext_lazy("Mistake")),
    "blunder": ("??", gettext_lazy("Blunder")),
}
"""Each mark's symbol (as chess writes them) and its word (for screen readers too)."""


class Superseded(Exception):
    """Another run took the analysis over (this one was thought dead): stop quietly."""


# --- asking ---------------------------------------------------------------------------------


def start(game: Game, user) -> tuple[GameAnalysis, bool]:
    """The analysis of ``game`` (the caller checked that ``user`` may see it) and whether
    a task must be queued for it: only when it is new, or failed before. Asking again
    while it is queued, running or done changes nothing (one row per game)."""
    if game.status != Game.Status.FINISHED:
        raise Conflict(_("Only a finished game can be analysed: there is no help while a game is played."))
    now = timezone.now()
    fresh = {
        "state": State.QUEUED,
        "level": LEVEL.name,
        "seconds": settings.ANALYSIS_SECONDS,
        "requested_by": user,
        "requested_at": now,
        "updated_at": now,
        "attempts": 0,
        "progress": 0,
    }
    with transaction.atomic():
        # One request that queues a run at a time, site-wide: the queue's ceiling counts everyone's.
        limits.one_at_a_time("analyses")
        existing = GameAnalysis.objects.filter(pk=game.pk).values_list("state", flat=True).first()
        if existing is None or existing == State.FAILED:  # this request queues a run: it counts
            check_quota(game, user)
        analysis, created = GameAnalysis.objects.get_or_create(game=game, defaults=fresh)
        again = not created and GameAnalysis.objects.filter(pk=game.pk, state=State.FAILED).update(**fresh) == 1
    if again:
        analysis.refresh_from_db()
    return analysis, created or again


def check_quota(game: Game, user) -> None:
    """Refuse an analysis that would take more than a fair share of the analysis worker:
    ``ANALYSES_PER_DAY`` in 24 hours of games the person did not play, ``ANALYSES_OWN_PER_DAY``
    of their own, and none while ``ANALYSES_WAITING_MAX`` wait site-wide."""
    if GameAnalysis.objects.filter(state=State.QUEUED).count() >= settings.ANALYSES_WAITING_MAX:
        raise Busy(_("Many analyses are waiting just now. Please try again in a few minutes."))
    since = timezone.now() - timedelta(days=1)
    own = game.seats.filter(user=user).exists()
    mine = GameAnalysis.objects.filter(requested_by=user, requested_at__gte=since)
    played = mine.filter(game__seats__user=user)
    if own:
        used, limit = played.count(), settings.ANALYSES_OWN_PER_DAY
        message = ngettext(
            "You have asked for %(count)d analysis of your own games in the last 24 hours, the most a day. "
            "Please try again tomorrow.",
            "You have asked for %(count)d analyses of your own games in the last 24 hours, the most a day. "
            "Please try again tomorrow.",
            limit,
        )
    else:
        used, limit = mine.exclude(pk__in=played.values("pk")).count(), settings.ANALYSES_PER_DAY
        message = ngettext(
            "You have asked for %(count)d analysis of other players' games in the last 24 hours, the most a day. "
            "Analyses of your own games are not counted. Please try again tomorrow.",
            "You have asked for %(count)d analyses of other players' games in the last 24 hours, the most a day. "
            "Analyses of your own games are not counted. Please try again tomorrow.",
            limit,
        )
    if used >= limit:
        raise TooMany(message % {"count": limit})


# --- running --------------------------------------------------------------------------------


def _stale_before():
    return timezone.now() - timedelta(seconds=settings.ANALYSIS_STALE_SECONDS)


def claim(game_id: int) -> int | None:
    """Take the analysis of ``game_id`` for this run: its attempt number, or ``None`` when
    there is nothing to do (done, failed, or running in a live worker)."""
    row = GameAnalysis.objects.filter(pk=game_id).only("state", "attempts", "updated_at").first()
    if row is None:
        return None
    takeable = row.state == State.QUEUED or (row.state == State.RUNNING and row.updated_at < _stale_before())
    if not takeable:
        return None
    same = GameAnalysis.objects.filter(pk=game_id, state=row.state, attempts=row.attempts)
    now = timezone.now()
    if row.attempts >= settings.ANALYSIS_MAX_ATTEMPTS:
        same.update(state=State.FAILED, updated_at=now)
        log.warning("the analysis of game %s failed %s times: given up", game_id, row.attempts)
        return None
    attempt = row.attempts + 1
    if not same.update(state=State.RUNNING, attempts=attempt, progress=0, updated_at=now):
        return None  # another run claimed it first
    return attempt


def run(game_id: int) -> str:
    """The task's body: claim the analysis, judge every move, store the verdicts once.
    Returns what happened (``done``, ``failed``, ``skipped``, ``superseded``)."""
    attempt = claim(game_id)
    if attempt is None:
        return "skipped"
    mine = GameAnalysis.objects.filter(pk=game_id, state=State.RUNNING, attempts=attempt)
    seconds = mine.values_list("seconds", flat=True).first()

    def heartbeat(number: int, total: int) -> None:
        if not mine.update(progress=number, updated_at=timezone.now()):
            raise Superseded

    try:
        result = analyse(record_to_judge(game_id), seconds=seconds, progress=heartbeat).to_json()
    except Superseded:
        return "superseded"
    except Exception:  # a record the engine refuses, a bug: the page says it failed
        log.exception("the analysis of game %s failed", game_id)
        mine.update(state=State.FAILED, updated_at=timezone.now())
        return "failed"
    now = timezone.now()
    stored = mine.update(
        state=State.DONE,
        moves=result["moves"],
        players=result["players"],
        thresholds=result["thresholds"],
        finished_at=now,
        updated_at=now,
    )
    return "done" if stored else "superseded"


def record_to_judge(game_id: int) -> dict[str, Any]:
    """The game's record with every entry naming its player as the record does (a renamed
    player's resignation still replays; the exported record keeps the stored bytes)."""
    stored = stored_game(Game.objects.get(pk=game_id))
    names = stored.names
    return {**stored.record(), "moves": [named_entry(row["entry"], row["seat"], names) for row in stored.moves]}


def requeue_stale() -> list[int]:
    """The analyses to queue again: running ones whose worker stopped touching them and
    queued ones whose task may be lost, each once per ``ANALYSIS_STALE_SECONDS``."""
    before = _stale_before()
    ids = []
    for row in GameAnalysis.objects.filter(state__in=[State.QUEUED, State.RUNNING], updated_at__lt=before).only(
        "state", "attempts", "updated_at"
    ):
        same = GameAnalysis.objects.filter(pk=row.pk, state=row.state, updated_at=row.updated_at)
        if row.state == State.RUNNING and row.attempts >= settings.ANALYSIS_MAX_ATTEMPTS:
            same.update(state=State.FAILED, updated_at=timezone.now())
        elif same.update(state=State.QUEUED, updated_at=timezone.now()):
            ids.append(row.pk)
    return ids


# --- showing --------------------------------------------------------------------------------


def mark_json(mark: str | None) -> dict[str, str] | None:
    """``{"mark", "symbol", "label"}`` of a mark (``None`` for a good move)."""
    if mark not in MARKS:
        return None
    symbol, label = MARKS[mark]
    return {"mark": mark, "symbol": symbol, "label": str(label)}


def verdicts(analysis: GameAnalysis | None, names: Sequence[str]) -> dict[int, dict[str, Any]]:
    """By move number, what the replay shows beside a marked move: its mark, the points
    lost and the move the bot prefers, in words and in notation (the moves that lost less
    than an inaccuracy are within the search's noise: nothing is shown beside them)."""
    if analysis is None or analysis.state != State.DONE:
        return {}
    shown = {}
    for move in analysis.moves:
        if move["mark"] not in MARKS:
            continue
        who = names[move["seat"]] if 0 <= move["seat"] < len(names) else "?"
        shown[move["number"]] = {
            "loss": move["loss"],
            "mark": mark_json(move["mark"]),
            "best_text": advice(move["best"], who),
            "best_notation": notation(move["best"]),
        }
    return shown


def summary(analysis: GameAnalysis | None) -> list[dict[str, Any]]:
    """One row per player: moves judged, average points lost, and each mark's count."""
    if analysis is None or analysis.state != State.DONE:
        return []
    return [
        {**player, "hex": seat_hex(player["seat"]), "counts": [player["marks"].get(mark, 0) for mark in MARKS]}
        for player in analysis.players
    ]


def thresholds() -> list[dict[str, Any]]:
    """Each mark with the points lost from which it is given (the page's help)."""
    points = _points()
    return [{**(mark_json(mark) or {}), "points": points[mark]} for mark in MARKS]  # each a mark


def as_json(analysis: GameAnalysis | None, stored: StoredGame) -> dict[str, Any]:
    """The analysis of ``stored`` as the API gives it (``state`` ``none`` before anyone
    asked); each move played in the words of the replay's move list, what it did to the
    board included (one replay of the game, once it is analysed)."""
    names, total = stored.names, len(stored.moves)
    if analysis is None:
        return {
            "state": "none",
            "level": LEVEL.name,
            "seconds": None,
            "progress": 0,
            "total": total,
            "requested_at": None,
            "finished_at": None,
            "thresholds": _points(),
            "moves": [],
            "players": [],
        }
    moves = []
    told = GameView(stored.engine(), names) if analysis.state == State.DONE else None
    for move in analysis.moves if told is not None else []:
        who = names[move["seat"]] if 0 <= move["seat"] < len(names) else "?"
        moves.append(
            {
                "number": move["number"],
                "seat": move["seat"],
                "player": who,
                "played": move["played"],
                "played_text": told.describe(move["number"]) if told is not None else "",  # it is (the loop)
                "best": move["best"],
                "best_text": advice(move["best"], who),
                "best_notation": notation(move["best"]),
                "loss": move["loss"],
                "mark": move["mark"],
            }
        )
    return {
        "state": analysis.state,
        "level": analysis.level,
        "seconds": analysis.seconds,
        "progress": analysis.progress,
        "total": total,
        "requested_at": analysis.requested_at,
        "finished_at": analysis.finished_at,
        "thresholds": analysis.thresholds or _points(),
        "moves": moves,
        "players": analysis.players if analysis.state == State.DONE else [],
    }


def _points() -> dict[str, float]:
    return {"inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER}
