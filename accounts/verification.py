"""Verifying e-mail addresses: a typed address becomes the account's ``email`` only
when its owner follows the link sent to it.

Neither sign-up nor the e-mail page tells whether an address is registered: both say
"we sent a link" either way. The owner of a registered address gets a note instead
of a link (someone tried to use it), so the address cannot be taken over.
"""

from __future__ import annotations

from django.core import signing
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from . import mail
from .models import User
from .tokens import MAX_AGE, SALT


class ConfirmationError(Exception):
    """The link cannot confirm anything; ``str()`` says why, for a person."""


def owner_of(email: str):
    return User.objects.filter(email__iexact=email).first() if email else None


def request_address(user, email: str) -> None:
    """Remember ``email`` as ``user``'s address to confirm and e-mail the link (or, when
    another account owns it, a note to that account), once this commits."""
    email = User.objects.normalize_email(email).strip()
    with transaction.atomic():
        user.pending_email = email
        user.save(update_fields=["pending_email"])
        owner = owner_of(email)
        if owner is not None:
            mail.announce(mail.ADDRESS_IN_USE, owner, email)
        else:
            mail.announce(mail.CONFIRM, user, email)


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
