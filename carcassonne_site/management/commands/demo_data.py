import random

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

DEMO_USERS = ["ann", "bob", "cid", "dee"]
DEMO_PASSWORD = "carcassonne"
DEMO_GAME = "Demo: ann vs bob"
DEMO_LOBBY_GAME = "Demo: open table"
DEMO_MOVES = 10
DEMO_FINISHED_GAME = "Demo: a finished game"
DEMO_TOURNAMENT = "Demo Swiss"


class Command(BaseCommand):
    help = (
        "Create demo users (ann, bob, cid, dee; password 'carcassonne'), a game ann vs bob "
        "in progress, a finished game cid vs dee for the archive, a game with an open seat in "
        "the lobby and a running Swiss tournament. Idempotent."
    )

    def handle(self, *args, **options):
        User = get_user_model()
        users = {}
        for username in DEMO_USERS:
            user, created = User.objects.get_or_create(username=username, defaults={"email": f"{username}@example.com"})
            if created or not user.check_password(DEMO_PASSWORD):
                user.set_password(DEMO_PASSWORD)
                user.save()
            users[username] = user
        self.stdout.write("Demo logins (password 'carcassonne'): " + ", ".join(DEMO_USERS))
        if apps.is_installed("games"):
            self._games(users)

    def _games(self, users):
        from games import lobby
        from games.models import Game

        def demo_game(name, creator, invitee, **options):
            """The demo game of that name, made once: ``creator`` invites ``invitee``, who accepts."""
            game = Game.objects.filter(name=name, created_by=users[creator]).first()
            if game is None:
                game = lobby.create_game(users[creator], [invitee], name=name, **options)
                lobby.accept_invitation(game.pk, users[invitee])
                game.refresh_from_db()
            return game

        game = self._play(demo_game(DEMO_GAME, "ann", "bob"), DEMO_MOVES)
        self.stdout.write(f"{game.title}: {game.get_status_display().lower()}, {game.move_count} moves played")

        waiting = demo_game(DEMO_LOBBY_GAME, "cid", "dee", open_seats=1)
        self.stdout.write(f"{waiting.title}: waiting in the lobby for one more player")

        finished = self._play(demo_game(DEMO_FINISHED_GAME, "cid", "dee"), None)
        self.stdout.write(f"{finished.title}: {finished.get_status_display().lower()} (see /archive/)")
        if apps.is_installed("tournaments"):
            self._tournament(users)

    def _play(self, game, moves):
        """Play random legal moves until ``moves`` are on the log (None: to the end)."""
        from games import engine_state, turns
        from games.models import Game
        from games.present.view import placements_of

        rng = random.Random(game.pk)
        while game.status == Game.Status.ACTIVE and (moves is None or game.move_count < moves):
            seats = list(game.seats.select_related("user").order_by("position"))
            engine = engine_state.engine_for(game, seats)
            options = placements_of(engine, engine.tile)
            choice = rng.choice(options)
            meeple = rng.choice(choice["meeples"]) if choice["meeples"] and rng.random() < 0.5 else None
            game = turns.play_move(
                game.pk,
                seats[engine.current_player].user,
                game.move_count + 1,
                choice["x"],
                choice["y"],
                choice["rotation"],
                meeple,
            ).game
        return game

    def _tournament(self, users):
        from tournaments import creation, registration, rounds
        from tournaments.models import Tournament

        tournament = Tournament.objects.filter(name=DEMO_TOURNAMENT, director=users["ann"]).first()
        if tournament is None:
            tournament = creation.create_tournament(
                users["ann"],
                name=DEMO_TOURNAMENT,
                format=Tournament.Format.SWISS,
                swiss_rounds=3,
                description="A demo event: four players, three Swiss rounds.",
            )
            for username in DEMO_USERS:
                registration.register(tournament, users[username])
            rounds.start(tournament, users["ann"])
            tournament.refresh_from_db()
        self.stdout.write(f"{tournament.name}: {tournament.get_status_display().lower()} (see /tournaments/)")
