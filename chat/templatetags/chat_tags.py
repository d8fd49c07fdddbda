from django import template
from django.utils.safestring import mark_safe

from chat import services
from chat.models import MAX_MESSAGE, MAX_NOTE

register = template.Library()


def chat_context(game, user, request=None) -> dict:
    can = services.can_chat(game, user)
    muted = services.muted_ids(user)
    opponents = []
    if can:
        opponents = [
            {"name": s.user.username, "muted": s.user_id in muted}
            for s in game.seats.select_related("user").filter(state="joined", user__isnull=False).exclude(user=user)
        ]  # bot seats have no user: nobody to mute
    until = services.silenced_until(user) if can else None
    return {
        "game": game,
        "user": user,
        "request": request,
        "can_chat": can,
        "silenced_until": until,
        "silenced_text": services.silence_text(until) if until else "",
        "chat_messages": services.messages_for(game, user, allowed=can, muted=muted) if can else [],
        "opponents": opponents,
        "max_message": MAX_MESSAGE,
        "csrf_token": context_csrf(request),
    }


def context_csrf(request):
    if request is None:
        return ""
    from django.middleware.csrf import get_token

    return get_token(request)


@register.inclusion_tag("chat/_chat.html", takes_context=True)
def chat_panel(context, game):
    return chat_context(game, context["user"], context.get("request"))


@register.simple_tag(takes_context=True)
def chat_placeholder(context, game):
    """Where the chat panel goes in a live update of the game page (games' fragment): the
    page keeps the panel it has (and what is being typed in it)."""
    if not services.can_chat(game, context["user"]):
        return ""
    return mark_safe('<section id="chat" data-live-keep data-live-placeholder hidden></section>')


@register.inclusion_tag("chat/_notes.html", takes_context=True)
def notes_panel(context, game):
    user = context["user"]
    return {
        "game": game,
        "user": user,
        "request": context.get("request"),
        "csrf_token": context.get("csrf_token"),
        "note": services.note_of(game, user),
        "max_note": MAX_NOTE,
    }
