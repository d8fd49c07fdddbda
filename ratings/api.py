"""The ratings API (``/api/ratings/``): the leaderboard and a player's rating history."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api_common import pages_class

from . import services
from .models import Pool

User = get_user_model()
POOL_PARAMETER = OpenApiParameter(
    "pool", str, enum=list(Pool.values), description="Rule set: all games (default), base game, with expansions"
)


class RatingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    username = serializers.CharField(source="user.username")
    rating = serializers.IntegerField(source="display")
    games = serializers.IntegerField()
    provisional = serializers.BooleanField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()


class ChangeSerializer(serializers.Serializer):
    # null for a private game the caller may not see: the rating moved, the game stays unnamed
    game = serializers.IntegerField(source="game_id", allow_null=True, help_text="null: a private game")
    finished_at = serializers.DateTimeField(allow_null=True, help_text="null: a private game")
    rank = serializers.IntegerField(allow_null=True, help_text="null: a private game")
    rating_before = serializers.IntegerField(source="display_before")
    rating = serializers.IntegerField(source="display")


class RatingsErrorSerializer(serializers.Serializer):
    detail = serializers.CharField()


class RatingsAPIView(APIView):
    # The API's pages (carcassonne_site.rest.Pages, through the settings), longer: players per page.
    # (A comment, not a docstring: the schema would show a docstring as the views' description.)
    pagination_class = pages_class()
    page_size = 50
    max_page_size = 200


def _pool(request):
    pool = services.pool_from(request.query_params.get("pool"))
    if pool is None:
        return None, Response({"detail": _("pool must be one of: all, base, expansions")}, status=400)
    return pool, None


class LeaderboardView(RatingsAPIView):
    @extend_schema(
        tags=["ratings"],
        parameters=[POOL_PARAMETER],
        responses={200: RatingSerializer(many=True), 400: RatingsErrorSerializer},
        summary="Ratings, best first (paginated)",
    )
    def get(self, request):
        pool, error = _pool(request)
        if error:
            return error
        pages = self.pagination_class()
        rows = pages.paginate_queryset(services.leaderboard(pool), request, view=self)
        offset = (pages.page.number - 1) * pages.page.paginator.per_page
        for i, row in enumerate(rows, offset + 1):
            row.rank = i
        return pages.get_paginated_response(RatingSerializer(rows, many=True).data)


class HistoryView(RatingsAPIView):
    @extend_schema(
        tags=["ratings"],
        parameters=[POOL_PARAMETER],
        responses={200: ChangeSerializer(many=True), 400: RatingsErrorSerializer, 404: RatingsErrorSerializer},
        summary="A player's rating after each rated game, oldest first (paginated)",
        description="A private game you did not play in is listed without its game, end time and place.",
    )
    def get(self, request, username: str):
        pool, error = _pool(request)
        if error:
            return error
        user = User.objects.filter(username__iexact=username).first()
        if user is None:
            return Response({"detail": _("no such player")}, status=404)
        pages = self.pagination_class()
        rows = pages.paginate_queryset(services.history(user.pk, request.user, pool), request, view=self)
        return pages.get_paginated_response(ChangeSerializer(rows, many=True).data)
