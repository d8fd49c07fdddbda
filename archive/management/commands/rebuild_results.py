"""Rewrite the archive summary (GameResult/SeatResult) of finished games from their move logs."""

from django.core.management.base import BaseCommand

from archive.models import GameResult
from archive.results import fill_privacy, fill_tournaments, record_game
from games.models import Game


class Command(BaseCommand):
    help = (
        "Replay finished games and rewrite their archive results (all, or only the missing ones), "
        "tournament and round included; --tournaments only refills the tournament and round columns, "
        "--privacy only the privacy."
    )

    def add_arguments(self, parser):
        parser.add_argument("--missing", action="store_true", help="Only games that have no result yet")
        parser.add_argument(
            "--tournaments",
            action="store_true",
            help="Only copy each tournament game's tournament and round onto its result (no replay)",
        )
        parser.add_argument(
            "--privacy",
            action="store_true",
            help="Only copy each game's privacy onto its result (after a bulk update of games; no replay)",
        )
        parser.add_argument("game_ids", nargs="*", type=int, help="Only these games")

    def handle(self, *args, missing=False, tournaments=False, privacy=False, game_ids=(), **options):
        if privacy:
            changed = fill_privacy()
            if options["verbosity"]:
                self.stdout.write(f"updated the privacy of {changed} game result(s)")
            return
        if tournaments:
            changed = fill_tournaments()
            if options["verbosity"]:
                self.stdout.write(f"updated the tournament of {changed} game result(s)")
            return
        games = Game.objects.filter(status=Game.Status.FINISHED, seed__isnull=False).order_by("pk")
        if game_ids:
            games = games.filter(pk__in=game_ids)
        if missing:
            games = games.exclude(pk__in=GameResult.objects.values("game_id"))
        done = failed = 0
        for game in games.iterator(chunk_size=500):
            try:
                record_game(game)  # looks up the game's tournament pairing too
                done += 1
            except Exception as exc:  # noqa: BLE001 - a corrupt log must not stop the others (each is reported)
                failed += 1
                self.stderr.write(f"game {game.pk}: {exc}")
        if options["verbosity"]:
            self.stdout.write(f"recorded {done} game result(s), {failed} failed")
