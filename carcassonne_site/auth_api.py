"""``POST /api/auth/token/``: DRF's token view, answering 429 once django-axes has
locked the username out (too many wrong passwords for it), and reading JSON with the
site's bounded parser (DRF's own answers a deeply nested body with a server error)."""

from __future__ import annotations

from django.utils.translation import ngettext
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import exceptions, serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken

from games.serializers import ErrorSerializer

from .errors import lockout_minutes
from .rest import FORM_PARSER_CLASSES


class TokenView(ObtainAuthToken):
    parser_classes = FORM_PARSER_CLASSES  # a log-in form: JSON or form fields

    @extend_schema(
        tags=["auth"],
        summary="Get your API token",
        description="Send `Authorization: Token <key>` with later requests. Too many wrong passwords "
        "for one username lock that username out for a while (429); other users at the same address "
        "can still log in.",
        request=AuthTokenSerializer,
        responses={
            200: inline_serializer("Token", {"token": serializers.CharField()}),
            400: OpenApiResponse(ErrorSerializer, description="Wrong username or password"),
            429: OpenApiResponse(ErrorSerializer, description="Locked out after too many wrong passwords"),
        },
    )
    def post(self, request, *args, **kwargs):
        try:
            return super().post(request, *args, **kwargs)
        except exceptions.ValidationError:
            if getattr(request, "axes_locked_out", False) or getattr(request._request, "axes_locked_out", False):
                raise exceptions.Throttled(
                    wait=lockout_minutes() * 60,
                    detail=ngettext(
                        "Too many failed log-ins: try again in %(n)d minute.",
                        "Too many failed log-ins: try again in %(n)d minutes.",
                        lockout_minutes(),
                    )
                    % {"n": lockout_minutes()},
                ) from None
            raise
