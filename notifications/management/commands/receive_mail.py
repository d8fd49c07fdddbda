"""``manage.py receive_mail [--recipient ADDRESS]``: one RFC 5322 message on standard input
(from a Postfix or Exim pipe transport) is handled as a reply to a turn e-mail. Prints one
JSON line, e.g. ``{"result": "played", "game": 12, "move_number": 7}`` or
``{"result": "rejected", "reason": "stale", ...}``; exit status 0 whenever the message was
handled (played, rejected, ignored or a duplicate), 75 (EX_TEMPFAIL: the mail server
tries again later) when it could not be, e.g. while the database is down."""

from __future__ import annotations

import json
import logging
import sys

from django.conf import settings
from django.core.management.base import BaseCommand

from notifications.replies.handler import handle

logger = logging.getLogger(__name__)

EX_TEMPFAIL = 75


class Command(BaseCommand):
    help = "Handle one e-mail (RFC 5322, on standard input) sent to the reply address: play the move it answers."

    def add_arguments(self, parser):
        parser.add_argument(
            "--recipient",
            action="append",
            default=[],
            help="the envelope recipient (Postfix: ${recipient}); else the headers are read",
        )

    def handle(self, *args, **options):
        stdin = getattr(sys.stdin, "buffer", sys.stdin)
        # Read one byte past the limit: enough to know the message is too large, never all of it.
        data = stdin.read(settings.REPLY_EMAIL_MAX_BYTES + 1)
        if isinstance(data, str):
            data = data.encode("utf-8", "surrogateescape")
        if len(data) > settings.REPLY_EMAIL_MAX_BYTES:
            while stdin.read(1 << 20):  # drain the rest, so that the mail server sees it taken
                pass
        try:
            outcome = handle(data, source="pipe", recipients=options["recipient"])
        except Exception:  # the database is away, say: let the mail server retry
            logger.exception("receive_mail could not handle a message")
            self.stdout.write(json.dumps({"result": "error"}))
            sys.exit(EX_TEMPFAIL)
        self.stdout.write(json.dumps(outcome.json()))
