"""``manage.py bench_capacity [--games N] [--moves M]``: what one move costs a node, and
how many games and open pages one core holds.

Plays N two-player games through the site as players do, M move cycles each after a
warm-up game, each player away from the site between their turns (so each turn is e-mailed): the player on turn reads the game's state and its legal moves and posts a
move; the other player reads the state and opens the game page (now their turn); an open
page of the player who waits polls once, unchanged. Every request goes through Django's
test client in this process, against whatever database DATABASE_URL names, with the
e-mails and other tasks run here too (eagerly, as the worker would run them) so that
their CPU is measured apart from the web's (Celery's task_prerun/task_postrun).

Measured per move cycle: the web's CPU (the requests, the tasks' CPU taken out), the
worker's (the tasks: turn e-mails with their pictures, bot and end-of-game work), and the
database's when it is a PostgreSQL server on this machine (its backend process's CPU,
read from /proc; SQLite runs inside the web's figure). The capacity of one core follows:
moves a second, games at one move an hour each, and open game pages (an unchanged poll
every LIVE_POLL_SECONDS). docs/operations/capacity.md reads these figures.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from celery import current_app
from celery.signals import task_postrun, task_prerun
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.test import Client, override_settings

from games.models import Game

from .bench_pages import signed_in_players


class Tasks:
    """CPU of the tasks run while counting (eagerly, in this thread), by task name."""

    def __init__(self) -> None:
        self.cpu: dict[str, float] = {}
        self._started: dict[str, float] = {}

    def started(self, task_id=None, task=None, **kwargs) -> None:
        self._started[task_id] = time.process_time()

    def finished(self, task_id=None, task=None, **kwargs) -> None:
        began = self._started.pop(task_id, None)
        if began is not None:
            name = task.name.rsplit(".", 1)[-1] if task is not None else "?"
            self.cpu[name] = self.cpu.get(name, 0.0) + time.process_time() - began

    def total(self) -> float:
        return sum(self.cpu.values())


@contextmanager
def tasks_counted():
    """Run the tasks eagerly here and count their CPU (restoring the app's setting after)."""
    tasks = Tasks()
    eager = current_app.conf.task_always_eager
    current_app.conf.task_always_eager = True
    task_prerun.connect(tasks.started, weak=False)
    task_postrun.connect(tasks.finished, weak=False)
    try:
        yield tasks
    finally:
        task_prerun.disconnect(tasks.started)
        task_postrun.disconnect(tasks.finished)
        current_app.conf.task_always_eager = eager


def database_cpu() -> float | None:
    """Seconds of CPU the database server's process for this connection has used, when it
    is a PostgreSQL backend on this machine; else ``None``."""
    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


class Command(BaseCommand):
    help = "Measure the CPU of a move cycle (web, worker, database) and an open page, and what one core holds."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=3, help="games measured (default 3)")
        parser.add_argument("--moves", type=int, default=40, help="move cycles measured in each game (default 40)")
        parser.add_argument("--seed", type=int, default=1, help="seed of the games' bags and the players' choices")
        parser.add_argument("--json", action="store_true", dest="as_json", help="print one JSON object only")

    def handle(self, *args, games: int, moves: int, seed: int, as_json: bool, **options):
        if games < 1 or moves < 1:
            raise CommandError("--games and --moves must be 1 or more")
        users, clients = signed_in_players("cap")
        self.rng = random.Random(seed)
        self.rows: dict[str, list[float]] = {}
        self.web = self.worker = 0.0
        self.cycles = 0
        game_ids: list[int] = []
        try:
            # players away from the site, as asynchronous players mostly are: every turn is e-mailed
            with tasks_counted() as self.tasks, override_settings(NOTIFICATIONS_ACTIVE_SECONDS=0):
                game_ids.append(self._play(users, clients, seed, moves=10, counted=False))  # warm caches
                self.tasks.cpu.clear()
                db_before = database_cpu()
                for i in range(games):
                    game_ids.append(self._play(users, clients, seed + 1 + i, moves=moves, counted=True))
                db_after = database_cpu()
        finally:
            Game.objects.filter(pk__in=game_ids).delete()
            get_user_model().objects.filter(pk__in=[u.pk for u in users]).delete()
        db = None if db_before is None or db_after is None else (db_after - db_before) / self.cycles
        self._report(db, games, as_json)

    def _play(self, users, clients, seed: int, moves: int, counted: bool) -> int:
        first, second = (clients[u.username] for u in users)
        response = first.post("/api/games/", {"invite": [users[1].username]}, content_type="application/json")
        if response.status_code != 201:
            raise CommandError(f"creating a game failed: {response.status_code} {response.content[:200]!r}")
        game_id = response.json()["id"]
        second.post(f"/api/games/{game_id}/accept/")
        Game.objects.filter(pk=game_id).update(seed=seed)  # the same games whatever else the database holds
        state = first.get(f"/api/games/{game_id}/").json()
        for _ in range(moves):
            if state["status"] != "active":
                break
            mover = clients[state["current_player"]]
            waiting = second if mover is first else first
            self._cycle(game_id, mover, waiting, state, counted)
            state = waiting.get(f"/api/games/{game_id}/").json()
        return game_id

    def _request(self, name: str, counted: bool, send) -> Any:
        tasks_before = self.tasks.total()
        cpu = time.process_time()
        response = send()
        cpu = time.process_time() - cpu
        worker = self.tasks.total() - tasks_before
        if counted:
            self.rows.setdefault(name, []).append((cpu - worker) * 1000)
            self.web += cpu - worker
            self.worker += worker
        return response

    def _cycle(self, game_id: int, mover: Client, waiting: Client, state: dict, counted: bool) -> None:
        base = f"/api/games/{game_id}/"
        self._request("state", counted, lambda: mover.get(base))
        legal = self._request("legal moves", counted, lambda: mover.get(base + "legal-moves/")).json()
        placement = legal["placements"][0] if legal["placements"] else None
        if placement is None:
            raise CommandError(f"no placement at move {state['move_number']}: {legal}")
        body = {
            "move_number": state["move_number"],
            "x": placement["x"],
            "y": placement["y"],
            "rotation": placement["rotation"],
            "meeple": self.rng.choice([*placement["meeples"], None]),
        }
        posted = self._request(
            "move POST", counted, lambda: mover.post(base + "moves/", body, content_type="application/json")
        )
        if posted.status_code != 201:
            raise CommandError(f"move {state['move_number']} failed: {posted.status_code} {posted.content[:300]!r}")
        self._request("state (the other player)", counted, lambda: waiting.get(base))
        page = self._request("game page (now on turn)", counted, lambda: waiting.get(f"/games/{game_id}/"))
        if page.status_code != 200:
            raise CommandError(f"the game page answered {page.status_code}")
        live = f"/games/{game_id}/live/"  # the open page of the player who now waits
        tag = mover.get(live)["ETag"]
        tag = mover.get(live, HTTP_IF_NONE_MATCH=tag)["ETag"]  # a page's tag, once it has polled
        cpu = time.process_time()
        poll = mover.get(live, HTTP_IF_NONE_MATCH=tag)
        if counted:
            self.cycles += 1
            self.rows.setdefault("unchanged live poll", []).append((time.process_time() - cpu) * 1000)
            self.rows.setdefault("unchanged live poll: status", []).append(poll.status_code)

    def _report(self, db: float | None, games: int, as_json: bool) -> None:
        web = self.web / self.cycles * 1000
        worker = self.worker / self.cycles * 1000
        database = db * 1000 if db is not None else None
        move = web + worker + (database or 0.0)
        poll = statistics.median(self.rows["unchanged live poll"])
        summary: dict[str, Any] = {
            "database": connection.vendor,
            "cycles": self.cycles,
            "web_ms_per_move": round(web, 2),
            "worker_ms_per_move": round(worker, 2),
            "database_ms_per_move": None if database is None else round(database, 2),
            "move_ms": round(move, 2),
            "requests_median_ms": {
                name: round(statistics.median(values), 2) for name, values in self.rows.items() if "status" not in name
            },
            "tasks_ms_per_move": {name: round(cpu / self.cycles * 1000, 2) for name, cpu in self.tasks.cpu.items()},
            "poll_status": statistics.median(self.rows["unchanged live poll: status"]),
            "moves_per_second_per_core": round(1000 / move, 2),
            "games_per_core_at_one_move_an_hour": int(3600 * 1000 / move),
            "open_pages_per_core": int(settings.LIVE_POLL_SECONDS * 1000 / poll) if poll > 0 else None,
        }
        if as_json:
            self.stdout.write(json.dumps(summary))
            return
        write = self.stdout.write
        write(f"database: {connection.vendor}; {games} two-player games, {self.cycles} move cycles measured")
        write("CPU per move cycle (state, legal moves, the move; the other's state and page):")
        write(f"  web       {web:7.2f} ms")
        write(
            f"  worker    {worker:7.2f} ms  " + ", ".join(f"{k} {v}" for k, v in summary["tasks_ms_per_move"].items())
        )
        write(
            "  database  "
            + (f"{database:7.2f} ms" if database is not None else "    n/a (SQLite: inside the web's figure)")
        )
        write(f"  in all    {move:7.2f} ms")
        write("requests, median CPU (web):")
        for name, value in summary["requests_median_ms"].items():
            write(f"  {name:28} {value:7.2f} ms")
        write("one core holds:")
        write(f"  {summary['moves_per_second_per_core']:g} moves a second")
        write(f"  {summary['games_per_core_at_one_move_an_hour']:,} games at one move an hour each")
        write(
            f"  {summary['open_pages_per_core']:,} open game pages (an unchanged poll every "
            f"{settings.LIVE_POLL_SECONDS:g} s, answered {summary['poll_status']:g})"
        )
