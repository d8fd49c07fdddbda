"""Guessing passwords and sending invitations are limited."""

import pytest
from django.test import Client, TestCase
from django.urls import reverse
from rest_framework.test import APIClient

from games.models import Seat


@pytest.fixture
def limits(settings):
    settings.AXES_FAILURE_LIMIT = 5


def wrong_logins(username, times, address="10.0.0.1"):
    client = Client(REMOTE_ADDR=address)
    for _ in range(times):
        client.post(reverse("login"), {"username": username, "password": "wrong-guess"})


@pytest.mark.django_db
def test_after_too_many_wrong_passwords_the_login_page_refuses_even_the_right_one(limits, user, password):
    wrong_logins("ann", 5)
    response = Client(REMOTE_ADDR="10.0.0.2").post(reverse("login"), {"username": "ann", "password": password})
    assert response.status_code == 429
    assert "Too many failed log-ins" in response.content.decode()


@pytest.mark.django_db
def test_after_too_many_wrong_passwords_the_token_api_answers_429_in_json(limits, user, password):
    api = APIClient(REMOTE_ADDR="10.0.0.3")
    for _ in range(4):
        assert api.post("/api/auth/token/", {"username": "ann", "password": "nope"}, format="json").status_code == 400
    assert api.post("/api/auth/token/", {"username": "ann", "password": "nope"}, format="json").status_code == 429
    response = api.post("/api/auth/token/", {"username": "ann", "password": password}, format="json")
    assert response.status_code == 429
    assert "Too many failed log-ins" in response.json()["detail"]


@pytest.mark.django_db
def test_wrong_passwords_for_one_user_do_not_lock_out_another_user_at_the_same_address(
    limits, user, password, make_user
):
    make_user("bob")
    wrong_logins("bob", 8, address="10.9.9.9")  # a guesser behind a shared address
    office = Client(REMOTE_ADDR="10.9.9.9")
    assert office.post(reverse("login"), {"username": "ann", "password": password}).status_code == 302
    elsewhere = Client(REMOTE_ADDR="10.8.8.8")
    assert elsewhere.post(reverse("login"), {"username": "bob", "password": password}).status_code == 429


@pytest.mark.django_db
def test_one_address_guessing_many_accounts_locks_none_of_the_others(limits, user, password):
    for name in ("a1", "a2", "a3", "a4", "a5", "a6"):
        wrong_logins(name, 1, address="10.9.9.9")
    response = Client(REMOTE_ADDR="10.9.9.9").post(reverse("login"), {"username": "ann", "password": password})
    assert response.status_code == 302


@pytest.mark.django_db
def test_a_few_wrong_passwords_do_not_lock_anyone_out(limits, user, password):
    wrong_logins("ann", 4)
    response = Client(REMOTE_ADDR="10.0.0.1").post(reverse("login"), {"username": "ann", "password": password})
    assert response.status_code == 302


@pytest.mark.django_db
def test_invitations_are_limited_per_user_per_day(ann, settings):
    settings.GAMES_INVITATIONS_PER_DAY = 6
    api = APIClient()
    api.force_authenticate(ann)
    for i in range(3):
        invite = [f"p{i}a@example.test", f"p{i}b@example.test"]
        assert api.post("/api/games/", {"invite": invite, "name": f"Spam {i}"}, format="json").status_code == 201
    response = api.post("/api/games/", {"invite": ["one-more@example.test"]}, format="json")
    assert response.status_code == 429
    assert "at most 6 invitations a day" in response.json()["detail"]
    assert Seat.objects.exclude(invited_email="").count() == 6


# --- floods: sign-ups, password resets, chat, games, tournaments --------------------------------


def sign_up(name, password, address="10.0.0.5", **headers):
    return Client(REMOTE_ADDR=address, **headers).post(
        "/accounts/signup/",
        {
            "username": name,
            "email": f"{name}@example.com",
            "password1": password,
            "password2": password,
        },
    )


@pytest.mark.django_db
def test_sign_ups_from_one_address_are_limited_per_hour_and_past_it_no_account_is_made(
    settings, password, django_user_model
):
    settings.ACCOUNTS_SIGNUPS_PER_HOUR = 2
    assert [sign_up(name, password).status_code for name in ("flood1", "flood2")] == [302, 302]
    response = sign_up("flood3", password)
    assert response.status_code == 429
    assert "Too many accounts were made from your address" in response.content.decode()
    assert not django_user_model.objects.filter(username="flood3").exists()
    assert sign_up("neighbour", password, address="10.0.0.6").status_code == 302


@pytest.mark.django_db
def test_behind_the_proxy_sign_ups_are_counted_per_client_not_per_proxy(settings, password, django_user_model):
    settings.ACCOUNTS_SIGNUPS_PER_HOUR = 1
    settings.AXES_CLIENT_IP_CALLABLE = "accounts.limits.proxied_address"  # BEHIND_PROXY=1
    assert sign_up("ann2", password, address="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.1").status_code == 302
    assert sign_up("bob2", password, address="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.2").status_code == 302
    # a client cannot pose as another by writing its own X-Forwarded-For: the proxy appends the real one
    spoofed = sign_up("cid2", password, address="127.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.9, 203.0.113.1")
    assert spoofed.status_code == 429


def sign_up_with(email, name, password, address):
    with TestCase.captureOnCommitCallbacks(execute=True):  # its e-mail goes once the sign-up commits
        return Client(REMOTE_ADDR=address).post(
            "/accounts/signup/", {"username": name, "email": email, "password1": password, "password2": password}
        )


@pytest.mark.django_db
def test_warnings_to_a_registered_address_are_limited_per_address_whoever_signs_up_with_it(
    settings, user, password, mailoutbox, django_user_model
):
    settings.ACCOUNTS_CONFIRMATIONS_PER_EMAIL_PER_HOUR = 3
    answers = [sign_up_with("ann@example.com", f"copy{i}", password, f"10.2.0.{i}").status_code for i in range(3)]
    assert answers == [302, 302, 302]
    response = sign_up_with("ANN@example.com", "copy9", password, "10.2.0.9")  # from yet another address
    assert response.status_code == 429
    assert "Too many e-mails went to this address in the last hour" in response.content.decode()
    assert [m.to for m in mailoutbox] == [["ann@example.com"]] * 3  # three warnings, not four
    assert not django_user_model.objects.filter(username="copy9").exists()


@pytest.mark.django_db
def test_the_limit_per_address_answers_the_same_whether_or_not_the_address_is_registered(
    settings, user, password, mailoutbox
):
    settings.ACCOUNTS_CONFIRMATIONS_PER_EMAIL_PER_HOUR = 1
    for email in ("ann@example.com", "free@example.com"):  # registered, and not
        assert sign_up_with(email, f"first-{email[:3]}", password, "10.3.0.1").status_code == 302
        refused = sign_up_with(email, f"second-{email[:3]}", password, "10.3.0.2")
        assert refused.status_code == 429
        assert "Too many e-mails went to this address" in refused.content.decode()
    assert len(mailoutbox) == 2


@pytest.mark.django_db
def test_confirmation_links_asked_for_on_the_email_page_count_toward_the_same_limit(settings, ann, client, mailoutbox):
    settings.ACCOUNTS_CONFIRMATIONS_PER_EMAIL_PER_HOUR = 2
    client.force_login(ann)
    with TestCase.captureOnCommitCallbacks(execute=True):
        for _ in range(2):
            assert client.post(reverse("email-change"), {"email": "victim@example.com"}).status_code == 302
        response = client.post(reverse("email-change"), {"email": "victim@example.com"})
    assert response.status_code == 429
    assert "Too many e-mails went to this address" in response.content.decode()
    assert len(mailoutbox) == 2


def reset(email, address="10.0.0.7"):
    with TestCase.captureOnCommitCallbacks(execute=True):  # its e-mail goes once the request commits
        return Client(REMOTE_ADDR=address).post(reverse("password_reset"), {"email": email})


@pytest.mark.django_db
def test_password_resets_from_one_address_are_limited_and_past_it_no_email_goes_out(settings, user, mailoutbox):
    settings.ACCOUNTS_PASSWORD_RESETS_PER_HOUR = 2
    assert [reset("ann@example.com").status_code, reset("nobody@example.com").status_code] == [302, 302]
    response = reset("ann@example.com")
    assert response.status_code == 429
    assert "Too many password resets were asked for from your address" in response.content.decode()
    assert len(mailoutbox) == 1


@pytest.mark.django_db
def test_password_reset_emails_to_one_address_are_limited_whoever_asks(settings, user, mailoutbox):
    settings.ACCOUNTS_PASSWORD_RESETS_PER_EMAIL_PER_HOUR = 2
    assert reset("ann@example.com", "10.1.0.1").status_code == 302
    assert reset("ANN@example.com", "10.1.0.2").status_code == 302
    response = reset("ann@example.com", "10.1.0.3")
    assert response.status_code == 429
    assert "Too many password reset e-mails went to this address" in response.content.decode()
    assert len(mailoutbox) == 2


@pytest.fixture
def game(ann, bob):
    from games import lobby

    game = lobby.create_game(ann, ["bob"])
    lobby.accept_invitation(game.pk, bob)
    return game


@pytest.mark.django_db
def test_chat_messages_are_limited_per_minute_and_past_it_none_is_stored(settings, client, ann, game):
    from chat.models import Message

    settings.CHAT_MESSAGES_PER_MINUTE = 3
    client.force_login(ann)
    url = f"/games/{game.pk}/chat/post/"
    for i in range(3):
        assert client.post(url, {"text": f"hi {i}"}, HTTP_ACCEPT="application/json").status_code == 201
    response = client.post(url, {"text": "spam"}, HTTP_ACCEPT="application/json")
    assert response.status_code == 429
    assert response.json()["detail"] == "You can write at most 3 messages a minute: wait a moment."
    page = client.post(url, {"text": "spam"}, follow=True)
    assert "at most 3 messages a minute" in page.content.decode()
    assert Message.objects.count() == 3


def api_as(user):
    api = APIClient()
    api.force_authenticate(user)
    return api


@pytest.mark.django_db
def test_games_waiting_for_players_are_limited_per_user(settings, ann):
    from games.models import Game

    settings.GAMES_WAITING_PER_USER = 2
    api = api_as(ann)
    for i in range(2):
        assert api.post("/api/games/", {"open_seats": 1, "name": f"Open {i}"}, format="json").status_code == 201
    response = api.post("/api/games/", {"open_seats": 1}, format="json")
    assert response.status_code == 429
    assert "at most 2 games waiting for players at once" in response.json()["detail"]
    assert Game.objects.count() == 2


@pytest.mark.django_db
def test_a_player_with_the_most_games_waiting_can_still_start_a_practice_game_against_bots(settings, ann):
    from games.models import Game

    settings.GAMES_WAITING_PER_USER = 2
    api = api_as(ann)
    for i in range(2):
        assert api.post("/api/games/", {"open_seats": 1, "name": f"Open {i}"}, format="json").status_code == 201
    practice = api.post("/api/games/", {"bots": 2, "bot_level": "beginner"}, format="json")
    assert practice.status_code == 201, practice.content
    assert Game.objects.get(pk=practice.json()["id"]).status == Game.Status.ACTIVE  # it started at once
    # ... and it takes no waiting game's place: a game that waits is still refused,
    assert api.post("/api/games/", {"open_seats": 1}, format="json").status_code == 429
    # as is one whose bots must wait for an open seat or an invited player.
    assert api.post("/api/games/", {"bots": 1, "open_seats": 1}, format="json").status_code == 429


@pytest.mark.django_db
def test_the_create_page_starts_a_practice_game_however_many_games_wait(settings, client, ann):
    from games import lobby
    from games.models import Game

    settings.GAMES_WAITING_PER_USER = 1
    lobby.create_game(ann, [], open_seats=1)
    client.force_login(ann)
    response = client.post(
        "/games/new/",
        {
            "name": "Practice",
            "open_seats": 0,
            "bots": 1,
            "bot_level": "beginner",
            "seat_order": "as_listed",
            "move_days": "3",
            "timeout_rule": "lose",
            "farm_scoring": "current",
        },
    )
    assert response.status_code == 302
    assert Game.objects.get(name="Practice").status == Game.Status.ACTIVE


@pytest.mark.django_db
def test_the_create_page_says_when_too_many_games_wait(settings, client, ann):
    from games import lobby

    settings.GAMES_WAITING_PER_USER = 1
    lobby.create_game(ann, [], open_seats=1)
    client.force_login(ann)
    response = client.post(
        "/games/new/",
        {
            "name": "One more",
            "open_seats": 1,
            "bots": 0,
            "bot_level": "greedy",
            "seat_order": "as_listed",
            "move_days": "3",
            "timeout_rule": "lose",
            "farm_scoring": "current",
        },
    )
    assert "You can have at most 1 game waiting for players at once" in response.content.decode()


@pytest.mark.django_db
def test_games_created_are_limited_per_day(settings, ann, bob):
    from games import lobby
    from games.models import Game

    settings.GAMES_CREATED_PER_DAY = 2
    for _ in range(2):
        game = lobby.create_game(ann, ["bob"])
        lobby.accept_invitation(game.pk, bob)  # started: no longer waiting
    response = api_as(ann).post("/api/games/", {"invite": ["bob"]}, format="json")
    assert response.status_code == 429
    assert "at most 2 games a day" in response.json()["detail"]
    assert Game.objects.count() == 2


@pytest.mark.django_db
def test_tournaments_created_are_limited_per_day(settings, client, ann):
    from tournaments.models import Tournament

    settings.TOURNAMENTS_CREATED_PER_DAY = 2
    api = api_as(ann)
    for i in range(2):
        assert api.post("/api/tournaments/", {"name": f"Cup {i}"}, format="json").status_code == 201
    response = api.post("/api/tournaments/", {"name": "Cup 3"}, format="json")
    assert response.status_code == 429
    assert "at most 2 tournaments a day" in response.json()["detail"]
    client.force_login(ann)
    page = client.post(
        "/tournaments/new/",
        {
            "name": "Cup 4",
            "format": "swiss",
            "table_size": 2,
            "swiss_rounds": 5,
            "knockout_top": 0,
            "seeding": "rating",
            "registration": "open",
            "min_finished_games": 0,
            "round_days": 14,
            "timeout_rule": "lose",
            "promote": 0,
            "relegate": 0,
            "farm_scoring": "current",
        },
    )
    assert "at most 2 tournaments a day" in page.content.decode()
    assert Tournament.objects.count() == 2


@pytest.mark.django_db
def test_tournament_invitations_count_in_the_daily_invitation_quota(settings, ann, make_user):
    from games import lobby
    from tournaments import creation, errors, registration
    from tournaments.models import Entry

    settings.GAMES_INVITATIONS_PER_DAY = 3
    for name in ("p1", "p2", "p3", "p4"):
        make_user(name)
    lobby.create_game(ann, ["p1", "p2"])
    cup = creation.create_tournament(ann, name="Cup", registration="invitation")
    with pytest.raises(errors.TooMany, match="at most 3 invitations a day; you have 1 left"):
        registration.invite(cup, ann, ["p3", "p4"])
    assert not Entry.objects.exists()
    registration.invite(cup, ann, ["p3"])
    response = api_as(ann).post("/api/games/", {"invite": ["p4"]}, format="json")
    assert response.status_code == 429
    assert "you have 0 left today" in response.json()["detail"]


@pytest.mark.django_db
def test_the_tournament_invite_form_says_when_the_quota_is_spent(settings, client, ann, make_user):
    from tournaments import creation
    from tournaments.models import Entry

    settings.GAMES_INVITATIONS_PER_DAY = 1
    make_user("p1"), make_user("p2")
    cup = creation.create_tournament(ann, name="Cup", registration="invitation")
    client.force_login(ann)
    page = client.post(f"/tournaments/{cup.pk}/invite/", {"usernames": "p1, p2"}, follow=True)
    assert "at most 1 invitation a day" in page.content.decode()  # one, singular
    assert not Entry.objects.exists()
