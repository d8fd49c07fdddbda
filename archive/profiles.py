"""A player's archive profile: results, averages and head-to-head records, over the games
the viewer may see (one query each)."""

from __future__ import annotations

from typing import Any

from django.db import connection

from games.present.entries import CATEGORY_EXPANSION
from games.visibility import hidden_from

from .kept import kept
from .models import OpponentResult, SeatResult


def hidden_games(player, viewer) -> list[int]:
    """The ids of ``player``'s private games that ``viewer`` may not see (see
    games.visibility): a profile shown to others counts none of them. Asked once per
    profile of the games themselves (their privacy as it is now, whatever the archive's
    copy says) and of ``player``'s games only: one query, two if the player has a private
    game; the statistics and the head to head then read the archive's tables alone."""
    return hidden_from(viewer, SeatResult.objects.filter(user=player).values("result_id"))


def player_stats(user, viewer, hidden: list[int] | None = None) -> dict[str, Any]:
    """Results and averages of ``user``'s finished games that ``viewer`` may see (one
    aggregate query; ``hidden``: :func:`hidden_games`, asked here if not given)."""
    hidden = hidden_games(user, viewer) if hidden is None else hidden
    return kept("stats", [user.pk, sorted(hidden)], lambda: _stats(user, hidden), [user.username])


def _players_rows(sql: str, model, user, hidden: list[int]) -> list[tuple]:
    """The rows of ``sql`` (a query of ``model``'s table, ``{table}``, over ``user``'s rows,
    ``user_id = %s{hidden}``) without the games in ``hidden``."""
    sql = sql.format(
        table=connection.ops.quote_name(model._meta.db_table),
        hidden=f" AND result_id NOT IN ({', '.join(['%s'] * len(hidden))})" if hidden else "",
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [user.pk, *hidden])
        return cursor.fetchall()


_AVERAGED = ("score", "roads", "cities", "cloisters", "farms", *CATEGORY_EXPANSION)
_STATS_SQL = (
    "SELECT COUNT(*), "
    + ", ".join(f"SUM(CASE WHEN outcome = '{o}' THEN 1 ELSE 0 END)" for o in SeatResult.Outcome.values)
    + ", "
    + ", ".join(f"AVG({column})" for column in _AVERAGED)
    + ", MAX(score) FROM {table} WHERE user_id = %s{hidden}"
)


def _stats(user, hidden: list[int]) -> dict[str, Any]:
    # one aggregate read from the seats' covering index alone (``archive_sr_user_seat``), written
    # as SQL: the ORM took 2 ms to build it, five times the time PostgreSQL takes to answer it.
    # An expansion's category is empty in the games without it: AVG skips those.
    [(games, wins, draws, losses, *averages, best)] = _players_rows(_STATS_SQL, SeatResult, user, hidden)
    data: dict[str, Any] = {
        "games": games,
        "wins": int(wins or 0),
        "draws": int(draws or 0),
        "losses": int(losses or 0),
    }
    for column, value in zip(_AVERAGED, averages):
        data[f"avg_{column}"] = round(float(value), 1) if value is not None else None
    data["best_score"] = best
    data["win_rate"] = round(100 * data["wins"] / games) if games else None
    return data


_H2H_SQL = """
SELECT opponent_id, MAX(opponent_name), COUNT(*),
       SUM(CASE WHEN rank < opponent_rank THEN 1 ELSE 0 END),
       SUM(CASE WHEN rank > opponent_rank THEN 1 ELSE 0 END),
       SUM(CASE WHEN rank = opponent_rank THEN 1 ELSE 0 END)
FROM {table}
WHERE user_id = %s{hidden}
GROUP BY opponent_id
ORDER BY COUNT(*) DESC, MAX(opponent_name)
"""


def head_to_head(user, viewer, hidden: list[int] | None = None) -> list[dict[str, Any]]:
    """For each opponent: games together, and how often each finished ahead, over the
    games ``viewer`` may see (one query; ``hidden``: :func:`hidden_games`, asked here if
    not given). Read from the player's opponent rows (``OpponentResult``), from their
    covering index alone on PostgreSQL (``archive_or_user``)."""
    hidden = hidden_games(user, viewer) if hidden is None else hidden
    return kept("h2h", [user.pk, sorted(hidden)], lambda: _head_to_head(user, hidden), [user.username])


def _head_to_head(user, hidden: list[int]) -> list[dict[str, Any]]:
    rows = _players_rows(_H2H_SQL, OpponentResult, user, hidden)
    return [
        {"user_id": uid, "username": name, "games": n, "ahead": int(ahead), "behind": int(behind), "level": int(level)}
        for uid, name, n, ahead, behind, level in rows
    ]
