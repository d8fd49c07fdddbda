"""The leaderboard page (``/ratings/``)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponseBadRequest
from django.shortcuts import render
from django.utils.translation import gettext as _

from . import services
from .models import PROVISIONAL_GAMES, Pool


@login_required
def leaderboard(request):
    pool = services.pool_from(request.GET.get("pool"))
    if pool is None:
        return HttpResponseBadRequest(_("Unknown rule set: choose all, base or expansions."))
    page = Paginator(services.leaderboard(pool), 50).get_page(request.GET.get("page"))
    return render(
        request,
        "ratings/leaderboard.html",
        {
            "pool": pool,
            "pools": Pool.choices,
            "page_obj": page,
            "first_rank": page.start_index(),
            "provisional_games": PROVISIONAL_GAMES,
        },
    )
