"""Recognising mail no person wrote: auto-replies, out-of-office notices, bounces and bulk
mail, which are never played nor answered (no mail loops, no backscatter).

Well-behaved responders say so in their headers (RFC 3834 ``Auto-Submitted``,
``Precedence``, ``X-Autoreply``, a null ``Return-Path``, a delivery report). Many do not:
Outlook and Exchange rules, Apple Mail rules, Thunderbird filters and some providers send
"Automatic reply: ..." or "Absent du bureau : ..." with no such header. Those are known
by their subject (:data:`SUBJECT`), and a reply that has no line shaped like a move is
left unanswered when its subject is not a reply's ("Re: ...") or its text reads like an
absence notice (:data:`AWAY`), in English, German, French, Italian, Spanish and Dutch.
"""

from __future__ import annotations

import re
from email.message import EmailMessage

SENDERS = {"mailer-daemon", "postmaster", "noreply", "no-reply", "donotreply", "do-not-reply"}
"""Local parts of addresses that send only automatic mail."""

SUBJECT = re.compile(
    r"^\W*("
    # English (Outlook, Exchange, Gmail, Apple Mail, Thunderbird templates)
    r"auto(matic|mated)?[ -]?(reply|response|answer)|autoreply|out of (the )?office|away from (the )?office|"
    r"on (vacation|holiday|leave)|vacation (reply|response)|"
    # German
    r"automatische (antwort|rückantwort|nachricht)|autom\. antwort|abwesen|nicht im büro|urlaub|"
    # French
    r"réponse automatique|absent|absence|hors du bureau|en congés?\b|en vacances|"
    # Italian
    r"risposta automatica|fuori (sede|ufficio)|assen(te|za)|in ferie|"
    # Spanish
    r"respuesta automática|fuera de (la )?oficina|ausen(te|cia)|de vacaciones|"
    # Dutch
    r"automatisch (antwoord|bericht)|afwezig|niet (aanwezig|op kantoor)|met vakantie|op vakantie|"
    # a few more of Outlook's languages, and bounces
    r"resposta automática|autosvar|automatisk svar|odpowiedź automatyczna|automaattinen vastaus|"
    r"undeliver|delivery status|mail delivery|returned mail|non remis|unzustellbar|non recapitabile|no entregado"
    r")",
    re.IGNORECASE,
)
"""The subjects of auto-replies and bounces (a person's reply starts with "Re:" or the like)."""

REPLY_PREFIX = re.compile(
    r"^\s*(re|aw|antw|antwort|rif|r|rv|res|sv|vs|odp|ynt|απ|回复|答复|tr|fw|fwd|wg|enc)\s?(\[\d+\])?\s?:", re.IGNORECASE
)
"""How mail clients begin the subject of a reply (or forward) in their languages."""

AWAY = re.compile(
    r"("
    # English
    r"out of (the )?office|\b(i am|i'm|i will be|i'll be)\b[^.\n]{0,40}\b(away|absent|off|on (annual |parental |sick )?"
    r"(leave|vacation|holiday))\b|automatic(ally)? (generated )?(reply|response|message)|auto-?(reply|response)|"
    r"limited access to (my )?e-?mail|\b(will|i'll) (be )?(back|returning|return)\b|thank you for your (e-?mail|message)|"
    # German
    r"nicht im büro|\babwesen|\burlaub\b|automatische (antwort|nachricht)|wieder (im büro|erreichbar|da)\b|außer haus|"
    r"danke für ihre|vielen dank für ihre|"
    # French
    r"\babsente?\b|hors du bureau|en (congés?|vacances)\b|réponse automatique|de retour (le|à partir)|"
    r"merci (pour|de) votre (message|e-?mail|courriel)|je serai de retour|"
    # Italian
    r"fuori (sede|ufficio)|\bassente\b|in ferie|risposta automatica|rientrerò|sarò di nuovo|grazie per (la sua|il suo)|"
    # Spanish
    r"fuera de (la )?oficina|\bausente\b|de vacaciones|respuesta automática|estaré de vuelta|gracias por su (correo|mensaje)|"
    # Dutch
    r"\bafwezig\b|niet (op kantoor|aanwezig)|(op|met) vakantie|automatisch (antwoord|bericht)|weer (aanwezig|bereikbaar)|"
    r"bedankt voor (uw|je) (e-?mail|bericht)"
    r")",
    re.IGNORECASE,
)
"""The usual first lines of absence notices ("I am out of the office", "Je suis absent",
"Ich bin nicht im Büro", "Sono fuori ufficio", "Estoy fuera de la oficina", "Ik ben afwezig")."""


def by_headers(message: EmailMessage, sender: str) -> bool:
    """An auto-reply, bounce or bulk mail by its headers, sender or subject."""
    if str(message.get("Auto-Submitted", "no")).strip().lower() != "no":
        return True
    if str(message.get("Precedence", "")).strip().lower() in {"bulk", "auto_reply", "junk", "list"}:
        return True
    if any(message.get(h) is not None for h in ("X-Autoreply", "X-Autorespond", "X-Autoresponse", "List-Id")):
        return True
    if str(message.get("Return-Path", "")).strip() == "<>" or message.get_content_type() == "multipart/report":
        return True
    if sender.partition("@")[0] in SENDERS:
        return True
    return bool(SUBJECT.match(subject(message)))


def doubtful(message: EmailMessage, lines: list[str]) -> bool:
    """Whether a message with no line shaped like a move may be an auto-reply: its subject
    is not a reply's, or its first lines read like an absence notice. Such a message is
    not answered: better a person unanswered than a mail loop."""
    if not REPLY_PREFIX.match(subject(message)):
        return True
    return bool(AWAY.search(" ".join(lines[:6]).replace("’", "'")))


def subject(message: EmailMessage) -> str:
    try:
        return " ".join(str(message.get("Subject", "")).split())
    except Exception:  # noqa: BLE001 - an undecodable subject is no reply's subject
        return ""
