"""Helpers of the reply-by-e-mail tests: a started game whose turn e-mail went out, real
MIME replies to it, and ``manage.py receive_mail`` fed one on standard input."""

from __future__ import annotations

import io
import json
import sys
from email.message import EmailMessage
from email.utils import make_msgid
from unittest import mock

from django.core import mail
from django.core.management import call_command

from games import lobby

REPLY_EMAIL = "play@example.org"


def started(ann, bob, capture, **kwargs):
    """A game of ann (on turn) and bob, and the turn e-mail ann got."""
    # a known bag (seed 1: ann draws a city tile that fits some cells in some rotations only)
    with capture(execute=True), mock.patch("games.lobby.secrets.randbits", return_value=1):
        game = lobby.create_game(ann, ["bob"], name="Friday", **kwargs)
        lobby.accept_invitation(game.pk, bob)
    game.refresh_from_db()
    return game, turn_mail(ann.email)


def turn_mail(address: str):
    return [
        m
        for m in mail.outbox
        if address in m.to and m.extra_headers.get("X-Carcassonne-Notification", "").startswith("turn:")
    ][-1]


def reply(
    to_mail,
    body: str = "",
    *,
    html: str = "",
    sender: str | None = None,
    to: str | None = None,
    headers: dict | None = None,
    message_id: str | None = None,
    quote: str = "",
    attachment: bytes = b"",
) -> bytes:
    """A reply to ``to_mail`` as a mail client writes it: From, To (its Reply-To),
    In-Reply-To, a new Message-ID, the text above the quoted original."""
    made = EmailMessage()
    made["From"] = sender or f"Player <{to_mail.to[0]}>"
    made["To"] = to or to_mail.reply_to[0]
    made["Subject"] = "Re: " + to_mail.subject
    made["Message-ID"] = message_id or make_msgid(domain="phone.example.com")
    made["In-Reply-To"] = to_mail.extra_headers["Message-ID"]
    for name, value in (headers or {}).items():
        made[name] = value
    quoted = "\n".join("> " + line for line in to_mail.body.splitlines())
    if html and not body:
        made.set_content(
            f"<div>{html}</div><div class='gmail_quote'>{quote}<blockquote>{to_mail.body}</blockquote></div>",
            subtype="html",
        )
    else:
        made.set_content(
            f"{body}\n\n{quote or 'On Mon, 3 Mar 2025 at 10:00, Carcassonne <noreply@localhost> wrote:'}\n{quoted}\n"
        )
    if attachment:
        made.add_attachment(attachment, maintype="application", subtype="pdf", filename="scan.pdf")
    return made.as_bytes()


def receive(raw: bytes, *args) -> dict:
    """``manage.py receive_mail`` with ``raw`` on standard input: its JSON line."""
    out, old = io.StringIO(), sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(raw))
    try:
        call_command("receive_mail", *args, stdout=out)
    finally:
        sys.stdin = old
    return json.loads(out.getvalue())
