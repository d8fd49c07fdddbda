"""Chat, notes and the live version endpoint of a game page."""

import pytest
from django.urls import reverse

from chat.models import Message, Note
from tests.notifications.conftest import play_first, start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(ann, bob):
    return start_game(ann, bob)


@pytest.fixture
def cid(make_user):
    return make_user("cid")


def _post(client, game, text, **extra):
    return client.post(reverse("chat:post", args=[game.pk]), {"text": text}, **extra)


def test_players_chat_and_the_text_is_escaped_on_the_page(client, game, ann, bob):
    client.force_login(ann)
    _post(client, game, "<script>alert(1)</script> hi")
    client.force_login(bob)
    html = client.get(game.get_absolute_url()).content.decode()
    assert "&lt;script&gt;alert(1)&lt;/script&gt; hi" in html and "<script>alert(1)" not in html


def test_only_players_write_and_read_the_chat(client, game, ann, cid):
    client.force_login(ann)
    _post(client, game, "between us")
    client.force_login(cid)
    response = _post(client, game, "let me in", HTTP_ACCEPT="application/json")
    assert response.status_code == 403 and "Only the players" in response.json()["detail"]
    assert "between us" not in client.get(game.get_absolute_url()).content.decode()
    assert "between us" not in client.get(reverse("chat:panel", args=[game.pk])).content.decode()
    assert Message.objects.count() == 1


@pytest.mark.parametrize("text", ["", "   ", "x" * 501])
def test_empty_or_too_long_messages_are_refused_with_a_reason(client, game, ann, text):
    client.force_login(ann)
    response = _post(client, game, text, HTTP_ACCEPT="application/json")
    assert response.status_code == 400 and response.json()["detail"]
    assert not Message.objects.exists()


def test_a_muted_opponent_is_hidden_and_can_be_unmuted(client, game, ann, bob):
    client.force_login(bob)
    _post(client, game, "from bob")
    client.force_login(ann)
    client.post(reverse("chat:mute", args=[game.pk]), {"username": "bob", "mute": "1"})
    assert "from bob" not in client.get(reverse("chat:panel", args=[game.pk])).content.decode()
    client.post(reverse("chat:mute", args=[game.pk]), {"username": "bob", "mute": "0"})
    assert "from bob" in client.get(reverse("chat:panel", args=[game.pk])).content.decode()
    bad = client.post(reverse("chat:mute", args=[game.pk]), {"username": "ann"}, HTTP_ACCEPT="application/json")
    assert bad.status_code == 400


def test_notes_are_private_to_their_author(client, game, ann, bob):
    client.force_login(ann)
    client.post(reverse("chat:note", args=[game.pk]), {"text": "plan: <big> city"})
    assert "plan: &lt;big&gt; city" in client.get(game.get_absolute_url()).content.decode()
    client.force_login(bob)
    assert "plan:" not in client.get(game.get_absolute_url()).content.decode()
    assert Note.objects.get().author == ann


def test_the_version_changes_with_a_move_or_a_message_and_answers_304_otherwise(
    client, game, ann, bob, django_capture_on_commit_callbacks
):
    client.force_login(bob)
    url = reverse("game-live", args=[game.pk])
    first = client.get(url)
    etag = first["ETag"]
    assert first.status_code == 200 and "seed" not in first.content.decode()
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    with django_capture_on_commit_callbacks(execute=True):  # the move commits, and is announced
        play_first(game)
    after_move = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert after_move.status_code == 200 and after_move.json()["game"] != first.json()["game"]
    etag = after_move["ETag"]
    client.force_login(ann)
    with django_capture_on_commit_callbacks(execute=True):
        _post(client, game, "nice move")
    client.force_login(bob)
    after_chat = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert after_chat.status_code == 200 and after_chat.json()["chat"] != after_move.json()["chat"]
    assert after_chat.json()["game"] == after_move.json()["game"]
    assert client.get(reverse("game-live", args=[999999])).status_code == 404


def test_chat_comes_in_the_daily_digest_not_in_turn_emails(client, game, ann, bob, django_capture_on_commit_callbacks):
    from django.core import mail

    from notifications import tasks
    from notifications.models import Preference

    prefs = Preference.for_user(bob)
    prefs.digest_hour = 0
    prefs.save()
    client.force_login(ann)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        _post(client, game, "<i>well played</i>")
        play_first(game)
    assert not [m for m in mail.outbox if "well played" in m.body]  # not in bob's turn e-mail
    with django_capture_on_commit_callbacks(execute=True):
        tasks.send_digests()
    [digest] = [
        m
        for m in mail.outbox
        if m.to == ["bob@example.com"] and "digest" in m.extra_headers["X-Carcassonne-Notification"]
    ]
    assert "ann: <i>well played</i>" in digest.body
    assert "&lt;i&gt;well played&lt;/i&gt;" in digest.alternatives[0][0]


def test_a_player_may_ask_for_each_chat_message_by_email(client, game, ann, bob, django_capture_on_commit_callbacks):
    from django.core import mail

    from notifications.models import Preference

    prefs = Preference.for_user(bob)
    prefs.chat = "each"
    prefs.save()
    client.force_login(ann)
    with django_capture_on_commit_callbacks(execute=True):
        _post(client, game, "ready?")
    assert [m for m in mail.outbox if m.to == ["bob@example.com"] and "ann: ready?" in m.body]
    assert not [m for m in mail.outbox if m.to == ["ann@example.com"] and "ready?" in m.body]


def test_a_game_with_a_bot_seat_takes_a_chat_message_once_and_mails_the_people(
    client, ann, bob, django_capture_on_commit_callbacks
):
    from django.core import mail

    from games import bot_seats, lobby
    from notifications.models import Preference

    game = bot_seats.create_game_with_bots(ann, ["bob"], bots=1, bot_level="beginner")
    lobby.accept_invitation(game.pk, bob)
    prefs = Preference.for_user(bob)
    prefs.chat = "each"
    prefs.save()
    client.force_login(ann)
    with django_capture_on_commit_callbacks(execute=True):
        response = _post(client, game, "good luck, both", HTTP_ACCEPT="application/json")
    assert response.status_code == 201
    assert Message.objects.filter(game=game).count() == 1
    assert [m for m in mail.outbox if m.to == ["bob@example.com"] and "ann: good luck, both" in m.body]


def test_a_message_whose_e_mails_fail_is_not_kept(client, game, ann, monkeypatch):
    from notifications import events

    def broken(*args, **kwargs):
        raise RuntimeError("the outbox is broken")

    monkeypatch.setattr(events, "message_notification", broken)
    from notifications.models import Preference

    prefs = Preference.for_user(game.seats.exclude(user=ann).get().user)
    prefs.chat = "each"
    prefs.save()
    client.force_login(ann)
    client.raise_request_exception = False
    assert _post(client, game, "lost?").status_code == 500
    assert not Message.objects.filter(game=game).exists()  # a retry stores it once
