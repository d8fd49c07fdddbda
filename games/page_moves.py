"""The game page's own move POSTs, sent by static/js/post_move.js: ``POST /games/<id>/moves/``
(a tile turn) and ``POST /games/<id>/decision/`` (a decision's answer).

They are the API's views (:class:`games.api.MovesView` and :class:`games.api.DecisionView`:
the same bodies, checks, command in :mod:`games.turns`, and errors, ``{"detail": ...}`` with the
API's status codes), signed in by the session alone with its CSRF token, as the page's other
POSTs. Only the answer differs: the 201 is the part of the page that changed
(:mod:`games.fragment`, the moves after ``?since=`` the page lists), drawn from the engine the
move was played on (one replay per move), with the move told in words."""

from __future__ import annotations

from django.http import HttpResponse
from rest_framework import status
from rest_framework.authentication import SessionAuthentication
from rest_framework.renderers import JSONRenderer

from games import api, fragment
from games.commands import LockedGame
from games.present.notices import played_text
from games.present.view import GameView


class PageMoveView(api.GameAPIView):
    """What the page's move views change in the API's: the session alone (with its CSRF
    token), errors always in JSON (the page asks for HTML first), POST alone, no place in the
    API's schema, and the answer."""

    authentication_classes = [SessionAuthentication]
    renderer_classes = [JSONRenderer]
    http_method_names = ["post"]
    schema = None  # the site's page, not the API

    def played(self, locked: LockedGame, number: int) -> HttpResponse:
        """201 with the page's fragment after the caller's move or decision ``number``."""
        view = GameView.of(locked.game, locked.seats, locked.engine, self.request.user)
        since = fragment.since_of(self.request.query_params.get("since"))
        html = fragment.render(self.request._request, view, since, played=played_text(view, number))
        return HttpResponse(html, status=status.HTTP_201_CREATED)


class MovesView(PageMoveView, api.MovesView):
    """The player's tile turn, as ``POST /api/games/<id>/moves/``."""


class DecisionView(PageMoveView, api.DecisionView):
    """The player's answer to a decision, as ``POST /api/games/<id>/decision/``."""
