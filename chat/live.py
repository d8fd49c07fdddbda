"""The chat's part of a game page's live version (:func:`chat.services.page_parts`: the last
message, how many are hidden, the viewer's mutes) changes: the game's token is replaced
(:func:`games.live.changed`) when a message is written, and a user's when their mutes change
(:func:`games.live.viewer_changed`); moderation replaces it itself when it hides or shows a
message (:mod:`chat.moderation`: an update, which sends no signal). Messages go only with
their game (whose deletion replaces its token)."""

from __future__ import annotations

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from games import live

from .models import Message, Mute


@receiver(post_save, sender=Message, dispatch_uid="chat_live_message_saved")
def _message_saved(sender, instance: Message, created: bool = False, raw: bool = False, **kwargs) -> None:
    if created and not raw:
        live.changed(instance.game_id)


@receiver(post_save, sender=Mute, dispatch_uid="chat_live_mute_saved")
@receiver(post_delete, sender=Mute, dispatch_uid="chat_live_mute_deleted")
def _mute_saved(sender, instance: Mute, raw: bool = False, **kwargs) -> None:
    if not raw:
        live.viewer_changed(instance.user_id)
