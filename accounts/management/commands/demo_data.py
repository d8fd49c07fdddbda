import random

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

DEMO_USERS = ["ann", "bob", "cid", "dee"]
DEMO_PASSWORD = "carcassonne"
DEMO_GAME = "Demo: ann vs bob"
DEMO_LOBBY_GAME = "Demo: open table"
DEMO_MOVES = 10


class Command(BaseCommand):
    help = (
        "Create demo users (ann, bob, cid, dee; password 'carcassonne'), a game ann vs bob "
        "in progress and a game with an open seat in the lobby. Idempotent."
    )

    def handle(self, *args, **options):
        User = get_user_model()
        users = {}
        for username in DEMO_USERS:
            user, created = User.objects.get_or_create(
                username=username, defaults={"email": f"{username}@example.com"}
            )
            if created or not user.check_password(DEMO_PASSWORD):
                user.set_password(DEMO_PASSWORD)
                user.save()
            users[username] = user
        self.stdout.write("Demo logins (password 'carcassonne'): " + ", ".join(DEMO_USERS))
        if apps.is_installed("games"):
            self._games(users)

    def _games(self, users):
        from games import services
        from games.models import Game

        game = Game.objects.filter(name=DEMO_GAME, created_by=users["ann"]).first()
        if game is None:
            game = services.create_game(users["ann"], ["bob"], name=DEMO_GAME)
            services.accept_invitation(game.pk, users["bob"])
            game.refresh_from_db()
        rng = random.Random(game.pk)
        while game.status == Game.Status.ACTIVE and game.move_count < DEMO_MOVES:
            seats = list(game.seats.select_related("user").order_by("position"))
            engine = services.engine_for(game, seats)
            options = services.legal_moves(engine)["placements"]
            if not options:
                break
            choice = rng.choice(options)
            meeple = rng.choice(choice["meeples"]) if choice["meeples"] and rng.random() < 0.5 else None
            game, _ = services.play_move(
                game.pk, seats[engine.current_player].user, game.move_count + 1,
                choice["x"], choice["y"], choice["rotation"], meeple,
            )
        self.stdout.write(f"{game.title}: {game.get_status_display().lower()}, {game.move_count} moves played")

        lobby = Game.objects.filter(name=DEMO_LOBBY_GAME, created_by=users["cid"]).first()
        if lobby is None:
            lobby = services.create_game(users["cid"], ["dee"], open_seats=1, name=DEMO_LOBBY_GAME)
            services.accept_invitation(lobby.pk, users["dee"])
        self.stdout.write(f"{lobby.title}: waiting in the lobby for one more player")
