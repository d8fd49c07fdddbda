from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

DEMO_USERS = ["ann", "bob", "cid", "dee"]
DEMO_PASSWORD = "carcassonne"


class Command(BaseCommand):
    help = "Create demo users (ann, bob, cid, dee; password 'carcassonne'). Idempotent."

    def handle(self, *args, **options):
        User = get_user_model()
        for username in DEMO_USERS:
            user, created = User.objects.get_or_create(
                username=username, defaults={"email": f"{username}@example.com"}
            )
            if created or not user.check_password(DEMO_PASSWORD):
                user.set_password(DEMO_PASSWORD)
                user.save()
        self.stdout.write("Demo logins (password 'carcassonne'): " + ", ".join(DEMO_USERS))
