"""Stored games played by random legal moves: the ``generate_archive`` command and tests.

A template is a complete engine game from :func:`carcassonne.autoplay.random_game`;
the stored ``Game.seed`` is the bag seed that game was dealt from, so the usual replay
(``games.engine_state.engine_for``) gives back exactly the same game.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from carcassonne import Game as EngineGame
from carcassonne import Outcome, Rules
from carcassonne.autoplay import random_game
from games.models import Game, Move, Seat
from games.recorded import outcome_json

from .kept import archive_changed
from .models import GameResult, OpponentResult, RuleTag, SeatResult
from .results import build_result, opponent_rows, record_game, rule_tags


@dataclass
class Template:
    seed: int  # the seed of random_game
    bag_seed: int  # the seed of the bag (Game.seed)
    rules: Rules
    engine: EngineGame  # the finished engine game

    @property
    def players(self) -> int:
        return len(self.engine.players)

    @property
    def outcome(self) -> Outcome:
        """The outcome of the game (random_game plays it to the end)."""
        if self.engine.outcome is None:
            raise ValueError("the template's game is not over")
        return self.engine.outcome


def make_template(seed: int, players: int, rules: Rules | None = None) -> Template:
    rules = rules or Rules()
    engine = random_game(seed=seed, players=players, rules=rules)
    return Template(seed, random.Random(seed).randrange(2**32), rules, engine)


VARIED_EXPANSION = next(option.name for option in Rules.options() if option.kind == "expansion")
"""The expansion some generated games are played with: the first the engine lists (the River)."""


def varied_template(seed: int) -> Template:
    """Player count and rule options drawn from the seed (2-5 players, some classic
    farms, a quarter of the games with :data:`VARIED_EXPANSION`)."""
    rng = random.Random(seed * 7919 + 17)
    players = rng.choice((2, 2, 2, 3, 3, 3, 4, 4, 5))
    rules = Rules.from_options(
        {"farm_scoring": "classic" if rng.random() < 0.3 else "current", VARIED_EXPANSION: rng.random() < 0.25}
    )
    return make_template(seed, players, rules)


def _renamed(value: Any, names: dict[str, str]) -> Any:
    """An entry's value with each player's name (the template's) as the seat's user is called:
    an entry may name other players than its own (a capture's owner, a ransom's jailer)."""
    if isinstance(value, dict):
        return {k: _renamed(v, names) for k, v in value.items()}
    return names.get(value, value) if isinstance(value, str) else value


def move_rows(game: Game, template: Template, users: Sequence = ()) -> list[Move]:
    names = {old: user.username for old, user in zip(template.engine.players, users)}
    return [
        Move(
            game=game,
            number=turn.number,
            seat=turn.player,
            entry=_renamed(turn.move.to_json(), names),
            points=list(turn.points),
        )
        for turn in template.engine.history
    ]


def unsaved_game(template: Template, users: Sequence, finished_at: dt.datetime, name: str = "") -> Game:
    engine = template.engine
    return Game(
        name=name,
        created_by=users[0],
        started_at=finished_at - dt.timedelta(days=3),
        finished_at=finished_at,
        status=Game.Status.FINISHED,
        rules=template.rules.to_json(),
        seed=template.bag_seed,
        move_count=len(engine.history),
        current_seat=None,
        scores=list(engine.scores),
        outcome=outcome_json(template.outcome),
    )


def unsaved_seats(game: Game, users: Sequence, finished_at: dt.datetime) -> list[Seat]:
    return [
        Seat(game=game, position=i, user=user, state=Seat.State.JOINED, joined_at=finished_at - dt.timedelta(days=3))
        for i, user in enumerate(users)
    ]


@transaction.atomic
def store_game(template: Template, users: Sequence, finished_at: dt.datetime | None = None, name: str = "") -> Game:
    """One finished game, saved the ordinary way, then its archive result recorded from
    a replay of its log (as the archive's ``game_finished`` receiver does)."""
    assert len(users) == template.players, "one user per seat"
    finished_at = finished_at or timezone.now()
    game = unsaved_game(template, users, finished_at, name)
    game.status = Game.Status.ACTIVE
    game.finished_at = None
    game.save()
    Seat.objects.bulk_create(unsaved_seats(game, users, finished_at))
    Move.objects.bulk_create(move_rows(game, template, users))
    game.status, game.finished_at = Game.Status.FINISHED, finished_at
    game.save()
    record_game(game)
    return game


def bulk_store(batch: Sequence[tuple[Template, Sequence, dt.datetime]]) -> int:
    """Many finished games at once with their archive results (bulk_create; no signals).
    Returns the number of moves written."""
    games = [unsaved_game(t, users, when) for t, users, when in batch]
    with transaction.atomic():
        Game.objects.bulk_create(games, batch_size=1000)
        seats, moves, results, seat_results, opponents, tags = [], [], [], [], [], []
        for game, (template, users, when) in zip(games, batch):
            game_seats = unsaved_seats(game, users, when)
            for seat, user in zip(game_seats, users):
                seat.user = user
            seats.extend(game_seats)
            moves.extend(move_rows(game, template, users))
            engine = template.engine
            result, rows = build_result(game, game_seats, template.outcome, len(engine.history))
            results.append(result)
            seat_results.extend(rows)
            opponents.extend(opponent_rows(rows))
            tags.extend(rule_tags(game))
        Seat.objects.bulk_create(seats, batch_size=2000)
        Move.objects.bulk_create(moves, batch_size=5000)
        GameResult.objects.bulk_create(results, batch_size=2000)
        SeatResult.objects.bulk_create(seat_results, batch_size=5000)
        OpponentResult.objects.bulk_create(opponents, batch_size=5000)
        RuleTag.objects.bulk_create(tags, batch_size=5000)
    archive_changed()
    return len(moves)
