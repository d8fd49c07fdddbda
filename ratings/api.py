"""The ratings API (``/api/ratings/``): the leaderboard and a player's rating history."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.views import APIView

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


class RatingsPageSerializer(serializers.Serializer):
    count = serializers.IntegerField(help_text="Rated players in the pool")
    next = serializers.URLField(allow_null=True, help_text="The next page, or null")
    previous = serializers.URLField(allow_null=True, help_text="The previous page, or null")
    results = RatingSerializer(many=True)


PAGE_PARAMETERS = [
    OpenApiParameter("page", {"type": "integer", "minimum": 1}, description="Page number, from 1"),
    OpenApiParameter(
        "page_size", {"type": "integer", "minimum": 1, "maximum": 200}, description="Players per page (default 50)"
    ),
]


class Pages(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200


def _pool(request):
    pool = services.pool_from(request.query_params.get("pool"))
    if pool is None:
        return None, Response({"detail": _("pool must be one of: all, base, expansions")}, status=400)
    return pool, None


class LeaderboardView(APIView):
    @extend_schema(
        tags=["ratings"],
        parameters=[POOL_PARAMETER, *PAGE_PARAMETERS],
        responses={200: RatingsPageSerializer, 400: RatingsErrorSerializer, 404: RatingsErrorSerializer},
        summary="Ratings, best first (paginated)",
    )
    def get(self, request):
        pool, error = _pool(request)
        if error:
            return error
        pages = Pages()
        rows = pages.paginate_queryset(services.leaderboard(pool), request, view=self)
        offset = (pages.page.number - 1) * pages.page.paginator.per_page
        for i, row in enumerate(rows, offset + 1):
            row.rank = i
        return pages.get_paginated_response(RatingSerializer(rows, many=True).data)


class HistoryView(APIView):
    @extend_schema(
        tags=["ratings"],
        parameters=[POOL_PARAMETER],
        responses={200: ChangeSerializer(many=True), 400: RatingsErrorSerializer, 404: RatingsErrorSerializer},
        summary="A player's rating after each rated game, oldest first",
        description="A private game you did not play in is listed without its game, end time and place.",
    )
    def get(self, request, username: str):
        pool, error = _pool(request)
        if error:
            return error
        user = User.objects.filter(username__iexact=username).first()
        if user is None:
            return Response({"detail": _("no such player")}, status=404)
        return Response(ChangeSerializer(services.history(user.pk, request.user, pool), many=True).data)
