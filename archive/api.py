"""The archive API (``/api/archive/...``): search, records, boards and moves of any game.

Searching needs an account; one game's record, board and moves are public like the
game itself (private games: their players only, see games.visibility).
Errors are JSON ``{"detail": "..."}`` (a bad filter also gets ``"errors"``).
"""

from __future__ import annotations

from functools import partial

from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api_common import AnyContent, pages_class
from games.engine_state import move_number
from games.errors import GameError
from games.models import Game
from games.serializers import ErrorSerializer, RecordSerializer

from . import game_analysis
from . import serializers as s
from .filters import RULE_OPTIONS, FilterError, Filters, choice_values, is_choice
from .models import GameAnalysis
from .replay_page import move_state
from .search import SearchPaginator, rows_of, search
from .stored import load_game
from .tasks import request_analysis

TAG = "archive"
PAGES = pages_class()

ERRORS = {
    400: OpenApiResponse(s.ArchiveErrorSerializer, description="A filter or parameter cannot be understood"),
    401: OpenApiResponse(s.ArchiveErrorSerializer, description="Not authenticated"),
    404: OpenApiResponse(s.ArchiveErrorSerializer, description="No such game in the archive"),
    409: OpenApiResponse(s.ArchiveErrorSerializer, description="The game is not finished"),
}


def errors(*codes: int) -> dict:
    return {code: ERRORS[code] for code in (401, *codes)}


def rule_parameter(option) -> OpenApiParameter:
    """The filter by one rule option of the engine (``Rules.options()``)."""
    if is_choice(option):
        return OpenApiParameter(
            option.name, str, enum=choice_values(option), description=f"{option.label}: {option.help}"
        )
    notes = {"expansion": "the expansion", "bool": "the house rule", "int": "the house rule (any value)"}
    published = " (true: the published rule)" if option.default is True else ""
    return OpenApiParameter(
        option.name,
        OpenApiTypes.BOOL,
        description=f"With (true) or without (false) {notes[option.kind]} `{option.name}`, {option.label}{published}",
    )


FILTER_PARAMETERS = [
    OpenApiParameter(
        "status", str, enum=["finished", "active"], description="Finished games (default) or games in progress"
    ),
    OpenApiParameter(
        "player",
        str,
        many=True,
        explode=True,
        description="Username; give it twice (or comma-separated) for the games of both players (at most 2)",
    ),
    OpenApiParameter("winner", str, description="Only games won by this username (shared first place counts)"),
    OpenApiParameter("finished_after", OpenApiTypes.DATE, description="Finished on or after this day"),
    OpenApiParameter("finished_before", OpenApiTypes.DATE, description="Finished on or before this day"),
    *(rule_parameter(option) for option in RULE_OPTIONS),
    OpenApiParameter("players", int, description="Number of players (2 to 5)"),
    OpenApiParameter("tournament", int, description="Only the games of this tournament (its id)"),
    OpenApiParameter("round", int, description="Only the games of this round number (of `tournament`, if given)"),
    OpenApiParameter("sort", str, enum=["-finished", "finished"], description="Newest first (default) or oldest first"),
    # The pages of every list of the API (the settings' carcassonne_site.rest.Pages), named here since the answer
    # is written out (ArchivePageSerializer) with the filters applied.
    OpenApiParameter("page", {"type": "integer", "minimum": 1}, description="Page number, from 1"),
    OpenApiParameter(
        "page_size",
        {"type": "integer", "minimum": 1, "maximum": PAGES.max_page_size},
        description=f"Games per page (default {PAGES.page_size}, at most {PAGES.max_page_size})",
    ),
]


class PublicGameView(APIView):
    """One game's record, board or move: public like the game (see games.visibility)."""

    permission_classes = [IsAuthenticatedOrReadOnly]


def _bad(errors_: dict[str, str]) -> Response:
    return Response(
        {"detail": "; ".join(f"{k}: {v}" for k, v in errors_.items()), "errors": errors_},
        status=status.HTTP_400_BAD_REQUEST,
    )


class ArchiveListView(APIView):
    @extend_schema(
        tags=[TAG],
        summary="Search the archive",
        description=(
            "Finished games (or, with `status=active`, games in progress), filtered like the "
            "/archive/ page and sorted by completion date, newest first. Paginated."
        ),
        parameters=FILTER_PARAMETERS,
        responses={200: s.ArchivePageSerializer, **errors(400)},
    )
    def get(self, request):
        filters, problems = Filters.from_query(request.query_params)
        pages = PAGES()
        problems |= pages.problems(request)
        if problems:
            return _bad(problems)
        pages.django_paginator_class = partial(SearchPaginator, filters=filters)
        try:
            pages.paginate_queryset(search(filters), request)
        except FilterError as exc:
            return _bad({exc.field: str(exc)})
        rows = rows_of(pages.page.object_list, filters.status)
        return pages.get_paginated_response(
            [row.as_json() for row in rows],
            filters=dict(filters.query_items()) | {"player": filters.players},
            ignored=[],  # every filter works now; kept for existing clients
        )


class ArchiveRecordView(PublicGameView):
    @extend_schema(
        tags=[TAG],
        summary="Download a game record",
        description=(
            "The NOTATION.md record (`carcassonne-record/1`) of a started game, as an attachment; "
            "`python -m carcassonne replay` and the archive's import page accept it."
        ),
        responses={200: RecordSerializer, **errors(404)},
    )
    def get(self, request, pk: int):
        stored = load_game(pk, with_result=False, viewer=request.user)
        response = Response(stored.record())
        response["Content-Disposition"] = f'attachment; filename="carcassonne-game-{pk}.json"'
        return response


class ArchiveBoardView(PublicGameView):
    content_negotiation_class = AnyContent

    @extend_schema(
        tags=[TAG],
        summary="The board after move k, as SVG",
        description="The board after move `k` (`?move=k`, 0 = the start tile alone; default: the last move), "
        "with the tile placed on move k outlined. With King & Robber a legend under the board names the award "
        "holders; `?legend=0` leaves it out (the replay page shows it beside the board, from the move's `legend`).",
        parameters=[
            OpenApiParameter("move", int, description="Show the board after this move"),
            OpenApiParameter("legend", int, description="0: no legend in the picture"),
        ],
        responses={
            (200, "image/svg+xml"): OpenApiResponse(OpenApiTypes.STR, description="An SVG document"),
            # the game board's answer (games.engine_state.move_number): "errors" lists messages per parameter
            400: OpenApiResponse(ErrorSerializer, description="`move` is not a move of the game"),
            **errors(404),
        },
    )
    def get(self, request, pk: int):
        from games.board_svg import render_board

        stored = load_game(pk, with_result=False, viewer=request.user)
        total = len(stored.moves)
        k = move_number(request.query_params.get("move"), total)
        legend = request.query_params.get("legend") != "0"
        svg = render_board(stored.engine(upto=total if k is None else k), last_move=True, legend=legend)
        response = HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")
        if stored.game.status == Game.Status.FINISHED:
            response["Cache-Control"] = "private, max-age=86400"
        return response


class ArchiveMoveView(PublicGameView):
    @extend_schema(
        tags=[TAG],
        summary="Scores after move k and the points of move k",
        description=(
            "Move `k` (1-based; 0 is the start), the points each player scored on it, the "
            "scores after it and each player's points by feature so far. After the last move "
            "of a finished game the final scoring is included (`final_points`)."
        ),
        responses={200: s.ArchiveMoveStateSerializer, **errors(404)},
    )
    def get(self, request, pk: int, k: int):
        stored = load_game(pk, with_result=False, viewer=request.user)
        total = len(stored.moves)
        if not 0 <= k <= total:
            return Response(
                {"detail": _("this game has moves 0 to %(most)d, not %(value)d") % {"most": total, "value": k}},
                status=status.HTTP_404_NOT_FOUND,
            )
        engine = stored.engine(upto=k)
        data = move_state(stored.names, stored.moves, engine, k, finished=stored.game.status == Game.Status.FINISHED)
        data["board_url"] = reverse("archive-api:game-board", args=[pk]) + f"?move={k}"
        data["page_url"] = reverse("archive:game", args=[pk]) + f"?move={k}"
        return Response(data)


class ArchiveAnalysisView(PublicGameView):
    """A finished game's analysis by the strongest bot (see archive.game_analysis): read by
    anyone who may see the game, asked for by a signed-in one."""

    @staticmethod
    def answer(pk: int, stored, code: int = status.HTTP_200_OK) -> Response:
        row = GameAnalysis.objects.filter(game_id=pk).first()
        return Response(game_analysis.as_json(row, stored), status=code)

    @extend_schema(
        tags=[TAG],
        summary="A finished game's analysis",
        description=(
            "Each decision that had a choice, judged by the strongest bot on what its player knew "
            "then: the move it prefers (`best`), the expected points the move played lost against "
            "it (`loss`) and a mark from `thresholds` (`inaccuracy`, `mistake`, `blunder`, or null); "
            "per player the moves judged, the average points lost and each mark's count. `state` is "
            "`none` until someone asks (POST), then `queued`, `running`, `done` or `failed`. "
            "Computed once, stored, never again on reading."
        ),
        responses={200: s.ArchiveAnalysisSerializer, **errors(404)},
    )
    def get(self, request, pk: int):
        return self.answer(pk, load_game(pk, with_result=False, viewer=request.user))

    @extend_schema(
        tags=[TAG],
        summary="Analyse a finished game",
        description=(
            "Queues the analysis (a Celery task; 202 while it waits or runs). Asking again while it "
            "is queued, running or done changes nothing (200 once done); a failed one is queued "
            "again. Only finished games (409 for one in progress: no help during play)."
        ),
        request=None,
        responses={200: s.ArchiveAnalysisSerializer, 202: s.ArchiveAnalysisSerializer, **errors(404, 409)},
    )
    def post(self, request, pk: int):
        stored = load_game(pk, with_result=False, viewer=request.user)
        try:
            request_analysis(stored.game, request.user)
        except GameError as exc:
            return Response({"detail": str(exc)}, status=exc.status)
        response = self.answer(pk, stored)
        if response.data["state"] in (GameAnalysis.State.QUEUED, GameAnalysis.State.RUNNING):
            response.status_code = status.HTTP_202_ACCEPTED
        return response
