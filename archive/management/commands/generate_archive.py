"""Fill the database with finished random games for the archive benchmark.

    manage.py generate_archive --games 100000 [--distinct 3000] [--users 200] [--batch 500]

Games are copies of ``--distinct`` complete random games (carcassonne.autoplay)
with varied seeds, player counts (2-5) and rule options, dealt to random players
and finished on random days of the last three years; each gets its seats, its whole
move log and its archive result, written with bulk_create in batches.
"""

import datetime as dt
import random
import time

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.core.management.base import BaseCommand
from django.utils import timezone

from archive.generate import bulk_store, varied_template

User = get_user_model()


class Command(BaseCommand):
    help = "Generate finished random games (with moves and archive results) for the benchmark."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=1000)
        parser.add_argument("--distinct", type=int, default=3000, help="Distinct random games to play and reuse")
        parser.add_argument("--users", type=int, default=200)
        parser.add_argument("--batch", type=int, default=500, help="Games per transaction")
        parser.add_argument("--seed", type=int, default=2024)
        parser.add_argument("--max-seconds", type=float, default=0, help="Stop after this long (0: no limit)")

    def handle(self, *args, games, distinct, users, batch, seed, max_seconds, **options):
        began = time.perf_counter()
        rng = random.Random(seed)
        people = self._users(users)
        distinct = max(1, min(distinct, games))
        self.stdout.write(f"playing {distinct} distinct random games…")
        templates = []
        for i in range(distinct):
            templates.append(varied_template(seed * 100_000 + i))
            if (i + 1) % 500 == 0:
                self.stdout.write(f"  {i + 1} played ({time.perf_counter() - began:.0f} s)")
        played = time.perf_counter() - began
        self.stdout.write(f"played {distinct} games in {played:.1f} s; storing {games} games…")
        now = timezone.now()
        stored = moves = 0
        while stored < games:
            size = min(batch, games - stored)
            chunk = []
            for _ in range(size):
                template = rng.choice(templates)
                seats = rng.sample(people, template.players)
                when = now - dt.timedelta(seconds=rng.randrange(3 * 365 * 86400))
                chunk.append((template, seats, when))
            moves += bulk_store(chunk)
            stored += size
            elapsed = time.perf_counter() - began
            if stored % (batch * 10) == 0 or stored == games:
                rate = stored / max(elapsed - played, 1e-9)
                self.stdout.write(f"  {stored} games, {moves} moves ({elapsed:.0f} s, {rate:.0f} games/s)")
            if max_seconds and elapsed > max_seconds:
                self.stdout.write(self.style.WARNING(f"time limit reached after {stored} games"))
                break
        total = time.perf_counter() - began
        self.stdout.write(self.style.SUCCESS(f"stored {stored} games and {moves} moves in {total:.1f} s"))

    def _users(self, count):
        names = [f"player{i:03d}" for i in range(1, count + 1)]
        existing = set(User.objects.filter(username__in=names).values_list("username", flat=True))
        password = make_password(None)
        User.objects.bulk_create(
            [User(username=n, email=f"{n}@example.org", password=password) for n in names if n not in existing],
            batch_size=1000,
            ignore_conflicts=True,  # several generators may run side by side
        )
        return list(User.objects.filter(username__in=names).only("id", "username"))
