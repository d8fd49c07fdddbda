"""``manage.py bench_api [--games N]``: time the move API and the game page.

Creates throwaway users (with e-mail addresses: each turn writes its e-mail to the
outbox), plays N complete two-player games through the API with ``django.test.Client``
(token authentication; the game page with a signed-in session), against whatever database
DATABASE_URL points at, and prints the median and p95 of ``POST /api/games/<id>/moves/``
and of the game page ``GET /games/<id>/`` measured near the end of each game (full
board), plus the SQL queries per move request (min/max over the game: constant) and,
over moves 21-40, the median SQL queries and replays of the move log per move request
(a replay: an engine built, ``carcassonne.Game``, from the game's seed or bag-less as the
move list's words once did: see ``bench_pages.counted``).
Everything it created is deleted afterwards.
"""

from __future__ import annotations

import gc
import json
import random
import secrets
import statistics
import time

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.test import Client
from django.urls import NoReverseMatch, reverse
from rest_framework.authtoken.models import Token

from games.models import Game

from .bench_pages import counted

MEASURED_MOVES = range(21, 41)
"""Moves whose queries and replays are reported as a median (a mid-game board)."""


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = (len(ordered) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


class _Player(Client):
    """A player's API client (by token), with their signed-in browser for the HTML page."""

    browser: Client


class Command(BaseCommand):
    help = "Benchmark the move API and the game page by playing complete games."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=3, help="complete games to play (default 3)")
        parser.add_argument("--seed", type=int, default=1, help="seed of the follower choices")
        parser.add_argument("--page-samples", type=int, default=10, help="game page GETs near the end of each game")
        parser.add_argument(
            "--warmup",
            type=int,
            default=1,
            help="games played first and not measured, as a long-running server has warm caches (default 1)",
        )

    def handle(self, *args, games: int, seed: int, page_samples: int, warmup: int, **options):
        if games < 1:
            raise CommandError("--games must be 1 or more")
        User = get_user_model()
        tag = secrets.token_hex(4)
        # with addresses, as players have: each turn writes its e-mail to the outbox
        users = [
            User.objects.create_user(username=f"bench-{tag}-{i}", email=f"bench-{tag}-{i}@example.com", password=None)
            for i in range(2)
        ]
        clients = {}
        for user in users:
            token = Token.objects.create(user=user)
            client = _Player(HTTP_AUTHORIZATION=f"Token {token.key}", HTTP_HOST="localhost")
            client.browser = Client(HTTP_HOST="localhost")  # the HTML game page, signed in (a session)
            client.browser.force_login(user)
            clients[user.username] = client
        rng = random.Random(seed)
        move_ms: list[float] = []
        page_ms: list[float] = []
        svg_ms: list[float] = []
        state_ms: list[float] = []
        queries: list[int] = []
        self.mid_game: list[tuple[int, int]] = []  # (queries, replays) of moves 21-40
        final_flags: list[bool] = []
        game_ids: list[int] = []
        try:
            reverse("game-detail", args=[1])
            has_page = True
        except NoReverseMatch:
            has_page = False
        try:
            for _ in range(warmup):  # fills the per-process caches (tile drawings, layouts)
                game_ids.append(self._play(users, clients, rng, [], [], [], [], [], [], page_samples, has_page))
            self.mid_game.clear()  # the warm-up games are not measured
            gc.freeze()  # as carcassonne_site/wsgi.py does after start-up
            for _ in range(games):
                game_id = self._play(
                    users,
                    clients,
                    rng,
                    move_ms,
                    queries,
                    final_flags,
                    page_ms,
                    state_ms,
                    svg_ms,
                    page_samples,
                    has_page,
                )
                game_ids.append(game_id)
        finally:
            Game.objects.filter(pk__in=game_ids).delete()
            Game.objects.filter(created_by__in=users).delete()
            Token.objects.filter(user__in=users).delete()
            User.objects.filter(pk__in=[u.pk for u in users]).delete()

        db = connection.vendor
        self.stdout.write(f"database: {db} ({connection.settings_dict.get('NAME')})")
        self.stdout.write(
            f"games: {games} complete 2-player games measured after {warmup} warm-up game(s), {len(move_ms)} move requests"
        )
        self._line("POST /api/games/<id>/moves/", move_ms)
        if has_page:
            self._line("GET /games/<id>/ (game page, last moves)", page_ms)
        else:
            self.stdout.write("the game page /games/<id>/ does not resolve yet: timing the API state and board instead")
        self._line("GET /api/games/<id>/ (last moves)", state_ms)
        self._line("GET /api/games/<id>/board.svg (last moves)", svg_ms)
        self._queries(games, queries, final_flags, move_ms, page_ms)

    def _queries(self, games, queries, final_flags, move_ms, page_ms) -> None:
        """SQL queries (and replays of the log, over moves 21-40) per move request, and the JSON summary."""
        during = [q for q, last in zip(queries, final_flags) if not last]
        final = [q for q, last in zip(queries, final_flags) if last]
        self.stdout.write(
            f"SQL queries per move request (all but each game's last move): min {min(during)}, max {max(during)}"
            + (" (constant)" if min(during) == max(during) else " (NOT constant)")
        )
        self.stdout.write(f"SQL queries of the game-ending move (final scoring and e-mails): {sorted(set(final))}")
        if min(during) != max(during):
            self.stdout.write(f"queries per move, first game, in move order: {queries[: len(queries) // games]}")
        mid_queries = statistics.median(q for q, _r in self.mid_game)
        mid_replays = statistics.median(r for _q, r in self.mid_game)
        self.stdout.write(
            f"moves {MEASURED_MOVES.start}-{MEASURED_MOVES.stop - 1}: median {mid_queries:g} SQL queries and "
            f"{mid_replays:g} replays of the move log per move request (n={len(self.mid_game)})"
        )
        self.stdout.write(
            json.dumps(
                {
                    "move_median_ms": round(statistics.median(move_ms), 2),
                    "move_p95_ms": round(percentile(move_ms, 95), 2),
                    "page_median_ms": round(statistics.median(page_ms), 2) if page_ms else None,
                    "page_p95_ms": round(percentile(page_ms, 95), 2) if page_ms else None,
                    "queries_min": min(during),
                    "queries_max": max(during),
                    "queries_final_move": max(final),
                    "queries_median_moves_21_40": mid_queries,
                    "replays_median_moves_21_40": mid_replays,
                }
            )
        )

    def _line(self, label: str, values: list[float]) -> None:
        if values:
            self.stdout.write(
                f"{label}: median {statistics.median(values):.2f} ms, p95 {percentile(values, 95):.2f} ms, n={len(values)}"
            )

    def _play(
        self, users, clients, rng, move_ms, queries, final_flags, page_ms, state_ms, svg_ms, page_samples, has_page
    ) -> int:
        first, second = (clients[u.username] for u in users)
        response = first.post("/api/games/", {"invite": [users[1].username]}, content_type="application/json")
        if response.status_code != 201:
            raise CommandError(f"creating a game failed: {response.status_code} {response.content[:200]!r}")
        game_id = response.json()["id"]
        response = second.post(f"/api/games/{game_id}/accept/")
        state = response.json()
        if state["status"] != "active":
            raise CommandError(f"the game did not start: {state['status']}")
        while state["status"] == "active":
            client = clients[state["current_player"]]
            legal = client.get(f"/api/games/{game_id}/legal-moves/").json()
            placement = legal["placements"][0]
            meeple = rng.choice([*placement["meeples"], None])
            body = {
                "move_number": state["move_number"],
                "x": placement["x"],
                "y": placement["y"],
                "rotation": placement["rotation"],
                "meeple": meeple,
            }
            with counted() as cost:
                start = time.perf_counter()
                response = client.post(f"/api/games/{game_id}/moves/", body, content_type="application/json")
                move_ms.append((time.perf_counter() - start) * 1000)
            if response.status_code != 201:
                raise CommandError(
                    f"move {body['move_number']} failed: {response.status_code} {response.content[:300]!r}"
                )
            queries.append(cost.queries)
            if body["move_number"] in MEASURED_MOVES:
                self.mid_game.append((cost.queries, cost.engines))
            state = response.json()
            final_flags.append(state["status"] == "finished")
            if state["tiles_left"] < page_samples or state["status"] == "finished":
                self._time_reads(client, game_id, page_ms, state_ms, svg_ms, has_page)
        return game_id

    def _time_reads(self, client, game_id, page_ms, state_ms, svg_ms, has_page) -> None:
        for path, bucket, ok, reader in (
            (f"/games/{game_id}/", page_ms, has_page, client.browser),
            (f"/api/games/{game_id}/", state_ms, True, client),
            (f"/api/games/{game_id}/board.svg", svg_ms, True, client),
        ):
            if not ok:
                continue
            start = time.perf_counter()
            response = reader.get(path)
            elapsed = (time.perf_counter() - start) * 1000
            if response.status_code != 200:
                raise CommandError(f"GET {path} answered {response.status_code}")
            bucket.append(elapsed)
