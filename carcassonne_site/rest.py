"""What every JSON API of the site shares (games, archive, tournaments, ratings, the token
view): the parser (bounded nesting), the token authentication, the pages of every list
(:class:`Pages`) and the error format (``{"detail": "..."}``, :func:`exception_handler`).

The site is the top layer: the apps below it (games, archive, tournaments, ratings) may not
import this module, and reach it only through ``REST_FRAMEWORK`` in the settings
(``DEFAULT_AUTHENTICATION_CLASSES``, ``DEFAULT_PARSER_CLASSES``, ``EXCEPTION_HANDLER``,
``DEFAULT_PAGINATION_CLASS``; a view's pages through :func:`games.api_common.pages`)."""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from rest_framework import authentication, exceptions, pagination, parsers
from rest_framework import views as drf_views  # the module: its APIView imports this one (the settings name it)
from rest_framework.exceptions import ParseError, ValidationError
from rest_framework.response import Response

from accounts import language
from games.errors import GameError
from games.text import has_lone_surrogate, strings_in, without_lone_surrogates

MAX_DEPTH = 32  # no request of the API nests deeper than a few levels


def depth(value, limit: int = MAX_DEPTH) -> int:
    """How deeply ``value`` nests (lists and objects), counting up to ``limit + 1``."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, level)
            if deepest > limit:
                return deepest
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, level + 1) for child in children)
    return deepest


def has_nul(value) -> bool:
    """True when a string anywhere in ``value`` (keys too) holds a NUL character, which
    PostgreSQL refuses in text. Called once ``depth`` has bounded the nesting."""
    return any("\x00" in text for text in strings_in(value))


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, refusing bodies nested too deeply (a 400, not a RecursionError),
    text with a NUL character (a 400, not PostgreSQL's error) and text with a lone
    surrogate (a 400, not a server error wherever an answer would echo it)."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(_("the JSON is nested too deeply")) from None
        if depth(data) > MAX_DEPTH:
            raise ParseError(
                ngettext(
                    "the JSON is nested too deeply (at most %(n)d level)",
                    "the JSON is nested too deeply (at most %(n)d levels)",
                    MAX_DEPTH,
                )
                % {"n": MAX_DEPTH}
            )
        if has_nul(data):
            raise ParseError(_("the JSON contains a NUL character (\\u0000), which no text may contain"))
        if has_lone_surrogate(data):
            raise ParseError(
                _(
                    "the JSON contains a lone surrogate (an escape such as \\ud800 without its pair), "
                    "which is no character: write the character itself"
                )
            )
        return data


# The parsers a view may use: the bounded JSON parser above, and for a log-in form also
# the form parsers (flat names and values, counted by DATA_UPLOAD_MAX_NUMBER_FIELDS; NUL
# characters refused by carcassonne_site.middleware.HostileInputMiddleware).
FORM_PARSER_CLASSES = (JSONParser, parsers.FormParser, parsers.MultiPartParser)


def _flatten(detail, prefix: str = "") -> dict[str, list[str]]:
    """``{"rules": {"hole_bonus": ["..."]}}`` -> ``{"rules.hole_bonus": ["..."]}``."""
    out: dict[str, list[str]] = {}
    if isinstance(detail, dict):
        for key, value in detail.items():
            name = f"{prefix}.{key}" if prefix else str(key)
            out.update(_flatten(value, name))
    elif isinstance(detail, list):
        if all(not isinstance(item, (dict, list)) for item in detail):
            out[prefix or "non_field_errors"] = [str(item) for item in detail]
        else:
            for i, item in enumerate(detail):
                out.update(_flatten(item, f"{prefix}[{i}]" if prefix else f"[{i}]"))
    else:
        out[prefix or "non_field_errors"] = [str(detail)]
    return out


def exception_handler(exc: Exception, context: dict) -> Response | None:
    """Every API's errors (``EXCEPTION_HANDLER``): DRF's handler, then service errors
    (:class:`games.errors.GameError`) by their status (with ``errors`` when one names its
    field or parameter: an invitation, ``?move=``), field errors in one sentence."""
    if isinstance(exc, GameError):
        data: dict[str, object] = {"detail": str(exc)}
        if exc.field:
            data["errors"] = {exc.field: [str(exc)]}
        return Response(data, status=exc.status)
    response = drf_views.exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        errors = _flatten(exc.detail)
        parts = []
        for field, messages in errors.items():
            label = _("request") if field == "non_field_errors" else field
            parts.append(f"{label}: {' '.join(m.rstrip('.') for m in messages)}")
        response.data = {"detail": "; ".join(parts), "errors": errors}
    elif isinstance(exc, exceptions.ParseError):
        response.data = {"detail": _("the request body is not valid JSON (%(reason)s)") % {"reason": exc.detail}}
    elif not (isinstance(response.data, dict) and "detail" in response.data):
        response.data = {"detail": str(response.data)}
    # An error may quote what was sent (a choice it is not): never a text no answer can hold.
    response.data = without_lone_surrogates(response.data)
    return response


class TokenAuthentication(authentication.TokenAuthentication):
    """DRF's token authentication; a token's user with a saved language gets the API's
    messages in it (a session's user already has it from accounts.middleware)."""

    def authenticate(self, request):
        result = super().authenticate(request)
        if result is not None:
            saved = language.supported(result[0].language)
            if saved:
                translation.activate(saved)
                request._request.LANGUAGE_CODE = saved
        return result


class Pages(pagination.PageNumberPagination):
    """Every list of the API, one style: ``?page=`` (from 1) and ``?page_size=`` (up to
    ``max_page_size``); a page past the end is the last page (as on the site's pages), a
    number that is not one is a 400 naming the parameter. The answer is ``count``, ``page``,
    ``pages``, ``page_size``, ``next``, ``previous`` (links) and ``results``.

    A view may page longer: its own ``page_size`` and ``max_page_size`` (the leaderboard's),
    read when it is given (a view asks for its pages through the setting, never by import)."""

    page_size = 25
    page_size_query_param = "page_size"
    max_page_size = 100

    def sizes(self, view) -> tuple[int, int]:
        """``(page_size, max_page_size)`` for ``view``: its own, else these."""
        return getattr(view, "page_size", self.page_size), getattr(view, "max_page_size", self.max_page_size)

    def problems(self, request) -> dict[str, str]:
        """``{parameter: message}`` for a page or page size that is not a number in range."""
        found = {}
        raw_size = request.query_params.get("page_size", "").strip()
        if raw_size and not (raw_size.isdigit() and 1 <= int(raw_size) <= self.max_page_size):
            found["page_size"] = _("page_size must be a number from 1 to %(most)d") % {"most": self.max_page_size}
        raw_page = request.query_params.get("page", "").strip()
        if raw_page and not (raw_page.isdigit() and int(raw_page) >= 1):
            found["page"] = _("page must be a number from 1")
        return found

    def paginate_queryset(self, queryset, request, view=None):
        self.page_size, self.max_page_size = self.sizes(view)
        problems = self.problems(request)
        if problems:
            raise ValidationError({name: [message] for name, message in problems.items()})
        self.request = request
        raw_size = request.query_params.get("page_size", "").strip()
        paginator = self.django_paginator_class(queryset, int(raw_size) if raw_size else self.page_size)
        self.page = paginator.get_page(request.query_params.get("page", "").strip() or 1)
        return list(self.page)

    def get_paginated_response(self, data, **extra) -> Response:
        """The page :meth:`paginate_queryset` picked, its ``data`` under ``results`` and
        ``extra`` (the archive's filters) beside them."""
        page = self.page
        assert page is not None, "paginate_queryset first"
        paginator = page.paginator
        return Response(
            {
                "count": paginator.count,
                "page": page.number,
                "pages": paginator.num_pages,
                "page_size": paginator.per_page,
                "next": self.get_next_link(),
                "previous": self.get_previous_link(),
                **extra,
                "results": data,
            }
        )

    def get_paginated_response_schema(self, schema):
        number = {"type": "integer", "minimum": 0}
        link = {"type": "string", "format": "uri", "nullable": True}
        return {
            "type": "object",
            "required": ["count", "page", "pages", "page_size", "next", "previous", "results"],
            "properties": {
                "count": {**number, "description": "Items in the whole list"},
                "page": {**number, "description": "This page's number, from 1"},
                "pages": {**number, "description": "How many pages there are"},
                "page_size": {**number, "description": "Items per page"},
                "next": {**link, "description": "The next page, or null on the last"},
                "previous": {**link, "description": "The previous page, or null on the first"},
                "results": schema,
            },
        }

    def get_schema_operation_parameters(self, view):
        page_size, most = self.sizes(view)
        return [
            {
                "name": "page",
                "required": False,
                "in": "query",
                "description": "Page number, from 1 (past the end: the last page)",
                "schema": {"type": "integer", "minimum": 1},
            },
            {
                "name": "page_size",
                "required": False,
                "in": "query",
                "description": f"Items per page (default {page_size}, at most {most})",
                "schema": {"type": "integer", "minimum": 1, "maximum": most},
            },
        ]
