"""Analysis of a finished game: each decision judged by the strong search, from the mover's view.

:func:`analyse` replays a game's public record (the one ``python -m carcassonne replay``
checks) and, for every decision that had a choice, runs the ``answers`` search
(:class:`~carcassonne.bots.levels.AnswersBot`: exact over the next draw, so two analyses of a game
agree, where the ``mcts`` level samples futures) on what the mover knew then: the board and scores before the move, the tile it drew (the one the
record says it played) and the multiset of tiles still in the game, never the order in
which they came later nor another player's hand. The search judges the move played and
the move it prefers alike (each by the next player's best answer over every tile they
may draw; a move the clock stops before it is judged keeps its first score, the
evaluation alone); the difference of their values is the expected points lost, counted like the bots count (the mover's expected final score
less the best other player's, see :func:`carcassonne.bots.evaluate.potential`).

The result is plain data (:class:`Analysis`, ``to_json()``) so the site can store it once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from carcassonne import Game, Move, Resign, replay
from carcassonne.moves import parse_entry
from carcassonne.record import new_game

from .levels import AnswersBot
from .options import options_of
from .view import PlayerView

INACCURACY = 3.0
"""Points lost from which a move is an inaccuracy: above the search's noise at a few
tenths of a second (two searches of one position differ by a point or two), about a road
tile or a farm's share given away."""
MISTAKE = 6.0
"""Points lost from which a move is a mistake: a small city's completion or a follower
stuck for the rest of the game."""
BLUNDER = 12.0
"""Points lost from which a move is a blunder: a big city or a farm handed to an
opponent, or one's own big city left unfinishable."""
MARKS = ("inaccuracy", "mistake", "blunder")


def mark_of(loss: float) -> str | None:
    """The mark of a move that lost ``loss`` points (``None`` below :data:`INACCURACY`).

    >>> mark_of(1.5), mark_of(3.0), mark_of(7.2), mark_of(30)
    (None, 'inaccuracy', 'mistake', 'blunder')
    """
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return None


@dataclass
class MoveAnalysis:
    """One decision: its number in the record, the mover's seat, the entry played and the
    one the search prefers (record JSON), the expected points lost and the mark."""

    number: int
    seat: int
    played: Any
    best: Any
    loss: float
    mark: str | None


@dataclass
class PlayerSummary:
    seat: int
    name: str
    moves: int
    average_loss: float
    marks: dict[str, int] = field(default_factory=dict)


@dataclass
class Analysis:
    moves: list[MoveAnalysis]
    players: list[PlayerSummary]
    seconds: float | None
    thresholds: dict[str, float] = field(
        default_factory=lambda: {"inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER}
    )

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def mover_view(game: Game, entry: Any) -> PlayerView | None:
    """What the player who played ``entry`` knew when deciding on ``game`` (a replay
    before the entry): ``None`` for entries that are no decision (a resignation, a skip
    or forfeit on time)."""
    pending = game.pending
    if pending is None or isinstance(entry, Resign):
        return None
    tile = None
    if type(entry) is Move:
        if entry.skip or entry.forfeit:
            return None
        tile = entry.tile  # the drawn tile (with hands: the one played, the rest stays unknown)
    return PlayerView(pending.player, tuple(game.players), game.rules, pending, tile, game)


def judge(
    view: PlayerView, entry: Any, seconds: float | None, playouts: int | None, seed: int
) -> tuple[Any, float] | None:
    """The entry the search prefers in ``view`` and the points ``entry`` loses against it
    (``None`` when there was no choice)."""
    options = options_of(view)
    if len(options) < 2 or entry not in options:
        return None
    bot = AnswersBot(seed, seconds=seconds or 0.3, playouts=playouts)
    search = bot.search(view, options, keep=entry)
    best = max(search.children, key=lambda c: (c.playouts, c.mean, c.prior))
    played = next(c for c in search.children if c.entry == entry)
    return best.entry, max(0.0, best.mean - played.mean)


def analyse(
    record: dict[str, Any],
    seconds: float | None = 0.3,
    playouts: int | None = None,
    numbers: set[int] | None = None,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Judge each decision of the finished game ``record`` with a search of ``seconds`` of
    CPU time (or ``playouts`` playouts, reproducible) per decision; ``numbers`` limits it
    to those moves (1-based, as in the record). ``progress(number, total)`` is called after
    each move (the site's task keeps its heartbeat with it). Raises ``RecordError`` for a
    bad record."""
    game = replay(record)  # checks the whole record first: a bad one fails before any search
    board = new_game(record)
    names = list(game.players)
    judged: list[MoveAnalysis] = []
    total = len(record.get("moves", []))
    for number, data in enumerate(record.get("moves", []), 1):
        entry = parse_entry(data)
        if numbers is None or number in numbers:
            view = mover_view(board.copy(), entry)
            verdict = judge(view, entry, seconds, playouts, seed + number) if view is not None else None
            if view is not None and verdict is not None:
                best, loss = verdict
                loss = round(loss, 1)  # the mark of the points shown: 2.96 shows as 3.0, an inaccuracy
                judged.append(MoveAnalysis(number, view.seat, data, best.to_json(), loss, mark_of(loss)))
        board.play(entry)
        if progress is not None:
            progress(number, total)
    return Analysis(judged, summaries(judged, names), seconds if playouts is None else None)


def summaries(moves: list[MoveAnalysis], names: list[str]) -> list[PlayerSummary]:
    """Per player: moves judged, average points lost, and how many of each mark."""
    result = []
    for seat, name in enumerate(names):
        own = [m for m in moves if m.seat == seat]
        marks = {mark: sum(1 for m in own if m.mark == mark) for mark in MARKS}
        average = round(sum(m.loss for m in own) / len(own), 2) if own else 0.0
        result.append(PlayerSummary(seat, name, len(own), average, marks))
    return result
