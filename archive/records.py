"""NOTATION.md records of stored games, written from the stored move log without
replaying it: one game's, or many at a time for the JSON-lines export."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import Any

from carcassonne import Game as EngineGame
from carcassonne import Rules
from games.models import Game, Move, Seat
from games.recorded import record_meta

MOVE_FIELDS = ("number", "seat", "entry", "points")
"""The columns of a stored move the archive reads: its record entry is ``entry``."""


@lru_cache(maxsize=256)
def start_of(rules: Rules) -> dict[str, Any] | None:
    """The start tile of a record with ``rules``, as the engine writes it (``None``: the
    game starts from a fixed block of tiles, as with the Count, and the record has none)."""
    start = EngineGame(["a", "b"], rules).start  # no bag: only the start is laid out
    if start is None:
        return None
    tile, x, y, rotation = start
    return {"tile": tile, "x": x, "y": y, "rotation": rotation}


def record_of(game: Game, seats: list[Seat], moves: list[dict[str, Any]]) -> dict[str, Any]:
    """The NOTATION.md record of a stored game without replaying it; equal to
    ``games.recorded.record(game, games.engine_state.engine_for(game))``."""
    rules = game.engine_rules
    names = [seat.display_name for seat in seats]
    data: dict[str, Any] = {
        "format": "carcassonne-record/1",
        "rules": rules.to_json(),
        "players": names,
    }
    start = start_of(rules)
    if start is not None:
        data["start"] = dict(start)
    data["moves"] = [row["entry"] for row in moves]  # byte for byte what is stored
    data["meta"] = record_meta(game)
    if game.status == Game.Status.FINISHED and game.outcome:
        data["meta"]["result"] = dict(zip(names, game.scores))
        data["meta"]["winners"] = [names[seat] for seat in game.winner_seats]
    return data


def export_records(game_ids: Iterable[int], chunk: int = 200) -> Iterator[dict[str, Any]]:
    """Records of many games, in the order given, three queries per ``chunk`` games."""
    ids = list(game_ids)
    for start in range(0, len(ids), chunk):
        part = ids[start : start + chunk]
        games = Game.objects.in_bulk(part)
        seats: dict[int, list[Seat]] = {}
        for seat in Seat.objects.filter(game_id__in=part).select_related("user").order_by("game_id", "position"):
            seats.setdefault(seat.game_id, []).append(seat)
        moves: dict[int, list[dict[str, Any]]] = {}
        for row in Move.objects.filter(game_id__in=part).order_by("game_id", "number").values("game_id", *MOVE_FIELDS):
            moves.setdefault(row["game_id"], []).append(row)
        for game_id in part:
            game = games.get(game_id)
            if game is not None and game.seed is not None:
                yield record_of(game, seats.get(game_id, []), moves.get(game_id, []))
