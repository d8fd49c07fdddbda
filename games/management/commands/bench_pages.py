"""``manage.py bench_pages [--games N]``: what a game's pages weigh and cost.

Plays N two-player base games (their bags from seeds ``--seed``, ``--seed`` + 1, ...: the
same games before and after a change) to the end through the game page's own path (a signed-in
``POST /games/<id>/moves/?since=``, whose 201 is the page's fragment, as static/js/post_move.js
sends it), against whatever database DATABASE_URL points at, and prints:

- the bytes of HTML and on the wire (``Accept-Encoding: gzip``) of the game page (for the
  player on turn and for the other), and of the archive replay, after moves 10, 40 and 70,
  and of the finished game's page and archive replay at those moves;
- the engines built (each a replay of the log from its start: ``carcassonne.Game``
  constructed) and SQL queries per move POST (its 201 with sentence and fragment
  included) and per page;
- the median time of each, and the CPU time of the process (less sensitive to a busy
  machine than the time on the clock; PostgreSQL's own time is not in it);
- the live poll of an open game page while nothing changes (``GET /games/<id>/live/`` with
  the ETag of the poll before, as static/js/live.js asks every few seconds): its answer's
  status, SQL queries and CPU, :data:`POLLS` polls at each of those moves; and the log-in
  page's beside it (a yardstick: five times at each, after a first request).

Medians over the games. Everything it created is deleted afterwards.
"""

from __future__ import annotations

import gzip
import json
import random
import secrets
import statistics
import time
from contextlib import contextmanager
from unittest import mock

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from carcassonne import Game as EngineGame
from games.models import Game

CHECKPOINTS = (10, 40, 70)
"""Moves after which the pages are weighed."""

MEASURED_MOVES = range(21, 41)
"""Move POSTs whose engines and queries are reported (a mid-game board)."""

POLLS = 15
"""Unchanged live polls timed at each checkpoint."""


class Counted:
    """Engines built and SQL queries of one request."""

    engines = 0
    queries = 0


def signed_in_players(prefix: str, count: int = 2):
    """Throwaway users with addresses (each turn writes its e-mail) and a signed-in browser
    for each, by username: ``(users, clients)``. The caller deletes the users."""
    User = get_user_model()
    tag = secrets.token_hex(4)
    users = [
        User.objects.create_user(username=f"{prefix}-{tag}-{i}", email=f"{prefix}-{tag}-{i}@example.com", password=None)
        for i in range(count)
    ]
    clients = {}
    for user in users:
        client = Client(HTTP_HOST="localhost")
        client.force_login(user)
        clients[user.username] = client
    return users, clients


@contextmanager
def counted():
    """Count the engine states asked for (an engine built, ``carcassonne.Game.__init__``:
    a replay starts with one; or a state a process kept, ``games.engine_state.REPLAYS``)
    and the SQL queries inside the block."""
    from games.engine_state import REPLAYS

    result = Counted()
    original = EngineGame.__init__
    hits = REPLAYS.hits

    def building(self, *args, **kwargs):
        result.engines += 1
        original(self, *args, **kwargs)

    with CaptureQueriesContext(connection) as captured, mock.patch.object(EngineGame, "__init__", building):
        yield result
    result.queries = len(captured)
    result.engines += REPLAYS.hits - hits


class Command(BaseCommand):
    help = "Weigh the game page and the archive replay, and count the replays per move and per page."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=3, help="complete games to play (default 3)")
        parser.add_argument(
            "--seed", type=int, default=1, help="seed of the first game's bag and of the follower choices"
        )
        parser.add_argument("--json", action="store_true", dest="as_json", help="print one JSON object only")

    def handle(self, *args, games: int, seed: int, as_json: bool, **options):
        if games < 1:
            raise CommandError("--games must be 1 or more")
        users, clients = signed_in_players("bench")
        self.rows: dict[str, list[float]] = {}
        rng = random.Random(seed)
        self.next_seed = seed
        game_ids: list[int] = []
        try:
            for _ in range(games):
                game_ids.append(self._play(users, clients, rng))
        finally:
            Game.objects.filter(pk__in=game_ids).delete()
            Game.objects.filter(created_by__in=users).delete()
            get_user_model().objects.filter(pk__in=[u.pk for u in users]).delete()
        summary = {name: statistics.median(values) for name, values in self.rows.items()}
        if as_json:
            self.stdout.write(json.dumps(summary))
            return
        self.stdout.write(f"database: {connection.vendor}; {games} complete 2-player base games; medians")
        width = max(map(len, summary))
        for name, value in summary.items():
            self.stdout.write(f"{name.ljust(width)}  {value:g}")

    def _note(self, name: str, value: float) -> None:
        self.rows.setdefault(name, []).append(value)

    def _play(self, users, clients, rng) -> int:
        first, second = (clients[u.username] for u in users)
        response = first.post("/api/games/", {"invite": [users[1].username]}, content_type="application/json")
        if response.status_code != 201:
            raise CommandError(f"creating a game failed: {response.status_code} {response.content[:200]!r}")
        game_id = response.json()["id"]
        second.post(f"/api/games/{game_id}/accept/")
        Game.objects.filter(pk=game_id).update(seed=self.next_seed)  # the same games before and after a change
        self.next_seed += 1
        state = second.get(f"/api/games/{game_id}/").json()
        while state["status"] == "active":
            number = state["move_number"]
            if number - 1 in CHECKPOINTS:
                self._weigh(f"after move {number - 1}", game_id, clients, state)
            client = clients[state["current_player"]]
            state = self._move(client, game_id, state, rng)
        for k in CHECKPOINTS:
            self._page(f"finished game, archive replay at move {k}", first, f"/archive/games/{game_id}/?move={k}")
        self._page("finished game, game page", first, f"/games/{game_id}/")
        self._page("finished game, archive replay (end)", first, f"/archive/games/{game_id}/")
        return game_id

    def _move(self, client, game_id: int, state: dict, rng) -> dict:
        legal = client.get(f"/api/games/{game_id}/legal-moves/").json()
        placement = legal["placements"][0]
        number = state["move_number"]
        body = {
            "move_number": number,
            "x": placement["x"],
            "y": placement["y"],
            "rotation": placement["rotation"],
            "meeple": rng.choice([*placement["meeples"], None]),
        }
        with counted() as cost:
            start, cpu = time.perf_counter(), time.process_time()
            response = client.post(
                f"/games/{game_id}/moves/?since={number - 1}",
                body,
                content_type="application/json",
                HTTP_ACCEPT_ENCODING="gzip",
            )
            elapsed, cpu = (time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000
        if response.status_code != 201:
            raise CommandError(f"move {number} failed: {response.status_code} {response.content[:300]!r}")
        state = client.get(f"/api/games/{game_id}/").json()  # the fragment's game, as the API says it
        if number in MEASURED_MOVES and state["status"] == "active":
            self._note("move POST (moves 21-40): engines built", cost.engines)
            self._note("move POST (moves 21-40): SQL queries", cost.queries)
            self._note("move POST (moves 21-40): ms", elapsed)
            self._note("move POST (moves 21-40): CPU ms", cpu)
            self._note("move POST (moves 21-40): 201 bytes on the wire", len(response.content))
        return state

    def _weigh(self, label: str, game_id: int, clients, state: dict) -> None:
        on_turn = clients[state["current_player"]]
        other = next(c for name, c in clients.items() if name != state["current_player"])
        self._page(f"{label}, game page, player on turn", on_turn, f"/games/{game_id}/")
        self._page(f"{label}, game page, other player", other, f"/games/{game_id}/")
        self._page(f"{label}, archive replay", other, f"/archive/games/{game_id}/")
        self._poll(other, game_id)
        stranger = Client(HTTP_HOST="localhost")
        stranger.get("/accounts/login/")
        for _ in range(5):
            self._page("log-in page (a yardstick)", stranger, "/accounts/login/")

    def _poll(self, client, game_id: int) -> None:
        """The other player's open page polls while nothing changes: the first poll hands it
        its tag, the next ones send it back."""
        path = f"/games/{game_id}/live/"
        tag = client.get(path)["ETag"]
        tag = client.get(path, HTTP_IF_NONE_MATCH=tag)["ETag"]  # a page's tag, once it has polled
        for _ in range(POLLS):
            with counted() as cost:
                start, cpu = time.perf_counter(), time.process_time()
                response = client.get(path, HTTP_IF_NONE_MATCH=tag)
                elapsed, cpu = (time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000
            self._note("unchanged live poll: status", response.status_code)
            self._note("unchanged live poll: SQL queries", cost.queries)
            self._note("unchanged live poll: ms", round(elapsed, 2))
            self._note("unchanged live poll: CPU ms", round(cpu, 2))

    def _page(self, label: str, client, path: str) -> None:
        with counted() as cost:
            start, cpu = time.perf_counter(), time.process_time()
            response = client.get(path, HTTP_ACCEPT_ENCODING="gzip")
            elapsed, cpu = (time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000
        if response.status_code != 200:
            raise CommandError(f"GET {path} answered {response.status_code}")
        wire = response.content
        html = gzip.decompress(wire) if response.get("Content-Encoding") == "gzip" else wire
        self._note(f"{label}: kB HTML", round(len(html) / 1000, 1))
        self._note(f"{label}: kB on the wire", round(len(wire) / 1000, 1))
        self._note(f"{label}: engines built", cost.engines)
        self._note(f"{label}: SQL queries", cost.queries)
        self._note(f"{label}: ms", round(elapsed, 1))
        self._note(f"{label}: CPU ms", round(cpu, 1))
