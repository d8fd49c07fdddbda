"""Site-wide request guards: refuse NUL characters in URLs; a Content-Security-Policy.
(A database outage anywhere in a request is answered by ``errors.server_error``.)"""

from __future__ import annotations

from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext as _


def is_api(request) -> bool:
    return request.path_info.startswith("/api/")


def error_response(request, status: int, message: str):
    """``{"detail": message}`` on the API, plain text elsewhere."""
    if is_api(request):
        return JsonResponse({"detail": message}, status=status)
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


class HostileInputMiddleware:
    """NUL characters never reach a view: PostgreSQL refuses them in any string, which
    would turn ``?player=a%00b`` or ``/archive/players/a%00b/`` into a server error."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        query = request.META.get("QUERY_STRING", "")
        if "\x00" in request.path or "%00" in query or "\x00" in query:
            return error_response(request, 400, _("The address contains a NUL character."))
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
