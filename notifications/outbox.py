"""The outbox: every e-mail of the site is a Notification row written in the transaction
of its event, and sent after that commits (by :mod:`notifications.tasks`, which listens
to :data:`row_written`). ``key`` is unique, so an event recorded twice (a periodic job
run twice) writes one row."""

from __future__ import annotations

from functools import partial

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Min
from django.dispatch import Signal
from django.utils import timezone, translation

from accounts import language

from . import held, links
from .models import EmailOptOut, Mode, Notification, Preference

row_written = Signal()
"""``pk``: a row to send was written and its transaction committed."""


def _current_site_url() -> str:
    """Without SITE_URL (development): the address of the current request, else the one
    the last e-mail used (periodic jobs run outside any request)."""
    if links.request_origin():
        return links.request_origin()
    last = Notification.objects.filter(data__has_key="site_url").order_by("-pk").values_list("data", flat=True).first()
    return (last or {}).get("site_url") or links.DEV_FALLBACK_URL


def notify(
    kind: str,
    category: str,
    *,
    key: str,
    user=None,
    email: str = "",
    game=None,
    data=None,
    quiet_when_active=True,
    always=False,
) -> Notification | None:
    """Write one outbox row (or nothing if ``key`` exists) and queue it after commit.
    ``quiet_when_active=False``: sent at once even while the user is on the site (else a
    turn e-mail or reminder is held a while: :mod:`notifications.held`);
    ``always``: sent whatever the preferences (an answer to the user's own e-mail)."""
    if user is not None:
        email = user.email if user.is_active else ""  # a suspended (or deleted) account gets no e-mail
    if not email:
        return None
    status = Notification.Status.PENDING
    if always:
        pass
    elif user is not None:
        prefs = Preference.for_user(user)
        mode = prefs.mode(category)
        if mode == Mode.NONE or (mode == Mode.DIGEST and kind != Notification.Kind.DIGEST):
            status = Notification.Status.SUPPRESSED
        elif kind in held.KINDS and quiet_when_active and held.should_hold(prefs, user, game):
            status = Notification.Status.HELD
    elif EmailOptOut.objects.filter(email__iexact=email).exists():
        status = Notification.Status.SUPPRESSED
    data = dict(data or {})
    if user is None:  # an address without an account: written in the language of the event's author
        data.setdefault("language", translation.get_language() or settings.LANGUAGE_CODE)
    if not settings.SITE_URL:
        data.setdefault("site_url", _current_site_url())
    try:
        with transaction.atomic():
            row = Notification.objects.create(
                key=key[:200],
                kind=kind,
                category=category,
                user=user,
                email=email,
                game=game,
                data=data,
                status=status,
                next_attempt_at=timezone.now() + held.hold() if status == Notification.Status.HELD else timezone.now(),
            )
    except IntegrityError:
        return None
    if status == Notification.Status.PENDING:
        transaction.on_commit(partial(row_written.send, sender=Notification, pk=row.pk))
    return row


def oldest_unsent():
    """When the oldest e-mail still to send (waiting, being sent, or waiting to try again)
    was written, or None: ``/health/`` reports its age as the e-mail lag."""
    unsent = Notification.objects.filter(status__in=[Notification.Status.PENDING, Notification.Status.SENDING])
    return unsent.aggregate(oldest=Min("created_at"))["oldest"]


def message(category: str, *, key: str, user, subject: str, lines, path: str, button: str, game=None):
    """An e-mail from an upper layer (tournaments), through the outbox like every other:
    a subject, paragraphs of text and one button to the site's ``path``."""
    with language.override_for(user):  # lazy texts are written in the recipient's language
        data = {"subject": str(subject), "lines": [str(line) for line in lines], "path": path, "button": str(button)}
    return notify(Notification.Kind.MESSAGE, category, key=key, user=user, game=game, data=data)
