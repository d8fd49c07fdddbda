"""A person's e-mail: "Download my data" holds their settings, the e-mails sent to them
(not their text) and the replies received from them (a receiver of
:data:`accounts.signals.personal_data`). A deleted account in the outbox and logs (a
receiver of :data:`accounts.signals.account_deleted`): the person's e-mails (rows to them or to their
addresses), preferences and opt-outs go; the replies they sent stay logged without their
address; others' e-mails that named them name the neutral name."""

from __future__ import annotations

import json

from django.db.models import Q
from django.dispatch import receiver

from accounts import erasure
from accounts.signals import account_deleted, personal_data

from .models import EmailOptOut, InboundMessage, Notification, Preference


def _addressed(field: str, addresses: list[str]) -> Q:
    found = Q(pk__in=[])
    for address in addresses:
        found |= Q(**{f"{field}__iexact": address})
    return found


def _mentioning(text: str) -> Q:
    """Rows whose data holds ``text``, stored as is or JSON-escaped (SQLite keeps ``\\u00e9``)."""
    escaped = json.dumps(text)[1:-1]
    return Q(data__icontains=text) | Q(data__icontains=escaped)


@receiver(account_deleted, dispatch_uid="notifications_account_deleted")
def erase_mail(sender, user, old_name: str, old_addresses: list[str], neutral_name: str, **kwargs) -> dict:
    own = Notification.objects.filter(Q(user=user) | _addressed("email", old_addresses)).delete()[0]
    named = Q(pk__in=[])
    for needle in (old_name, *old_addresses):
        named |= _mentioning(needle)
    # Every row naming them: also e-mails of games they did not play (a director's round e-mails).
    others = list(Notification.objects.filter(named))
    for row in others:
        row.data = erasure.blank_addresses(erasure.replace_in_json(row.data, old_name, neutral_name), old_addresses)
    Notification.objects.bulk_update(others, ["data"], batch_size=500)
    replies = InboundMessage.objects.filter(Q(user=user) | _addressed("sender", old_addresses)).update(
        sender="", detail=""
    )
    return {
        "emails": own,
        "emails_to_others_renamed": len(others),
        "replies_logged_without_address": replies,
        "email_preferences": Preference.objects.filter(user=user).delete()[0],
        "opt_outs": EmailOptOut.objects.filter(_addressed("email", old_addresses)).delete()[0],
    }


@receiver(personal_data, dispatch_uid="notifications_personal_data")
def export_mail(sender, user, **kwargs) -> dict:
    found = dict(Preference.objects.filter(user=user).values().first() or {})
    prefs = {column: value for column, value in found.items() if column not in ("id", "user_id")}
    return {
        "notifications.json": {
            "settings": prefs,
            "emails": list(
                Notification.objects.filter(user=user)
                .order_by("pk")
                .values("kind", "category", "email", "game", "status", "created_at", "sent_at")
            ),
            "replies_received": list(
                InboundMessage.objects.filter(user=user)
                .order_by("pk")
                .values("created_at", "sender", "game", "move_number", "result", "reason")
            ),
        }
    }
