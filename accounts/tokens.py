"""The token of a link that confirms an e-mail address (written into the e-mail by
:mod:`accounts.mail`, read back by :mod:`accounts.verification`)."""

from __future__ import annotations

from django.core import signing

SALT = "accounts.email-confirmation"
MAX_AGE = 3 * 24 * 3600  # seconds a confirmation link stays valid


def token(user, email: str) -> str:
    return signing.TimestampSigner(salt=SALT).sign_object({"u": user.pk, "e": email.lower()})
