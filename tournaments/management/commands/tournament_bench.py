"""Benchmark: Swiss pairing of a 1000-player round, and the standings page of a
1000-player event (database, standings and template), in a transaction rolled back
at the end: ``manage.py tournament_bench [--players 1000] [--rounds 9]``."""

import random
import statistics
import time

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.test import Client
from django.test.utils import setup_test_environment

from tournaments import bench, creation, ranking
from tournaments.models import Entry, Pairing, Round, Tournament
from tournaments.pairing import Player, pair_round


class Rollback(Exception):
    pass


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=1000)
        parser.add_argument("--rounds", type=int, default=9)

    def handle(self, *args, players, rounds, **options):
        self.stdout.write("== pure pairing and standings (tournaments.bench)")
        bench.run(players, min(rounds, 6), out=self.stdout.write)
        self.stdout.write("== standings page")
        try:
            with transaction.atomic():
                self._page(players, rounds)
                raise Rollback
        except Rollback:
            pass

    def _page(self, n, rounds):
        User = get_user_model()
        rng = random.Random(5)
        users = User.objects.bulk_create(User(username=f"bench{i:04d}", email="") for i in range(n))
        users = list(User.objects.filter(username__startswith="bench").order_by("username"))
        director = users[0]
        t = creation.create_tournament(
            director, name="Bench open", format="swiss", swiss_rounds=rounds, tiebreaks=list(bench.CHAIN)
        )
        Entry.objects.bulk_create(Entry(tournament=t, user=u, rating=2000 - i) for i, u in enumerate(users))
        t.status = Tournament.Status.RUNNING
        t.save()
        opp = {u.pk: set() for u in users}
        for r in range(1, rounds + 1):
            rows = ranking.compute_standings(t)
            pairing = pair_round([Player(row.player, row.points, frozenset(opp[row.player])) for row in rows])
            rnd = Round.objects.create(tournament=t, number=r, status=Round.Status.FINISHED)
            objs = []
            for i, (a, b) in enumerate(pairing.pairs, 1):
                opp[a].add(b)
                opp[b].add(a)
                objs.append(
                    Pairing(
                        round=rnd,
                        number=i,
                        players=[a, b],
                        status=Pairing.Status.FINISHED,
                        scores=[rng.randint(40, 120), rng.randint(40, 120)],
                    )
                )
            if pairing.bye is not None:
                objs.append(Pairing(round=rnd, number=len(objs) + 1, players=[pairing.bye], status=Pairing.Status.BYE))
            Pairing.objects.bulk_create(objs)
        start = time.perf_counter()
        ranking.refresh_standings(t)
        refresh = time.perf_counter() - start
        try:
            setup_test_environment()  # the test client's host and template hooks
        except RuntimeError:  # already set up (under pytest)
            pass
        client = Client()
        url = f"/tournaments/{t.pk}/"
        client.get(url)  # warm up templates
        timings = []
        for _ in range(7):
            start = time.perf_counter()
            response = client.get(url)
            timings.append(time.perf_counter() - start)
            assert response.status_code == 200
        api_timings = []
        client.force_login(director)
        for _ in range(5):
            start = time.perf_counter()
            client.get(f"/api/tournaments/{t.pk}/standings/")
            api_timings.append(time.perf_counter() - start)
        self.stdout.write(
            f"{n} players, {rounds} rounds ({Pairing.objects.filter(round__tournament=t).count()} pairings): "
            f"standings recomputed and stored after a game in {refresh * 1000:.0f} ms; "
            f"standings page median {statistics.median(timings) * 1000:.0f} ms, max {max(timings) * 1000:.0f} ms "
            f"(target < 200 ms); API standings median {statistics.median(api_timings) * 1000:.0f} ms"
        )
