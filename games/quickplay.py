""" "Play a bot now" (home page and lobby): choose a level, and a two-player game against a
bot of that level starts at once, with the site's default rules; no long create form."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from games import bot_seats
from games.errors import GameError
from games.forms import BotLevelField, bot_level_choices
from games.models import DEFAULT_BOT_LEVEL

DEFAULT_LEVEL = DEFAULT_BOT_LEVEL  # a newcomer's first game; the stronger ones are one click away


class PlayBotForm(forms.Form):
    level = BotLevelField(
        label=gettext_lazy("Bot level"), choices=bot_level_choices, initial=DEFAULT_LEVEL, widget=forms.RadioSelect
    )


@login_required
@require_POST
def play_bot(request):
    form = PlayBotForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose one of the bot levels."))
        return redirect("lobby" if request.POST.get("from") == "lobby" else "home")
    try:
        game = bot_seats.create_game_with_bots(request.user, bots=1, bot_level=form.cleaned_data["level"])
    except GameError as exc:
        messages.error(request, str(exc))
        return redirect("home")
    return redirect(game)
