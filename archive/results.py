"""Writing the archive summary of a finished game (``GameResult`` + ``SeatResult``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from carcassonne import Outcome, Rules
from games.models import Game, Seat
from games.present.entries import CATEGORIES, categories_for

from .kept import archive_changed, results_changed
from .models import GameResult, OpponentResult, RuleTag, SeatResult


def outcomes_of(outcome: Outcome) -> list[str]:
    """Win (sole winner), draw (shared first place) or loss, per seat, from the engine."""
    winners = set(outcome.winners)
    shared = len(winners) > 1
    return [
        (SeatResult.Outcome.DRAW if shared else SeatResult.Outcome.WIN) if seat in winners else SeatResult.Outcome.LOSS
        for seat in range(len(outcome.players))
    ]


def rules_of_game(rules: Any) -> Rules:
    """A stored game's rules object as engine rules (the base game if it cannot be read)."""
    try:
        return Rules.from_json(rules or {})
    except ValueError:
        return Rules()


def rule_tags(game: Game) -> list[RuleTag]:
    """Unsaved tag rows of the rule set ``game`` was played with."""
    return [RuleTag(result_id=game.pk, tag=tag) for tag in RuleTag.tags_of(rules_of_game(game.rules))]


def tournament_of(game_id: int) -> tuple[int | None, int | None]:
    """``(tournament id, round number)`` of the tournament game ``game_id``, or
    ``(None, None)`` for a friendly game (one query: the game's Pairing and its Round)."""
    from tournaments.models import Pairing

    row = Pairing.objects.filter(game_id=game_id).values_list("round__tournament_id", "round__number").first()
    return (row[0], row[1]) if row else (None, None)


def build_result(
    game: Game,
    seats: Sequence[Seat],
    outcome: Outcome,
    move_count: int,
    tournament_id: int | None = None,
    round: int | None = None,
) -> tuple[GameResult, list[SeatResult]]:
    """Unsaved rows for ``game`` from the engine's ``outcome`` (also used by the bulk
    generator): who won and the ranks are the engine's, never recomputed here."""
    scores, breakdown = outcome.scores, outcome.breakdown
    finished_at = game.finished_at or timezone.now()
    result = GameResult(
        game_id=game.pk,
        finished_at=finished_at,
        started_at=game.started_at,
        player_count=len(seats),
        move_count=move_count,
        top_score=max(scores) if scores else 0,
        tournament_id=tournament_id,
        round=round,
        private=game.private,
    )
    ranks, outcomes, winners = outcome.ranks, outcomes_of(outcome), set(outcome.winners)
    scored = categories_for(rules_of_game(game.rules).expansions)  # the others stay empty: not 0, not played
    rows = []
    for i, seat in enumerate(seats):
        parts = breakdown[i] if i < len(breakdown) else {}
        rows.append(
            SeatResult(
                result_id=game.pk,
                position=seat.position,
                user_id=seat.user_id,
                username=seat.user.username if seat.user is not None else seat.display_name,
                score=scores[i],
                rank=ranks[i],
                won=i in winners,
                outcome=outcomes[i],
                finished_at=finished_at,
                **{c: int(parts.get(c, 0)) if c in scored else None for c in CATEGORIES},
            )
        )
    return result, rows


def opponent_rows(seats: list[SeatResult]) -> list[OpponentResult]:
    """The unsaved opponent rows of one game's seats: each seat of a person against each other seat."""
    return [
        OpponentResult(
            result_id=seat.result_id,
            user_id=seat.user_id,
            opponent_id=other.user_id,
            opponent_name=other.username,
            rank=seat.rank,
            opponent_rank=other.rank,
        )
        for seat in seats
        if seat.user_id is not None
        for other in seats
        if other.position != seat.position
    ]


@transaction.atomic
def record_result(game: Game, engine, seats: Sequence[Seat] | None = None) -> GameResult:
    """Store (or rewrite) the archive summary of a finished game from its engine state.

    ``engine`` is the replay of the whole move log (``games.engine_state.engine_for``).
    A tournament game gets its tournament and round (from its ``tournaments.Pairing``).
    Idempotent: existing rows of the game (seats, rule tags) are replaced.
    """
    if seats is None:
        seats = list(game.seats.select_related("user").order_by("position"))
    tournament_id, round_number = tournament_of(game.pk)
    result, rows = build_result(game, seats, engine.outcome, len(engine.history), tournament_id, round_number)
    SeatResult.objects.filter(result_id=game.pk).delete()
    GameResult.objects.filter(game_id=game.pk).delete()  # and its opponent rows (cascade)
    result.save(force_insert=True)
    SeatResult.objects.bulk_create(rows)
    OpponentResult.objects.bulk_create(opponent_rows(rows))
    RuleTag.objects.bulk_create(rule_tags(game))
    results_changed(row.username for row in rows)  # the lists and these players' figures kept
    return result


def record_game(game: Game) -> GameResult:
    """Replay ``game``'s log and record its result (signal and ``rebuild_results``)."""
    from games.engine_state import engine_for

    seats = list(game.seats.select_related("user").order_by("position"))
    return record_result(game, engine_for(game, seats), seats)


def fill_tournaments() -> int:
    """Copy the tournament and round of every tournament game onto its existing result,
    without replaying anything (``rebuild_results --tournaments``). Returns the number
    of results changed."""
    from tournaments.models import Pairing

    pairs = {
        game_id: (tournament_id, number)
        for game_id, tournament_id, number in Pairing.objects.filter(game__isnull=False).values_list(
            "game_id", "round__tournament_id", "round__number"
        )
    }
    candidates = GameResult.objects.filter(
        Q(tournament_id__isnull=False) | Q(game_id__in=Pairing.objects.filter(game__isnull=False).values("game_id"))
    )
    changed = []
    for result in candidates.only("game_id", "tournament_id", "round").iterator(chunk_size=2000):
        wanted = pairs.get(result.game_id, (None, None))
        if (result.tournament_id, result.round) != wanted:
            result.tournament_id, result.round = wanted
            changed.append(result)
    GameResult.objects.bulk_update(changed, ["tournament_id", "round"], batch_size=1000)
    archive_changed()
    return len(changed)


def fill_privacy() -> int:
    """Copy each game's privacy onto its result, without replaying anything
    (``rebuild_results --privacy``: after a bulk update of games, which sends no signal).
    Returns the number of results changed."""
    changed = sum(
        GameResult.objects.filter(private=not private, game__private=private).update(private=private)
        for private in (True, False)
    )
    archive_changed()
    return changed
