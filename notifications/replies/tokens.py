"""The personal reply address of one decision: ``play+<token>@<domain>``.

The token names the game, the seat and the move number, signed with the site's secret
(an HMAC, checked in constant time): nobody can make one for another game or seat, and
a reply to an old e-mail names an old move. Lower case only, since some mail servers
change the case of an address.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from email.utils import getaddresses

from django.conf import settings
from django.utils.crypto import constant_time_compare, salted_hmac

SALT = "notifications.replies.token"
TOKEN_RE = re.compile(r"^(\d{1,12})-(\d{1,2})-(\d{1,6})-([0-9a-f]{20})$")


@dataclass(frozen=True)
class Decision:
    """What a reply address names: the decision of ``seat`` at ``move_number`` of ``game_id``."""

    game_id: int
    seat: int
    move_number: int


def enabled() -> bool:
    return bool(settings.REPLY_EMAIL and "@" in settings.REPLY_EMAIL)


def _mac(game_id: int, seat: int, move_number: int) -> str:
    return salted_hmac(SALT, f"{game_id}:{seat}:{move_number}", algorithm="sha256").hexdigest()[:20]


def token(decision: Decision) -> str:
    d = decision
    return f"{d.game_id}-{d.seat}-{d.move_number}-{_mac(d.game_id, d.seat, d.move_number)}"


def verify(text: str) -> Decision | None:
    """The decision a token names, or ``None`` when it was not made by this site."""
    match = TOKEN_RE.match(text.strip().lower())
    if not match:
        return None
    game_id, seat, number = (int(match.group(i)) for i in (1, 2, 3))
    if not constant_time_compare(match.group(4), _mac(game_id, seat, number)):
        return None
    return Decision(game_id, seat, number)


def _base() -> tuple[str, str]:
    local, _at, domain = settings.REPLY_EMAIL.rpartition("@")
    return local, domain


def address(decision: Decision) -> str:
    """The reply address of ``decision``: REPLY_EMAIL with the token after a ``+``."""
    local, domain = _base()
    return f"{local}+{token(decision)}@{domain}"


def find(recipients: list[str]) -> tuple[bool, list[Decision]]:
    """Among the ``recipients`` (header values or addresses): whether one is a reply
    address of this site, and the decisions of those whose token verifies, in order."""
    local, domain = _base()
    seen, found = False, []
    for _name, addr in getaddresses(recipients):
        box, _at, host = addr.rpartition("@")
        base, plus, tail = box.partition("+")
        if not plus or base.lower() != local.lower() or host.lower() != domain.lower():
            continue
        seen = True
        decision = verify(tail)
        if decision is not None and decision not in found:
            found.append(decision)
    return seen, found
