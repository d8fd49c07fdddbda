"""``manage.py receive_mail [--env-file PATH] [--recipient ADDRESS]``: one RFC 5322 message
on standard input (from a Postfix or Exim pipe transport) is handled as a reply to a turn
e-mail. Prints one JSON line, e.g. ``{"result": "played", "game": 12, "move_number": 7}``
or ``{"result": "rejected", "reason": "stale", ...}``; exit status 0 whenever the message
was handled (played, rejected, ignored or a duplicate), 75 (EX_TEMPFAIL: the mail server
tries again later) when it could not be: no REPLY_EMAIL, the database away, settings
that do not load (see ``notifications.pipe``, which runs this command for manage.py)."""

from __future__ import annotations

import json
import sys

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from notifications.pipe import EX_TEMPFAIL, describe
from notifications.replies import tokens
from notifications.replies.handler import handle


class Command(BaseCommand):
    help = "Handle one e-mail (RFC 5322, on standard input) sent to the reply address: play the move it answers."

    def add_arguments(self, parser):
        parser.add_argument(
            "--recipient",
            action="append",
            default=[],
            help="the envelope recipient (Postfix: ${recipient}); else the headers are read",
        )
        parser.add_argument(
            "--env-file",
            metavar="PATH",
            help="a file of KEY=VALUE lines (the site's environment), read by manage.py before the settings load",
        )

    def handle(self, *args, **options):
        if not tokens.enabled():  # keep the message: the site may be given its REPLY_EMAIL later
            raise CommandError("REPLY_EMAIL is not set: this site takes no replies", returncode=EX_TEMPFAIL)
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
        except Exception as exc:  # the database is away, say: let the mail server retry
            raise CommandError(f"could not handle the message: {describe(exc)}", returncode=EX_TEMPFAIL) from exc
        self.stdout.write(json.dumps(outcome.json()))
