"""Tournament API (``/api/tournaments/...``): tournaments, rounds, pairings, standings.

Reading is open to any authenticated user; creating makes you the director;
registering, withdrawing and starting are actions (POST). Errors are
``{"detail": "..."}`` with a 4xx status.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api_common import pages_class
from games.serializers import RulesSerializer

from . import creation, ending, ranking, registration, rounds
from .models import Pairing, Round, Tournament
from .round_names import bracket_round_names, round_names
from .standings import TIEBREAKS

User = get_user_model()
TAG = "tournaments"


class TournamentSerializer(serializers.ModelSerializer):
    director = serializers.CharField(source="director.username", read_only=True)
    tiebreaks = serializers.ListField(child=serializers.ChoiceField(choices=list(TIEBREAKS)), required=False)
    rules = RulesSerializer(required=False)
    status = serializers.CharField(read_only=True, help_text="registration, running or finished")
    stage = serializers.CharField(read_only=True, help_text="main, or knockout")
    stay_out = serializers.BooleanField(
        write_only=True,
        required=False,
        default=False,
        help_text="On creating: true to direct without playing (by default the director is entered as a player)",
    )

    class Meta:
        model = Tournament
        # the editable fields (creation.EDITABLE) with what the site sets, in the answer's order
        fields = [
            "id",
            "name",
            "description",
            "director",
            "status",
            "stage",
            *creation.EDITABLE[2:],
            "created_at",
            "stay_out",
        ]
        read_only_fields = ["id", "director", "status", "stage", "created_at"]


class PlaceSerializer(serializers.Serializer):
    place = serializers.IntegerField(help_text="1: the champion; players sharing a rank share the place")
    username = serializers.CharField()
    user_id = serializers.IntegerField()


class RoundDatesSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField(help_text="As on the pages: 'Round 2', 'Semi-finals', 'Final'")
    starts = serializers.DateTimeField(
        allow_null=True,
        help_text="When it started; for a round to come, the latest it starts (the deadline of the round "
        "before; before round 1, counted from the announced start date: null when there is none)",
    )
    ends = serializers.DateTimeField(
        allow_null=True, help_text="When it finished, else its deadline (for a round to come, the latest)"
    )
    started = serializers.BooleanField()
    finished = serializers.BooleanField()
    planned = serializers.BooleanField(help_text="Before round 1: dates from the announced start date")


class TournamentDetailSerializer(TournamentSerializer):
    """A tournament with every round's dates, and its champion and places once it is over."""

    champion = serializers.SerializerMethodField(
        help_text="The winner once the tournament is over (null before, or when first place is shared)"
    )
    round_dates = serializers.SerializerMethodField(
        help_text="Every round's start and end, played or to come (as on the tournament's page)"
    )
    places = serializers.SerializerMethodField(
        help_text="The places the format decided once the tournament is over: "
        "a knockout's first, second (and third with a third-place game); "
        "else the first three of the standings"
    )

    class Meta(TournamentSerializer.Meta):
        fields = [*TournamentSerializer.Meta.fields, "round_dates", "champion", "places"]

    def _places(self, obj) -> list[dict]:
        if not hasattr(obj, "_api_places"):
            found = ending.places(obj)
            names = _names(uid for _place, uid in found)
            obj._api_places = [
                {"place": place, "username": names.get(uid, str(uid)), "user_id": uid} for place, uid in found
            ]
        return obj._api_places

    @extend_schema_field(RoundDatesSerializer(many=True))
    def get_round_dates(self, obj) -> list[dict]:
        return list(RoundDatesSerializer(rounds.named_timeline(obj), many=True).data)

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_champion(self, obj) -> str | None:
        first = [p for p in self._places(obj) if p["place"] == 1]
        return first[0]["username"] if len(first) == 1 else None

    @extend_schema_field(PlaceSerializer(many=True))
    def get_places(self, obj) -> list[dict]:
        return self._places(obj)


class RoundSerializer(serializers.ModelSerializer):
    status = serializers.CharField(read_only=True, help_text="active or finished")
    stage = serializers.CharField(read_only=True, help_text="main, or knockout")
    name = serializers.SerializerMethodField(
        help_text="As on the pages: 'Round 2', or the knockout's 'Semi-finals', 'Final'"
    )

    class Meta:
        model = Round
        fields = ["number", "name", "stage", "status", "started_at", "deadline", "finished_at"]

    def get_name(self, rnd) -> str:
        names = self.context.get("names")
        if names is None:  # once per list: every round of it is of one tournament
            names = round_names(rnd.tournament)
            self.context["names"] = names  # type: ignore[index]  # DRF's context is a plain dict
        return names.get(rnd.number, "")


class PairingSerializer(serializers.ModelSerializer):
    round = serializers.IntegerField(source="round.number", read_only=True)
    players = serializers.SerializerMethodField()
    forfeited = serializers.SerializerMethodField()
    game = serializers.IntegerField(source="game_id", allow_null=True, read_only=True)
    status = serializers.CharField(read_only=True, help_text="active, finished, forfeit, adjudicated, bye or dropped")

    class Meta:
        model = Pairing
        fields = ["round", "number", "players", "scores", "forfeited", "status", "game", "bracket_match"]

    def _names(self):
        return self.context.get("names", {})

    def get_players(self, obj) -> list[str]:
        return [self._names().get(u, str(u)) for u in obj.players]

    def get_forfeited(self, obj) -> list[str]:
        return [self._names().get(u, str(u)) for u in obj.forfeited]


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    username = serializers.CharField()
    user_id = serializers.IntegerField()
    points = serializers.FloatField(help_text="Tournament points (2 a win, 1 a draw); in a knockout, 2 a match won")
    played = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    byes = serializers.IntegerField()
    game_points = serializers.IntegerField(help_text="Points scored in the games")
    reached = serializers.IntegerField(
        allow_null=True,
        help_text="Knockout: the last round reached (0: the first; the champion: one past the final); null otherwise",
    )
    round_reached = serializers.CharField(
        allow_null=True, help_text="Knockout: the round reached in words ('Semi-finals', 'Champion'); null otherwise"
    )
    withdrawn = serializers.BooleanField()
    tiebreaks = serializers.DictField(
        child=serializers.FloatField(allow_null=True),
        help_text="By tiebreak name; head_to_head is null for a player tied with nobody when it was applied",
    )


class TournamentErrorSerializer(serializers.Serializer):
    detail = serializers.CharField()


class WithdrawSerializer(serializers.Serializer):
    username = serializers.CharField(required=False, help_text="Director only: withdraw this player")
    policy = serializers.ChoiceField(choices=["forfeit", "drop"], default="forfeit")

    class Meta:
        ref_name = "TournamentWithdraw"


ERRORS = {
    400: TournamentErrorSerializer,
    403: TournamentErrorSerializer,
    404: TournamentErrorSerializer,
    409: TournamentErrorSerializer,
}


class TournamentAPIView(APIView):
    """A tournament endpoint: its errors (:mod:`tournaments.errors`) are answered by the
    site's API handler like every command's, ``{"detail": ...}`` with their status. Reading
    is open to everyone, as the tournament pages and exports are; changing needs a log-in."""

    permission_classes = [IsAuthenticatedOrReadOnly]


def _names(ids) -> dict:
    return dict(User.objects.filter(pk__in=set(ids)).values_list("pk", "username"))


class TournamentListView(TournamentAPIView):
    pagination_class = pages_class()

    @extend_schema(
        tags=[TAG],
        summary="List tournaments",
        description="Newest first. Paginated.",
        responses={200: TournamentSerializer(many=True), 400: TournamentErrorSerializer},
    )
    def get(self, request):
        pages = self.pagination_class()
        rows = pages.paginate_queryset(
            Tournament.objects.select_related("director").order_by("-created_at", "-pk"), request
        )
        return pages.get_paginated_response(TournamentSerializer(rows, many=True).data)

    @extend_schema(
        tags=[TAG],
        summary="Create a tournament (you direct it)",
        request=TournamentSerializer,
        description="At most `TOURNAMENTS_CREATED_PER_DAY` a day per director (429 past it).",
        responses={201: TournamentSerializer, **ERRORS, 429: TournamentErrorSerializer},
    )
    def post(self, request):
        ser = TournamentSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        fields = dict(ser.validated_data)
        stay_out = fields.pop("stay_out", False)
        t = creation.create_tournament(request.user, **fields)
        if not stay_out:
            registration.enter_director(t)
        return Response(TournamentSerializer(t).data, status=status.HTTP_201_CREATED)


class TournamentDetailView(TournamentAPIView):
    @extend_schema(
        tags=[TAG],
        summary="A tournament, with its champion and places once it is over",
        responses={200: TournamentDetailSerializer, 404: TournamentErrorSerializer},
    )
    def get(self, request, pk):
        return Response(TournamentDetailSerializer(get_object_or_404(Tournament, pk=pk)).data)

    @extend_schema(
        tags=[TAG],
        summary="Edit a tournament (director or staff)",
        request=TournamentSerializer,
        responses={200: TournamentDetailSerializer, **ERRORS},
    )
    def patch(self, request, pk):
        t = get_object_or_404(Tournament, pk=pk)
        ser = TournamentSerializer(t, data=request.data, partial=True)
        ser.is_valid(raise_exception=True)
        fields = {k: v for k, v in ser.validated_data.items() if k != "stay_out"}  # only on creating
        t = creation.update_tournament(t, request.user, **fields)
        return Response(TournamentDetailSerializer(t).data)


class RegisterView(TournamentAPIView):
    @extend_schema(
        tags=[TAG],
        summary="Register yourself (409 when registration is closed, e.g. once the tournament is over)",
        request=None,
        responses={201: TournamentErrorSerializer, **ERRORS},
    )
    def post(self, request, pk):
        t = get_object_or_404(Tournament, pk=pk)
        registration.register(t, request.user)
        return Response({"detail": "registered"}, status=status.HTTP_201_CREATED)


class WithdrawView(TournamentAPIView):
    @extend_schema(
        tags=[TAG],
        summary="Withdraw (yourself, or a player as director); 409 once the tournament is over",
        request=WithdrawSerializer,
        responses={200: TournamentErrorSerializer, **ERRORS},
    )
    def post(self, request, pk):
        t = get_object_or_404(Tournament, pk=pk)
        if not isinstance(request.data, dict):
            raise serializers.ValidationError({"non_field_errors": [_("the body must be a JSON object")]})
        body = WithdrawSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        target = request.user
        if body.validated_data.get("username"):
            target = get_object_or_404(User, username=body.validated_data["username"])
        registration.withdraw(t, target, by=request.user, policy=body.validated_data["policy"])
        return Response({"detail": _("%(name)s has withdrawn") % {"name": target.username}})


class StartView(TournamentAPIView):
    @extend_schema(
        tags=[TAG], summary="Start round 1 (director)", request=None, responses={201: RoundSerializer, **ERRORS}
    )
    def post(self, request, pk):
        t = get_object_or_404(Tournament, pk=pk)
        rnd = rounds.start(t, request.user)
        return Response(RoundSerializer(rnd).data, status=status.HTTP_201_CREATED)


class RoundListView(TournamentAPIView):
    @extend_schema(
        tags=[TAG],
        summary="Rounds of a tournament",
        responses={200: RoundSerializer(many=True), 404: TournamentErrorSerializer},
    )
    def get(self, request, pk):
        t = get_object_or_404(Tournament, pk=pk)
        return Response(RoundSerializer(t.rounds.all(), many=True).data)


class PairingListView(TournamentAPIView):
    @extend_schema(
        tags=[TAG],
        summary="Pairings of a round, with results and games",
        responses={200: PairingSerializer(many=True), 404: TournamentErrorSerializer},
    )
    def get(self, request, pk, number):
        rnd = get_object_or_404(Round, tournament_id=pk, number=number)
        pairings = list(rnd.pairings.select_related("round"))
        names = _names(u for p in pairings for u in p.players)
        return Response(PairingSerializer(pairings, many=True, context={"names": names}).data)


class StandingsView(TournamentAPIView):
    @extend_schema(
        tags=[TAG],
        summary="Standings: points and the tiebreak chain",
        responses={200: StandingSerializer(many=True), 404: TournamentErrorSerializer},
    )
    def get(self, request, pk):
        t = get_object_or_404(Tournament, pk=pk)
        rows = t.standings_cache or ranking.refresh_standings(t)
        names = bracket_round_names(t)  # the round reached, named as on the page and in the CSV
        return Response([{**r, "round_reached": names.get(r.get("reached"))} for r in rows])
