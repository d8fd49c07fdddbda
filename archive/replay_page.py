"""What the replay page and the moves endpoint show for "the game after move k".

Works for stored games and for uploaded records alike: it gets the player names,
the move rows (number, seat, entry, points) and the engine after move k, and reads
the :class:`~games.present.view.GameView` of an outsider (no hand, no bag). Who won
is the engine's outcome (``winners``), never recomputed from the scores.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache

from carcassonne import COLORS
from games.board_svg import seat_hex  # the one table of seat colours
from games.present.entries import CATEGORIES, categories_for, departures, move_json
from games.present.page import sprite, tile_picture
from games.present.view import GameView
from games.present.vocabulary import CATEGORY_LABELS

from .charts import score_chart


def score_series(moves: list[dict[str, Any]], players: int) -> list[list[int]]:
    """``series[k][seat]``: the score of each seat after move k (0 = before any move),
    from the points stored on each move (final scoring not included)."""
    series = [[0] * players]
    for row in moves:
        points = list(row.get("points") or [])
        last = series[-1]
        series.append([last[i] + (points[i] if i < len(points) else 0) for i in range(players)])
    return series


def describe_move(row: dict[str, Any] | None, names: Sequence[str], view: GameView) -> dict[str, Any] | None:
    """A stored move (``number``, ``seat``, ``entry``, ``points``) as the replay shows it,
    told in words from ``view`` (the game after that move or later: what it did to the board)."""
    if row is None:
        return None
    return move_json(
        row["number"], row["seat"], row["entry"], row.get("points") or [], names, view.describe(row["number"]) or None
    )


KEPT_SECONDS = 24 * 3600
"""How long a finished game's move list in words is kept (see :func:`told_moves`)."""

MOVES_AROUND = 10
"""The replay's move list shows the moves within this many of the move on the board (21
rows at most); the others are a link away, a window further or all at once
(:func:`move_window`): a long game's page stays light whichever move it shows."""


@dataclass(frozen=True)
class MoveWindow:
    """The moves a replay's list shows: ``first`` to ``last`` (the start too when ``first``
    is 1), with where its links to the earlier and the later ones start."""

    first: int
    last: int
    total: int
    every: bool = False

    @property
    def size(self) -> int:
        return 2 * MOVES_AROUND + 1

    @property
    def earlier(self) -> int | None:
        """The first move of the window before this one (None: this one starts the game)."""
        return max(1, self.first - self.size) if self.first > 1 else None

    @property
    def later(self) -> int | None:
        """The first move of the window after this one (None: this one ends the game)."""
        return self.last + 1 if self.last < self.total else None

    @property
    def paged(self) -> bool:
        """Whether the game has more moves than a window shows (its list has links)."""
        return self.total > self.size

    @property
    def with_start(self) -> bool:
        return self.first <= 1


def move_window(total: int, k: int, start: Any = None, every: bool = False) -> MoveWindow:
    """The window of the move list for move ``k`` of ``total``: ``every`` move, the window
    from move ``start`` (``?from=``, a page of the list), or else the moves around ``k``."""
    if every:
        return MoveWindow(1, total, total, every=True)
    size = 2 * MOVES_AROUND + 1
    try:  # ``?from=`` pages the list: anything unreadable is the window around ``k``
        first = int(str(start).strip())
    except (TypeError, ValueError):
        first = k - MOVES_AROUND
    first = max(1, min(first, total - size + 1))
    return MoveWindow(first, min(total, first + size - 1), total)


def told_moves(
    names: Sequence[str],
    moves: Sequence[dict[str, Any]],
    view: GameView | Callable[[], GameView],
    kept: str | None,
    window: MoveWindow | None = None,
) -> list[dict[str, Any]]:
    """The moves of ``window`` (every move without it) in words (:func:`describe_move`);
    under the cache key ``kept`` (a finished game's, which no longer changes) every move is
    told once and kept, whichever move the page shows. ``view`` may be a function that
    builds it: a finished game's kept list then needs no replay."""
    shown = slice(window.first - 1, window.last) if window is not None else slice(None)
    rows = cache.get(kept) if kept is not None else None  # the site's cache: empty, not an error, without Redis
    if rows is None:
        teller = view() if callable(view) else view
        told = ((describe_move(row, names, teller) or {}) for row in (moves if kept else moves[shown]))
        if kept is None:
            return list(told)
        rows = list(told)
        cache.set(kept, rows, KEPT_SECONDS)
    return rows[shown]


def list_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The told moves as rows of the list: whether they scored, the mover's colour and the
    tile's small picture."""
    for row in rows:
        row["scored"] = any(row["points"])
        row["hex"] = seat_hex(row["seat"])
        row.update(tile_picture(row["entry"]))
    return rows


def move_state(
    names: Sequence[str],
    moves: Sequence[dict[str, Any]],
    engine,
    k: int,
    *,
    finished: bool,
) -> dict[str, Any]:
    """Scores after move k, points of move k and the move itself (JSON-ready)."""
    return _state(GameView(engine, names), moves, k, finished=finished)


def _state(
    view: GameView, moves: Sequence[dict[str, Any]], k: int, *, finished: bool, told: GameView | None = None
) -> dict[str, Any]:
    """``told``: a view of the same game after move k or later that tells the moves (the
    replay page's view of the whole game: its effects are found once for all moves)."""
    names = view.names
    total = len(moves)
    row = moves[k - 1] if k >= 1 else None
    move = describe_move(row, names, told or view)
    points = move["points"] if move else [0] * len(names)
    final_points = list(view.final_points) if (k == total and finished and view.final_points) else None
    return {
        "move": k,
        "total": total,
        "first": 0,
        "last": total,
        "previous": k - 1 if k > 0 else None,
        "next": k + 1 if k < total else None,
        "finished": bool(finished and k == total),
        "played": move,
        "points": points,
        "final_points": final_points,
        "scores": [p.score for p in view.players],
        "legend": view.board_legend(COLORS),
        "players": [
            {
                "seat": i,
                "username": p.name,
                "color": COLORS[i],
                "hex": seat_hex(i),
                "score": p.score,
                "points": points[i] if i < len(points) else 0,
                "final_points": final_points[i] if final_points else None,
                "supply": p.supply,
                "breakdown": {c: p.breakdown.get(c, 0) for c in CATEGORIES},
            }
            for i, p in enumerate(view.players)
        ],
    }


def replay_context(
    names: Sequence[str],
    moves: Sequence[dict[str, Any]],
    engine,
    k: int,
    *,
    finished: bool,
    final_scores: Sequence[int] | None,
    final_breakdown: Sequence[dict[str, int]] | None,
    winners: Sequence[int] = (),
    full=None,
    kept: str | None = None,
    window: MoveWindow | None = None,
) -> dict[str, Any]:
    """Everything the replay template needs besides the links; ``full``: the engine after
    every move, whose log tells the move list (``engine`` itself when k is the last move);
    ``kept``: the key under which a finished game's move list in words is kept, told once;
    ``window``: the moves the list shows (every move without it)."""
    view = GameView(engine, names)
    whole = view if full is None or full is engine else GameView(full, names)
    state = _state(view, moves, k, finished=finished, told=whole)
    series = score_series(list(moves), len(names))
    colors = [seat_hex(i) for i in range(len(names))]
    final = list(final_scores) if finished and final_scores is not None else None
    chart = score_chart(series, names, colors, current=k, final=final)
    window = window or MoveWindow(1, len(moves), len(moves), every=True)
    move_rows = list_rows(told_moves(names, moves, whole, kept, window))
    shown = categories_for(view.rules.expansions)
    summary = None
    if final is not None:
        summary = []
        won = set(winners)
        for i, name in enumerate(names):
            parts = final_breakdown[i] if final_breakdown and i < len(final_breakdown) else {}
            summary.append(
                {
                    "username": name,
                    "hex": seat_hex(i),
                    "color": COLORS[i],
                    "score": final[i],
                    "won": i in won,
                    **{c: parts.get(c, 0) for c in CATEGORIES},
                    "values": [parts.get(c, 0) for c in shown],
                }
            )
    return {
        "state": state,
        "board": view.board_svg(legend=False, sprite=sprite()),  # the legend is the page's text beside it
        "board_legend": state["legend"],
        "chart": chart,
        "move_rows": move_rows,
        "window": window,
        "summary": summary,
        "departures": departures(((m["number"], m["seat"], m["entry"]) for m in moves), names) if finished else [],
        "categories": [CATEGORY_LABELS[c] for c in shown],
    }
