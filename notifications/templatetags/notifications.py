"""{% load notifications %}{% waiting_games %}: the home page box of games waiting for me;
{% game_clock game %}: time left and vacations of a game's players; {% timeout_events game %}."""

from django import template
from django.utils import timezone

from .. import clock, tasks
from ..models import GameEvent, TurnClock, Vacation

register = template.Library()


@register.inclusion_tag("notifications/_waiting_box.html", takes_context=True)
def waiting_games(context, limit=5):
    user = context.get("user")
    rows = tasks.waiting_games(user) if user is not None and user.is_authenticated else []
    return {"rows": rows[:limit], "more": max(len(rows) - limit, 0)}


@register.inclusion_tag("notifications/_game_clock.html")
def game_clock(game):
    now = timezone.now()
    turn_clock = TurnClock.objects.filter(game=game).select_related("user").first()
    state = clock.state(turn_clock, game, now) if turn_clock else None
    users = [s.user for s in game.seats.select_related("user") if s.user_id]
    away = Vacation.objects.filter(user__in=users, end__gt=now).select_related("user") if game.vacation_allowed else []
    return {"game": game, "state": state, "left": clock.describe(state.time_left) if state else None, "away": away}


@register.inclusion_tag("notifications/_timeout_events.html")
def timeout_events(game):
    return {"events": GameEvent.objects.filter(game=game).select_related("user")}
