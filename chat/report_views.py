"""Reporting a chat message or a player (see :mod:`chat.moderation`): a short form, then
thanks. Nobody else learns who reported."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts.blocks import BlockError
from games.visibility import game_for_viewer

from . import moderation
from .forms import ReportForm
from .models import Message
from .services import ChatError

User = get_user_model()


@login_required
@require_http_methods(["GET", "POST"])
def report_message(request, game_id: int, message_id: int):
    game = game_for_viewer(game_id, request.user)  # a private game: the same 404 as a missing one
    message = get_object_or_404(Message.objects.select_related("author"), pk=message_id, game=game)
    back = f"{game.get_absolute_url()}#chat"

    def send(form):
        return moderation.report_message(request.user, message, **form.cleaned_data)

    context = {"message": message, "player": message.author, "back": back, "game": game}
    return _report(request, send, context, back)


@login_required
@require_http_methods(["GET", "POST"])
def report_player(request, username: str):
    player = get_object_or_404(User, username=username, is_active=True)
    back = reverse("archive:player", args=[player.username])

    def send(form):
        return moderation.report_player(request.user, player, **form.cleaned_data)

    return _report(request, send, {"player": player, "back": back}, back)


def _report(request, send, context, back):
    form = ReportForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                send(form)
            except (ChatError, BlockError) as exc:
                form.add_error(None, str(exc))
                status = getattr(exc, "status", 400)
            else:
                messages.success(request, _("Thank you for your report: the moderators will look at it."))
                if form.cleaned_data["block"]:
                    messages.success(request, _("You blocked %(name)s.") % {"name": context["player"].username})
                return redirect(back)
        else:
            status = 400
    return render(request, "chat/report.html", {**context, "form": form}, status=status)
