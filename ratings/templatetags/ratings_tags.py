"""``{% load ratings_tags %}``: ratings beside names, and the history chart of a profile.

{% rating_badge user %}           the player's rating (all games), "?" mark while provisional
{% rating_history_chart user request.user %}   the profile's chart and numbers, as the reader may see them
"""

from __future__ import annotations

from django import template
from django.utils.safestring import mark_safe

from .. import services
from ..charts import rating_chart
from ..models import PROVISIONAL_GAMES, Pool

register = template.Library()


@register.inclusion_tag("ratings/_badge.html")
def rating_badge(user, pool: str = Pool.ALL, ratings: dict | None = None):
    """``ratings`` (from :func:`ratings.services.ratings_of`) saves a query per name in lists."""
    if user is None or not getattr(user, "pk", None):
        return {"rating": None}
    rating = ratings.get(user.pk) if ratings is not None else services.ratings_of([user.pk], pool).get(user.pk)
    return {
        "rating": rating.display if rating else services.display_of(*services.new_rating()),
        "provisional": rating is None or rating.provisional,
        "games": rating.games if rating else 0,
    }


@register.inclusion_tag("ratings/_history.html")
def rating_history_chart(user, viewer, pool: str = Pool.ALL):
    start, values = services.curve(user.pk, pool)  # the line: every rated game's number
    recent = services.history(user.pk, viewer, pool, last=10) if values else []  # the table: the last ten
    if start is None:
        start = services.display_of(*services.new_rating())
    return {
        "rating": {
            "display": values[-1],
            "games": len(values),
            "provisional": len(values) < PROVISIONAL_GAMES,
        }
        if values
        else None,
        "changes": recent[::-1],
        "chart": mark_safe(rating_chart(values, start)),  # built with escaped text only
        "player": user,
    }


@register.simple_tag
def ratings_for_games(games, pool: str = Pool.ALL) -> dict:
    """``{% ratings_for_games games as ratings %}``: the ratings of every seated player, one query."""
    ids = {seat.user_id for game in games for seat in game.seats.all() if seat.user_id}
    return services.ratings_of(ids, pool)
