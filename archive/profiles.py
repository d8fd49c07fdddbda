"""A player's archive profile: results, averages and head-to-head records, over the games
the viewer may see (one query each)."""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.db.models import Avg, Count, Exists, Max, OuterRef, Q

from games.models import Game
from games.visibility import visible_games
from games.words.entries import CATEGORY_EXPANSION

from .models import RuleTag, SeatResult


def _private_seen(player, viewer):
    """The private games of ``player`` that ``viewer`` may see (see games.visibility): a
    few of that player's games, not every game of the site looked at."""
    theirs = Game.objects.filter(private=True, pk__in=SeatResult.objects.filter(user=player).values("result_id"))
    return visible_games(viewer, theirs).order_by().values("pk")


def _seen_by(player, viewer) -> Q:
    """``SeatResult`` rows of the games ``viewer`` may see: a profile shown to others
    counts none of a private game they were not part of (see games.visibility). Asked of
    ``player``'s games only (public, or one of their few private ones that ``viewer`` may
    see): asked of every game of the site, it took 0.6 s at 100,000 games."""
    return Q(result__game__private=False) | Q(result_id__in=_private_seen(player, viewer))


def player_stats(user, viewer) -> dict[str, Any]:
    """Results and averages of ``user``'s finished games that ``viewer`` may see (one
    aggregate query)."""
    data = SeatResult.objects.filter(_seen_by(user, viewer), user=user).aggregate(
        games=Count("id"),
        wins=Count("id", filter=Q(outcome=SeatResult.Outcome.WIN)),
        draws=Count("id", filter=Q(outcome=SeatResult.Outcome.DRAW)),
        losses=Count("id", filter=Q(outcome=SeatResult.Outcome.LOSS)),
        avg_score=Avg("score"),
        avg_roads=Avg("roads"),
        avg_cities=Avg("cities"),
        avg_cloisters=Avg("cloisters"),
        avg_farms=Avg("farms"),
        # the expansions' categories, over the games played with that expansion only
        **{
            f"avg_{category}": Avg(
                category, filter=Q(Exists(RuleTag.objects.filter(result=OuterRef("result_id"), tag=expansion)))
            )
            for category, expansion in CATEGORY_EXPANSION.items()
        },
        best_score=Max("score"),
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
JOIN {games} g ON g.id = m.result_id
JOIN {table} o ON o.result_id = m.result_id AND o.position <> m.position
WHERE m.user_id = %s AND (NOT g.private OR m.result_id IN ({private_seen}))
GROUP BY o.user_id
ORDER BY COUNT(*) DESC, MAX(o.username)
"""


def head_to_head(user, viewer) -> list[dict[str, Any]]:
    """For each opponent: games together, and how often each finished ahead, over the
    games ``viewer`` may see (one query)."""
    private_seen, params = _private_seen(user, viewer).query.sql_with_params()
    quote = connection.ops.quote_name
    sql = _H2H_SQL.format(
        table=quote(SeatResult._meta.db_table), games=quote(Game._meta.db_table), private_seen=private_seen
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [user.pk, *params])
        rows = cursor.fetchall()
    return [
        {"user_id": uid, "username": name, "games": n, "ahead": int(ahead), "behind": int(behind), "level": int(level)}
        for uid, name, n, ahead, behind, level in rows
    ]
