"""Chat, notes and the live-update endpoint of the game page. Thin: see chat.services."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.models import Game
from games.visibility import game_for_viewer

from . import services


def _wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def _back(request, game: Game, anchor: str):
    return redirect(f"{game.get_absolute_url()}#{anchor}")


def _fail(request, game, exc, anchor):
    if _wants_json(request):
        return JsonResponse({"detail": str(exc)}, status=exc.status)
    messages.error(request, str(exc))
    return _back(request, game, anchor)


@require_GET
def chat_panel(request, game_id: int):
    """The chat panel alone (HTML), for live updates."""
    game = game_for_viewer(game_id, request.user)
    from .templatetags.chat_tags import chat_context

    return render(request, "chat/_chat.html", chat_context(game, request.user, request))


@login_required
@require_POST
def post_message(request, game_id: int):
    game = game_for_viewer(game_id, request.user)
    try:
        message = services.post(game, request.user, request.POST.get("text"))
    except services.ChatError as exc:
        return _fail(request, game, exc, "chat")
    if _wants_json(request):
        return JsonResponse({"id": message.pk}, status=201)
    return _back(request, game, "chat")


@login_required
@require_POST
def mute(request, game_id: int):
    game = game_for_viewer(game_id, request.user)
    on = request.POST.get("mute", "1") == "1"
    try:
        name = services.set_mute(request.user, game, request.POST.get("username", ""), on)
    except services.ChatError as exc:
        return _fail(request, game, exc, "chat")
    messages.success(
        request,
        (_("%(name)s is muted: you no longer see their messages.") if on else _("%(name)s is no longer muted."))
        % {"name": name},
    )
    return _back(request, game, "chat")


@login_required
@require_POST
def save_note(request, game_id: int):
    game = game_for_viewer(game_id, request.user)
    try:
        services.save_note(game, request.user, request.POST.get("text", ""))
    except services.ChatError as exc:
        return _fail(request, game, exc, "notes")
    if _wants_json(request):
        return HttpResponse(status=204)
    messages.success(request, _("Note saved."))
    return _back(request, game, "notes")
