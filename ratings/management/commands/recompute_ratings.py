from django.core.management.base import BaseCommand

from ratings.services import recompute


class Command(BaseCommand):
    help = "Forget all ratings and rate every finished game of people again, in the order they finished."

    def handle(self, *args, **options):
        rated = recompute()
        self.stdout.write(f"rated {rated} games")
