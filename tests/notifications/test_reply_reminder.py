"""Every e-mail that asks a player to act can be answered like the turn e-mail: a deadline
reminder (of a tile turn, of the Count's decision, in a game with hands of tiles) and the
"game started" e-mail of a first player who gets no turn e-mails carry the seat's Reply-To
and how to answer while the game still waits for that decision. Real MIME through
``manage.py receive_mail``."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from games import lobby
from games.models import Move, TurnClock
from notifications import tasks
from notifications.emails import build_message
from notifications.models import Mode, Notification, Preference

from .conftest import play_first
from .handmail import hand_game, listed, turn_email
from .replymail import receive, reply, turn_mail

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("reply_on")]


@pytest.fixture
def game(ann, bob, django_capture_on_commit_callbacks):
    """ann's first turn with 3 days per move, 60% of them gone."""
    with django_capture_on_commit_callbacks(execute=True):
        game = lobby.create_game(ann, ["bob"], name="Friday", move_days=3)
        lobby.accept_invitation(game.pk, bob)
    game.refresh_from_db()
    game.turn_mail = turn_mail(ann.email)
    TurnClock.objects.filter(game=game).update(started_at=timezone.now() - timedelta(days=1, hours=20))
    mail.outbox.clear()
    return game


def reminders(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.send_reminders() == 1
    [reminder] = mail.outbox
    return reminder


def a_move(message) -> str:
    """Cell A of the e-mail's list in its first rotation, no follower."""
    line = next(line for line in message.body.splitlines() if line.startswith("A ("))
    return "A " + line.split(": ", 1)[1].split(" ", 1)[0]


def test_a_reminder_carries_the_turn_emails_reply_to_and_how_to_answer(game, django_capture_on_commit_callbacks):
    reminder = reminders(django_capture_on_commit_callbacks)
    assert reminder.subject.startswith("Reminder: your turn in Friday")
    assert reminder.reply_to == game.turn_mail.reply_to  # the same decision, the same token
    assert "Answer by e-mail" in reminder.body and a_move(reminder) == a_move(game.turn_mail)
    assert "<board>" in {part["Content-ID"] for part in reminder.attachments}  # the labelled board


def test_a_reply_to_a_reminder_plays(game, django_capture_on_commit_callbacks):
    reminder = reminders(django_capture_on_commit_callbacks)
    assert receive(reply(reminder, a_move(reminder))) == {"result": "played", "game": game.pk, "move_number": 1}
    assert Move.objects.filter(game=game).count() == 1


def test_a_reminder_written_after_the_move_was_played_offers_no_reply(game, ann):
    with_time_gone = tasks.send_reminders()  # the row is written; its e-mail is built when sent
    assert with_time_gone == 1
    play_first(game)
    message = build_message(Notification.objects.get(kind=Notification.Kind.REMINDER, user=ann))
    assert not message.reply_to and "Answer by e-mail" not in message.body


def test_without_reply_email_a_reminder_has_no_reply_to(game, settings, django_capture_on_commit_callbacks):
    settings.REPLY_EMAIL = ""
    reminder = reminders(django_capture_on_commit_callbacks)
    assert not reminder.reply_to and "Answer by e-mail" not in reminder.body


def test_a_reminder_of_the_counts_decision_is_answered_by_a_letter(ann, bob):
    from games.models import Game
    from tests.games.conftest import reinforcing_game
    from tests.games.helpers import api_clients

    game, _engine = reinforcing_game(ann, bob, api_clients(ann, bob))
    Game.objects.filter(pk=game.pk).update(move_days=1)
    TurnClock.objects.filter(game=game).update(started_at=timezone.now() - timedelta(hours=13))
    assert tasks.send_reminders() == 1
    message = build_message(Notification.objects.get(user=ann, game=game, kind=Notification.Kind.REMINDER))
    assert message.subject.startswith("Reminder: a decision is waiting for you")
    assert message.reply_to and "Answer by e-mail: reply with the letter of your choice" in message.body
    before = Move.objects.filter(game=game).count()
    assert receive(reply(message, "pass"))["result"] == "played"
    last = Move.objects.filter(game=game).order_by("number")[before]
    assert last.entry == {"player": "ann", "reinforce": None}


def test_a_reminder_in_a_game_with_hands_lists_the_players_hand(ann, bob):
    game = hand_game(ann, bob)
    row = Notification.objects.create(
        kind=Notification.Kind.REMINDER,
        category="reminder",
        key="reminder:test",
        user=ann,
        email=ann.email,
        game=game,
        data={"move_number": 1, "percent": 50},
    )
    message = build_message(row)
    assert message.reply_to == turn_email(ann, game).reply_to
    assert listed(message) == listed(turn_email(ann, game))


def test_the_started_email_of_a_first_player_without_turn_emails_can_be_answered(
    ann, bob, django_capture_on_commit_callbacks
):
    prefs = Preference.for_user(ann)
    prefs.turn = Mode.DIGEST
    prefs.save()
    with django_capture_on_commit_callbacks(execute=True):
        game = lobby.create_game(ann, ["bob"], name="Friday")
        lobby.accept_invitation(game.pk, bob)
    [started] = [m for m in mail.outbox if ann.email in m.to and m.subject == "Friday has started"]
    assert "You play first" in started.body and started.reply_to
    assert receive(reply(started, a_move(started)))["result"] == "played"
