"""Play by e-mail: the notification outbox and each user's preferences (turn clocks,
timeouts and vacations belong to the games app).

Every e-mail is first a :class:`Notification` row written in the transaction of the
event that causes it; a Celery task sends it after the commit (see ``tasks.py``).
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Category(models.TextChoices):
    """What a user can switch on and off (each e-mail belongs to one)."""

    TURN = "turn", _("Your turn")
    INVITATION = "invitation", _("Invitations")
    GAME = "game", _("Game started / finished")
    REMINDER = "reminder", _("Deadline reminders")
    TIMEOUT = "timeout", _("Timeouts (turn skipped, game lost on time)")
    CHAT = "chat", _("Chat messages")
    ACCOUNT = "account", _("Your account (always sent)")  # confirmations, resets: no setting turns them off


class Mode(models.TextChoices):
    EACH = "each", _("E-mail every time")
    DIGEST = "digest", _("One daily digest")
    NONE = "none", _("No e-mail")


class Preference(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_prefs")
    turn = models.CharField(_("Your turn"), max_length=8, choices=Mode.choices, default=Mode.EACH)
    invitation = models.CharField(_("Invitations"), max_length=8, choices=Mode.choices, default=Mode.EACH)
    game = models.CharField(_("Game started / finished"), max_length=8, choices=Mode.choices, default=Mode.EACH)
    reminder = models.CharField(_("Deadline reminders"), max_length=8, choices=Mode.choices, default=Mode.EACH)
    timeout = models.CharField(_("Timeouts"), max_length=8, choices=Mode.choices, default=Mode.EACH)
    chat = models.CharField(_("Chat messages"), max_length=8, choices=Mode.choices, default=Mode.DIGEST)
    email_when_active = models.BooleanField(_("E-mail my turns at once, even while I am on the site"), default=False)
    digest_hour = models.PositiveSmallIntegerField(
        _("Digest hour"), default=8, help_text=_("Hour of the day (0-23, your time zone) for the daily digest")
    )
    time_zone = models.CharField(max_length=64, default="UTC")
    last_seen = models.DateTimeField(null=True, blank=True)
    vacation_days_per_year = models.PositiveSmallIntegerField(default=14)

    def __str__(self) -> str:
        return f"notification preferences of {self.user}"

    def mode(self, category: str) -> str:
        return getattr(self, category)

    def is_active(self, now=None) -> bool:
        now = now or timezone.now()
        window = timedelta(seconds=getattr(settings, "NOTIFICATIONS_ACTIVE_SECONDS", 300))
        return bool(self.last_seen and now - self.last_seen < window)

    @classmethod
    def for_user(cls, user) -> Preference:
        prefs, _ = cls.objects.get_or_create(user=user)
        return prefs


class EmailOptOut(models.Model):
    """Unsubscribed addresses without an account (invitations by e-mail)."""

    email = models.EmailField(unique=True)
    created_at = models.DateTimeField(auto_now_add=True)


class Notification(models.Model):
    """One e-mail, as an outbox row. ``key`` makes periodic jobs idempotent."""

    class Kind(models.TextChoices):
        TURN = "turn", "Your turn"
        INVITATION = "invitation", "Invitation"
        STARTED = "started", "Game started"
        FINISHED = "finished", "Game finished"
        REMINDER = "reminder", "Deadline reminder"
        TIMEOUT = "timeout", "Timeout"
        RESIGNED = "resigned", "A player resigned"
        DIGEST = "digest", "Daily digest"
        MESSAGE = "message", "Message"  # from an upper layer (tournaments): subject, lines, one link
        REPLY = "reply", "A reply was not played"  # the answer to a move by e-mail that failed
        ACCOUNT = "account", "Account e-mail"  # from accounts: confirm an address, reset the password, delete

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        SENDING = "sending", "Sending"
        SENT = "sent", "Sent"
        FAILED = "failed", "Failed"
        SUPPRESSED = "suppressed", "Not sent (preferences, or the turn was seen on the site)"
        # A turn e-mail or reminder to someone active on the site: sent after a while
        # (NOTIFICATIONS_HOLD_SECONDS) unless they have seen the turn by then.
        HELD = "held", "Held while the player is on the site"

    key = models.CharField(max_length=200, unique=True)
    kind = models.CharField(max_length=12, choices=Kind.choices)
    category = models.CharField(max_length=12, choices=Category.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="notifications"
    )
    email = models.EmailField()
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    data = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PENDING, db_index=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    lease_until = models.DateTimeField(null=True, blank=True)
    # When the row was last handed to the broker (its task waits in the queue); cleared
    # when a worker claims it. The sweep leaves such rows alone: they are only waiting.
    queued_at = models.DateTimeField(null=True, blank=True)
    next_attempt_at = models.DateTimeField(default=timezone.now)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "next_attempt_at"])]

    def __str__(self) -> str:
        return f"{self.kind} to {self.email} ({self.status})"


class UsedLoginLink(models.Model):
    """A one-click log-in link that has been used: each link logs in once."""

    digest = models.CharField(max_length=64, unique=True)
    used_at = models.DateTimeField(auto_now_add=True, db_index=True)


class InboundMessage(models.Model):
    """One e-mail received at the reply address, with what became of it; never its body.
    A ``Message-ID`` is handled once per envelope recipient (a reply to two reply
    addresses comes as one copy for each): a resent message is logged as a duplicate.

    The reply limits are counted here, where every process sees them (the mail server
    runs ``receive_mail`` once per message): the messages of a sender in the last hour,
    the answers sent per player and decision (``answered``)."""

    class Result(models.TextChoices):
        RECEIVED = "received", "Being handled"
        PLAYED = "played", "Played"
        REJECTED = "rejected", "Rejected (the sender was told why)"
        IGNORED = "ignored", "Ignored (no answer)"
        DUPLICATE = "duplicate", "Duplicate (handled before)"

    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    message_id = models.CharField(max_length=255, help_text="Its Message-ID (or a digest of it, if long or missing)")
    sender = models.CharField(max_length=254, blank=True, help_text="The address of its From header")
    source = models.CharField(max_length=32, help_text="pipe (receive_mail), anymail:<provider> or outbox")
    size = models.PositiveIntegerField(default=0)
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    move_number = models.PositiveIntegerField(null=True, blank=True)
    result = models.CharField(max_length=12, choices=Result.choices, default=Result.RECEIVED)
    reason = models.CharField(max_length=32, blank=True)
    detail = models.CharField(max_length=300, blank=True)
    recipient = models.CharField(
        max_length=254, blank=True, help_text="The envelope recipient it was delivered for, if the transport said"
    )
    answered = models.BooleanField(default=False, help_text="The sender was sent an answer saying why")

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["message_id", "recipient"],
                condition=~models.Q(result="duplicate"),
                name="notifications_inbound_message_once_per_recipient",
            ),
        ]
        indexes = [models.Index(fields=["sender", "created_at"], name="notifications_inbound_sender")]

    def __str__(self) -> str:
        return f"{self.result} {self.reason} from {self.sender}".strip()
