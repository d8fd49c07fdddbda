"""The move API (``/api/games/...``): thin DRF views around the commands of
:mod:`games.lobby`, :mod:`games.turns` and :mod:`games.bot_seats`, and the views of
:mod:`games.present`.

Every error is a JSON ``{"detail": "<message>"}`` with a 4xx status; a malformed
request also gets ``"errors"`` (messages per field). Nothing here knows a rule: the
commands ask the engine. Anyone may read a public game (spectators, also without an
account); a private one only its players (see :mod:`games.visibility`); only its
seated players may move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import Http404, HttpResponse
from django.utils.decorators import method_decorator
from django.utils.translation import gettext as _
from django.views.decorators.gzip import gzip_page
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, status
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from games import bot_seats, hints, lobby, recorded, seating, tasks, turns
from games.board_svg import render_board
from games.commands import LockedGame
from games.engine_state import engine_for, move_number
from games.models import Game, Move, Seat
from games.present import payloads
from games.present.entries import move_json
from games.present.view import GameView
from games.visibility import game_for_viewer

from . import serializers as s
from .api_common import AnyContent, pages_class

TAG = "games"


class GameAPIView(APIView):
    # Authentication (token first: an anonymous request gets 401 with a WWW-Authenticate
    # header), parser and errors: the site's, from REST_FRAMEWORK in the settings.

    seated_methods: tuple[str, ...] = ()
    """Methods only a seated player gets through (a move, a decision): a seated player may
    always watch the game, so whether the caller may is asked only when the request fails."""

    def initial(self, request, *args, **kwargs):
        """After authentication: every view of one game answers 404 at once, before looking at
        the request, unless the caller may watch the game (a private game is as missing)."""
        super().initial(request, *args, **kwargs)
        self.watch_unchecked = "pk" in kwargs and request.method in self.seated_methods
        if "pk" in kwargs and not self.watch_unchecked:
            self.game(kwargs["pk"])

    def handle_exception(self, exc):
        """A failed request of a seated method: an outsider gets the 404 of a missing game
        rather than what was wrong with the request, as if it had been asked first."""
        if getattr(self, "watch_unchecked", False):
            self.watch_unchecked = False
            try:
                self.game(self.kwargs["pk"])
            except Http404 as missing:
                exc = missing
        return super().handle_exception(exc)

    def game(self, pk: int) -> Game:
        """The game, if the caller may watch it (see games.visibility), else 404. A reading
        request asks once: the check before the view (:meth:`initial`) hands its game on."""
        watched = getattr(self, "_watched", None)
        if watched is not None and watched.pk == pk:
            return watched
        game = game_for_viewer(pk, self.request.user)
        if self.request.method in ("GET", "HEAD"):  # a command's game changes under it
            self._watched = game
        return game

    def load(self, pk: int, upto: int | None = None, **replay):
        """The game, its seats and its engine state (a replay of the move log; ``replay``:
        :func:`games.engine_state.engine_for`'s options)."""
        game = self.game(pk)
        seats = list(game.seats.select_related("user").order_by("position"))
        return game, seats, engine_for(game, seats, upto=upto, **replay)

    def view(self, pk: int) -> GameView:
        """The game as the caller may see it (one replay of the log)."""
        return GameView.load(self.game(pk), self.request.user)

    def state(self, pk: int, code: int = status.HTTP_200_OK) -> Response:
        return Response(payloads.game_state(self.view(pk)), status=code)

    def current(self, locked: LockedGame, code: int = status.HTTP_200_OK) -> Response:
        """The state after the caller's command, as they see it: from the game, seats and
        engine state the command left (no second replay)."""
        view = GameView.of(locked.game, locked.seats, locked.engine, self.request.user)
        return Response(payloads.game_state(view), status=code)

    def played(self, locked: LockedGame, number: int) -> HttpResponse:
        """201 with the state after the caller's move or decision ``number``, as they see it:
        from the engine the command played on (no second replay). The game page's own move
        views (games.page_moves) answer its fragment instead."""
        view = GameView.of(locked.game, locked.seats, locked.engine, self.request.user)
        return Response(payloads.played(view, number), status=status.HTTP_201_CREATED)


ERRORS = {
    400: OpenApiResponse(s.ErrorSerializer, description="Malformed request, or refused by the rules"),
    401: OpenApiResponse(s.ErrorSerializer, description="Not authenticated"),
    403: OpenApiResponse(s.ErrorSerializer, description="Not allowed"),
    404: OpenApiResponse(s.ErrorSerializer, description="No such game"),
    409: OpenApiResponse(s.ErrorSerializer, description="Conflict with the game's state"),
    429: OpenApiResponse(s.ErrorSerializer, description="Past a limit: games or invitations a day, games waiting"),
}


def errors(*codes: int) -> dict:
    return {code: ERRORS[code] for code in (401, *codes)}


def _list_item(game: Game, user) -> dict:
    seats = sorted(game.seats.all(), key=lambda seat: seat.position)
    names = [seat.user.username if seat.user else None for seat in seats]
    mine = getattr(seating.seat_of(seats, user), "state", None)
    return {
        "id": game.pk,
        "name": game.title,
        "status": game.status,
        "players": names,
        "scores": list(game.scores) or [0] * len(seats),
        "current_player": names[game.current_seat]
        if game.current_seat is not None and game.status == Game.Status.ACTIVE
        else None,
        "move_number": game.move_count + 1,
        "my_seat": mine if mine in (Seat.State.INVITED, Seat.State.JOINED) else None,
        "created_at": game.created_at,
        "updated_at": game.updated_at,
        "has_bots": game.has_bots,
    }


class GameListView(GameAPIView):
    pagination_class = pages_class()

    @extend_schema(
        tags=[TAG],
        summary="Games of the caller",
        description="Games where the caller has a seat or an invitation, most recently updated first. Paginated.",
        parameters=[
            OpenApiParameter(
                "status", str, enum=["waiting", "active", "finished"], description="Only games in this state"
            )
        ],
        responses={200: s.GameListItemSerializer(many=True), **errors(400)},
    )
    def get(self, request):
        user = request.user
        games = Game.objects.filter(id__in=Seat.objects.filter(seating.seats_of_user(user)).values("game_id"))
        wanted = request.query_params.get("status")
        if wanted is not None:
            if wanted not in Game.Status.values:
                raise exceptions.ValidationError(
                    {
                        "status": [
                            _("must be one of %(values)s, not %(value)r")
                            % {"values": ", ".join(Game.Status.values), "value": wanted}
                        ]
                    }
                )
            games = games.filter(status=wanted)
        games = games.distinct().order_by("-updated_at", "-pk").prefetch_related("seats__user")
        pages = self.pagination_class()
        return pages.get_paginated_response(
            [_list_item(game, user) for game in pages.paginate_queryset(games, request)]
        )

    @extend_schema(
        tags=[TAG],
        summary="Create a game",
        description=(
            "The creator takes the first seat, then the invited players in the order listed, then the "
            "open seats. With `seat_order: random` the order is drawn when the game starts. "
            "The game starts when every seat is taken. Limited per user: `GAMES_CREATED_PER_DAY`, "
            "`GAMES_WAITING_PER_USER` and `GAMES_INVITATIONS_PER_DAY` (429 past them)."
        ),
        request=s.CreateGameSerializer,
        responses={201: s.GameStateSerializer, **errors(400, 429)},
    )
    def post(self, request):
        data = _validated(s.CreateGameSerializer, request)
        rules = data.get("rules")
        game = bot_seats.create_game_with_bots(
            request.user,
            data["invite"],
            bots=data["bots"],
            bot_level=data["bot_level"],
            seat_order=data["seat_order"],
            rules=rules,
            open_seats=data["open_seats"],
            name=data["name"],
            move_days=data["move_days"],
            timeout_rule=data["timeout_rule"],
            vacation_allowed=data["vacation_allowed"],
            private=data["private"],
        )
        return self.state(game.pk, status.HTTP_201_CREATED)


def _validated(serializer_class, request) -> dict:
    if not isinstance(request.data, dict):
        raise exceptions.ValidationError({"non_field_errors": [_("the body must be a JSON object")]})
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class PublicGameView(GameAPIView):
    """Reading a public game needs no account (games are public, see games.visibility)."""

    permission_classes = [IsAuthenticatedOrReadOnly]


class GameDetailView(PublicGameView):
    @extend_schema(
        tags=[TAG],
        summary="The state of a game",
        description="Board, players, scores, whose turn and the drawn tile. Any signed-in user may look.",
        responses={200: s.GameStateSerializer, **errors(404)},
    )
    def get(self, request, pk: int):
        return self.state(pk)


class _SeatAction(GameAPIView):
    action: Callable[[int, Any], LockedGame]  # each view's lobby function, as a staticmethod

    def post(self, request, pk: int):
        return self.current(type(self).action(pk, request.user))


class AcceptView(_SeatAction):
    action = staticmethod(lobby.accept_invitation)

    @extend_schema(
        tags=[TAG],
        summary="Accept an invitation",
        description="The game starts when this fills its last seat.",
        request=None,
        responses={200: s.GameStateSerializer, **errors(403, 404)},
    )
    def post(self, request, pk: int):
        return super().post(request, pk)


class DeclineView(_SeatAction):
    action = staticmethod(lobby.decline_invitation)

    @extend_schema(
        tags=[TAG],
        summary="Decline an invitation",
        description="The seat becomes open: anyone may then join.",
        request=None,
        responses={200: s.GameStateSerializer, **errors(403, 404)},
    )
    def post(self, request, pk: int):
        return super().post(request, pk)


class JoinView(_SeatAction):
    action = staticmethod(lobby.join_game)

    @extend_schema(
        tags=[TAG],
        summary="Take an open seat",
        description="The game starts when this fills its last seat.",
        request=None,
        responses={200: s.GameStateSerializer, **errors(404, 409)},
    )
    def post(self, request, pk: int):
        return super().post(request, pk)


class ResignView(GameAPIView):
    @extend_schema(
        tags=[TAG],
        summary="Resign",
        description=(
            "Leave the game, on turn or not: a `resign` entry of the record. Your followers stay on the "
            "board but score nothing more and you cannot win; the others are told by e-mail. With one "
            "player left the game ends. Only a seated player of an active game may resign (403 for "
            "others, 409 when the game is over or has not started)."
        ),
        request=None,
        responses={200: s.GameStateSerializer, **errors(403, 404, 409)},
    )
    def post(self, request, pk: int):
        return self.current(turns.resign(pk, request.user))


class BotsView(GameAPIView):
    @extend_schema(
        tags=[TAG],
        summary="Seat bots in open seats",
        description="Only the creator, before the game starts. The game starts when this fills its last seat; "
        "a game with a bot is not rated.",
        request=s.BotsRequestSerializer,
        responses={200: s.GameStateSerializer, **errors(400, 403, 404, 409)},
    )
    def post(self, request, pk: int):
        data = _validated(s.BotsRequestSerializer, request)
        locked = bot_seats.fill_with_bots(pk, request.user, data["level"], data.get("count"))
        return self.current(locked)


class LegalMovesView(PublicGameView):
    @extend_schema(
        tags=[TAG],
        summary="What the pending decision allows",
        description=(
            "For a tile turn: every legal (x, y, rotation) of the drawn tile with the follower spots "
            "(`meeples`) and every figure allowed on each spot (`figures`: follower, large, builder, pig). "
            "For another decision (the Count's, which may fall to a player not on turn): `pending` names "
            "who must decide, which kind, and the accepted answers (send one to `POST .../decision/`)."
        ),
        responses={200: s.LegalMovesSerializer, **errors(404)},
    )
    def get(self, request, pk: int):
        return Response(payloads.legal_moves(self.view(pk)))


@method_decorator(gzip_page, name="dispatch")  # the game page's 201 (games.page_moves) is its fragment
class MovesView(PublicGameView):
    seated_methods = ("POST",)

    @extend_schema(
        tags=[TAG],
        summary="The moves played so far",
        description=(
            "Each move is a record entry, exactly as stored, under `entry` (NOTATION.md), with who "
            "acted and the points it scored; its fields are also given flat. Discards (tiles that fit "
            "nowhere) are moves too, with `discard: true`; so are turns lost to the clock: `skip: true` "
            "(the tile went back into the bag) and `forfeit: true` (the player lost on time), and "
            "resignations (`resign: true`)."
        ),
        responses={200: s.MoveSerializer(many=True), **errors(404)},
    )
    def get(self, request, pk: int):
        game, seats, engine = self.load(pk, noted=None)  # every move told from this one replay
        names = [seat.user.username if seat.user else None for seat in seats]
        told = GameView(engine, [name or seat.display_name for name, seat in zip(names, seats)])  # the moves in words
        rows = Move.objects.filter(game_id=pk).order_by("number").values_list("number", "seat", "entry", "points")
        return Response(
            [
                move_json(number, seat, entry, points, names, told.describe(number) or None)
                for number, seat, entry, points in rows
            ]
        )

    @extend_schema(
        tags=[TAG],
        summary="Play your turn",
        description=(
            "Place the drawn tile (or, with a hand of tiles, the `tile` of your hand) at (x, y) with a "
            "rotation, and optionally a figure on a spot: `meeple` is a spot, or `{spot, figure}` for a "
            "large follower, builder or pig (see the legal moves' `figures`). "
            "`move_number` must be the state's `move_number`: a stale one gets 409, so that a turn "
            "submitted twice is stored once. Returns the new state."
        ),
        request=s.MoveRequestSerializer,
        responses={201: s.PlayedSerializer, **errors(400, 403, 404, 409)},
    )
    def post(self, request, pk: int):
        data = _validated(s.MoveRequestSerializer, request)
        locked = turns.play_move(
            pk,
            request.user,
            data["move_number"],
            data["x"],
            data["y"],
            data["rotation"],
            data["meeple"],
            tile=data.get("tile"),
            action={key: data[key] for key in s.MOVE_ACTION_KEYS if key in data} or None,
        )
        return self.played(locked, data["move_number"])


@method_decorator(gzip_page, name="dispatch")
class DecisionView(GameAPIView):
    seated_methods = ("POST",)

    @extend_schema(
        tags=[TAG],
        summary="Answer a decision",
        description=(
            "Answer the decision the game waits for from you, on turn or not (the Count's: move a "
            "follower out of the City onto a completed feature, put one into the City, the market round). "
            "`answer` is one of the `answer`s listed under the state's `pending.options` (a pass included). "
            "As for moves: 403 when the decision is someone else's, 409 when `move_number` is stale or no "
            "decision is pending, 400 when the rules refuse the answer; one answer is stored per decision."
        ),
        request=s.DecisionRequestSerializer,
        responses={201: s.PlayedSerializer, **errors(400, 403, 404, 409)},
    )
    def post(self, request, pk: int):
        data = _validated(s.DecisionRequestSerializer, request)
        locked = turns.play_decision(pk, request.user, data["move_number"], data["answer"])
        return self.played(locked, data["move_number"])


class HintView(GameAPIView):
    """The strongest bot's move for the caller's turn in a practice game (see games.hints)."""

    @extend_schema(
        tags=[TAG],
        summary="The hint for your move",
        description=(
            "In a practice game (you against bots alone, never rated), on your turn: whether the "
            "strongest bot's move for it was asked for (`state`: `none`, `pending`, `done`) and, once "
            "found, that move (`entry`, in words and in the reply notation). 403 in a game with another "
            "person, 409 when it is not your turn or the game is not in progress."
        ),
        responses={200: s.HintSerializer, **errors(403, 404, 409)},
    )
    def get(self, request, pk: int):
        game = self.game(pk)
        seats = list(game.seats.select_related("user").order_by("position"))
        return Response(hints.current(game, seats, request.user))

    @extend_schema(
        tags=[TAG],
        summary="Ask for a hint",
        description=(
            "Queues the search for the strongest bot's move for your turn (a Celery task; 202 while it "
            "searches, 200 once found). Asking again for the same move changes nothing. Only in a "
            "practice game against bots: 403 in a game with another person."
        ),
        request=None,
        responses={200: s.HintSerializer, 202: s.HintSerializer, **errors(403, 404, 409)},
    )
    def post(self, request, pk: int):
        hint = tasks.request_hint(self.game(pk), request.user)
        return Response(hint, status=status.HTTP_200_OK if hint["state"] == "done" else status.HTTP_202_ACCEPTED)


class RecordView(PublicGameView):
    @extend_schema(
        tags=[TAG],
        summary="The game record",
        description=(
            "The NOTATION.md record of the moves so far (`carcassonne-record/1`), which "
            "`python -m carcassonne replay` accepts; metadata under `meta`."
        ),
        responses={200: s.RecordSerializer, **errors(404)},
    )
    def get(self, request, pk: int):
        game, _seats, engine = self.load(pk)
        return Response(recorded.record(game, engine))


class BoardSVGView(PublicGameView):
    content_negotiation_class = AnyContent

    @extend_schema(
        tags=[TAG],
        summary="The board as SVG",
        description="The board now, or after move `k` with `?move=k` (0 is the start tile alone). With King & "
        "Robber a legend under the board names the award holders; `?legend=0` leaves it out (the game page shows "
        "it beside the board).",
        parameters=[
            OpenApiParameter("move", int, description="Show the board after this move"),
            OpenApiParameter("legend", int, description="0: no legend in the picture"),
        ],
        responses={
            (200, "image/svg+xml"): OpenApiResponse(OpenApiTypes.STR, description="An SVG document"),
            **errors(400, 404),
        },
    )
    def get(self, request, pk: int):
        game = self.game(pk)
        upto = move_number(request.query_params.get("move"), game.move_count)
        seats = list(game.seats.select_related("user").order_by("position"))
        engine = engine_for(game, seats, upto=upto)
        svg = render_board(engine, last_move=True, legend=request.query_params.get("legend") != "0")
        return HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")
