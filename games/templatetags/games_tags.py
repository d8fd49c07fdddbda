from django import template
from django.utils.html import format_html

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
        '<span class="score-value">{}</span> <span class="lap" title="{} time{} round the scoring track">({} lap{})</span>',
        score, n, "" if n == 1 else "s", n, "" if n == 1 else "s",
    )


@register.filter
def rotation_label(rotation):
    return {0: "0°", 90: "90°", 180: "180°", 270: "270°"}.get(rotation, rotation)
