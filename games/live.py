"""The live version of a game page (``/games/<id>/live/``, polled by static/js/live.js):
short strings that change when what the page shows changes, with an ETag, so that an
unchanged page costs a 304. The game's part is this app's; the apps above add theirs by
answering :data:`games.signals.page_parts` (the chat: its messages), so the games app
depends on none of them."""

from __future__ import annotations

from django.http import Http404, HttpResponse, HttpResponseNotModified, JsonResponse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from . import signals
from .models import Game
from .visibility import game_for_viewer

VERSION_FIELDS = ("move_count", "status", "current_seat", "updated_at", "private")
"""The columns the version reads (and whether the game is private)."""


def game_part(game: Game) -> str:
    """The game's moves, status, whose turn and last change, in one string."""
    stamp = int(game.updated_at.timestamp() * 1000) if game.updated_at else 0
    return f"{game.move_count}.{game.status}.{game.current_seat}.{stamp}"


def version(game: Game, user) -> dict[str, str]:
    """``{"game": ..., <each listening app's part>: ...}`` for ``user``'s page of ``game``."""
    parts = {"game": game_part(game)}
    for _receiver, answer in signals.page_parts.send(sender=Game, game=game, user=user):
        if isinstance(answer, dict):
            parts.update(answer)
    return parts


def etag(parts: dict[str, str]) -> str:
    return '"' + ":".join(parts.values()) + '"'


@require_GET
def live(request, game_id: int):
    """The version with an ETag; ``If-None-Match`` gets a 304 (missing or private: 404)."""
    try:
        game = game_for_viewer(game_id, request.user, Game.objects.only(*VERSION_FIELDS))
    except Http404:  # missing or private: the same answer
        return JsonResponse({"detail": _("There is no such game.")}, status=404)
    parts = version(game, request.user)
    tag = etag(parts)
    response: HttpResponse
    if tag in [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]:
        response = HttpResponseNotModified()
    else:
        response = JsonResponse(parts)
    response["ETag"] = tag
    patch_cache_control(response, private=True, no_cache=True)
    patch_vary_headers(response, ["Cookie"])
    return response
