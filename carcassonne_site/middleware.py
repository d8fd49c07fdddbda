"""Site-wide request guards: refuse NUL characters in addresses and forms; a
Content-Security-Policy. (A database outage anywhere in a request is answered by
``errors.server_error``.)"""

from __future__ import annotations

from functools import wraps

from django.http import HttpResponse, JsonResponse
from django.middleware import gzip
from django.shortcuts import render
from django.utils import translation
from django.utils.translation import gettext as _


def is_api(request) -> bool:
    return request.path_info.startswith("/api/")


def wants_json(request) -> bool:
    """The API, and pages' scripts that ask for JSON (``Accept: application/json``)."""
    return is_api(request) or "application/json" in request.headers.get("Accept", "")


def error_response(request, status: int, message: str):
    """``{"detail": message}`` on the API, plain text elsewhere."""
    if is_api(request):
        return JsonResponse({"detail": message}, status=status)
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


def has_nul(data) -> bool:
    """True when a QueryDict (``request.GET`` or ``request.POST``) has a NUL character in
    a name or a value."""
    return any("\x00" in key or any("\x00" in value for value in values) for key, values in data.lists())


def refuse_nul(request, message: str):
    """A 400 with ``message``: JSON for the API and scripts, the error page otherwise."""
    if wants_json(request):
        return JsonResponse({"detail": message}, status=400)
    return render(request, "refused.html", {"message": message}, status=400)


INBOUND_MAIL_PREFIX = "/anymail/"


class HostileInputMiddleware:
    """NUL characters never reach a view: PostgreSQL refuses them in any string, which
    would turn ``?player=a%00b``, ``/archive/players/a%00b/`` or a form field (a chat
    message, a note, an invitation) into a server error. Screened here once, before any
    view reads the request; JSON bodies are screened by the API's parser
    (``carcassonne_site.rest.JSONParser``)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        # An inbound e-mail webhook's form is an e-mail, which the reply handler cleans and logs:
        # a refusal would have the provider post it again for days.
        form = request.method == "POST" and not request.path_info.startswith(INBOUND_MAIL_PREFIX)
        if "\x00" in request.path or has_nul(request.GET) or (form and has_nul(request.POST)):
            # Runs before the language middleware: answer in the visitor's language.
            with translation.override(translation.get_language_from_request(request)):
                if "\x00" in request.path or has_nul(request.GET):
                    return refuse_nul(request, _("The address contains a NUL character."))
                return refuse_nul(
                    request,
                    _(
                        "The form contains a NUL character, which no text may contain: "
                        "remove it and send the form again."
                    ),
                )
        return self.get_response(request)


class ContentSecurityPolicyMiddleware:
    """A Content-Security-Policy on every response: scripts and styles from this site
    only; nothing inline unless it carries the request's nonce (``request.csp_nonce``,
    ``{{ request.csp_nonce }}`` in templates); no frames, plugins or foreign forms."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        import secrets

        nonce = secrets.token_urlsafe(16)
        request.csp_nonce = nonce
        response = self.get_response(request)
        if "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = policy(nonce)
        return response


def policy(nonce: str) -> str:
    return "; ".join(
        [
            "default-src 'self'",
            f"script-src 'self' 'nonce-{nonce}'",
            f"style-src 'self' 'nonce-{nonce}'",
            "img-src 'self' data:",
            "font-src 'self'",
            "connect-src 'self'",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        ]
    )


_UNCOMPRESSED = "uncompressed"


class GZipMiddleware(gzip.GZipMiddleware):
    """Django's compression of pages, but for a response marked :func:`uncompressed`."""

    def process_response(self, request, response):
        if getattr(response, _UNCOMPRESSED, False):
            return response
        return super().process_response(request, response)


def uncompressed(view):
    """A view whose responses go out uncompressed: they show a secret other than the CSRF token
    (a download link's token) beside text a visitor may choose (the query string, echoed by
    the language switcher's ``next``), which BREACH could recover from compressed lengths."""

    @wraps(view)
    def wrapped(*args, **kwargs):
        response = view(*args, **kwargs)
        setattr(response, _UNCOMPRESSED, True)
        return response

    return wrapped
