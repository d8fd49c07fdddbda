import json

from django import template
from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import ngettext

from games import clock, dates, durations, live
from games.models import TurnClock, Vacation
from games.present import rule_words

register = template.Library()


@register.simple_tag
def your_games(user):
    """The user's games grouped as on /games/ (for the home page)."""
    from games.views import user_games

    return user_games(user)


_JSON_ESCAPES = {ord(">"): "\\u003E", ord("<"): "\\u003C", ord("&"): "\\u0026"}


@register.filter
def long_date(value):
    """ "1er décembre 2026", "1 dicembre 2026": the day written out in the reader's language."""
    return dates.long_date(value)


@register.filter
def long_datetime(value):
    """ "1er décembre 2026 à 20 h 24": the day and the time in the reader's language."""
    return dates.long_date(value, with_time=True)


@register.filter
def ago(value):
    """ "3 days ago", "vor 3 Tagen": how long ago, as one phrase of the reader's language."""
    return dates.ago(value)


@register.filter
def compact_json_script(value, element_id: str):
    """Django's ``json_script`` without the spaces after commas and colons (the turn's
    legal moves are the page's largest data)."""
    text = json.dumps(value, cls=DjangoJSONEncoder, separators=(",", ":")).translate(_JSON_ESCAPES)
    return format_html('<script id="{}" type="application/json">{}</script>', element_id, mark_safe(text))


@register.filter
def laps(score):
    """'63 (1 lap)': the score with the 50-point laps of the scoring track."""
    try:
        score = int(score)
    except (TypeError, ValueError):
        return score
    n = score // 50
    if not n:
        return format_html('<span class="score-value">{}</span>', score)
    return format_html(
        '<span class="score-value">{}</span> <span class="lap" title="{}">({})</span>',
        score,
        ngettext("%(count)d time round the scoring track", "%(count)d times round the scoring track", n) % {"count": n},
        ngettext("%(count)d lap", "%(count)d laps", n) % {"count": n},
    )


@register.inclusion_tag("games/_game_clock.html")
def game_clock(game, seats=None):
    """Time per move, time left for the pending decision and who is on vacation
    (``seats``: the game's, with their users, when the page has them)."""
    now = timezone.now()
    turn_clock = TurnClock.objects.filter(game=game).select_related("user").first()
    if seats is None:
        seats = game.seats.select_related("user")
    users = [s.user for s in seats if s.user_id]
    vacations = (
        list(Vacation.objects.filter(user__in=users).order_by("start").select_related("user"))
        if game.vacation_allowed
        else []
    )  # the players' vacations, past ones too: a pause since the clock started moves its deadline
    state = None
    if turn_clock:
        state = clock.state(turn_clock, game, now, [v for v in vacations if v.user_id == turn_clock.user_id])
    return {
        "game": game,
        "state": state,
        "left": durations.describe(state.time_left) if state else None,
        "away": [v for v in vacations if v.end > now],
        "on_timeout": rule_words.on_timeout(game),
    }


@register.inclusion_tag("games/_rule_tags.html")
def rule_tags(rules, empty=""):
    """The game's expansions and house rules as small tags; ``empty`` (if given) for the
    published base game, which has none."""
    return {"tags": rule_words.rule_tags(rules), "empty": empty}


@register.filter
def rules_line(rules):
    """A rules object in a few words (farm scoring, expansions, small cities), as a list."""
    return rule_words.rules_line(rules)


@register.inclusion_tag("games/_play_bot.html", takes_context=True)
def play_bot(context, where="home"):
    """ "Play a bot now": the levels (each with its strength in words), then Play."""
    from games.quickplay import PlayBotForm

    return {"form": PlayBotForm(auto_id=f"{where}-bot-%s"), "csrf_token": context.get("csrf_token"), "where": where}


@register.simple_tag(takes_context=True)
def live_attributes(context, game):
    """The data-* attributes with which static/js/live.js keeps a game page current."""
    parts, tag = live.page_version(context["request"], game, context["user"], context.get("seats"))
    return format_html(
        ' data-live-url="{}" data-live-etag="{}" data-live-game="{}" data-live-chat="{}" data-live-interval="{}"',
        reverse("game-live", args=[game.pk]),
        tag,
        parts["game"],
        parts.get("chat", "-"),
        int(getattr(settings, "LIVE_POLL_SECONDS", 4) * 1000),
    )
