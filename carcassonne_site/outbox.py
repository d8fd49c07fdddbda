"""The local outbox: a page listing the e-mails Django's file backend wrote.

Only available with DEBUG on and the file-based e-mail backend (that is, when
no EMAIL_HOST/EMAIL_URL is configured). Each file in var/outbox/ holds one or
more messages, separated by a line of 79 dashes.
"""

import base64
import email
import re
from email import policy
from email.utils import parsedate_to_datetime
from pathlib import Path

from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.clickjacking import xframe_options_sameorigin

SEPARATOR = "\n" + "-" * 79 + "\n"
FILENAME_RE = re.compile(r"^[\w.-]+\.log$")
CID_RE = re.compile(r"""(["'])cid:([^"']+)\1""")

HTML_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'self'"
"""The HTML part is shown as the mail client would (its inline styles and images), framed
by the outbox page only, and runs nothing."""


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
        "has_html": msg.get_body(preferencelist=("html",)) is not None,
    }


def html_part(raw: str) -> str:
    """The message's HTML part with its inline images (``cid:`` references) as data URIs."""
    msg = email.message_from_bytes(raw.encode("utf-8", "surrogateescape"), policy=policy.default)
    part = msg.get_body(preferencelist=("html",))
    if part is None:
        return ""
    images = {}
    for item in msg.walk():
        cid = (item["Content-ID"] or "").strip("<> ")
        if cid and item.get_content_maintype() == "image":
            data = base64.b64encode(item.get_payload(decode=True) or b"").decode("ascii")
            images[cid] = f"data:{item.get_content_type()};base64,{data}"
    return CID_RE.sub(lambda m: f"{m.group(1)}{images.get(m.group(2), '')}{m.group(1)}", part.get_content())


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


def _raw_message(filename, index) -> str:
    _ensure_enabled()
    if not FILENAME_RE.match(filename):
        raise Http404
    path = outbox_dir() / filename
    if not path.is_file():
        raise Http404
    chunks = _messages_in(path)
    if index >= len(chunks):
        raise Http404
    return chunks[index]


def outbox_detail(request, filename, index):
    item = _parse(_raw_message(filename, index))
    item.update(filename=filename, index=index)
    return render(request, "outbox/detail.html", {"message": item})


@xframe_options_sameorigin
def outbox_html(request, filename, index):
    """The HTML part of one message, with its pictures, for the frame of the detail page."""
    html = html_part(_raw_message(filename, index))
    if not html:
        raise Http404
    response = HttpResponse(html, content_type="text/html; charset=utf-8")
    response["Content-Security-Policy"] = HTML_POLICY
    return response
