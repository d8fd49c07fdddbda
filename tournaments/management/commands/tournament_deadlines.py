"""Close overdue rounds: run every few minutes (cron or Celery beat)."""

from django.core.management.base import BaseCommand

from tournaments.results import adjudicate_overdue


class Command(BaseCommand):
    help = "Adjudicate the unfinished games of rounds past their deadline and start the next rounds."

    def handle(self, *args, **options):
        count = adjudicate_overdue()
        self.stdout.write(f"{count} game(s) adjudicated")
