"""One received e-mail, whichever way it came (``receive_mail``, an inbound webhook, the
local outbox page): checked, read and played through the games app's command path.

Nothing is played unless: the message is not automatic (``automatic``); its sender is
within the rate limit; a recipient is a reply address whose token verifies; ``From`` is
the verified address of the seat the token names; its ``Message-ID`` is new for that
recipient; the token names the decision the game waits for; the message is not too
large; its first line shaped like a move (``parse``) is one the engine takes.
A spoofed sender, a bad token or an automatic message gets no answer (no backscatter,
no mail loops); a stale, unreadable, illegal or too large reply from the seat's own
address gets an answer e-mail saying why, in the player's language, at most
:data:`ANSWERS_PER_DECISION` times per decision. Every message is logged
(:class:`~notifications.models.InboundMessage`), without its body; the limits are
counted in that log, which every process sees.
"""

from __future__ import annotations

import email
import hashlib
import logging
import re
from dataclasses import dataclass
from datetime import timedelta
from email import policy
from email.message import EmailMessage
from email.parser import BytesHeaderParser
from email.utils import getaddresses

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.template.defaultfilters import filesizeformat
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts import language
from games import turns
from games.errors import Conflict, GameError, NotAllowed
from games.models import Game, Seat
from games.present.tile_names import tile_name
from games.present.view import GameView
from games.text import single_line

from ..models import Category, InboundMessage, Notification
from ..outbox import notify
from . import answers, automatic, parse, tokens

logger = logging.getLogger(__name__)

REASONS = {
    "stale": _("it is not your move any more: the game has moved on since that e-mail."),
    "played_other": _("it is not your move any more: your other reply for this move was played."),
    "over": _("the game is over."),
    "too_large": _(
        "it was too large to read (attachments included): reply again with just your move, without attachments."
    ),
    "empty": _("we found no move in it: write your move as the first line of your reply, above the quoted e-mail."),
    "no_move": _(
        "we found no line in it that reads as a move: write your move on a line of its own, above the quoted e-mail."
    ),
    "unreadable": _("we could not read that line as a move."),
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

MAX_ADDRESS = 254
"""The longest an e-mail address may be (RFC 5321's path, less its angle brackets)."""

NOT_COUNTED = ("automatic", "rate_limited", "malformed")
"""Messages that do not count towards a sender's ``REPLY_EMAIL_PER_HOUR``."""


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
    """Why a message is not played; ``line``: the line of the reply read as its move."""

    def __init__(self, result: str, reason: str, detail: str = "", line: str = ""):
        super().__init__(reason)
        self.result, self.reason, self.detail, self.line = result, reason, detail, line


def handle(raw: bytes | EmailMessage, *, source: str, recipients: list[str] | tuple[str, ...] = ()) -> Outcome:
    """Handle one RFC 5322 message (its bytes, or parsed). ``recipients``: the envelope
    recipient of this copy, if the transport knows it (else the headers are read)."""
    if not tokens.enabled():
        return Outcome("ignored", "disabled")
    data = raw if isinstance(raw, bytes) else raw.as_bytes()
    too_large = len(data) > settings.REPLY_EMAIL_MAX_BYTES
    envelope = [r.strip() for r in recipients if r and r.strip()]
    try:  # a message too large is not read: its headers say whom to answer
        message = (
            BytesHeaderParser(policy=policy.default).parsebytes(data)
            if too_large
            else email.message_from_bytes(data, policy=policy.default)
        )
        message_id, sender = _message_id(message, data), _sender(message)
    except Exception:  # malformed headers of any kind: nothing to answer to
        logger.info("inbound e-mail with unreadable headers ignored", exc_info=True)
        return _log_only(f"sha256:{hashlib.sha256(data).hexdigest()}", source, len(data), "malformed")
    recipient = single_line(" ".join(envelope)).lower()[:MAX_ADDRESS]
    if _hostile(message, sender):  # no mail client writes these: dropped, or the mail server retries for days
        return _log_only(message_id, source, len(data), "malformed", sender=sender, recipient=recipient)
    with transaction.atomic():
        fields = {"message_id": message_id, "sender": sender, "source": source, "size": len(data)}
        try:
            with transaction.atomic():
                log = InboundMessage.objects.create(**fields, recipient=recipient)
        except IntegrityError:
            InboundMessage.objects.create(**fields, recipient=recipient, result=InboundMessage.Result.DUPLICATE)
            return Outcome("duplicate")
        try:
            _play(message, sender, log, envelope, too_large)
            log.result = InboundMessage.Result.PLAYED
        except _Stop as stop:
            log.result, log.reason, log.detail = stop.result, stop.reason, stop.detail[:300]
        log.save()
    return Outcome(log.result, log.reason, log.game_id, log.move_number, log.detail)


def _log_only(message_id: str, source: str, size: int, reason: str, sender: str = "", recipient: str = "") -> Outcome:
    """Log a message ignored before it was read (malformed), its sender cleaned and cut to fit."""
    fields = {
        "message_id": message_id,
        "source": source,
        "size": size,
        "sender": single_line(sender)[:MAX_ADDRESS],
        "recipient": recipient,
        "reason": reason,
    }
    try:
        with transaction.atomic():
            InboundMessage.objects.create(**fields, result=InboundMessage.Result.IGNORED)
    except IntegrityError:  # the same message again
        InboundMessage.objects.create(**fields, result=InboundMessage.Result.DUPLICATE)
        return Outcome("duplicate")
    return Outcome("ignored", reason)


def _message_id(message: EmailMessage, data: bytes) -> str:
    value = " ".join(str(message.get("Message-ID") or "").split())
    if value and len(value) <= 200 and "\x00" not in value:
        return value
    return f"sha256:{hashlib.sha256(value.encode('utf-8', 'surrogateescape') or data).hexdigest()}"


def _raw(message: EmailMessage, name: str) -> list[str]:
    """The values of header ``name`` as they came: encoded words (RFC 2047) not decoded."""
    return [
        str(value).encode("utf-8", "surrogateescape").decode("utf-8", "replace")
        for key, value in message.raw_items()
        if key.lower() == name.lower()
    ]


def _sender(message: EmailMessage) -> str:
    """The one address of ``From`` (several, or none: ``""``), read from the header as it
    came: an address inside an encoded word is none (the mail server's checks of the
    sender, DMARC say, never saw it)."""
    found = getaddresses(_raw(message, "From"))
    addresses = [addr for _name, addr in found if "@" in addr]
    return addresses[0].strip().lower() if len(addresses) == 1 else ""


def _hostile(message: EmailMessage, sender: str) -> bool:
    """Whether ``From`` or ``Message-ID`` holds a NUL, or the sender is longer than an
    address may be: written to break the handler, never by a mail client."""
    return len(sender) > MAX_ADDRESS or any(
        "\x00" in value for value in _raw(message, "From") + _raw(message, "Message-ID")
    )


def _one_at_a_time(sender: str) -> None:
    """Handle one message of ``sender`` at a time, until the commit (PostgreSQL: an
    advisory lock; SQLite writes one at a time anyway), so that the counts of the log
    hold against messages handled at once by several processes."""
    if connection.vendor == "postgresql":
        key = int.from_bytes(hashlib.sha256(f"reply:{sender}".encode()).digest()[:8], "big", signed=True)
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [key])


def _over_the_hour(sender: str, log: InboundMessage) -> bool:
    """Whether ``sender`` sent ``REPLY_EMAIL_PER_HOUR`` counted messages in the last hour."""
    earlier = (
        InboundMessage.objects.filter(sender=sender, created_at__gte=timezone.now() - timedelta(hours=1))
        .exclude(pk=log.pk)
        .exclude(result=InboundMessage.Result.DUPLICATE)
        .exclude(reason__in=NOT_COUNTED)
    )
    return earlier.count() >= settings.REPLY_EMAIL_PER_HOUR


def _header_recipients(message: EmailMessage) -> list[str]:
    headers = ("Delivered-To", "X-Original-To", "Envelope-To", "To", "Cc")
    return [str(v) for h in headers for v in message.get_all(h, [])]


def _decision(message: EmailMessage, envelope: list[str]) -> tuple[tokens.Decision, bool]:
    """The decision this copy answers, and whether the message names other decisions too.

    A reply to two reply addresses comes, through a pipe, once for each envelope
    recipient: each copy answers its own. Without an envelope recipient the headers are
    read, and of several decisions the one its game waits for is answered."""
    in_headers = tokens.find(_header_recipients(message))
    seen, found = tokens.find(envelope) if envelope else (False, [])
    if not seen:
        seen, found = in_headers
        found.sort(key=lambda d: not _waits_for(d))
    if not found:
        raise _Stop("ignored", "bad_token" if seen else "no_token")
    return found[0], any(d != found[0] for d in in_headers[1])


def _waits_for(decision: tokens.Decision) -> bool:
    return Game.objects.filter(
        pk=decision.game_id,
        status=Game.Status.ACTIVE,
        move_count=decision.move_number - 1,
        current_seat=decision.seat,
    ).exists()


def _play(message: EmailMessage, sender: str, log: InboundMessage, envelope: list[str], too_large: bool) -> None:
    """Check the message and play its move; raises :class:`_Stop` to say why not."""
    if automatic.by_headers(message, sender):
        raise _Stop("ignored", "automatic")
    _one_at_a_time(sender)
    if _over_the_hour(sender, log):
        raise _Stop("ignored", "rate_limited")
    decision, several = _decision(message, envelope)
    log.game_id, log.move_number = decision.game_id, decision.move_number
    seat = Seat.objects.select_related("user", "game").filter(game_id=decision.game_id, position=decision.seat).first()
    if seat is None or seat.user is None or not sender or seat.user.email.strip().lower() != sender:
        raise _Stop("ignored", "not_sender")
    log.user = seat.user
    with language.override_for(seat.user):  # the engine's reasons in the player's words
        try:
            _play_for(message, seat, decision, too_large)
        except _Stop as stop:
            if stop.reason in ("stale", "played_other") and several:  # the copy for its other address plays
                raise _Stop("ignored", "stale_copy") from None
            if stop.result == "rejected":
                _answer(log, seat, stop, message)
            raise


def _play_for(message: EmailMessage, seat: Seat, decision: tokens.Decision, too_large: bool) -> None:
    game, user = seat.game, seat.user
    _still_waiting(seat, decision)
    offered = answers.of(GameView.load(game, user))
    if offered is None:
        raise _Stop("rejected", "stale")
    if too_large:
        limit = filesizeformat(settings.REPLY_EMAIL_MAX_BYTES)
        raise _Stop("rejected", "too_large", gettext("A reply may be at most %(limit)s.") % {"limit": limit})
    entry = _read(message, offered)
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
        _still_waiting(seat, decision)
        raise _Stop("rejected", "stale", str(exc)) from None
    except GameError as exc:
        raise _Stop("rejected", "illegal", str(exc)) from None


def _still_waiting(seat: Seat, decision: tokens.Decision) -> None:
    """Raise why the game no longer waits for ``decision``: it is over, another reply of
    the player played it, or the game moved on."""
    game = Game.objects.get(pk=seat.game_id)
    if game.status == Game.Status.FINISHED:
        raise _Stop("rejected", "over")
    if game.status == Game.Status.ACTIVE and game.move_count + 1 == decision.move_number:
        if game.current_seat == decision.seat:
            return
    played = InboundMessage.objects.filter(
        user=seat.user, game=game, move_number=decision.move_number, result=InboundMessage.Result.PLAYED
    )
    raise _Stop("rejected", "played_other" if played.exists() else "stale")


def _read(message: EmailMessage, offered: answers.Answers) -> dict:
    """The move or answer of the reply; a reply with no line shaped like one that may be
    an auto-reply is left unanswered."""
    try:
        return parse.read(message, offered)
    except parse.Unreadable as exc:
        if exc.code in ("empty", "no_move") and automatic.doubtful(message, exc.lines):
            raise _Stop("ignored", "automatic") from None
        raise _Stop("rejected", exc.code, exc.detail, exc.line) from None


def _answer(log: InboundMessage, seat: Seat, stop: _Stop, message: EmailMessage) -> None:
    """Tell the player why their reply was not played (a few times per decision at most)."""
    answered = InboundMessage.objects.filter(user=seat.user, game=seat.game, move_number=log.move_number, answered=True)
    if answered.count() >= ANSWERS_PER_DECISION:
        return
    log.answered = True
    replied_to = str(message.get("Message-ID") or "").strip()
    # The engine's and the command path's own words (stale, illegal) say more; a parse detail
    # (a cell's letter) says nothing on its own, the tiles that fit a cell do.
    detail = stop.detail[:300] if stop.reason in ("stale", "illegal", "too_large") else ""
    if stop.reason == "tile_needed":
        tiles = ", ".join(f"{tile} ({tile_name(tile)})" for tile in stop.detail.split(", "))
        detail = gettext("Your tiles that fit there: %(tiles)s.") % {"tiles": tiles}
    data = {"reason": stop.reason, "detail": detail, "line": stop.line, "move_number": log.move_number}
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
