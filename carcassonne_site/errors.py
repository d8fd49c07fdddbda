"""Error pages: JSON ``{"detail": ...}`` on the API, Django's pages elsewhere."""

from __future__ import annotations

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse
from django.template import loader
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import defaults

from .middleware import error_response, is_api


def bad_request(request, exception=None):
    if is_api(request):
        return error_response(request, 400, _("The request cannot be read (too large, or malformed)."))
    return defaults.bad_request(request, exception)


def permission_denied(request, exception=None):
    if is_api(request):
        return error_response(request, 403, _("You are not allowed to do this."))
    return defaults.permission_denied(request, exception)


def page_not_found(request, exception=None):
    if is_api(request):
        return error_response(request, 404, _("Not found."))
    return defaults.page_not_found(request, exception)


OUTAGE_RETRY_AFTER = 10  # seconds: a dropped or restarting database is usually back by then


def server_error(request):
    """Every uncaught exception ends here (a view's, a middleware's, the session's or
    the user's load), still inside Django's ``except``: a database outage gets 503."""
    if isinstance(sys.exc_info()[1], (OperationalError, InterfaceError)):
        return database_outage(request)
    if is_api(request):
        return error_response(request, 500, _("The server could not complete this request."))
    return defaults.server_error(request)


def database_outage(request):
    """503 with Retry-After: the API's JSON, or a page that needs no database (no
    context processors: they would ask for the session and the user again)."""
    message = _("The database is unavailable; try again in a moment.")
    if is_api(request):
        response = error_response(request, 503, message)
    else:
        response = HttpResponse(loader.render_to_string("503.html", {"message": message}), status=503)
    response["Retry-After"] = str(OUTAGE_RETRY_AFTER)
    return response


def lockout_minutes() -> int:
    from django.conf import settings

    return int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)


def lockout(request, credentials=None, *args, **kwargs):
    """django-axes' answer once an account or an address is locked out (429)."""
    minutes = lockout_minutes()
    message = ngettext(
        "Too many failed log-ins: try again in %(n)d minute, or reset your password.",
        "Too many failed log-ins: try again in %(n)d minutes, or reset your password.",
        minutes,
    ) % {"n": minutes}
    if is_api(request):
        return error_response(request, 429, message)
    from django.shortcuts import render

    return render(request, "registration/locked_out.html", {"message": message}, status=429)
