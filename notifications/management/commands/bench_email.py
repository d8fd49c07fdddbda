"""``manage.py bench_email [--games N]``: how fast a worker builds game e-mails.

Plays N two-player base games (bags from seeds ``--seed``, ``--seed`` + 1, ...: the same
games before and after a change) to the end, a follower every third move, with e-mail
addresses and replies by e-mail on (``REPLY_EMAIL``: the turn e-mail's board shows the
cells lettered), against whatever database DATABASE_URL points at, sending nothing. Then
it builds, as the worker does (``notifications.emails.build_message``), the turn e-mails
of moves 51-70 of each game (the picture of a board of about 60 tiles) and the game-over
e-mails (one per player: the same board), and prints e-mails built per second and the
CPU per e-mail (the process's, threads included), median. Everything it created is
deleted afterwards.
"""

from __future__ import annotations

import json
import secrets
import statistics
import time
from unittest import mock

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.test import override_settings

from games import engine_state, lobby, turns
from games.models import Game
from notifications import outbox
from notifications.emails import build_message
from notifications.models import Notification

TURNS = range(51, 71)
"""The turn e-mails built: the boards of moves 50 to 69."""


class Command(BaseCommand):
    help = "Benchmark building turn and game-over e-mails (pictures included)."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=2, help="complete games to play (default 2)")
        parser.add_argument("--seed", type=int, default=1, help="seed of the first game's bag")
        parser.add_argument("--json", action="store_true", dest="as_json", help="print one JSON object only")

    def handle(self, *args, games: int, seed: int, as_json: bool, **options):
        if games < 1:
            raise CommandError("--games must be 1 or more")
        User = get_user_model()
        tag = secrets.token_hex(4)
        users = [
            User.objects.create_user(username=f"bench-{tag}-{i}", email=f"bench-{tag}-{i}@example.com", password=None)
            for i in range(2)
        ]
        turn_cpu: list[float] = []
        finished_cpu: list[float] = []
        built = 0
        wall = 0.0
        try:
            with override_settings(REPLY_EMAIL="play@example.com"), mock.patch.object(outbox.row_written, "send"):
                for i in range(games):
                    game = self._play(users, seed + i)
                    rows = Notification.objects.filter(game=game).order_by("pk")
                    turn_rows = [r for r in rows if r.kind == Notification.Kind.TURN and r.data["move_number"] in TURNS]
                    final_rows = [r for r in rows if r.kind == Notification.Kind.FINISHED]
                    if len(final_rows) != 2:
                        raise CommandError(f"expected a game-over e-mail per player, found {len(final_rows)}")
                    start = time.perf_counter()
                    turn_cpu += [self._build(row) for row in turn_rows]
                    finished_cpu.append(sum(self._build(row) for row in final_rows))
                    wall += time.perf_counter() - start
                    built += len(turn_rows) + len(final_rows)
        finally:
            Game.objects.filter(created_by__in=users).delete()
            User.objects.filter(pk__in=[u.pk for u in users]).delete()
        summary = {
            "emails_per_second": round(built / wall, 2),
            "turn_email_cpu_ms_median": round(statistics.median(turn_cpu), 1),
            "turn_email_cpu_ms_p90": round(sorted(turn_cpu)[int(0.9 * (len(turn_cpu) - 1))], 1),
            "game_over_emails_cpu_ms_both_players_median": round(statistics.median(finished_cpu), 1),
            "emails_built": built,
        }
        if as_json:
            self.stdout.write(json.dumps(summary))
            return
        self.stdout.write(f"database: {connection.vendor}; {games} complete 2-player base games; replies by e-mail on")
        self.stdout.write(
            f"e-mails built per second (turns of moves 51-70 and game over): {summary['emails_per_second']}"
        )
        self.stdout.write(
            f"turn e-mail, CPU per e-mail: median {summary['turn_email_cpu_ms_median']} ms, "
            f"p90 {summary['turn_email_cpu_ms_p90']} ms (n={len(turn_cpu)})"
        )
        self.stdout.write(
            "game-over e-mails of both players, CPU together: median "
            f"{summary['game_over_emails_cpu_ms_both_players_median']} ms"
        )

    def _build(self, row: Notification) -> float:
        """Build ``row``'s e-mail as the worker does; its CPU time in ms."""
        start = time.process_time()
        message = build_message(row)
        message.message()  # the MIME message, pictures attached, as SMTP would send it
        return (time.process_time() - start) * 1000

    def _play(self, users, seed: int) -> Game:
        """A game of ``users`` from ``seed``, played to the end by first legal placements."""
        game = lobby.create_started_game(users[0], users)
        Game.objects.filter(pk=game.pk).update(seed=seed)
        by_name = {user.username: user for user in users}
        while True:
            game.refresh_from_db()
            if game.status != Game.Status.ACTIVE:
                return game
            engine = engine_state.engine_for(game)
            placement = engine.legal_placements()[0]
            spots = [spot for spot, figure in engine.legal_figures(placement) if figure == "follower"]
            meeple = spots[0] if spots and len(engine.history) % 3 == 0 else None
            user = by_name[engine.players[engine.current_player]]
            turns.play_move(
                game.pk, user, len(engine.history) + 1, placement.x, placement.y, placement.rotation, meeple
            )
