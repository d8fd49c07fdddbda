"""A person's chat: "Download my data" holds their messages, notes, mutes and the reports
they made (a receiver of :data:`accounts.signals.personal_data`). When the account is deleted
(a receiver of :data:`accounts.signals.account_deleted`) their messages stay in place,
emptied (a message is never empty otherwise: the chat shows it as "deleted"); their private
notes, mutes, silences and the reports they made go; the other players' messages in their
games (and reports' notes about them) name them by the neutral name, which also stands where
they wrote the person's addresses. The reports about them stay with the moderators."""

from __future__ import annotations

from django.db.models import Q
from django.dispatch import receiver

from accounts import erasure
from accounts.signals import account_deleted, personal_data

from .models import Message, Mute, Note, Report, Silence


@receiver(account_deleted, dispatch_uid="chat_account_deleted")
def erase_chat(sender, user, old_name: str, old_addresses: list[str], neutral_name: str, **kwargs) -> dict:
    emptied = Message.objects.filter(author=user).exclude(text="").update(text="")
    mentions = list(
        Message.objects.filter(_naming("text", old_name, old_addresses), game__seats__user=user)
        .exclude(author=user)
        .distinct()
    )
    for message in mentions:
        message.text = _neutral(message.text, old_name, old_addresses, neutral_name)
    Message.objects.bulk_update(mentions, ["text"])
    about = list(Report.objects.filter(_naming("note", old_name, old_addresses), reported=user))
    for report in about:
        report.note = _neutral(report.note, old_name, old_addresses, neutral_name)
    Report.objects.bulk_update(about, ["note"])
    return {
        "chat_messages_emptied": emptied,
        "chat_mentions_renamed": len(mentions),
        "notes": Note.objects.filter(author=user).delete()[0],
        "mutes": Mute.objects.filter(user=user).delete()[0] + Mute.objects.filter(muted=user).delete()[0],
        "reports_made": Report.objects.filter(reporter=user).delete()[0],
        "chat_silences": Silence.objects.filter(user=user).delete()[0],
    }


def _naming(field: str, name: str, addresses: list[str]) -> Q:
    found = Q(**{f"{field}__icontains": name})
    for address in addresses:
        found |= Q(**{f"{field}__icontains": address})
    return found


def _neutral(text: str, name: str, addresses: list[str], neutral_name: str) -> str:
    """``text`` naming the person by the neutral name, their addresses too ("write to ...")."""
    return erasure.blank_addresses(erasure.replace_name(text, name, neutral_name), addresses, neutral_name)


@receiver(personal_data, dispatch_uid="chat_personal_data")
def export_chat(sender, user, **kwargs) -> dict:
    return {
        "chat.json": {
            "messages": list(Message.objects.filter(author=user).order_by("pk").values("game", "created_at", "text")),
            "notes": list(Note.objects.filter(author=user).order_by("game_id").values("game", "updated_at", "text")),
            "muted": list(Mute.objects.filter(user=user).values_list("muted__username", flat=True)),
            "reports_made": list(
                Report.objects.filter(reporter=user)
                .order_by("pk")
                .values("reported__username", "message", "game", "reason", "note", "state", "created_at")
            ),
        }
    }
