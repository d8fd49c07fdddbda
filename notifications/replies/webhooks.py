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

Mailgun signs only a timestamp and a token, not the message: a signed post seen once could
carry any message again. Its webhook is refused (400) with a timestamp more than
:data:`MAILGUN_MAX_AGE` seconds from now or a token already seen (kept in the shared cache;
a cache that does not answer refuses them all, and Mailgun sends them again later).

Replies reach the webhook up to ``DATA_UPLOAD_MAX_MEMORY_SIZE``, well above
``REPLY_EMAIL_MAX_BYTES`` so that a reply too large is answered so; any other request is
held to Django's 2.5 MB (:class:`RequestSize`).
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
import warnings
from typing import Any

from anymail import urls as anymail_urls
from anymail.exceptions import AnymailConfigurationError, AnymailInsecureWebhookWarning, AnymailWebhookValidationFailure
from anymail.signals import inbound
from django.conf import global_settings, settings
from django.core.cache import cache
from django.core.exceptions import BadRequest, RequestDataTooBig
from django.dispatch import receiver
from django.http import Http404
from django.urls import Resolver404, URLPattern, resolve

from . import tokens
from .handler import handle

logger = logging.getLogger(__name__)

# The views below refuse what anymail only warns about (no credentials): its warning is noise.
warnings.filterwarnings("ignore", category=AnymailInsecureWebhookWarning)

MAILGUN_MAX_AGE = 300
"""Seconds a Mailgun signature is taken after (or before: clocks differ) its timestamp."""


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
                if provider == "mailgun":
                    _fresh_mailgun_signature(request)
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


def _fresh_mailgun_signature(request) -> None:
    """Refuse a Mailgun post whose (valid) signature is old, or was seen before."""
    if request.content_type == "application/json":  # where anymail found them
        signed = json.loads(request.body.decode("utf-8"))["signature"]
        timestamp, token = signed["timestamp"], signed["token"]
    else:
        timestamp, token = request.POST["timestamp"], request.POST["token"]
    try:
        age = time.time() - float(timestamp)
    except (TypeError, ValueError):
        age = float("inf")
    if not abs(age) <= MAILGUN_MAX_AGE:
        raise AnymailWebhookValidationFailure("Mailgun webhook called with an old timestamp")
    key = f"mailgun-token:{hashlib.sha256(str(token).encode()).hexdigest()}"
    if not cache.add(key, 1, 2 * MAILGUN_MAX_AGE + 60):  # seen, or the cache did not answer
        raise AnymailWebhookValidationFailure("Mailgun webhook called with a token seen before")


class RequestSize:
    """Django's own limit of a request body (2.5 MB) for every URL but the inbound webhooks.
    ``DATA_UPLOAD_MAX_MEMORY_SIZE`` is raised well above ``REPLY_EMAIL_MAX_BYTES`` so that a
    reply too large still reaches the handler, which answers so; this middleware, before any
    that reads a body, refuses as Django did any other body over 2.5 MB (by its Content-Length:
    WSGI reads no further). A multipart body (a file uploaded) passes: Django never counted
    its files, and counts its fields itself."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if (
            length > (global_settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0)
            and not request.content_type.startswith("multipart/")
            and not _inbound(request)
        ):
            raise RequestDataTooBig("Request body exceeded settings.DATA_UPLOAD_MAX_MEMORY_SIZE.")
        return self.get_response(request)


def _inbound(request) -> bool:
    try:
        return resolve(request.path_info).namespace == app_name
    except Resolver404:
        return False


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
