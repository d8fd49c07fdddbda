"""What players say at the table: a chat per game (players only), mutes, and private
notes per game (only their author sees them, as on lichess)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

MAX_MESSAGE = 500
MAX_NOTE = 5000


class Message(models.Model):
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="chat_messages")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_messages")
    text = models.TextField(max_length=MAX_MESSAGE)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["game", "pk"]

    def __str__(self) -> str:
        return f"{self.author} in {self.game}: {self.text[:40]}"


class Mute(models.Model):
    """``user`` no longer sees (nor is e-mailed) what ``muted`` writes, in any game."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_mutes")
    muted = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "muted"], name="chat_mute_unique")]


class Note(models.Model):
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="game_notes")
    text = models.TextField(max_length=MAX_NOTE, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "author"], name="chat_note_unique")]
