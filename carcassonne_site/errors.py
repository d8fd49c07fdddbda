"""Error pages: JSON ``{"detail": ...}`` on the API, Django's pages elsewhere."""

from __future__ import annotations

from django.utils.translation import gettext as _
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


def server_error(request):
    if is_api(request):
        return error_response(request, 500, _("The server could not complete this request."))
    return defaults.server_error(request)


def lockout_minutes() -> int:
    from django.conf import settings

    return int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)


def lockout(request, credentials=None, *args, **kwargs):
    """django-axes' answer once an account or an address is locked out (429)."""
    message = _("Too many failed log-ins: try again in %(n)d minutes, or reset your password.") % {"n": lockout_minutes()}
    if is_api(request):
        return error_response(request, 429, message)
    from django.shortcuts import render

    return render(request, "registration/locked_out.html", {"message": message}, status=429)
