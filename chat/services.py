"""Chat, notes and the live version of a game page. Plain functions; the views are thin.

Errors are :class:`ChatError` with a message for people."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.db.models import Count, Max
from django.dispatch import receiver
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts import blocks, limits
from games import dates, signals
from games import errors as kinds
from games.models import Game, Seat

from .models import MAX_MESSAGE, MAX_NOTE, Message, Mute, Note, Silence


class ChatError(kinds.GameError):
    """A message or note that cannot be taken (the kinds and statuses of :mod:`games.errors`)."""


class NotAPlayer(ChatError, kinds.NotAllowed):
    pass


class TooFast(ChatError, kinds.TooMany):
    pass


class Silenced(ChatError, kinds.NotAllowed):
    pass


def silenced_until(user):
    """Until when staff silenced ``user``'s chat everywhere (``None``: they may write)."""
    if not getattr(user, "is_authenticated", False):
        return None
    return Silence.objects.filter(user=user, until__gt=timezone.now()).aggregate(until=Max("until"))["until"]


def silence_text(until) -> str:
    return _("The moderators have silenced your chat until %(date)s.") % {
        "date": dates.long_date(until, with_time=True)
    }


def player_seat(game: Game, user) -> Seat | None:
    if not user.is_authenticated:
        return None
    return game.seats.filter(user=user, state=Seat.State.JOINED).first()


def can_chat(game: Game, user) -> bool:
    return game.status != Game.Status.WAITING and player_seat(game, user) is not None


def post(game: Game, user, text) -> Message:
    if not can_chat(game, user):
        raise NotAPlayer(_("Only the players of this game can write in its chat."))
    text = (text or "").strip() if isinstance(text, str) else ""
    until = silenced_until(user)
    if until is not None:
        raise Silenced(silence_text(until))
    if not text:
        raise ChatError(_("Write a message first."))
    if len(text) > MAX_MESSAGE:
        raise ChatError(
            ngettext(
                "A message has at most %(max)s character.", "A message has at most %(max)s characters.", MAX_MESSAGE
            )
            % {"max": MAX_MESSAGE}
        )
    per_minute = settings.CHAT_MESSAGES_PER_MINUTE
    if not limits.spend("chat", str(user.pk), per_minute, 60):
        raise TooFast(
            ngettext(
                "You can write at most %(count)d message a minute: wait a moment.",
                "You can write at most %(count)d messages a minute: wait a moment.",
                per_minute,
            )
            % {"count": per_minute}
        )
    with transaction.atomic():  # the message and its e-mails, or neither (a retry stores one)
        return Message.objects.create(game=game, author=user, text=text)


def muted_ids(user) -> set[int]:
    """Whom ``user`` muted; read once per user object (a request's), as the page asks twice
    (its live version and its chat panel); :func:`set_mute` forgets it."""
    if not user.is_authenticated:
        return set()
    if not hasattr(user, "_muted_ids"):
        user._muted_ids = frozenset(Mute.objects.filter(user=user).values_list("muted_id", flat=True))
    return set(user._muted_ids)


def unseen_authors(user) -> set[int]:
    """Whose messages ``user`` does not see: the players they muted or blocked."""
    return muted_ids(user) | blocks.blocked_by(user)


def messages_for(
    game: Game, user, limit: int = 200, *, allowed: bool | None = None, muted: set[int] | None = None
) -> list[Message]:
    """The chat as ``user`` sees it (players only; muted and blocked authors and messages
    hidden by the moderators left out), oldest first. ``allowed`` (:func:`can_chat`) and
    ``muted`` (:func:`muted_ids`), when the caller has them already, are not asked again."""
    if not (can_chat(game, user) if allowed is None else allowed):
        return []
    unseen = unseen_authors(user) if muted is None else muted | blocks.blocked_by(user)
    rows = (
        Message.objects.filter(game=game, hidden_at__isnull=True)
        .exclude(author_id__in=unseen)
        .select_related("author")
        .order_by("-pk")[:limit]
    )
    return list(reversed(rows))


def set_mute(user, game: Game, username: str, mute: bool) -> str:
    """Mute (or unmute) an opponent of ``game``; returns their name."""
    if not can_chat(game, user):
        raise NotAPlayer(_("Only the players of this game can mute someone in its chat."))
    seat = game.seats.filter(user__username=username, state=Seat.State.JOINED).exclude(user=user).first()
    if seat is None:
        raise ChatError(_("%(name)s is not an opponent in this game.") % {"name": username})
    user.__dict__.pop("_muted_ids", None)
    if mute:
        Mute.objects.get_or_create(user=user, muted=seat.user)
    else:
        Mute.objects.filter(user=user, muted=seat.user).delete()
    return seat.user.username if seat.user is not None else username  # a joined seat: a person


def note_of(game: Game, user) -> str:
    if not user.is_authenticated:
        return ""
    return Note.objects.filter(game=game, author=user).values_list("text", flat=True).first() or ""


def save_note(game: Game, user, text) -> Note:
    if not user.is_authenticated:
        raise NotAPlayer(_("Log in to keep notes."))
    text = text if isinstance(text, str) else ""
    if len(text) > MAX_NOTE:
        raise ChatError(
            ngettext("A note has at most %(max)s character.", "A note has at most %(max)s characters.", MAX_NOTE)
            % {"max": MAX_NOTE}
        )
    note, _created = Note.objects.update_or_create(game=game, author=user, defaults={"text": text})
    return note


@receiver(signals.page_parts, sender=Game, dispatch_uid="chat_page_parts")
def page_parts(sender, *, game: Game, user, seats=None, **kwargs) -> dict[str, str]:
    """The chat's part of a game page's live version: for its players, the last message,
    the hidden ones and their mutes (``-`` for anyone else). Two small queries (one when
    the asker has the game's ``seats``)."""
    if not user.is_authenticated:
        return {"chat": "-"}
    if seats is not None:
        seated = any(s.user_id == user.pk for s in seats)
    else:
        seated = Seat.objects.filter(game_id=game.pk, user=user).exists()
    if not seated:
        return {"chat": "-"}
    seen = Message.objects.filter(game_id=game.pk).aggregate(last=Max("pk"), hidden=Count("hidden_at"))
    return {"chat": f"{seen['last'] or 0}.{seen['hidden']}.{len(muted_ids(user))}"}
