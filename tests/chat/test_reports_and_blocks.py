"""Reports and blocks: players report a message or a player and are thanked; staff act in the
admin (hide, silence, suspend), each action logged with its author; a block is silent."""

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.models import Block, User
from chat import moderation, services
from chat.models import Message, ModerationAction, Report
from games import lobby
from games.errors import Conflict, GameError
from games.models import Game, TurnClock
from games.timeouts import check_timeouts
from notifications.models import Notification, Preference

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(ann, bob):
    game = lobby.create_game(ann, ["bob"], move_days=1)
    lobby.accept_invitation(game.pk, bob)
    game.refresh_from_db()
    return game


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def report_url(game, message) -> str:
    return reverse("chat:report-message", args=[game.pk, message.pk])


@pytest.fixture
def staff(django_user_model):
    return django_user_model.objects.create_superuser("mod", "mod@example.com", "x")


# --- reporting -------------------------------------------------------------------------------


def test_a_player_reports_a_message_and_is_thanked_and_the_author_is_not_told(game, ann, bob):
    insult = services.post(game, ann, "you play like a potato")
    bob_client = signed_in(bob)
    assert "Report this message by ann" in bob_client.get(f"/games/{game.pk}/chat/").content.decode()
    told = Notification.objects.filter(user=ann).count()
    response = bob_client.post(report_url(game, insult), {"reason": "abuse", "note": "rude"}, follow=True)
    assert "Thank you for your report" in response.content.decode()
    report = Report.objects.get()
    assert (report.reporter, report.reported, report.message, report.state) == (bob, ann, insult, "open")
    assert Notification.objects.filter(user=ann).count() == told  # no e-mail to the reported player
    assert "report" not in signed_in(ann).get(f"/games/{game.pk}/chat/").content.decode().lower()


def test_nobody_reports_their_own_message_nor_one_they_cannot_see(game, ann, bob, make_user):
    mine = services.post(game, bob, "hello")
    assert signed_in(bob).post(report_url(game, mine), {"reason": "spam"}).status_code == 403
    stranger = make_user("eve")
    assert signed_in(stranger).post(report_url(game, mine), {"reason": "spam"}).status_code == 403
    Game.objects.filter(pk=game.pk).update(private=True)
    assert signed_in(stranger).get(report_url(game, mine)).status_code == 404  # a private game: as if missing
    assert not Report.objects.exists()


def test_report_floods_are_limited_and_a_repeat_adds_nothing(game, ann, bob, settings):
    settings.REPORTS_PER_DAY = 2
    first, second, third = (services.post(game, ann, f"spam {i}") for i in range(3))
    client = signed_in(bob)
    client.post(report_url(game, first), {"reason": "spam"})
    client.post(report_url(game, first), {"reason": "spam"})  # again: still one report
    client.post(report_url(game, second), {"reason": "spam"})
    response = client.post(report_url(game, third), {"reason": "spam"})
    assert response.status_code == 429 and "at most 2 reports a day" in response.content.decode()
    assert Report.objects.count() == 2


def test_a_report_without_a_reason_is_refused_and_nothing_is_stored(game, ann, bob):
    message = services.post(game, ann, "hm")
    response = signed_in(bob).post(report_url(game, message), {"reason": "nonsense", "note": "x" * 2000})
    assert response.status_code == 400 and not Report.objects.exists()


def test_a_player_is_reported_from_their_profile_and_may_be_blocked_at_once(ann, bob):
    client = signed_in(bob)
    assert reverse("chat:report-player", args=["ann"]) in client.get("/archive/players/ann/").content.decode()
    client.post(reverse("chat:report-player", args=["ann"]), {"reason": "name", "block": "on"})
    assert Report.objects.filter(reporter=bob, reported=ann, message=None).exists()
    assert Block.objects.filter(user=bob, blocked=ann).exists()


# --- staff -----------------------------------------------------------------------------------


def act(staff, action, *reports):
    client = signed_in(staff)
    return client.post(
        "/admin/chat/report/", {"action": action, "_selected_action": [r.pk for r in reports]}, follow=True
    )


def test_staff_see_the_message_in_context_and_hide_it(game, ann, bob, staff):
    services.post(game, bob, "before")
    insult = services.post(game, ann, "you play like a potato")
    services.post(game, bob, "after")
    report = moderation.report_message(bob, insult, "abuse")
    page = signed_in(staff).get(f"/admin/chat/report/{report.pk}/change/").content.decode()
    assert page.index("before") < page.index("<mark>") < page.index("potato") < page.index("after")
    act(staff, "hide_messages", report)
    assert [m.text for m in services.messages_for(game, bob)] == ["before", "after"]
    report.refresh_from_db()
    assert report.state == "closed" and report.closed_by == staff
    assert ModerationAction.objects.get(kind="hide").author == staff


def test_a_silenced_player_cannot_write_anywhere_for_a_time(game, ann, bob, staff):
    report = moderation.report_message(bob, services.post(game, ann, "grr"), "abuse")
    act(staff, "silence_24h", report)
    response = signed_in(ann).post(
        reverse("chat:post", args=[game.pk]), {"text": "more"}, HTTP_ACCEPT="application/json"
    )
    assert response.status_code == 403 and "silenced your chat until" in response.json()["detail"]
    assert "chat-silenced" in signed_in(ann).get(f"/games/{game.pk}/chat/").content.decode()
    assert ModerationAction.objects.get(kind="silence").author == staff
    moderation.lift_silence(ann, staff)
    assert services.post(game, ann, "sorry").text == "sorry"


def test_a_suspended_user_cannot_log_in_by_page_or_api_and_their_games_run_on(game, ann, bob, staff, password):
    key = Token.objects.create(user=ann).key
    session = signed_in(ann)
    act(staff, "suspend_reported", moderation.report_player(bob, ann, "cheating"))
    assert ModerationAction.objects.get(kind="suspend").author == staff
    page = Client().post(reverse("login"), {"username": "ann", "password": password})
    assert page.status_code == 200 and "This account is suspended" in page.content.decode()
    assert "suspended" not in Client().post(reverse("login"), {"username": "ann", "password": "guess"}).content.decode()
    assert session.get(reverse("email-change")).status_code == 302  # the session has ended
    assert APIClient().post("/api/auth/token/", {"username": "ann", "password": password}).status_code == 400
    assert APIClient().get("/api/games/", HTTP_AUTHORIZATION=f"Token {key}").status_code == 401
    TurnClock.objects.filter(game=game).update(started_at=timezone.now() - timezone.timedelta(days=2))
    assert check_timeouts() == 1  # ann was on turn: she loses on time, as the game's rule says
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    moderation.unsuspend(ann, staff)
    assert Client().post(reverse("login"), {"username": "ann", "password": password}).status_code == 302


# --- blocks ----------------------------------------------------------------------------------


def test_a_blocked_users_invitation_is_refused_in_the_words_of_a_refusal_that_tells_nothing(ann, bob, make_user):
    signed_in(ann).post(reverse("blocks"), {"username": "bob"})
    assert Block.objects.filter(user=ann, blocked=bob).exists()
    cid = make_user("cid")
    moderation.suspend(cid, make_user("mod"))
    api = signed_in(bob)

    def refusal(invitee):
        response = api.post("/api/games/", {"invite": [invitee]}, content_type="application/json")
        assert response.status_code == 400
        return response.json()["detail"].replace(invitee, "X", 1)

    # by name: as for a name nobody has; by address: as for a suspended account's address
    assert refusal("ann") == refusal("nobody") == "there is no player called 'X'; invite them by e-mail instead"
    assert refusal("ann@example.com") == refusal("cid@example.com") == "X cannot be invited to your games"
    with pytest.raises(GameError, match="no player called"):
        lobby.create_game(bob, ["ANN"])
    assert not Game.objects.exists() and not mail.outbox


def test_blocked_players_are_never_seated_together_from_the_lobby(ann, bob, make_user):
    Block.objects.create(user=bob, blocked=ann)
    waiting = lobby.create_game(bob, [], open_seats=1)
    assert f"/games/{waiting.pk}/" not in signed_in(ann).get("/games/lobby/").content.decode()
    with pytest.raises(Conflict):
        lobby.join_game(waiting.pk, ann)
    lobby.join_game(waiting.pk, make_user("cid"))  # anyone else may


def test_the_blocker_sees_no_chat_of_the_blocked_and_gets_no_email_of_it(game, ann, bob):
    Preference.objects.update_or_create(user=ann, defaults={"chat": "each"})
    Block.objects.create(user=ann, blocked=bob)
    services.post(game, bob, "listen to me")
    assert services.messages_for(game, ann) == [] and len(services.messages_for(game, bob)) == 1
    assert not Notification.objects.filter(user=ann, category="chat").exists()


def test_a_player_unblocks_from_the_blocked_players_page(ann, bob):
    Block.objects.create(user=ann, blocked=bob)
    client = signed_in(ann)
    assert "Unblock bob" in client.get(reverse("blocks")).content.decode()
    client.post(reverse("blocks"), {"unblock": str(bob.pk)})
    assert not Block.objects.exists()
    assert client.post(reverse("blocks"), {"username": "nobody"}).status_code == 400


def test_a_tournament_director_cannot_invite_a_player_who_blocked_them(ann, bob):
    from tournaments import creation, registration
    from tournaments.errors import TournamentError

    Block.objects.create(user=ann, blocked=bob)
    cup = creation.create_tournament(bob, name="Cup", registration="invitation")
    with pytest.raises(TournamentError) as blocked:
        registration.invite(cup, bob, ["ann"])
    with pytest.raises(TournamentError) as unknown:
        registration.invite(cup, bob, ["nobody"])
    assert str(blocked.value) == str(unknown.value).replace("nobody", "ann")  # a block is silent


def test_a_suspended_account_is_not_emailed(game, ann, bob, staff):
    moderation.suspend(ann, staff)
    assert not User.objects.get(pk=ann.pk).is_active
    services.post(game, bob, "still there?")
    assert not Notification.objects.filter(user=ann, category="chat").exists()
    assert Message.objects.count() == 1
