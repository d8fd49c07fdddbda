"""The local outbox: a page listing the e-mails Django's file backend wrote.

Only available with DEBUG on and the file-based e-mail backend (that is, when
no EMAIL_HOST/EMAIL_URL is configured). Each file in var/outbox/ holds one or
more messages, separated by a line of 79 dashes.
"""

import email
import re
from email import policy
from email.utils import parsedate_to_datetime
from pathlib import Path

from django.conf import settings
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _

SEPARATOR = "\n" + "-" * 79 + "\n"
FILENAME_RE = re.compile(r"^[\w.-]+\.log$")


def outbox_dir():
    return Path(settings.EMAIL_FILE_PATH)


def _ensure_enabled():
    if not (settings.DEBUG and settings.OUTBOX_ENABLED):
        raise Http404(_("The local outbox is only available in development."))


def _parse(raw):
    msg = email.message_from_bytes(raw.encode("utf-8", "surrogateescape"), policy=policy.default)
    part = msg.get_body(preferencelist=("plain", "html"))
    body = part.get_content() if part is not None else ""
    try:
        date = parsedate_to_datetime(msg["Date"]) if msg["Date"] else None
    except (TypeError, ValueError):
        date = None
    return {
        "subject": str(msg["Subject"] or "(no subject)"),
        "from": str(msg["From"] or ""),
        "to": str(msg["To"] or ""),
        "date": date,
        "body": body,
    }


def _messages_in(path):
    text = path.read_text("utf-8", errors="surrogateescape")
    return [chunk for chunk in text.split(SEPARATOR) if chunk.strip()]


def read_outbox():
    """All messages in the outbox, newest first."""
    folder = outbox_dir()
    if not folder.is_dir():
        return []
    items = []
    files = sorted(
        (p for p in folder.iterdir() if p.is_file() and FILENAME_RE.match(p.name)),
        key=lambda p: (p.stat().st_mtime, p.name),
        reverse=True,
    )
    for path in files:
        for index, raw in reversed(list(enumerate(_messages_in(path)))):
            item = _parse(raw)
            item.update(filename=path.name, index=index)
            items.append(item)
    return items


def outbox_list(request):
    _ensure_enabled()
    return render(
        request,
        "outbox/list.html",
        {"messages_list": read_outbox(), "outbox_path": outbox_dir()},
    )


def outbox_detail(request, filename, index):
    _ensure_enabled()
    if not FILENAME_RE.match(filename):
        raise Http404
    path = outbox_dir() / filename
    if not path.is_file():
        raise Http404
    chunks = _messages_in(path)
    if index >= len(chunks):
        raise Http404
    item = _parse(chunks[index])
    item.update(filename=filename, index=index)
    return render(request, "outbox/detail.html", {"message": item})
