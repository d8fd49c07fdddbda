"""``manage.py delete_account USERNAME``: what "Delete my account" does, for staff. Prints one
JSON line saying what was erased (exit status 1, with the reason, when there is no such
account or it was deleted before)."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from accounts.deletion import AlreadyDeleted, delete_account
from accounts.models import User


class Command(BaseCommand):
    help = "Delete an account as its owner can (erase the person, keep a neutral name in games)."

    def add_arguments(self, parser):
        parser.add_argument("username")

    def handle(self, *args, username: str, **options):
        user = User.objects.filter(username__iexact=username.strip(), deleted_at__isnull=True).first()
        if user is None:
            raise CommandError(f"no account called {username!r}")
        try:
            summary = delete_account(user)
        except AlreadyDeleted:
            raise CommandError(f"the account {username!r} was deleted before") from None
        self.stdout.write(json.dumps({"deleted": username.strip(), **summary}, sort_keys=True))
