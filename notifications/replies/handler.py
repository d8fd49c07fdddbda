"""One received e-mail, whichever way it came (``receive_mail``, an inbound webhook, the
local outbox page): checked, read and played through the games app's command path.

Nothing is played unless: the message is not too large and not automatic; its sender is
within the rate limit; a recipient is a reply address whose token verifies; ``From`` is
the verified address of the seat the token names; its ``Message-ID`` is new; the token
names the decision the game waits for; the first line reads as a move the engine takes.
A spoofed sender, a bad token or an automatic message gets no answer (no backscatter,
no mail loops); a stale, unreadable or illegal move from the seat's own address gets an
answer e-mail saying why, in the player's language. Every message is logged
(:class:`~notifications.models.InboundMessage`), without its body.
"""

from __future__ import annotations

import email
import hashlib
import logging
import re
from dataclasses import dataclass
from email import policy
from email.message import EmailMessage
from email.utils import getaddresses

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts import language
from accounts.limits import spend
from games import turns
from games.errors import Conflict, GameError, NotAllowed
from games.models import Game, Seat
from games.presenter.view import GameView
from games.tile_words import tile_name

from ..models import Category, InboundMessage, Notification
from ..outbox import notify
from . import answers, parse, tokens

logger = logging.getLogger(__name__)

REASONS = {
    "stale": _("it is not your move any more: the game has moved on since that e-mail."),
    "empty": _("we found no move in it: write your move as the first line of your reply, above the quoted e-mail."),
    "unreadable": _("we could not read its first line as a move."),
    "unknown_cell": _("no cell on the board picture has that letter."),
    "no_fit": _("your tile does not fit on that cell."),
    "rotation_needed": _(
        "your tile fits on that cell in more than one rotation: add the rotation (0, 90, 180 or 270)."
    ),
    "spot_needed": _("that tile has more than one such spot: add its side, e.g. city:N."),
    "illegal": _("that is not a legal move."),
    "no_option": _("no option has that letter."),
    "not_your_tile": _(
        "you hold no such tile: name one of your tiles listed below by its letters, or leave the tile out."
    ),
    "cell_needed": _(
        "a tile's letters must be followed by the cell: its letter on the board picture, or x,y, as in the example below."
    ),
    "none_fits": _("none of your tiles fits on that cell."),
    "tile_needed": _(
        "more than one of your tiles fits on that cell like that: write the letters of the tile you mean before the cell, as in the example below."
    ),
}
"""Why a reply from the seat's own address was not played, as its answer says it."""

ANSWERS_PER_DECISION = 3
"""Answers to failed replies per player and decision: a mail loop with a responder that
does not mark its mail as automatic stops here."""

AUTOMATIC_SUBJECT = re.compile(
    r"^\s*(auto(matic|matische)?[ -]?(reply|response|antwort)|out of (the )?office|abwesen|réponse automatique|"
    r"absence|risposta automatica|fuori sede|fuori ufficio|undeliver|delivery status|mail delivery|returned mail)",
    re.IGNORECASE,
)
AUTOMATIC_SENDERS = {"mailer-daemon", "postmaster", "noreply", "no-reply", "donotreply", "do-not-reply"}


@dataclass
class Outcome:
    """What became of one message: ``played``, ``rejected`` (with a reason, answered),
    ``ignored`` (with a reason, never answered) or ``duplicate``."""

    result: str
    reason: str = ""
    game: int | None = None
    move_number: int | None = None
    detail: str = ""

    def json(self) -> dict:
        data = {"result": self.result, "reason": self.reason, "game": self.game, "move_number": self.move_number}
        return {key: value for key, value in data.items() if value not in ("", None)}


class _Stop(Exception):
    def __init__(self, result: str, reason: str, detail: str = ""):
        super().__init__(reason)
        self.result, self.reason, self.detail = result, reason, detail


def handle(raw: bytes | EmailMessage, *, source: str, recipients: list[str] | tuple[str, ...] = ()) -> Outcome:
    """Handle one RFC 5322 message (its bytes, or parsed). ``recipients``: envelope
    recipients, if the transport knows them (else the headers are read)."""
    if not tokens.enabled():
        return Outcome("ignored", "disabled")
    data = raw if isinstance(raw, bytes) else raw.as_bytes()
    if len(data) > settings.REPLY_EMAIL_MAX_BYTES:
        return _log_only(f"sha256:{hashlib.sha256(data).hexdigest()}", "", source, len(data), "too_large")
    message = email.message_from_bytes(data, policy=policy.default)
    try:
        message_id, sender = _message_id(message, data), _sender(message)
    except Exception:  # malformed headers of any kind: nothing to answer to
        logger.info("inbound e-mail with unreadable headers ignored", exc_info=True)
        return _log_only(f"sha256:{hashlib.sha256(data).hexdigest()}", "", source, len(data), "malformed")
    with transaction.atomic():
        try:
            with transaction.atomic():
                log = InboundMessage.objects.create(message_id=message_id, sender=sender, source=source, size=len(data))
        except IntegrityError:
            InboundMessage.objects.create(
                message_id=message_id,
                sender=sender,
                source=source,
                size=len(data),
                result=InboundMessage.Result.DUPLICATE,
            )
            return Outcome("duplicate")
        try:
            _play(message, sender, log, list(recipients))
            log.result = InboundMessage.Result.PLAYED
        except _Stop as stop:
            log.result, log.reason, log.detail = stop.result, stop.reason, stop.detail[:300]
        log.save()
    return Outcome(log.result, log.reason, log.game_id, log.move_number, log.detail)


def _log_only(message_id: str, sender: str, source: str, size: int, reason: str) -> Outcome:
    """Log a message ignored before it was read (too large, malformed)."""
    InboundMessage.objects.create(
        message_id=message_id,
        sender=sender,
        source=source,
        size=size,
        result=InboundMessage.Result.IGNORED,
        reason=reason,
    )
    return Outcome("ignored", reason)


def _message_id(message: EmailMessage, data: bytes) -> str:
    value = " ".join(str(message.get("Message-ID") or "").split())
    if value and len(value) <= 200:
        return value
    return f"sha256:{hashlib.sha256((value or '').encode() or data).hexdigest()}"


def _sender(message: EmailMessage) -> str:
    """The one address of ``From`` (several, or none: ``""``)."""
    found = getaddresses([str(v) for v in message.get_all("From", [])])
    addresses = [addr for _name, addr in found if "@" in addr]
    return addresses[0].strip().lower() if len(addresses) == 1 else ""


def automatic(message: EmailMessage, sender: str) -> bool:
    """An auto-reply, bounce or bulk mail (RFC 3834 and the usual headers), never answered."""
    if str(message.get("Auto-Submitted", "no")).strip().lower() != "no":
        return True
    if str(message.get("Precedence", "")).strip().lower() in {"bulk", "auto_reply", "junk", "list"}:
        return True
    if any(message.get(h) is not None for h in ("X-Autoreply", "X-Autorespond", "X-Autoresponse", "List-Id")):
        return True
    if str(message.get("Return-Path", "")).strip() == "<>" or message.get_content_type() == "multipart/report":
        return True
    if sender.partition("@")[0] in AUTOMATIC_SENDERS:
        return True
    return bool(AUTOMATIC_SUBJECT.match(str(message.get("Subject", ""))))


def _recipients(message: EmailMessage, given: list[str]) -> list[str]:
    headers = ("Delivered-To", "X-Original-To", "Envelope-To", "To", "Cc")
    return [*given, *(str(v) for h in headers for v in message.get_all(h, []))]


def _play(message: EmailMessage, sender: str, log: InboundMessage, recipients: list[str]) -> None:
    """Check the message and play its move; raises :class:`_Stop` to say why not."""
    if automatic(message, sender):
        raise _Stop("ignored", "automatic")
    if not spend("reply_mail", sender or "unknown", settings.REPLY_EMAIL_PER_HOUR, 3600):
        raise _Stop("ignored", "rate_limited")
    seen, decision = tokens.find(_recipients(message, recipients))
    if decision is None:
        raise _Stop("ignored", "bad_token" if seen else "no_token")
    log.game_id, log.move_number = decision.game_id, decision.move_number
    seat = Seat.objects.select_related("user", "game").filter(game_id=decision.game_id, position=decision.seat).first()
    if seat is None or seat.user is None or not sender or seat.user.email.strip().lower() != sender:
        raise _Stop("ignored", "not_sender")
    log.user = seat.user
    with language.override_for(seat.user):  # the engine's reasons in the player's words
        try:
            _play_for(message, seat, decision)
        except _Stop as stop:
            if stop.result == "rejected":
                _answer(log, seat, stop, message)
            raise


def _play_for(message: EmailMessage, seat: Seat, decision: tokens.Decision) -> None:
    game, user = seat.game, seat.user
    if (
        game.status != Game.Status.ACTIVE
        or game.move_count + 1 != decision.move_number
        or game.current_seat != decision.seat
    ):
        raise _Stop("rejected", "stale")
    offered = answers.of(GameView.load(game, user))
    if offered is None:
        raise _Stop("rejected", "stale")
    try:
        entry = parse.read(message, offered)
    except parse.Unreadable as exc:
        raise _Stop("rejected", exc.code, exc.detail) from None
    try:
        if offered.turn:
            turns.play_move(
                game.pk,
                user,
                decision.move_number,
                entry["x"],
                entry["y"],
                entry["rotation"],
                entry["meeple"],
                tile=entry.get("tile"),
            )
        else:
            turns.play_decision(game.pk, user, decision.move_number, entry)
    except (Conflict, NotAllowed) as exc:  # someone was faster (the browser, a timeout), or a bot took over
        raise _Stop("rejected", "stale", str(exc)) from None
    except GameError as exc:
        raise _Stop("rejected", "illegal", str(exc)) from None


def _answer(log: InboundMessage, seat: Seat, stop: _Stop, message: EmailMessage) -> None:
    """Tell the player why their reply was not played (a few times per decision at most)."""
    if not spend("reply_answer", f"{seat.user_id}:{seat.game_id}:{log.move_number}", ANSWERS_PER_DECISION, 7 * 86400):
        return
    replied_to = str(message.get("Message-ID") or "").strip()
    # The engine's and the command path's own words (stale, illegal) say more; a parse detail
    # (a cell's letter) says nothing on its own, the tiles that fit a cell do.
    detail = stop.detail[:300] if stop.reason in ("stale", "illegal") else ""
    if stop.reason == "tile_needed":
        tiles = ", ".join(f"{tile} ({tile_name(tile)})" for tile in stop.detail.split(", "))
        detail = gettext("Your tiles that fit there: %(tiles)s.") % {"tiles": tiles}
    data = {"reason": stop.reason, "detail": detail, "move_number": log.move_number}
    if re.fullmatch(r"<[^<>\s]{1,200}>", replied_to):
        data["in_reply_to"] = replied_to
    notify(
        Notification.Kind.REPLY,
        Category.TURN,
        key=f"reply:{log.pk}",
        user=seat.user,
        game=seat.game,
        data=data,
        always=True,
    )


def reason_text(code: str) -> str:
    return str(REASONS.get(code, REASONS["unreadable"]))
