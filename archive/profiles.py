"""A player's archive profile: results, averages and head-to-head records, over the games
the viewer may see (one query each)."""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.db.models import Avg, Count, Max, Q

from games.models import Game
from games.visibility import visible_games
from games.words.entries import CATEGORY_EXPANSION

from .kept import kept
from .models import SeatResult


def hidden_games(player, viewer) -> list[int]:
    """The ids of ``player``'s private games that ``viewer`` may not see (see
    games.visibility): a profile shown to others counts none of them. Asked once per
    profile of the games themselves (their privacy as it is now, whatever the archive's
    copy says) and of ``player``'s games only: one query, two if the player has a private
    game; the statistics and the head to head then read the archive's tables alone."""
    theirs = Game.objects.filter(private=True, pk__in=SeatResult.objects.filter(user=player).values("result_id"))
    private = list(theirs.values_list("pk", flat=True))
    if not private:
        return []
    seen = set(visible_games(viewer, Game.objects.filter(pk__in=private)).values_list("pk", flat=True))
    return [pk for pk in private if pk not in seen]


def player_stats(user, viewer, hidden: list[int] | None = None) -> dict[str, Any]:
    """Results and averages of ``user``'s finished games that ``viewer`` may see (one
    aggregate query; ``hidden``: :func:`hidden_games`, asked here if not given)."""
    hidden = hidden_games(user, viewer) if hidden is None else hidden
    return kept("stats", [user.pk, sorted(hidden)], lambda: _stats(user, hidden), [user.username])


def _stats(user, hidden: list[int]) -> dict[str, Any]:
    # read from the seats' covering index alone (``archive_sr_user_seat``): no table page
    data = (
        SeatResult.objects.filter(user=user)
        .exclude(result_id__in=hidden)
        .aggregate(
            games=Count("result"),
            wins=Count("result", filter=Q(outcome=SeatResult.Outcome.WIN)),
            draws=Count("result", filter=Q(outcome=SeatResult.Outcome.DRAW)),
            losses=Count("result", filter=Q(outcome=SeatResult.Outcome.LOSS)),
            avg_score=Avg("score"),
            avg_roads=Avg("roads"),
            avg_cities=Avg("cities"),
            avg_cloisters=Avg("cloisters"),
            avg_farms=Avg("farms"),
            # an expansion's category is empty in the games without it: averaged over those with it
            **{f"avg_{category}": Avg(category) for category in CATEGORY_EXPANSION},
            best_score=Max("score"),
        )
    )
    for key in data:
        if key.startswith("avg_"):
            data[key] = round(float(data[key]), 1) if data[key] is not None else None
    games = data["games"] or 0
    data["win_rate"] = round(100 * data["wins"] / games) if games else None
    return data


_H2H_SQL = """
SELECT o.user_id, MAX(o.username), COUNT(*),
       SUM(CASE WHEN m.rank < o.rank THEN 1 ELSE 0 END),
       SUM(CASE WHEN m.rank > o.rank THEN 1 ELSE 0 END),
       SUM(CASE WHEN m.rank = o.rank THEN 1 ELSE 0 END)
FROM {table} m
JOIN {table} o ON o.result_id = m.result_id AND o.position <> m.position
WHERE m.user_id = %s{hidden}
GROUP BY o.user_id
ORDER BY COUNT(*) DESC, MAX(o.username)
"""


def head_to_head(user, viewer, hidden: list[int] | None = None) -> list[dict[str, Any]]:
    """For each opponent: games together, and how often each finished ahead, over the
    games ``viewer`` may see (one query; ``hidden``: :func:`hidden_games`, asked here if
    not given). Read from the seats' covering indexes alone (``archive_sr_user_seat``,
    ``archive_sr_result_seat``) on PostgreSQL."""
    hidden = hidden_games(user, viewer) if hidden is None else hidden
    return kept("h2h", [user.pk, sorted(hidden)], lambda: _head_to_head(user, hidden), [user.username])


def _head_to_head(user, hidden: list[int]) -> list[dict[str, Any]]:
    quote = connection.ops.quote_name
    sql = _H2H_SQL.format(
        table=quote(SeatResult._meta.db_table),
        hidden=f" AND m.result_id NOT IN ({', '.join(['%s'] * len(hidden))})" if hidden else "",
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [user.pk, *hidden])
        rows = cursor.fetchall()
    return [
        {"user_id": uid, "username": name, "games": n, "ahead": int(ahead), "behind": int(behind), "level": int(level)}
        for uid, name, n, ahead, behind, level in rows
    ]
