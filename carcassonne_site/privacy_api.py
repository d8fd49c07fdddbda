"""``/api/account/data/``: download my data through the API (see :mod:`accounts.exports`).
``POST`` asks for the file (prepared by a worker), ``GET`` says how far it is and, once
ready, where to download it: ``GET /api/account/data/<token>/`` until it expires."""

from __future__ import annotations

from django.utils.decorators import method_decorator
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import exports
from games.serializers import ErrorSerializer

from .middleware import uncompressed
from .privacy import ask_for_data, zip_response


class DataExportSerializer(serializers.Serializer):
    state = serializers.ChoiceField(
        ["none", "queued", "ready", "failed", "expired"], help_text="queued: being prepared; none: never asked for"
    )
    requested_at = serializers.DateTimeField(allow_null=True)
    ready_at = serializers.DateTimeField(allow_null=True)
    expires_at = serializers.DateTimeField(allow_null=True, help_text="The download link works until then")
    size = serializers.IntegerField(help_text="Bytes of the zip file")
    download = serializers.URLField(allow_null=True, help_text="While ready: the zip file (this API, with your token)")


def _answer(request, export, status=200) -> Response:
    data = exports.describe(export)
    ready = export is not None and data["state"] == "ready"
    data["download"] = request.build_absolute_uri(f"/api/account/data/{export.token}/") if ready else None
    return Response(DataExportSerializer(data).data, status=status)


NOT_AUTHENTICATED = OpenApiResponse(ErrorSerializer, description="Not authenticated")


@method_decorator(uncompressed, name="dispatch")  # the answer holds the download link (its token)
class DataExportView(APIView):
    @extend_schema(
        tags=["account"],
        operation_id="account_data_state",
        summary="Your data file: being prepared, ready (with its link) or expired",
        responses={200: DataExportSerializer, 401: NOT_AUTHENTICATED},
    )
    def get(self, request):
        return _answer(request, exports.latest(request.user))

    @extend_schema(
        tags=["account"],
        operation_id="account_data_ask",
        summary="Ask for your data (one zip file, prepared by a worker)",
        description="Your profile, e-mail addresses and settings, every game you played as a NOTATION.md record "
        "(games/<id>.json; each replays with `python -m carcassonne replay`), your chat messages and notes, "
        "invitations, tournament entries and rating history. Asking while a file is being prepared returns it; "
        "past the daily limit (DATA_EXPORTS_PER_DAY), 429.",
        request=None,
        responses={
            202: DataExportSerializer,
            401: NOT_AUTHENTICATED,
            429: OpenApiResponse(ErrorSerializer, description="Asked too often today"),
        },
    )
    def post(self, request):
        try:
            export = ask_for_data(request.user)
        except exports.TooManyExports as exc:
            return Response({"detail": str(exc)}, status=429)
        return _answer(request, export, status=202)


class DataDownloadView(APIView):
    @extend_schema(
        tags=["account"],
        operation_id="account_data_download",
        summary="Download your data file (a zip) while its link is valid",
        responses={
            (200, "application/zip"): OpenApiTypes.BINARY,
            401: NOT_AUTHENTICATED,
            404: OpenApiResponse(ErrorSerializer, description="No such file, or its link has expired"),
        },
    )
    def get(self, request, token: str):
        export = exports.ready(request.user, token)
        if export is None:
            return Response({"detail": _("This link has expired: ask for your data again.")}, status=404)
        return zip_response(export)
