import logging
import random
from contextlib import contextmanager

from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import check_password, make_password
from django.core.management.base import BaseCommand
from django.db import transaction

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
        with _quiet_tasks():
            users = self._users()
            self.stdout.write("Demo logins (password 'carcassonne'): " + ", ".join(DEMO_USERS))
            if apps.is_installed("games"):
                # One transaction: SQLite would otherwise commit (and sync to disk) every
                # move of the demo's games, some 200 commits.
                with _mail_when_set_up(), transaction.atomic():
                    self._games(users)

    def _users(self):
        """The demo users with the demo password, hashed once for all of them: a hash costs
        about half a second on purpose (PBKDF2), and a password printed on the screen gains
        nothing from a salt of its own. A password that is right already is left alone (its
        change would log the user out of a session kept from an earlier run)."""
        User = get_user_model()
        users = {user.username: user for user in User.objects.filter(username__in=DEMO_USERS)}
        shared = next(
            (
                user.password
                for user in users.values()
                if user.password and check_password(DEMO_PASSWORD, user.password)
            ),
            None,
        )
        encoded = shared or make_password(DEMO_PASSWORD)
        for user in users.values():
            if user.password != encoded and not check_password(DEMO_PASSWORD, user.password):
                user.password = encoded
                user.save(update_fields=["password"])
        for username in DEMO_USERS:
            if username not in users:
                users[username] = User.objects.create(
                    username=username, email=f"{username}@example.com", password=encoded
                )
        return users

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


@contextmanager
def _quiet_tasks():
    """Without a broker every e-mail is a Celery task run in this process, and Celery says
    so at INFO for each: the command's own lines say what was made. Warnings still show."""
    celery = logging.getLogger("celery")
    level = celery.level
    celery.setLevel(max(logging.WARNING, level))
    try:
        yield
    finally:
        celery.setLevel(level)


@contextmanager
def _mail_when_set_up():
    """Send the demo's e-mails once its games are set up, not move by move as they are
    written: a turn e-mail whose turn is over by then is not sent, as a held one is not
    (notifications.held), so the outbox gets the current turns, the invitations and the
    results rather than one e-mail for each of a finished game's seventy turns. Building
    an e-mail (its board picture) costs more than playing its move."""
    if not apps.is_installed("notifications"):
        yield
        return
    from notifications import held, tasks
    from notifications.models import Notification
    from notifications.outbox import row_written

    written: list[int] = []

    def keep(sender, pk, **kwargs):
        written.append(pk)

    sending = row_written.disconnect(dispatch_uid="notifications_queue_sending")
    row_written.connect(keep, weak=False, dispatch_uid="demo_data_mail_when_set_up")
    try:
        yield
    finally:
        row_written.disconnect(dispatch_uid="demo_data_mail_when_set_up")
        if sending:
            row_written.connect(tasks.queue_sending, dispatch_uid="notifications_queue_sending")
    rows = Notification.objects.filter(pk__in=written, status=Notification.Status.PENDING)
    for row in rows.select_related("game", "user").order_by("pk"):
        if row.kind in held.KINDS and held.why_not_sent(row):
            Notification.objects.filter(pk=row.pk, status=row.status).update(
                status=Notification.Status.SUPPRESSED,
                last_error="demo data: the turn was over once the demo was set up",
            )
        else:
            tasks.enqueue(row.pk)
