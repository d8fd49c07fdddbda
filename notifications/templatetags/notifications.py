"""{% load notifications %}{% waiting_games %}: the home page box of games waiting for me."""

from django import template

from games import clock

register = template.Library()


@register.inclusion_tag("notifications/_waiting_box.html", takes_context=True)
def waiting_games(context, limit=5):
    user = context.get("user")
    rows = clock.waiting_games(user) if user is not None and user.is_authenticated else []
    return {"rows": rows[:limit], "more": max(len(rows) - limit, 0)}


@register.filter
def local_spots(text):
    """The notation's spots in ``text`` in the words of the e-mail's language (``Straße:O``,
    ``pré:ONO``), which a reply may write back; English as it is."""
    from django.utils import translation

    from games.present.followers import local_spots as shown

    return shown(str(text), translation.get_language() or "en")
