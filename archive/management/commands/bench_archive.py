"""Time the archive list (with player and rule filters) and the replay page at random moves.

    manage.py bench_archive [--runs 50] [--changed result|archive]

Uses django.test.Client (signed in as the busiest player) and prints the median and
95th percentile of each page, the median and p95 of its SQL queries' time and of the rest
(Python and templates: the time on the clock less the SQL), the median CPU time of the
process (less sensitive to a busy machine) and the number of SQL queries per request;
the load average before and after (``os.getloadavg``).
"""

import gc
import os
import random
import statistics
import time

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.db.models import Count
from django.test import Client
from django.test.utils import CaptureQueriesContext

from archive.generate import VARIED_EXPANSION
from archive.kept import archive_changed, results_changed
from archive.models import GameResult, SeatResult
from carcassonne import Rules

User = get_user_model()


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


class Command(BaseCommand):
    help = "Benchmark the archive list and replay pages (median / p95 and query counts)."

    def add_arguments(self, parser):
        parser.add_argument("--runs", type=int, default=50)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument(
            "--changed",
            choices=["result", "archive"],
            help="Before each request (not timed), what changes the archive: 'result', a game of other players "
            "finishing (the common change: the lists of all games are read again); 'archive', the archive's "
            "version (a rare change, e.g. an account deleted: every kept page but the list rows read again)",
        )

    def handle(self, *args, runs, seed, changed=None, **options):
        rng = random.Random(seed)
        games = GameResult.objects.count()
        if not games:
            raise CommandError("no finished game in the archive: run generate_archive first")
        busiest = SeatResult.objects.values("user_id").annotate(n=Count("id")).order_by("-n").first()
        users = list(
            User.objects.filter(seat_results__isnull=False).distinct().values_list("username", flat=True)[:200]
        )
        viewer = User.objects.get(pk=busiest["user_id"])
        client = Client(HTTP_HOST="localhost")
        client.force_login(viewer)
        max_id = GameResult.objects.order_by("-game_id").values_list("game_id", flat=True).first()
        min_id = GameResult.objects.order_by("game_id").values_list("game_id", flat=True).first()
        self.stdout.write(
            f"{games} finished games, {len(users)} players, {connection.vendor}; {runs} runs per page"
            + (f"; before each request: {changed} changed" if changed else "")
        )

        def timed(url):
            if changed == "result":
                results_changed([])  # a game of players nobody here asks for
            elif changed == "archive":
                archive_changed()
            with CaptureQueriesContext(connection) as ctx:
                t, cpu = time.perf_counter(), time.process_time()
                response = client.get(url)
                elapsed, cpu = (time.perf_counter() - t) * 1000, (time.process_time() - cpu) * 1000
            if response.status_code != 200:
                raise CommandError(f"{url}: HTTP {response.status_code}")
            sql = sum(float(q["time"]) for q in ctx.captured_queries) * 1000
            return elapsed, sql, cpu, len(ctx.captured_queries)

        self.stdout.write("load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
        # as a web worker starts (carcassonne_site.wsgi): what start-up loaded is left out of the
        # garbage collector's full passes, which would otherwise land on whichever request follows
        gc.collect()
        gc.freeze()

        varied = VARIED_EXPANSION  # the expansion of a quarter of generated games
        others = "&".join(f"{o.name}=no" for o in Rules.options() if o.kind == "expansion" and o.name != varied)
        pages = {
            "list (no filter) page k": lambda: f"/archive/?page={rng.randint(1, 40)}",
            "list ?player=X": lambda: f"/archive/?player={rng.choice(users)}",
            "list ?player=X&player=Y": lambda: "/archive/?player={}&player={}".format(*rng.sample(users, 2)),
            "list ?player=X page 3": lambda: f"/archive/?player={rng.choice(users)}&page=3",
            # filters by rule options (expansions, house rules), with and without a player
            f"list ?{varied}=yes page k": lambda: f"/archive/?{varied}=yes&page={rng.randint(1, 40)}",
            f"list ?farm_scoring=classic&{varied}=no": lambda: f"/archive/?farm_scoring=classic&{varied}=no",
            f"list ?player=X&{varied}=yes": lambda: f"/archive/?player={rng.choice(users)}&{varied}=yes",
            "list ?player=X&hand=no&<others>=no": lambda: f"/archive/?player={rng.choice(users)}&hand=no&{others}",
            "player page": lambda: f"/archive/players/{rng.choice(users)}/",
            "replay ?move=k": lambda: self._replay_url(rng, min_id, max_id),
            "API board.svg ?move=k": lambda: self._replay_url(rng, min_id, max_id, api=True),
            # the same finished game and move asked again (a reader going back and forth)
            "replay ?move=k again": lambda: again,
        }
        again = self._replay_url(rng, min_id, max_id)
        for name, url_of in pages.items():
            timed(url_of())  # warm-up (connections, caches, template loading)
            times, sql_times, python_times, cpu_times, counts = [], [], [], [], set()
            for _ in range(runs):
                elapsed, sql, cpu, queries = timed(url_of())
                times.append(elapsed)
                sql_times.append(sql)
                python_times.append(elapsed - sql)
                cpu_times.append(cpu)
                counts.add(queries)
            self.stdout.write(
                f"{name:36s} median {statistics.median(times):6.1f} ms   p95 {percentile(times, 95):6.1f} ms"
                f"   max {max(times):6.1f} ms   SQL median {statistics.median(sql_times):6.1f}"
                f" p95 {percentile(sql_times, 95):6.1f}   Python median {statistics.median(python_times):6.1f}"
                f" p95 {percentile(python_times, 95):6.1f}   CPU median {statistics.median(cpu_times):6.1f} ms"
                f"   queries {sorted(counts)}"
            )
        self.stdout.write("load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))

    def _replay_url(self, rng, min_id, max_id, api=False):
        while True:
            game_id = rng.randint(min_id, max_id)
            result = GameResult.objects.filter(game_id=game_id).values_list("move_count", flat=True).first()
            if result is not None:
                k = rng.randint(0, result)
                if api:
                    return f"/api/archive/games/{game_id}/board.svg?move={k}"
                return f"/archive/games/{game_id}/?move={k}"
