"""``POST /api/auth/token/``: DRF's token view, answering 429 once django-axes has
locked the account or the address out (too many wrong passwords)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.authtoken.views import ObtainAuthToken

from .errors import lockout_minutes


class TokenView(ObtainAuthToken):
    def post(self, request, *args, **kwargs):
        try:
            return super().post(request, *args, **kwargs)
        except exceptions.ValidationError:
            if getattr(request, "axes_locked_out", False) or getattr(request._request, "axes_locked_out", False):
                raise exceptions.Throttled(
                    wait=lockout_minutes() * 60,
                    detail=_("Too many failed log-ins: try again in %(n)d minutes.") % {"n": lockout_minutes()},
                ) from None
            raise
