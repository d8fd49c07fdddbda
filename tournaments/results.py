"""A tournament game's result: recorded when the game ends (the ``games.Game`` signal),
or adjudicated on its current scores when the round's deadline passes
(``manage.py tournament_deadlines``); then the round may close."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games.models import Game
from games.recorded import outcome_of

from .models import Pairing, Round
from .ranking import refresh_standings
from .rounds import advance


def game_finished(game: Game) -> None:
    """The signal's entry point: record the result of a tournament game, then advance."""
    p = Pairing.objects.filter(game=game).select_related("round__tournament").first()
    if p is None or p.status != Pairing.Status.ACTIVE:
        return
    _record_scores(p, game)
    p.status = Pairing.Status.FINISHED
    p.save()
    t = p.round.tournament
    refresh_standings(t)
    advance(t)


def _record_scores(p: Pairing, game: Game) -> None:
    """The game's scores by player; when it is over, the players who left it (lost on
    time, resigned) lost it, whatever their score: the engine's outcome says who."""
    users = list(game.seats.order_by("position").values_list("user_id", flat=True))
    outcome = outcome_of(game) if game.status == Game.Status.FINISHED else None
    by_user = dict(zip(users, outcome["scores"] if outcome else game.scores or []))
    p.scores = [by_user.get(u, 0) for u in p.players]
    if outcome is not None:
        left = {users[seat] for seat in outcome["left"] if seat < len(users)}
        p.forfeited = sorted(set(p.forfeited) | (left & set(p.players)))


def adjudicate_overdue(now=None) -> int:
    """Rounds past their deadline: unfinished games count with their current scores."""
    now = now or timezone.now()
    count = 0
    for rnd in Round.objects.filter(status=Round.Status.ACTIVE, deadline__lt=now).select_related("tournament"):
        with transaction.atomic():
            for p in rnd.pairings.filter(status=Pairing.Status.ACTIVE).select_related("game"):
                if p.game is not None:
                    _record_scores(p, p.game)
                p.status = Pairing.Status.ADJUDICATED
                p.save()
                count += 1
            refresh_standings(rnd.tournament)
            advance(rnd.tournament)
    return count
