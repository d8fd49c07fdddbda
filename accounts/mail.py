"""The e-mails of an account: the link confirming an address, the note to the owner of an
address someone tried to register, the password reset and the deletion link.

accounts says which e-mail its event needs (:func:`announce`, inside the event's
transaction, as :data:`accounts.signals.account_mail`); the outbox of the notifications app
writes it down and sends it after the commit, with its lease and retries, whatever the
person's e-mail settings. Nothing secret is stored with it: :func:`render` writes the
e-mail, its link made afresh, when it is sent."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.tokens import default_token_generator
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from . import deletion, signals
from .models import User
from .tokens import MAX_AGE, token

CONFIRM = "confirm"
ADDRESS_IN_USE = "address_in_use"
PASSWORD_RESET = "password_reset"
DELETE_LINK = "delete_link"


def announce(purpose: str, user, email: str) -> None:
    """Ask for ``purpose``'s e-mail to ``email`` about ``user``. It is written in the language
    of the request that asked, unless the account has a language of its own; the note to an
    address's owner, asked for by someone else, in the owner's."""
    asked_by_owner = purpose != ADDRESS_IN_USE
    signals.account_mail.send(
        sender=User, purpose=purpose, user=user, email=email, language=get_language() if asked_by_owner else ""
    )


def render(purpose: str, user, email: str, site_url: str) -> tuple[str, str]:
    """The subject and text of ``purpose``'s e-mail to ``user`` at ``email``, its link made now
    on ``site_url`` (the site's public address). ValueError for a purpose nobody asks for."""
    if purpose not in _WRITERS:
        raise ValueError(f"no account e-mail {purpose!r}")
    return _WRITERS[purpose](user, email, site_url.rstrip("/"))


def _confirm(user, email: str, site_url: str) -> tuple[str, str]:
    site = settings.SITE_NAME
    url = site_url + reverse("email-confirm", args=[token(user, email)])
    context = {"site_name": site, "username": user.username, "url": url, "days": MAX_AGE // 86400}
    body = render_to_string("accounts/email/confirm.txt", context)
    return _("Confirm your e-mail address for %(site)s") % {"site": site}, body


def _address_in_use(user, email: str, site_url: str) -> tuple[str, str]:
    site = settings.SITE_NAME
    context = {"site_name": site, "username": user.username, "reset_url": site_url + reverse("password_reset")}
    body = render_to_string("accounts/email/address_in_use.txt", context)
    return _("Someone tried to use your address on %(site)s") % {"site": site}, body


def _password_reset(user, email: str, site_url: str) -> tuple[str, str]:
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    url = site_url + reverse("password_reset_confirm", args=[uid, default_token_generator.make_token(user)])
    context = {"user": user, "url": url, "site_name": settings.SITE_NAME, "domain": site_url.split("://")[-1]}
    subject = "".join(render_to_string("registration/password_reset_subject.txt", context).splitlines())
    return subject, render_to_string("registration/password_reset_email.html", context)


def _delete_link(user, email: str, site_url: str) -> tuple[str, str]:
    site = settings.SITE_NAME
    url = site_url + reverse("delete-account-link", args=[deletion.link_token(user)])
    context = {"site_name": site, "username": user.username, "url": url, "hours": deletion.LINK_MAX_AGE // 3600}
    body = render_to_string("accounts/email/delete_link.txt", context)
    return _("Delete your account on %(site)s") % {"site": site}, body


_WRITERS = {
    CONFIRM: _confirm,
    ADDRESS_IN_USE: _address_in_use,
    PASSWORD_RESET: _password_reset,
    DELETE_LINK: _delete_link,
}
