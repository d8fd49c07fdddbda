"""What every JSON API of the site shares: the parser (bounded nesting) and the error
format (``{"detail": "..."}``, see :func:`games.api.exception_handler`)."""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from rest_framework import authentication, parsers
from rest_framework.exceptions import ParseError

from accounts import language

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
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str) and "\x00" in item:
            return True
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, refusing bodies nested too deeply (a 400, not a RecursionError)
    and text with a NUL character (a 400, not PostgreSQL's error)."""

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
        return data


# The parsers a view may use: the bounded JSON parser above, and for a log-in form also
# the form parsers (flat names and values, counted by DATA_UPLOAD_MAX_NUMBER_FIELDS; NUL
# characters refused by carcassonne_site.middleware.HostileInputMiddleware).
FORM_PARSER_CLASSES = (JSONParser, parsers.FormParser, parsers.MultiPartParser)


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
