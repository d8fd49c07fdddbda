"""A stored game read back for its replay page and record: the game, its seats, its whole
move log and its archive result, in four queries; the engine after move k is replayed from
memory (never more than one game)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch
from django.http import Http404
from django.utils.translation import gettext as _

from carcassonne import Game as EngineGame
from carcassonne.effects import noting
from games.engine_state import named_entry
from games.models import Game, Move, Seat, is_tile_placement, left_early
from games.visibility import game_for_viewer

from .models import GameAnalysis, GameResult, SeatResult
from .records import MOVE_FIELDS, record_of
from .tournament_links import tournament_columns, tournament_json


@dataclass
class StoredGame:
    """A game, its seats, its whole move log and its archive result: four queries."""

    game: Game
    seats: list[Seat]
    moves: list[dict[str, Any]]
    result: GameResult | None

    @property
    def tournament(self) -> dict[str, Any] | None:
        """The game's tournament and round, if it is a tournament game (no query)."""
        game = self.game
        return tournament_json(
            getattr(game, "t_id", None), getattr(game, "t_name", None), getattr(game, "t_round", None)
        )

    @property
    def names(self) -> list[str]:
        return [seat.display_name for seat in self.seats]

    def engine(self, upto: int | None = None) -> EngineGame:
        """The engine after the first ``upto`` moves, replayed from memory (no query):
        the same as ``games.engine_state.engine_for(game, upto=upto)``."""
        return self._replay(upto)[0]

    def engines(self, k: int) -> tuple[EngineGame, EngineGame]:
        """The engine after move ``k`` and after the whole log, from one replay: the first
        is a copy taken on the way (the same engine when ``k`` is the last move)."""
        return self._replay(None, copy_at=k)

    def _replay(self, upto: int | None, copy_at: int | None = None) -> tuple[EngineGame, EngineGame]:
        game, names = self.game, self.names
        engine = noting(EngineGame.new(names, game.engine_rules, seed=game.seed))
        moves = self.moves if upto is None else self.moves[:upto]
        copied = None
        for number, row in enumerate(moves):
            if number == copy_at:
                copied = engine.copy()
            engine.play_json(named_entry(row["entry"], row["seat"], names))  # a renamed player's entries too
        return (copied if copied is not None else engine), engine

    def record(self) -> dict[str, Any]:
        return record_of(self.game, self.seats, self.moves)


def load_game(game_id: int, *, with_result: bool = True, viewer=None) -> StoredGame:
    """A game visible in the archive (started: active or finished) to ``viewer``, or
    404 (a private game is visible to its players only, see games.visibility). With
    ``with_result`` (the replay page) the game also carries its tournament, if any, and
    its analysis (:func:`analysis_of`), in the same query."""
    games = Game.objects.exclude(status=Game.Status.WAITING)
    if with_result:
        games = games.annotate(**tournament_columns()).select_related("analysis")
    return stored_game(game_for_viewer(game_id, viewer, games), with_result=with_result)


def stored_game(game: Game, *, with_result: bool = False) -> StoredGame:
    """``game`` (a started one, else 404) with its seats, moves and result, whoever asks:
    callers check who may see it (:func:`load_game` does; a task needs no viewer)."""
    if game.seed is None:
        raise Http404(_("no such game in the archive"))
    seats = list(game.seats.select_related("user").order_by("position"))
    moves = list(Move.objects.filter(game_id=game.pk).order_by("number").values(*MOVE_FIELDS))
    game.ended_early = _ended_early(game, moves)
    result = None
    if with_result and game.status == Game.Status.FINISHED:
        result = (
            GameResult.objects.filter(game_id=game.pk)
            .prefetch_related(Prefetch("seats", queryset=SeatResult.objects.order_by("position")))
            .first()
        )
    return StoredGame(game, seats, moves, result)


def analysis_of(game: Game) -> GameAnalysis | None:
    """The game's analysis, if anyone asked for it (read with the game by :func:`load_game`)."""
    try:
        return game.analysis
    except GameAnalysis.DoesNotExist:
        return None


def _ended_early(game: Game, moves: list[dict[str, Any]]) -> bool:
    """``Game.ended_early`` from the move log already in memory (no query)."""
    left = (game.outcome or {}).get("left") if game.status == Game.Status.FINISHED else None
    if not left:
        return False
    return left_early(left, Counter(m["seat"] for m in moves if is_tile_placement(m["entry"])))
