from django import template
from django.utils.safestring import mark_safe

from chat import services
from chat.models import MAX_MESSAGE, MAX_NOTE
from games.models import Game, Seat

register = template.Library()


def chat_context(game, user, request=None, seats=None) -> dict:
    """The chat panel's context; ``seats``: the game's seats with their users, when the
    page has them (else they are read)."""
    if seats is None:
        seats = list(game.seats.select_related("user"))
    joined = [s for s in seats if s.state == Seat.State.JOINED and s.user_id]  # bot seats have no user
    can = game.status != Game.Status.WAITING and user.is_authenticated and any(s.user_id == user.pk for s in joined)
    muted = services.muted_ids(user)
    opponents = (
        [{"name": s.user.username, "muted": s.user_id in muted} for s in joined if s.user_id != user.pk] if can else []
    )
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
def chat_panel(context, game, seats=None):
    return chat_context(game, context["user"], context.get("request"), seats)


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
