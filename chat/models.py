"""What players say at the table: a chat per game (players only), mutes, and private
notes per game (only their author sees them, as on lichess)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

MAX_MESSAGE = 500
MAX_NOTE = 5000
MAX_REPORT_NOTE = 1000


class Message(models.Model):
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="chat_messages")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_messages")
    text = models.TextField(max_length=MAX_MESSAGE)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    # Hidden by staff (chat.moderation): the players no longer see it; staff still do.
    hidden_at = models.DateTimeField(null=True, blank=True)
    hidden_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

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


# --- reports and moderation (chat.moderation) ---------------------------------------------


class Report(models.Model):
    """A player reports a chat message (and its author) or a player. Staff see the open ones
    in the admin, with the message in its context, and act; the reported player is never
    told who reported."""

    class Reason(models.TextChoices):
        ABUSE = "abuse", _("Insults or harassment")
        HATE = "hate", _("Hate speech")
        SPAM = "spam", _("Spam or advertising")
        CHEATING = "cheating", _("Cheating")
        NAME = "name", _("An offensive name")
        OTHER = "other", _("Something else")

    class State(models.TextChoices):
        OPEN = "open", pgettext_lazy("report", "Open")
        CLOSED = "closed", pgettext_lazy("report", "Dealt with")

    reporter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_made")
    reported = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_received")
    message = models.ForeignKey(Message, null=True, blank=True, on_delete=models.SET_NULL, related_name="reports")
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    reason = models.CharField(_("reason"), max_length=10, choices=Reason.choices)
    note = models.TextField(_("note"), max_length=MAX_REPORT_NOTE, blank=True)
    state = models.CharField(max_length=8, choices=State.choices, default=State.OPEN, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"report #{self.pk} on {self.reported} ({self.get_reason_display()})"


class Silence(models.Model):
    """``user`` may not write in any chat until ``until`` (set by staff)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_silences")
    until = models.DateTimeField(db_index=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-until"]

    def __str__(self) -> str:
        return f"{self.user} silenced until {self.until:%Y-%m-%d %H:%M}"


class ModerationAction(models.Model):
    """What staff did, and who: every action on a report, a message or a player is logged."""

    class Kind(models.TextChoices):
        HIDE = "hide", _("Message hidden")
        SHOW = "show", _("Message shown again")
        SILENCE = "silence", _("Chat silenced")
        UNSILENCE = "unsilence", _("Chat silence lifted")
        SUSPEND = "suspend", _("Account suspended")
        UNSUSPEND = "unsuspend", _("Suspension lifted")
        DISMISS = "dismiss", _("Report closed without action")

    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    target = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="moderation_actions"
    )
    message = models.ForeignKey(Message, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    report = models.ForeignKey(Report, null=True, blank=True, on_delete=models.SET_NULL, related_name="actions")
    detail = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} by {self.author} ({self.created_at:%Y-%m-%d %H:%M})"
