"""Whether it is your turn anywhere: ``GET /games/your-turn/``, polled by every open page of
the site (static/js/your_turn.js) to show the turn in the tab's title and icon and, if the
player opted in, in a browser notification.

As light as the nav's count it reuses (one query, the same filter): the games where it is
the user's turn, as ids, with an ETag over them, so an unchanged answer is a 304 with no
body; pages ask it every ``YOUR_TURN_POLL_SECONDS`` (30 s; a game page's own poll asks every
4 s, and an unchanged one costs less, from the cache alone: games/live.py).
"""

from __future__ import annotations

import hashlib

from django.db.models import F
from django.http import HttpResponseNotModified, JsonResponse
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.views.decorators.http import require_GET

from .models import Game, Seat


def waiting_ids(user) -> list[int]:
    """The active games where it is ``user``'s turn, oldest change first (one query)."""
    if not user.is_authenticated:
        return []
    return list(
        Game.objects.filter(
            status=Game.Status.ACTIVE,
            seats__user=user,
            seats__state=Seat.State.JOINED,
            seats__position=F("current_seat"),
        )
        .order_by("updated_at", "pk")
        .values_list("pk", flat=True)
    )


@require_GET
def your_turn(request):
    """``{"waiting": n, "games": [ids], "url": the first game's page}``; 304 when unchanged."""
    ids = waiting_ids(request.user)
    digest = hashlib.sha256(f"{request.user.pk}:{ids}".encode()).hexdigest()[:16]
    tag = f'"{digest}"'
    if request.headers.get("If-None-Match") == tag:
        response = HttpResponseNotModified()
    else:
        url = reverse("game-detail", args=[ids[0]]) if ids else reverse("game-list")
        response = JsonResponse({"waiting": len(ids), "games": ids, "url": url})
    response["ETag"] = tag
    patch_cache_control(response, private=True, no_cache=True)
    patch_vary_headers(response, ["Cookie"])
    return response
