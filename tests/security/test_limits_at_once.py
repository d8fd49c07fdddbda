"""Every limit counted in the database holds against requests sent at the same moment: one
person's requests are counted one after another (``accounts.limits.one_at_a_time``), so
twenty parallel requests against a limit of three store three, never more.

Needs PostgreSQL (SQLite writes one transaction at a time: there is no race to lose). The
limits counted in the shared cache (chat, sign-ups, password resets, confirmations) are
counted by Redis' atomic INCR; the replies by e-mail in tests/notifications/test_reply_limits.py.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests.concurrency import at_once
from tests.conftest import needs_postgresql

pytestmark = pytest.mark.django_db(transaction=True)

PARALLEL = 12


def api_as(user) -> APIClient:
    api = APIClient()
    api.force_authenticate(user)
    return api


def fire(calls) -> list[int]:
    """Run every call at the same moment; the status codes they answered, sorted."""
    codes: list[int] = []
    at_once(*(lambda call=call: codes.append(call().status_code) for call in calls))
    return sorted(codes)


@pytest.fixture(autouse=True)
def _postgresql():
    needs_postgresql("a race between parallel requests")


def test_parallel_creations_leave_at_most_the_games_allowed_to_wait(settings, ann):
    from games.models import Game

    settings.GAMES_WAITING_PER_USER = 3
    codes = fire(
        [
            lambda i=i: api_as(ann).post("/api/games/", {"open_seats": 1, "name": f"Open {i}"}, format="json")
            for i in range(PARALLEL)
        ]
    )
    assert Game.objects.filter(status=Game.Status.WAITING).count() == 3
    assert codes == [201] * 3 + [429] * (PARALLEL - 3)


def test_parallel_creations_store_at_most_the_games_of_a_day(settings, ann, bob):
    from games.models import Game

    settings.GAMES_CREATED_PER_DAY = 3
    practice = {"bots": 1, "bot_level": "beginner"}  # starts at once: only the day's limit applies
    codes = fire([lambda: api_as(ann).post("/api/games/", practice, format="json")] * PARALLEL)
    assert Game.objects.filter(created_by=ann).count() == 3
    assert codes == [201] * 3 + [429] * (PARALLEL - 3)


def test_parallel_invitations_to_games_and_tournaments_store_at_most_the_days_quota(settings, ann, make_user):
    from games.models import Seat
    from tournaments import creation
    from tournaments.models import Entry

    settings.GAMES_INVITATIONS_PER_DAY = 4
    cup = creation.create_tournament(ann, name="Cup", registration="invitation")
    names = [make_user(f"p{i}").username for i in range(PARALLEL // 2)]
    client = Client()
    client.force_login(ann)

    def game_invitation(i):
        return api_as(ann).post("/api/games/", {"invite": [f"friend{i}@example.test"]}, format="json")

    def tournament_invitation(name):
        one = Client()
        one.force_login(ann)
        return one.post(f"/tournaments/{cup.pk}/invite/", {"usernames": name})

    at_once(
        *(lambda i=i: game_invitation(i) for i in range(PARALLEL // 2)),
        *(lambda name=name: tournament_invitation(name) for name in names),
    )
    invited = Seat.objects.exclude(invited_email="").count() + Entry.objects.filter(invited_by=ann).count()
    assert invited == 4


def test_parallel_creations_store_at_most_the_tournaments_of_a_day(settings, ann):
    from tournaments.models import Tournament

    settings.TOURNAMENTS_CREATED_PER_DAY = 2
    codes = fire(
        [
            lambda i=i: api_as(ann).post("/api/tournaments/", {"name": f"Cup {i}"}, format="json")
            for i in range(PARALLEL)
        ]
    )
    assert Tournament.objects.filter(director=ann).count() == 2
    assert codes == [201] * 2 + [429] * (PARALLEL - 2)


def test_parallel_reports_store_at_most_the_reports_of_a_day(settings, ann, bob):
    from chat import services
    from chat.models import Report
    from games import lobby

    settings.REPORTS_PER_DAY = 2
    game = lobby.create_game(ann, ["bob"])
    lobby.accept_invitation(game.pk, bob)
    game.refresh_from_db()  # started
    messages = [services.post(game, ann, f"spam {i}") for i in range(PARALLEL)]

    def report(message):
        client = Client()
        client.force_login(bob)
        return client.post(reverse("chat:report-message", args=[game.pk, message.pk]), {"reason": "spam"})

    fire([lambda message=message: report(message) for message in messages])
    assert Report.objects.filter(reporter=bob).count() == 2


def test_parallel_requests_for_ones_data_store_at_most_the_files_of_a_day(settings, ann):
    from accounts.models import DataExport

    settings.DATA_EXPORTS_PER_DAY = 2
    fire([lambda: api_as(ann).post("/api/account/data/")] * PARALLEL)
    assert DataExport.objects.filter(user=ann).count() <= 2


@pytest.fixture
def finished(django_user_model):
    """Finished games of cid and dee, and the analyses' worker busy elsewhere (they stay queued)."""
    from archive.generate import store_game
    from tests.archive.conftest import short_template

    cid = django_user_model.objects.create_user("cid", "cid@example.com", None)
    dee = django_user_model.objects.create_user("dee", "dee@example.com", None)
    return [store_game(short_template(i), [cid, dee], name=f"Game {i}") for i in range(PARALLEL)]


@pytest.fixture(autouse=True)
def _nothing_runs(monkeypatch):
    from archive import tasks

    monkeypatch.setattr(tasks, "queue", lambda game_id: None)


def ask_analysis(user, game):
    return api_as(user).post(f"/api/archive/games/{game.pk}/analysis/")


def test_parallel_analyses_of_others_games_store_at_most_a_days_share(settings, ann, finished):
    from archive.models import GameAnalysis

    settings.ANALYSES_PER_DAY = 3
    codes = fire([lambda game=game: ask_analysis(ann, game) for game in finished])
    assert GameAnalysis.objects.filter(requested_by=ann).count() == 3
    assert codes == [202] * 3 + [429] * (PARALLEL - 3)


def test_parallel_analyses_of_ones_own_games_store_at_most_a_days_share(settings, finished):
    from archive.models import GameAnalysis

    settings.ANALYSES_OWN_PER_DAY = 3
    cid = finished[0].seats.get(position=0).user
    codes = fire([lambda game=game: ask_analysis(cid, game) for game in finished])
    assert GameAnalysis.objects.filter(requested_by=cid).count() == 3
    assert codes == [202] * 3 + [429] * (PARALLEL - 3)


def test_parallel_analyses_by_many_people_stop_at_the_queues_ceiling(settings, make_user, finished):
    from archive.models import GameAnalysis

    settings.ANALYSES_WAITING_MAX = 3
    people = [make_user(f"fan{i}") for i in range(PARALLEL)]
    codes = fire(
        [lambda person=person, game=game: ask_analysis(person, game) for person, game in zip(people, finished)]
    )
    assert GameAnalysis.objects.filter(state=GameAnalysis.State.QUEUED).count() == 3
    assert codes == [202] * 3 + [503] * (PARALLEL - 3)


# --- counted in the shared cache (an atomic increment), and django-axes' lock-out ----------------


def test_parallel_chat_messages_store_at_most_a_minutes_share(settings, ann, bob):
    from chat.models import Message
    from games import lobby

    settings.CHAT_MESSAGES_PER_MINUTE = 3
    game = lobby.create_game(ann, ["bob"])
    lobby.accept_invitation(game.pk, bob)

    def write(i):
        client = Client()
        client.force_login(ann)
        return client.post(f"/games/{game.pk}/chat/post/", {"text": f"hi {i}"}, HTTP_ACCEPT="application/json")

    codes = fire([lambda i=i: write(i) for i in range(PARALLEL)])
    assert Message.objects.filter(author=ann).count() == 3
    assert codes == [201] * 3 + [429] * (PARALLEL - 3)


def test_parallel_sign_ups_from_one_address_make_at_most_an_hours_accounts(settings, password, django_user_model):
    settings.ACCOUNTS_SIGNUPS_PER_HOUR = 3

    def sign_up(i):
        data = {"username": f"flood{i}", "email": f"flood{i}@example.com", "password1": password, "password2": password}
        return Client(REMOTE_ADDR="10.0.0.5").post("/accounts/signup/", data)

    fire([lambda i=i: sign_up(i) for i in range(PARALLEL)])
    assert django_user_model.objects.filter(username__startswith="flood").count() == 3


def test_parallel_password_resets_send_at_most_an_hours_emails(settings, user):
    from notifications.models import Notification

    settings.ACCOUNTS_PASSWORD_RESETS_PER_EMAIL_PER_HOUR = 2
    reset = reverse("password_reset")
    fire(
        [
            lambda i=i: Client(REMOTE_ADDR=f"10.1.0.{i}").post(reset, {"email": "ann@example.com"})
            for i in range(PARALLEL)
        ]
    )
    assert Notification.objects.filter(user=user).count() == 2


def test_parallel_wrong_passwords_get_no_more_guesses_than_the_lock_out_allows(settings, user, password):
    settings.AXES_FAILURE_LIMIT = 5

    def guess(i):
        client = Client(REMOTE_ADDR=f"10.2.0.{i}", raise_request_exception=False)
        return client.post(reverse("login"), {"username": "ann", "password": f"guess-{i}"})

    codes = fire([lambda i=i: guess(i) for i in range(4 * PARALLEL)])
    assert codes.count(200) <= 5 and set(codes) <= {200, 429}  # 200: "wrong password", 429: locked out
    right = Client(REMOTE_ADDR="10.3.0.1").post(reverse("login"), {"username": "ann", "password": password})
    assert right.status_code == 429
