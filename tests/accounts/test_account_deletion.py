"""Deleting an account: the person is erased at once and everywhere; their games stay whole
under a neutral name; games in progress end for them by each game's rule."""

import io
import json

import pytest
from django.apps import apps
from django.contrib.sessions.models import Session
from django.core import mail
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import models
from django.test import Client
from django.urls import reverse

from accounts.deletion import delete_account, neutral_name
from accounts.models import DataExport, User
from archive.records import export_records
from carcassonne import replay
from chat.models import Message
from games.models import Game, Seat
from notifications.models import Notification
from ratings import services as ratings
from tournaments.models import Entry

from . import world as w

pytestmark = pytest.mark.django_db

TEXT_FIELDS = (models.CharField, models.TextField, models.EmailField, models.JSONField)


def rows_mentioning(needle: str) -> list[str]:
    """Every row of every table with ``needle`` in a text column (any case), as
    'app.Model.field #pk'; sessions are read decoded."""
    found = []
    for model in apps.get_models():
        for f in model._meta.concrete_fields:
            if isinstance(f, TEXT_FIELDS):
                for pk in model._default_manager.filter(**{f"{f.name}__icontains": needle}).values_list(
                    "pk", flat=True
                ):
                    found.append(f"{model._meta.label}.{f.name} #{pk}")
    for session in Session.objects.all():
        if needle.lower() in json.dumps(session.get_decoded()).lower():
            found.append(f"session {session.session_key}")
    return found


@pytest.fixture
def world(make_user, password):
    return w.build(make_user, password)


def delete_with_password(person, password):
    client = Client()
    client.force_login(person)
    return client, client.post(reverse("delete-account"), {"password": password})


def test_after_deletion_no_table_holds_the_old_name_or_the_addresses(
    world, password, django_capture_on_commit_callbacks
):
    assert rows_mentioning(w.NAME) and rows_mentioning(w.EMAIL)  # the world holds them before
    DataExport.objects.create(user=world.person, token="t", state="ready", content=w.NAME.encode())
    with django_capture_on_commit_callbacks(execute=True):
        client, response = delete_with_password(world.person, password)
    assert response.status_code == 302
    for needle in (w.NAME, w.EMAIL, w.PENDING):
        assert rows_mentioning(needle) == [], needle
    person = User.objects.get(pk=world.person.pk)
    assert (
        person.username == f"deleted player {person.pk}" and not person.is_active and not person.has_usable_password()
    )
    assert client.get(reverse("email-change")).status_code == 302  # logged out


def test_finished_games_replay_with_the_neutral_name(world, password):
    delete_account(world.person)
    name = neutral_name(world.person)
    records = list(export_records([world.games["won"].pk, world.games["resigned"].pk]))
    for record in records:
        assert name in record["players"]
        replay(record)  # every entry still checks, the resignation naming the neutral name too
    assert {"player": name, "resign": True} in records[1]["moves"]
    assert records[0]["meta"]["winners"] == [name]
    page = Client().get(f"/archive/games/{world.games['won'].pk}/")
    assert page.status_code == 200 and name in page.content.decode()


def test_a_game_in_progress_ends_for_the_seat_by_its_rule_and_the_others_are_told(
    world, django_capture_on_commit_callbacks
):
    lose, bot = world.games["lose"], world.games["bot"]
    with django_capture_on_commit_callbacks(execute=True):  # the bot's turn is queued after the commit
        delete_account(world.person)
    lose.refresh_from_db()
    assert lose.status == Game.Status.FINISHED  # two players: the other one is left, and wins
    assert lose.moves.order_by("number").last().entry == {"player": neutral_name(world.person), "resign": True}
    told = Notification.objects.get(user=world.others["bob"], game=lose, data__action="closed")
    assert "closed their account" in mail_text(told)
    bot.refresh_from_db()
    seat = bot.seats.get(user=world.person)
    assert seat.bot and bot.has_bots and bot.status == Game.Status.ACTIVE
    assert bot.move_count >= 1  # it was the person's turn: the bot has played it
    assert Notification.objects.filter(user=world.others["cid"], game=bot, data__action="closed_bot").exists()


def mail_text(row) -> str:
    from notifications.emails import build_message

    return str(build_message(row).body)


def test_waiting_games_are_cancelled_or_their_seats_opened(world):
    own, by_address = world.games["waiting_own"], world.games["waiting_by_address"]
    delete_account(world.person)
    assert not Game.objects.filter(pk=own.pk).exists()
    seat = Seat.objects.get(game=by_address, position=1)
    assert (seat.state, seat.invited_email, seat.user) == (Seat.State.OPEN, "", None)


def test_chat_messages_read_deleted_and_others_messages_keep_their_place(world, password):
    game = world.games["lose"]
    delete_account(world.person)
    texts = list(Message.objects.filter(game=game).order_by("pk").values_list("text", flat=True))
    assert texts == ["", f"gg {neutral_name(world.person)}!", "whatever"]
    client = Client()
    client.force_login(world.others["bob"])
    page = client.get(f"/games/{game.pk}/chat/").content.decode()
    assert "deleted" in page and "hello from" not in page


def test_tournament_entries_are_withdrawn_and_ratings_leave_the_leaderboards(world):
    assert ratings.leaderboard().filter(user=world.person).exists()
    delete_account(world.person)
    assert not Entry.objects.filter(user=world.person).exists()  # before the start a withdrawal removes the entry
    assert not ratings.leaderboard().filter(user=world.person).exists()
    response = Client().get("/ratings/")
    assert neutral_name(world.person) not in response.content.decode()


def test_in_a_running_tournament_the_entry_is_withdrawn_and_the_game_left(
    make_user, django_capture_on_commit_callbacks
):
    from tournaments import creation, registration, rounds

    person, others = make_user(w.NAME, w.EMAIL), [make_user(f"p{i}") for i in range(3)]
    t = creation.create_tournament(others[0], name="Winter open", format="swiss", swiss_rounds=2)
    for user in (person, *others):
        registration.register(t, user)
    with django_capture_on_commit_callbacks(execute=True):
        rounds.start(t, others[0])
    game = Game.objects.get(seats__user=person)
    delete_account(person)
    entry = Entry.objects.get(tournament=t, user=person)
    assert entry.state == Entry.State.WITHDRAWN and entry.withdraw_policy == "forfeit"
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    t.refresh_from_db()
    assert w.NAME not in json.dumps(t.standings_cache)


def test_a_deleted_name_is_never_given_out_again(world, password):
    delete_account(world.person)
    for name in (w.NAME, w.NAME.upper(), "Qui11on".replace("11", "ll")):
        response = Client().post(
            reverse("signup"),
            {"username": name, "email": "new@example.com", "password1": password, "password2": password},
        )
        assert response.status_code == 200 and "This name is taken" in response.content.decode(), name
    assert not User.objects.filter(username__iexact=w.NAME).exists()


def test_a_deleted_account_cannot_log_in_nor_use_its_token(world, password):
    from rest_framework.authtoken.models import Token

    key = Token.objects.get(user=world.person).key
    delete_account(world.person)
    assert Client().post(reverse("login"), {"username": w.NAME, "password": password}).status_code == 200
    assert Client().get("/api/games/", HTTP_AUTHORIZATION=f"Token {key}").status_code == 401


def test_a_wrong_password_deletes_nothing(world):
    client = Client()
    client.force_login(world.person)
    response = client.post(reverse("delete-account"), {"password": "not-it"})
    assert response.status_code == 400 and "This is not your password" in response.content.decode()
    assert User.objects.get(pk=world.person.pk).username == w.NAME


def test_the_link_by_email_asks_before_deleting(make_user, password, django_capture_on_commit_callbacks):
    person = make_user(w.NAME, w.EMAIL)
    client = Client()
    client.force_login(person)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("delete-account"), {"send_link": "1"})
    (message,) = mail.outbox
    assert message.to == [w.EMAIL]
    link = next(line for line in message.body.splitlines() if "/accounts/delete/" in line).strip()
    stranger = Client()
    assert stranger.get(link).status_code == 200  # a mail scanner opening it deletes nothing
    assert User.objects.get(pk=person.pk).deleted_at is None
    assert stranger.post(link).status_code == 302
    assert User.objects.get(pk=person.pk).deleted_at is not None
    assert stranger.get(link).status_code == 404  # spent


def test_staff_delete_an_account_from_the_command_line_with_one_json_line(world):
    out = io.StringIO()
    call_command("delete_account", w.NAME, stdout=out)
    (line,) = out.getvalue().splitlines()
    summary = json.loads(line)
    assert summary["deleted"] == w.NAME and summary["name"] == neutral_name(world.person)
    assert summary["games"]["games_left"] == 1 and summary["games"]["games_taken_over_by_bots"] == 1
    assert summary["chat"]["chat_messages_emptied"] == 1
    assert summary["accounts"]["api_tokens"] == 1 and summary["accounts"]["login_attempts"] >= 1
    with pytest.raises(CommandError, match="no account"):
        call_command("delete_account", w.NAME, stdout=io.StringIO())


def test_a_deleted_player_cannot_be_invited_by_their_new_name(world):
    from games.errors import GameError
    from games.lobby import create_game

    delete_account(world.person)
    with pytest.raises(GameError, match="no player called"):
        create_game(world.others["bob"], [neutral_name(world.person)])
