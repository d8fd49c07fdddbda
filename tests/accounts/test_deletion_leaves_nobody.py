"""A deleted account leaves nothing of the person in what others keep: their address in others'
chat and in report notes, their name on a waiting game someone else made, in others' e-mails
of a tournament they directed and in data files already prepared for others. Their old links
change nothing, and nobody can sign up under a name that reads as a deleted account's."""

from __future__ import annotations

import io
import zipfile

import pytest
from django.test import Client
from django.urls import reverse

from accounts import exports
from accounts.deletion import delete_account, neutral_name
from accounts.models import DataExport, User
from chat import moderation
from chat import services as chat
from chat.models import Message, Report
from games import lobby
from games.models import Game
from notifications import links
from notifications.models import Notification, Preference

from .world import EMAIL, NAME, play_tiles, two_player_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def person(make_user):
    return make_user(NAME, EMAIL)


def test_others_chat_messages_and_report_notes_lose_the_deleted_persons_address(person, bob):
    game = two_player_game(bob, person)
    said = chat.post(game, bob, f"{NAME} asked me to write to {EMAIL.upper()}")
    report = moderation.report_player(bob, person, "name", note=f"mails me from {EMAIL}")
    delete_account(person)
    said.refresh_from_db()
    report.refresh_from_db()
    neutral = neutral_name(person)
    assert said.text == f"{neutral} asked me to write to {neutral}"
    assert EMAIL not in report.note.lower() and neutral in report.note
    assert not Message.objects.filter(text__icontains=EMAIL).exists() and Report.objects.count() == 1


def test_a_waiting_game_someone_else_made_loses_the_deleted_persons_name(person, bob):
    game = lobby.create_game(bob, [NAME], open_seats=1, name=f"{NAME} and bob")
    lobby.accept_invitation(game.pk, person)
    delete_account(person)
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.WAITING and game.name == f"{neutral_name(person)} and bob"


def test_a_deleted_directors_name_leaves_the_others_round_emails(person, bob, make_user):
    from tournaments import creation, registration, rounds

    cup = creation.create_tournament(person, name=f"{NAME} cup")
    for player in (bob, make_user("cid")):
        registration.register(cup, player)
    rounds.start(cup, person)
    emails = Notification.objects.exclude(user=person)
    assert emails.filter(data__icontains=NAME).exists()  # "Quillon cup: round 1"
    delete_account(person)
    assert not emails.filter(data__icontains=NAME).exists()
    assert emails.filter(data__icontains=f"{neutral_name(person)} cup").exists()


def files_of(export: DataExport) -> str:
    with zipfile.ZipFile(io.BytesIO(bytes(export.content or b""))) as archive:
        return "".join(archive.read(name).decode() for name in archive.namelist())


def test_a_file_of_data_already_prepared_for_another_player_names_the_deleted_person_no_more(person, bob):
    game = two_player_game(bob, person)
    play_tiles(game, 2)
    chat.post(game, bob, f"well played {NAME}, mail me at bob@example.com or write to {EMAIL}")
    export, _new = exports.request_export(bob)
    exports.prepare(export.pk)
    assert NAME in files_of(DataExport.objects.get(pk=export.pk))
    delete_account(person)
    export = DataExport.objects.get(pk=export.pk)
    text = files_of(export)
    assert NAME not in text and EMAIL not in text and neutral_name(person) in text
    assert export.state == DataExport.State.READY and export.size == len(bytes(export.content or b""))


def test_an_old_unsubscribe_link_of_a_deleted_account_stores_nothing(person):
    link = links.unsubscribe_url("turn", user=person)
    delete_account(person)
    response = Client().post(link)
    assert response.status_code == 400 and "This link is not valid" in response.content.decode()
    assert not Preference.objects.filter(user=person).exists()


@pytest.mark.parametrize(
    "name", ["deleted_player_10", "Deleted-Player-10", "deletedplayer10", "DELETED.PLAYER", "Ｄｅｌｅｔｅｄ_Player_3"]
)
def test_a_name_that_reads_as_a_deleted_accounts_is_refused_at_sign_up(client, name):
    password = "a-Long-enough-pa55word"
    response = client.post(
        reverse("signup"), {"username": name, "email": "x@example.com", "password1": password, "password2": password}
    )
    assert response.status_code == 200
    assert "stand for deleted accounts" in str(response.context["form"].errors["username"])
    assert not User.objects.exists()


def test_staff_cannot_rename_an_account_to_a_name_that_reads_as_a_deleted_accounts(bob):
    from accounts.admin import UserChangeForm

    fields = {"username": "Deleted_Player_7", "date_joined": "2026-01-01 10:00", "is_active": "on"}
    form = UserChangeForm(data=fields, instance=bob)
    assert not form.is_valid() and "stand for deleted accounts" in str(form.errors["username"])
    fields["username"] = "bobby"
    form = UserChangeForm(data=fields, instance=bob)
    assert form.is_valid(), form.errors
