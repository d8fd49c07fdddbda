from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from .names import normalize, skeleton


class User(AbstractUser):
    """A player. ``email`` is a *verified* address (or blank, e.g. users made in the
    admin): a non-blank address belongs to one account only, ignoring case. An address
    typed at sign-up or on the e-mail page waits in ``pending_email`` until its owner
    follows the confirmation link (see :mod:`accounts.verification`)."""

    pending_email = models.EmailField(blank=True, help_text="Address waiting for its confirmation link")
    # The username as it looks (case folded, look-alike letters as Latin): see accounts.names.
    username_skeleton = models.CharField(max_length=150, db_index=True, editable=False, default="")
    # The site and e-mails in this language ("": follow the browser); see accounts.language.
    language = models.CharField(
        _("language"),
        max_length=8,
        blank=True,
        default="",
        choices=settings.LANGUAGES,
        help_text=_("Pages and e-mails in this language."),
    )
    # The language the user last read the site in: their e-mails' language without a setting.
    last_language = models.CharField(max_length=8, blank=True, default="", editable=False)
    # When the account was deleted (accounts.deletion): the row stays, emptied, under a neutral
    # name ("deleted player 17") so that finished games and others' histories stay whole.
    deleted_at = models.DateTimeField(null=True, blank=True, editable=False)
    # Suspended by staff (chat.moderation): inactive, so it cannot log in by page or API;
    # its games run on under their timeout rules.
    suspended_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta(AbstractUser.Meta):
        constraints = [
            models.UniqueConstraint(
                Lower("email"),
                condition=~models.Q(email=""),
                name="accounts_user_email_unique_ci",
                violation_error_message="A user with that e-mail address already exists.",
            )
        ]

    def save(self, *args, **kwargs):
        self.username = normalize(self.username)
        self.username_skeleton = skeleton(self.username)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "username" in update_fields:
            kwargs["update_fields"] = {*update_fields, "username_skeleton"}
        super().save(*args, **kwargs)


class RetiredName(models.Model):
    """A deleted account's name, never given out again. Only a keyed digest of the name's
    skeleton is kept (:func:`accounts.erasure.name_digest`): a sign-up can be refused, yet
    nothing stored reads as the name."""

    digest = models.CharField(max_length=64, unique=True)
    retired_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"retired name {self.digest[:12]}…"


class DataExport(models.Model):
    """A person's data as one zip file (:mod:`accounts.exports`): asked for on "Your data" or
    through the API, prepared by a worker, offered by a link until ``expires_at``; then the
    file is deleted (by the housekeeping job)."""

    class State(models.TextChoices):
        QUEUED = "queued", _("being prepared")
        READY = "ready", _("ready")
        FAILED = "failed", pgettext_lazy("data export", "failed")
        EXPIRED = "expired", _("expired")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="data_exports")
    token = models.CharField(max_length=64, unique=True, editable=False)
    state = models.CharField(max_length=8, choices=State.choices, default=State.QUEUED)
    requested_at = models.DateTimeField(auto_now_add=True, db_index=True)
    ready_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField(null=True, blank=True, db_index=True)
    content = models.BinaryField(null=True, blank=True, editable=False)
    size = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-requested_at"]

    def __str__(self) -> str:
        return f"data export {self.pk} of {self.user} ({self.state})"


class Block(models.Model):
    """``user`` blocked ``blocked`` (:mod:`accounts.blocks`): no invitations between them, never
    seated together from the lobby, and ``user`` sees no chat of ``blocked``. A block is silent."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocks")
    blocked = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [models.UniqueConstraint(fields=["user", "blocked"], name="accounts_block_unique")]

    def __str__(self) -> str:
        return f"{self.user} blocks {self.blocked}"
