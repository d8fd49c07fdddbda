"""Helpers of the reply-by-e-mail tests: a started game whose turn e-mail went out, real
MIME replies to it, and ``manage.py receive_mail`` fed one on standard input."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path
from unittest import mock
from urllib.parse import quote

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


def a_move(message) -> str:
    """A legal move line for the turn e-mail: cell A, its first rotation, no follower."""
    line = next(line for line in message.body.splitlines() if re.match(r"^A \(", line))
    return "A " + re.match(r"^A \([^)]*\): (\d+)", line).group(1)


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
    subject: str | None = None,
    quoted: bool = True,
) -> bytes:
    """A reply to ``to_mail`` as a mail client writes it: From, To (its Reply-To),
    In-Reply-To, a new Message-ID, the text above the quoted original (``quoted=False``:
    the text alone, as an auto-reply sends it)."""
    made = EmailMessage()
    made["From"] = sender or f"Player <{to_mail.to[0]}>"
    made["To"] = to or to_mail.reply_to[0]
    made["Subject"] = "Re: " + to_mail.subject if subject is None else subject
    made["Message-ID"] = message_id or make_msgid(domain="phone.example.com")
    made["In-Reply-To"] = to_mail.extra_headers["Message-ID"]
    for name, value in (headers or {}).items():
        made[name] = value
    original = "\n".join("> " + line for line in to_mail.body.splitlines())
    if html and not body:
        made.set_content(
            f"<div>{html}</div><div class='gmail_quote'>{quote}<blockquote>{to_mail.body}</blockquote></div>",
            subtype="html",
        )
    elif not quoted:
        made.set_content(body + "\n")
    else:
        header = quote or "On Mon, 3 Mar 2025 at 10:00, Carcassonne <noreply@localhost> wrote:"
        made.set_content(f"{body}\n\n{header}\n{original}\n")
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


# --- receive_mail as a mail server runs it: a process of its own per message -------------------

MANAGE = Path(__file__).resolve().parents[2] / "manage.py"
CLOSED_REDIS = "redis://127.0.0.1:1/0"


def database_url() -> str:
    """The URL of the test database (PostgreSQL), for another process."""
    from django.db import connection

    d = connection.settings_dict
    user = quote(d["USER"] or "") + (":" + quote(d["PASSWORD"]) if d["PASSWORD"] else "")
    return f"postgres://{user}@{d['HOST'] or '127.0.0.1'}:{d['PORT'] or 5432}/{d['NAME']}"


def env_file(directory: Path, **extra: str) -> Path:
    """The site's environment for ``receive_mail --env-file`` in a process of its own:
    the test database, the test's SECRET_KEY and REPLY_EMAIL, and a Redis (cache and
    broker) that does not answer: nothing is shared but the database."""
    from django.conf import settings

    values = {
        "DEBUG": "0",
        "SECRET_KEY": settings.SECRET_KEY,
        "ALLOWED_HOSTS": "example.org",
        "SITE_URL": "https://example.org",
        "DATABASE_URL": database_url(),
        "REDIS_URL": CLOSED_REDIS,
        "REPLY_EMAIL": settings.REPLY_EMAIL,
        "REPLY_EMAIL_PER_HOUR": str(settings.REPLY_EMAIL_PER_HOUR),
        "REPLY_EMAIL_MAX_BYTES": str(settings.REPLY_EMAIL_MAX_BYTES),
        **extra,
    }
    path = directory / "carcassonne.env"
    path.write_text("".join(f"{key}={value}\n" for key, value in values.items()))
    return path


def receive_apart(raw: bytes, env: Path | None, *args: str) -> subprocess.CompletedProcess:
    """``manage.py receive_mail`` in a process of its own, started as a mail server's pipe
    starts it: with no environment but a PATH, ``raw`` on standard input."""
    command = [sys.executable, str(MANAGE), "receive_mail", *(["--env-file", str(env)] if env else []), *args]
    return subprocess.run(command, input=raw, capture_output=True, env={"PATH": "/usr/bin:/bin"}, timeout=120, cwd="/")


def outcome(run: subprocess.CompletedProcess) -> dict:
    """The JSON line of a run that handled its message (and printed nothing else)."""
    assert (run.returncode, run.stderr) == (0, b""), run
    [line] = run.stdout.decode().splitlines()
    return json.loads(line)
