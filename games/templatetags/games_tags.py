from django import template
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games import clock, durations
from games.models import GameEvent, TurnClock, Vacation

register = template.Library()


@register.simple_tag
def your_games(user):
    """The user's games grouped as on /games/ (for the home page)."""
    from games.views import user_games

    return user_games(user)


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
        '<span class="score-value">{}</span> <span class="lap" title="{}">({})</span>', score,
        ngettext("%(count)d time round the scoring track", "%(count)d times round the scoring track", n) % {"count": n},
        ngettext("%(count)d lap", "%(count)d laps", n) % {"count": n},
    )


@register.filter
def rotation_label(rotation):
    return {0: "0°", 90: "90°", 180: "180°", 270: "270°"}.get(rotation, rotation)


@register.inclusion_tag("games/_game_clock.html")
def game_clock(game):
    """Time per move, time left for the pending decision and who is on vacation."""
    now = timezone.now()
    turn_clock = TurnClock.objects.filter(game=game).select_related("user").first()
    state = clock.state(turn_clock, game, now) if turn_clock else None
    users = [s.user for s in game.seats.select_related("user") if s.user_id]
    away = Vacation.objects.filter(user__in=users, end__gt=now).select_related("user") if game.vacation_allowed else []
    return {"game": game, "state": state, "left": durations.describe(state.time_left) if state else None, "away": away}


@register.inclusion_tag("games/_timeout_events.html")
def timeout_events(game):
    return {"events": GameEvent.objects.filter(game=game).select_related("user")}


RULE_TAGS = {
    "river": (_("River"), _("The River: river tiles are drawn first and must continue the river.")),
    "inns_cathedrals": (_("Inns & Cathedrals"), _("Inns & Cathedrals: inns, cathedrals, the large follower, a 6th player.")),
    "traders_builders": (_("Traders & Builders"), _("Traders & Builders: goods tokens, the builder's double turn, the pig.")),
    "king_robber": (_("King & Robber"), _("King & Robber: the king for the largest city, the robber for the longest road.")),
    "count": (_("Count"), _("The Count of Carcassonne: the City's quarters and their followers.")),
    "classic": (_("Classic farms"), _("Farms score 4 per city to the player with most farmers around it.")),
    "small_city": (_("Small cities"), _("A completed city of two tiles scores 1 per tile and pennant.")),
    "incomplete_score": (_("Unfinished scores 0"), _("Roads, cities and cloisters left incomplete score nothing.")),
    "hole_bonus": (_("Hole bonus"), _("A tile with neighbours on all four sides gives an extra turn.")),
    "hand_visible": (_("public hands"), _("Everyone sees every hand.")),
}
"""Short tags of a rule set's expansions and house rules (lists show a game's rules at a glance)."""


def rule_tag_list(rules: dict) -> list[dict]:
    """The tags of a NOTATION.md rules object: each expansion, and each house rule that
    differs from the published game, as ``{"key", "label", "title", "kind"}``."""
    rules = rules or {}
    tags = [{"key": e, "label": RULE_TAGS[e][0], "title": RULE_TAGS[e][1], "kind": "expansion"}
            for e in rules.get("expansions", []) if e in RULE_TAGS]
    if rules.get("farm_scoring") == "classic":
        tags.append({"key": "classic", "label": RULE_TAGS["classic"][0], "title": RULE_TAGS["classic"][1], "kind": "house"})
    for key in ("small_city", "hole_bonus"):
        if rules.get(key):
            tags.append({"key": key, "label": RULE_TAGS[key][0], "title": RULE_TAGS[key][1], "kind": "house"})
    if rules.get("incomplete_score") is False:
        tag = RULE_TAGS["incomplete_score"]
        tags.append({"key": "incomplete_score", "label": tag[0], "title": tag[1], "kind": "house"})
    if rules.get("hand"):
        n = rules["hand"]
        label = ngettext("Hand of %(n)d", "Hand of %(n)d", n) % {"n": n}
        title = ngettext("Each player holds %(n)d tile and plays it.", "Each player holds %(n)d tiles and plays one of them.", n) % {"n": n}
        if rules.get("hand_visible"):
            title = f"{title} {RULE_TAGS['hand_visible'][1]}"
        tags.append({"key": "hand", "label": label, "title": title, "kind": "house"})
    return tags


@register.inclusion_tag("games/_rule_tags.html")
def rule_tags(rules, empty=""):
    """The game's expansions and house rules as small tags; ``empty`` (if given) for the
    published base game, which has none."""
    return {"tags": rule_tag_list(rules), "empty": empty}
