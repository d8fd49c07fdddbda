"""The local outbox: a page listing the e-mails Django's file backend wrote.

Only available with DEBUG on and the file-based e-mail backend (that is, when
no EMAIL_HOST/EMAIL_URL is configured). Each file in var/outbox/ holds one or
more messages, separated by a line of 79 dashes.
"""

import base64
import email
import re
from email import policy
from email.message import EmailMessage
from email.utils import make_msgid, parsedate_to_datetime
from pathlib import Path

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.clickjacking import xframe_options_sameorigin
from django.views.decorators.http import require_POST

from notifications.replies import tokens
from notifications.replies.handler import handle

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
    reply_to = str(msg["Reply-To"] or "")
    return {
        "subject": str(msg["Subject"] or "(no subject)"),
        "from": str(msg["From"] or ""),
        "to": str(msg["To"] or ""),
        "date": date,
        "body": body,
        "reply_to": reply_to,
        # A turn e-mail with a reply address: the page can answer it like a mail client.
        "can_reply": bool(reply_to) and tokens.enabled() and tokens.find([reply_to])[0],
        "message_id": str(msg["Message-ID"] or ""),
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
            payload = item.get_payload(decode=True)  # an image part's bytes
            data = base64.b64encode(payload if isinstance(payload, bytes) else b"").decode("ascii")
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
    if settings.CELERY_TASK_ALWAYS_EAGER:  # no beat in development: looking here runs its sweep
        from notifications import tasks

        tasks.sweep()
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


def _message_at(filename, index) -> dict:
    item = _parse(_raw_message(filename, index))
    item.update(filename=filename, index=index)
    return item


def outbox_detail(request, filename, index):
    return render(request, "outbox/detail.html", {"message": _message_at(filename, index)})


def reply_message(item, text):
    """The reply a mail client would send to ``item``: from its recipient to its
    Reply-To, in its thread, the typed ``text`` above the quoted original."""
    reply = EmailMessage()
    reply["From"] = item["to"]
    reply["To"] = item["reply_to"]
    reply["Subject"] = "Re: " + item["subject"]
    reply["Message-ID"] = make_msgid(domain="outbox.localhost")
    if item["message_id"]:
        reply["In-Reply-To"] = item["message_id"]
    quoted = "\n".join("> " + line for line in item["body"].splitlines())
    reply.set_content(f"{text}\n\n{item['from']} wrote:\n{quoted}\n")
    return reply.as_bytes()


RESULTS = {
    "played": lambda outcome: _("The move in your reply was played."),
    "rejected": lambda outcome: _("Your reply was not played: the answer in the outbox says why."),
    "duplicate": lambda outcome: _("That reply was handled before."),
    "ignored": lambda outcome: _("Your reply was ignored (%(reason)s).") % {"reason": outcome.reason},
}


@require_POST
def outbox_reply(request, filename, index):
    """Answer a turn e-mail from the outbox page: the same handler as mail from a real
    mail server (``manage.py receive_mail``), so a newcomer can try it without one."""
    _ensure_enabled()
    item = _message_at(filename, index)
    if not item["can_reply"]:
        raise Http404
    outcome = handle(reply_message(item, request.POST.get("text", "")[:2000]), source="outbox")
    level = messages.SUCCESS if outcome.result == "played" else messages.WARNING
    messages.add_message(request, level, RESULTS[outcome.result](outcome))
    return redirect("outbox")


@xframe_options_sameorigin
def outbox_html(request, filename, index):
    """The HTML part of one message, with its pictures, for the frame of the detail page."""
    html = html_part(_raw_message(filename, index))
    if not html:
        raise Http404
    response = HttpResponse(html, content_type="text/html; charset=utf-8")
    response["Content-Security-Policy"] = HTML_POLICY
    return response
