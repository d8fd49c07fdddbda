"""Verifying e-mail addresses: a typed address becomes the account's ``email`` only
when its owner follows the link sent to it.

Neither sign-up nor the e-mail page tells whether an address is registered: both say
"we sent a link" either way. The owner of a registered address gets a note instead
of a link (someone tried to use it), so the address cannot be taken over.
"""

from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from .models import User

SALT = "accounts.email-confirmation"
MAX_AGE = 3 * 24 * 3600  # seconds a confirmation link stays valid


class ConfirmationError(Exception):
    """The link cannot confirm anything; ``str()`` says why, for a person."""


def owner_of(email: str):
    return User.objects.filter(email__iexact=email).first() if email else None


def token(user, email: str) -> str:
    return signing.TimestampSigner(salt=SALT).sign_object({"u": user.pk, "e": email.lower()})


def request_address(request, user, email: str) -> None:
    """Remember ``email`` as ``user``'s address to confirm and mail the link (or, when
    another account owns it, a note to that account)."""
    email = User.objects.normalize_email(email).strip()
    user.pending_email = email
    user.save(update_fields=["pending_email"])
    site = getattr(settings, "SITE_NAME", "Carcassonne")
    owner = owner_of(email)
    if owner is not None:
        context = {
            "site_name": site,
            "username": owner.username,
            "reset_url": request.build_absolute_uri(reverse("password_reset")),
        }
        subject = _("Someone tried to use your address on %(site)s") % {"site": site}
        body = render_to_string("accounts/email/address_in_use.txt", context)
    else:
        url = request.build_absolute_uri(reverse("email-confirm", args=[token(user, email)]))
        context = {"site_name": site, "username": user.username, "url": url, "days": MAX_AGE // 86400}
        subject = _("Confirm your e-mail address for %(site)s") % {"site": site}
        body = render_to_string("accounts/email/confirm.txt", context)
    send_mail(subject, body, None, [email], fail_silently=True)


def confirm(raw_token: str):
    """Make the address of a valid link the account's verified ``email``; returns the user."""
    try:
        data = signing.TimestampSigner(salt=SALT).unsign_object(raw_token, max_age=MAX_AGE)
    except signing.SignatureExpired:
        raise ConfirmationError(_("This confirmation link has expired: ask for a new one.")) from None
    except signing.BadSignature:
        raise ConfirmationError(_("This confirmation link is not valid.")) from None
    user = User.objects.filter(pk=data.get("u"), is_active=True).first()
    email = data.get("e") or ""
    if user is None:
        raise ConfirmationError(_("This confirmation link is not valid."))
    if user.email.lower() == email:
        return user  # followed twice
    if user.pending_email.lower() != email:
        raise ConfirmationError(_("This link is for an address you have since replaced: use the newest link."))
    owner = owner_of(email)
    if owner is not None and owner.pk != user.pk:
        raise ConfirmationError(_("This address now belongs to another account."))
    try:
        with transaction.atomic():
            user.email, user.pending_email = user.pending_email, ""
            user.save(update_fields=["email", "pending_email"])
    except IntegrityError:
        raise ConfirmationError(_("This address now belongs to another account.")) from None
    return user
