"""Replies from an inbound e-mail provider (Mailgun, Postmark, SendGrid, Amazon SES, ...)
through django-anymail's inbound webhooks, at ``/anymail/<provider>/inbound/``: anymail
checks the request (the provider's signature, or basic auth with ``ANYMAIL_WEBHOOK_SECRET``)
and sends its ``inbound`` signal, which feeds the same handler as ``receive_mail``.

Without ``REPLY_EMAIL``, or with the provider's keys unset, these URLs answer 404.
"""

from __future__ import annotations

import logging
from functools import wraps

from anymail import urls as anymail_urls
from anymail.exceptions import AnymailConfigurationError
from anymail.signals import inbound
from django.dispatch import receiver
from django.http import Http404
from django.urls import URLPattern
from django.views.decorators.csrf import csrf_exempt

from . import tokens
from .handler import handle

logger = logging.getLogger(__name__)


@receiver(inbound, dispatch_uid="notifications_replies_inbound")
def inbound_reply(sender, event, esp_name, **kwargs) -> None:
    """An e-mail the provider received (its signature already checked by anymail)."""
    message = event.message
    recipients = [message.envelope_recipient] if getattr(message, "envelope_recipient", None) else []
    outcome = handle(message, source=f"anymail:{esp_name}".lower()[:32], recipients=recipients)
    logger.info("inbound e-mail from %s: %s", esp_name, outcome.json())


def _only_when_configured(view):
    @wraps(view)
    def guarded(request, *args, **kwargs):
        if not tokens.enabled():
            raise Http404
        try:
            return view(request, *args, **kwargs)
        except AnymailConfigurationError:  # this provider's keys are not set: it is not ours
            logger.warning("inbound webhook %s called but not configured", request.path)
            raise Http404 from None

    return csrf_exempt(guarded)


urlpatterns = [
    URLPattern(p.pattern, _only_when_configured(p.callback), p.default_args, p.name)
    for p in anymail_urls.urlpatterns
    if isinstance(p, URLPattern) and (p.name or "").endswith("_inbound_webhook")
]
app_name = "anymail"
