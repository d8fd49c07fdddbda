"""E-mail data that expires (the housekeeping job): an e-mail that is done with (sent,
failed, or held back by the recipient's settings) keeps its text and address for
``OUTBOX_BODY_DAYS``; then only what it was, for whom (the account) and when stay. The
log of replies received keeps the sender's address for ``INBOUND_ADDRESS_DAYS``."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from .models import InboundMessage, Notification

DONE = (Notification.Status.SENT, Notification.Status.FAILED, Notification.Status.SUPPRESSED)


def reduce_old_mail(now=None) -> int:
    """Old e-mails lose their text (``data``), their address and their error; returns how many."""
    cutoff = (now or timezone.now()) - timedelta(days=settings.OUTBOX_BODY_DAYS)
    rows = Notification.objects.filter(status__in=DONE, created_at__lt=cutoff).exclude(data={}, email="", last_error="")
    return rows.update(data={}, email="", last_error="")


def forget_reply_senders(now=None) -> int:
    """Old entries of the replies' log lose the sender's address; returns how many."""
    cutoff = (now or timezone.now()) - timedelta(days=settings.INBOUND_ADDRESS_DAYS)
    return InboundMessage.objects.filter(Q(created_at__lt=cutoff) & ~Q(sender="")).update(sender="")
