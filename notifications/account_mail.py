"""The account's e-mails (:mod:`accounts.mail`: confirming an address, the password reset,
the deletion link) through the outbox like every other: a receiver of
:data:`accounts.signals.account_mail` writes the row in the transaction of the account's
event, the send task sends it after the commit (lease, retries), whatever the person's
e-mail settings. The row holds no link: accounts writes the e-mail when it is sent."""

from __future__ import annotations

import secrets
from urllib.parse import urlsplit

from django.core.mail import EmailMultiAlternatives
from django.dispatch import receiver
from django.utils import translation

from accounts import mail
from accounts.language import for_user, supported
from accounts.signals import account_mail
from games.text import single_line

from . import links
from .models import Category, Notification
from .outbox import notify


@receiver(account_mail, dispatch_uid="notifications_account_mail")
def write_account_mail(sender, purpose: str, user, email: str, language: str = "", **kwargs) -> None:
    # Written to the address given (a confirmation goes to the one being confirmed, not yet
    # the account's), then tied to the account: its export lists it, its deletion erases it.
    row = notify(
        Notification.Kind.ACCOUNT,
        Category.ACCOUNT,
        key=f"account:{purpose}:{user.pk}:{secrets.token_urlsafe(12)}",
        email=email,
        data={"purpose": purpose, "language": language},
        quiet_when_active=False,
        always=True,
    )
    if row is not None:
        Notification.objects.filter(pk=row.pk).update(user=user)


def build(n: Notification) -> EmailMultiAlternatives:
    """The e-mail of account row ``n`` (plain text): the account's language
    wins, else the language of the request that asked."""
    data = n.data or {}
    user = n.user
    if user is None or not user.is_active:
        raise ValueError("an account e-mail whose account is gone or suspended")
    code = supported(user.language) or supported(data.get("language")) or for_user(user)
    with links.origin(data.get("site_url", "")), translation.override(code):
        site_url = links.site_url()
        subject, body = mail.render(data.get("purpose", ""), user, n.email, site_url)
    domain = urlsplit(site_url).hostname or "localhost"
    headers = {"Message-ID": f"<notification-{n.pk}@{domain}>", "X-Carcassonne-Notification": f"{n.kind}:{n.pk}"}
    return EmailMultiAlternatives(single_line(subject), body.strip("\n") + "\n", None, [n.email], headers=headers)
