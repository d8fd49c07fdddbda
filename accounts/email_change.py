"""Changing one's e-mail address: the new address must confirm it through a signed,
expiring link sent to it; the address changes only then."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _

SALT = "accounts.email-change"
MAX_AGE = 3 * 24 * 3600


def _state(user) -> str:
    """Changes when the address or the password changes: an old link dies."""
    return salted_hmac(SALT, f"{user.pk}:{user.email}:{user.password}").hexdigest()[:20]


def token(user, new_email: str) -> str:
    return signing.TimestampSigner(salt=SALT).sign_object({"u": user.pk, "e": new_email, "s": _state(user)})


def send_confirmation(request, user, new_email: str) -> None:
    base = (getattr(settings, "SITE_URL", "") or request.build_absolute_uri("/")).rstrip("/")
    link = base + reverse("email-confirm", args=[token(user, new_email)])
    context = {"user": user, "new_email": new_email, "link": link, "site_name": settings.SITE_NAME,
               "days": MAX_AGE // 86400}
    send_mail(
        _("Confirm your new e-mail address"), render_to_string("registration/email_change_email.txt", context),
        None, [new_email],
    )


def _valid(value: str):
    try:
        data = signing.TimestampSigner(salt=SALT).unsign_object(value, max_age=MAX_AGE)
    except signing.SignatureExpired:
        raise ValueError(_("This confirmation link has expired. Ask for a new one.")) from None
    except signing.BadSignature:
        raise ValueError(_("This confirmation link is not valid.")) from None
    User = get_user_model()
    user = User.objects.filter(pk=data.get("u"), is_active=True).first()
    if user is None or _state(user) != data.get("s"):
        raise ValueError(_("This confirmation link was already used or is out of date."))
    email = data["e"]
    if User.objects.filter(email__iexact=email).exclude(pk=user.pk).exists():
        raise ValueError(_("Another account uses this address now."))
    return user, email


def peek(value: str) -> str:
    """The new address of a valid link (nothing changes), or raise ValueError."""
    return _valid(value)[1]


def confirm(value: str):
    """The user whose address is now changed, or raise ValueError with a reason for people."""
    user, email = _valid(value)
    user.email = email
    user.save(update_fields=["email"])
    return user
