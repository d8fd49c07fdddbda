"""Signed links in e-mails: log-in links (short-lived, single-use) and unsubscribe.

A log-in link is scoped to one user and one local path, logs in once (see
:func:`use_login_token`), expires after ``NOTIFICATIONS_LOGIN_LINK_MAX_AGE`` and dies
with a password change. After that it still leads to its page, through the log-in
form. Opening it logs in and redirects; it never changes anything else.
"""

from __future__ import annotations

import hashlib
import secrets
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.http import url_has_allowed_host_and_scheme

LOGIN_SALT = "notifications.login"
UNSUBSCRIBE_SALT = "notifications.unsubscribe"


# The address the site answers on, for absolute links in e-mails: SITE_URL when set
# (required in production), else the address of the request that caused the e-mail
# (``make run PORT=8011`` gives links to :8011), remembered on the outbox row.
DEV_FALLBACK_URL = "http://127.0.0.1:8000"
_request_origin: ContextVar[str] = ContextVar("request_origin", default="")


def request_origin() -> str:
    """The scheme and host of the request being served ("" outside a request)."""
    return _request_origin.get()


@contextmanager
def origin(url: str):
    """Links made inside the block use ``url`` when SITE_URL is not set."""
    token = _request_origin.set((url or "").rstrip("/"))
    try:
        yield
    finally:
        _request_origin.reset(token)


def site_url() -> str:
    return (getattr(settings, "SITE_URL", "") or request_origin() or DEV_FALLBACK_URL).rstrip("/")


def absolute(path: str) -> str:
    return site_url() + path


class RequestOriginMiddleware:
    """Remembers the request's own address (its Host was checked by ALLOWED_HOSTS)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            url = request.build_absolute_uri("/")
        except Exception:  # noqa: BLE001 - DisallowedHost: Django answers 400 later
            url = ""
        with origin(url):
            return self.get_response(request)


def login_max_age() -> int:
    return int(getattr(settings, "NOTIFICATIONS_LOGIN_LINK_MAX_AGE", 24 * 3600))


def _user_hash(user) -> str:
    return salted_hmac(LOGIN_SALT, f"{user.pk}:{user.password}:{user.is_active}").hexdigest()[:20]


def login_token(user, path: str) -> str:
    payload = {"u": user.pk, "p": path, "h": _user_hash(user), "n": secrets.token_urlsafe(6)}
    return signing.TimestampSigner(salt=LOGIN_SALT).sign_object(payload)


def login_url(user, path: str) -> str:
    """An absolute one-click link that logs ``user`` in and opens ``path``."""
    return absolute(reverse("notifications:go", args=[login_token(user, path)]))


def safe_path(path) -> str:
    if isinstance(path, str) and path.startswith("/") and url_has_allowed_host_and_scheme(path, allowed_hosts=None):
        return path
    return "/"


def read_login_token(token: str):
    """``(user, path)`` for a valid link; ``(None, path)`` for an expired or revoked one
    (path still comes from a genuine signature); raises BadSignature for a forged one."""
    signer = signing.TimestampSigner(salt=LOGIN_SALT)
    data = signer.unsign_object(token)  # BadSignature: forged
    path = safe_path(data.get("p"))
    try:
        signer.unsign_object(token, max_age=login_max_age())
    except signing.SignatureExpired:
        return None, path
    user = get_user_model().objects.filter(pk=data.get("u"), is_active=True).first()
    if user is None or _user_hash(user) != data.get("h") or _used(token):
        return None, path
    return user, path


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _used(token: str) -> bool:
    from .models import UsedLoginLink

    return UsedLoginLink.objects.filter(digest=_digest(token)).exists()


def use_login_token(token: str) -> bool:
    """Spend a log-in link: True the first time only (also under concurrent use)."""
    from .models import UsedLoginLink

    try:
        with transaction.atomic():
            UsedLoginLink.objects.create(digest=_digest(token))
    except IntegrityError:
        return False
    return True


def forget_used_links() -> int:
    """Used links older than the links' lifetime can go: their signature has expired."""
    from .models import UsedLoginLink

    cutoff = timezone.now() - timedelta(seconds=login_max_age() + 3600)
    return UsedLoginLink.objects.filter(used_at__lt=cutoff).delete()[0]


def unsubscribe_token(category: str, user=None, email: str = "") -> str:
    payload = {"c": category, "u": user.pk} if user is not None else {"c": category, "e": email.lower()}
    return signing.Signer(salt=UNSUBSCRIBE_SALT).sign_object(payload)


def unsubscribe_url(category: str, user=None, email: str = "") -> str:
    return absolute(reverse("notifications:unsubscribe", args=[unsubscribe_token(category, user, email)]))


def read_unsubscribe_token(token: str) -> dict:
    return signing.Signer(salt=UNSUBSCRIBE_SALT).unsign_object(token)
