"""Replies from an inbound e-mail provider (Mailgun, Postmark, SendGrid, Amazon SES, ...)
through django-anymail's inbound webhooks, at ``/anymail/<provider>/inbound/``: anymail
checks the request (the provider's signature, or basic auth with ``ANYMAIL_WEBHOOK_SECRET``)
and sends its ``inbound`` signal, which feeds the same handler as ``receive_mail``.

The doors fail closed: a provider's URL answers 404 unless ``REPLY_EMAIL`` is set, the
operator named the provider in ``REPLY_WEBHOOKS`` and its credentials are configured (its
signing key, or ``ANYMAIL_WEBHOOK_SECRET`` for providers that only have basic auth).
anymail itself would only warn and let an unauthenticated post through; here missing or
wrong credentials answer 400 and never reach the handler, and so does a body the provider
could not have sent (``{not json``, empty).
"""

from __future__ import annotations

import logging
import warnings
from typing import Any

from anymail import urls as anymail_urls
from anymail.exceptions import AnymailConfigurationError, AnymailInsecureWebhookWarning, AnymailWebhookValidationFailure
from anymail.signals import inbound
from django.conf import settings
from django.core.exceptions import BadRequest
from django.dispatch import receiver
from django.http import Http404
from django.urls import URLPattern

from . import tokens
from .handler import handle

logger = logging.getLogger(__name__)

# The views below refuse what anymail only warns about (no credentials): its warning is noise.
warnings.filterwarnings("ignore", category=AnymailInsecureWebhookWarning)


@receiver(inbound, dispatch_uid="notifications_replies_inbound")
def inbound_reply(sender, event, esp_name, **kwargs) -> None:
    """An e-mail the provider received (its signature already checked by anymail)."""
    message = event.message
    recipients = [message.envelope_recipient] if getattr(message, "envelope_recipient", None) else []
    outcome = handle(message, source=f"anymail:{esp_name}".lower()[:32], recipients=recipients)
    logger.info("inbound e-mail from %s: %s", esp_name, outcome.json())


def provider_of(pattern: URLPattern) -> str:
    """The provider's name as ``REPLY_WEBHOOKS`` lists it: ``mailgun_inbound_webhook`` → ``mailgun``."""
    return (pattern.name or "").removesuffix("_inbound_webhook")


def closed(view_class: type, provider: str) -> type:
    """``view_class`` (an anymail inbound view) that exists only when enabled and secured."""

    class Closed(view_class):  # a subclass of the provider's view, chosen at run time
        def __init__(self, **kwargs):
            if not tokens.enabled() or provider not in settings.REPLY_WEBHOOKS:
                raise Http404
            try:
                super().__init__(**kwargs)  # reads the provider's settings: a missing signing key raises
            except AnymailConfigurationError:
                logger.warning("inbound webhook %s is enabled but its key is not set", provider)
                raise Http404 from None
            if self.warn_if_no_basic_auth and not self.basic_auth:  # neither signature nor basic auth
                logger.warning("inbound webhook %s is enabled without ANYMAIL_WEBHOOK_SECRET", provider)
                raise Http404

        def run_validators(self, request):
            try:
                super().run_validators(request)
            except AnymailWebhookValidationFailure:
                logger.warning("inbound webhook %s: missing or wrong credentials", provider)
                raise
            except Exception as error:  # a validator that reads the body (Amazon SES) met a malformed one
                raise BadRequest(f"malformed {provider} webhook body") from error

        def parse_events(self, request):
            try:
                return super().parse_events(request)
            except Exception as error:  # parsing only: the handler runs after, and its errors stay 500s
                raise BadRequest(f"malformed {provider} webhook body") from error

    Closed.__name__ = Closed.__qualname__ = f"Closed{view_class.__name__}"
    return Closed


def _closed_pattern(p: URLPattern) -> URLPattern:
    callback: Any = p.callback  # a class-based view's function: as_view() sets view_class
    view_class: Any = closed(callback.view_class, provider_of(p))
    view = view_class.as_view(**callback.view_initkwargs)
    return URLPattern(p.pattern, view, p.default_args, p.name)


urlpatterns = [
    _closed_pattern(p)
    for p in anymail_urls.urlpatterns
    if isinstance(p, URLPattern) and (p.name or "").endswith("_inbound_webhook")
]
app_name = "anymail"

INBOUND_PROVIDERS = sorted({provider_of(p) for p in urlpatterns})
"""Every provider ``REPLY_WEBHOOKS`` may name."""
