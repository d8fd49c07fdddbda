"""A person's chat: "Download my data" holds their messages, notes and mutes (a receiver of
:data:`accounts.signals.personal_data`). A deleted account (a receiver of
:data:`accounts.signals.account_deleted`):
the person's messages stay in place, emptied (a message is never empty otherwise: the chat
shows it as "deleted"), their
private notes and mutes go, and the other players' messages in their games name them by
the neutral name."""

from __future__ import annotations

from django.dispatch import receiver

from accounts import erasure
from accounts.signals import account_deleted, personal_data

from .models import Message, Mute, Note


@receiver(account_deleted, dispatch_uid="chat_account_deleted")
def erase_chat(sender, user, old_name: str, old_addresses: list[str], neutral_name: str, **kwargs) -> dict:
    emptied = Message.objects.filter(author=user).exclude(text="").update(text="")
    mentions = list(
        Message.objects.filter(game__seats__user=user, text__icontains=old_name).exclude(author=user).distinct()
    )
    for message in mentions:
        message.text = erasure.replace_name(message.text, old_name, neutral_name)
    Message.objects.bulk_update(mentions, ["text"])
    return {
        "chat_messages_emptied": emptied,
        "chat_mentions_renamed": len(mentions),
        "notes": Note.objects.filter(author=user).delete()[0],
        "mutes": Mute.objects.filter(user=user).delete()[0] + Mute.objects.filter(muted=user).delete()[0],
    }


@receiver(personal_data, dispatch_uid="chat_personal_data")
def export_chat(sender, user, **kwargs) -> dict:
    return {
        "chat.json": {
            "messages": list(Message.objects.filter(author=user).order_by("pk").values("game", "created_at", "text")),
            "notes": list(Note.objects.filter(author=user).order_by("game_id").values("game", "updated_at", "text")),
            "muted": list(Mute.objects.filter(user=user).values_list("muted__username", flat=True)),
        }
    }
