"""``manage.py demo_data`` (``make run``): what it makes, what it says and what it e-mails."""

import logging

import pytest
from django.core import mail
from django.core.management import call_command

from accounts.models import User
from games import turns
from games.models import Game
from notifications.models import Notification

# Real commits: the demo's e-mails are sent after its transaction commits. Slow: the demo
# plays some eighty moves and draws a dozen e-mails.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def test_demo_data_says_what_it_made_in_a_few_lines_mails_only_the_open_turns_and_runs_again(capsys, caplog):
    caplog.set_level(logging.DEBUG)
    call_command("demo_data")
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0] == "Demo logins (password 'carcassonne'): ann, bob, cid, dee"
    assert len(lines) == 5, out  # one line for the logins, one for each game and the tournament
    assert err == ""
    assert not [r for r in caplog.records if r.name.startswith(("celery", "kombu")) or r.levelno >= logging.WARNING]

    finished = Game.objects.get(name="Demo: a finished game")
    on_turn = Game.objects.get(name="Demo: ann vs bob")
    assert finished.status == Game.Status.FINISHED and on_turn.move_count == 10
    turn_mails = Notification.objects.filter(kind=Notification.Kind.TURN)
    # every move wrote its turn e-mail; only those of turns still open were sent
    assert not turn_mails.filter(game=finished, status=Notification.Status.SENT).exists()
    assert turn_mails.filter(game=finished, status=Notification.Status.SUPPRESSED).count() >= 60
    sent = turn_mails.filter(game=on_turn, status=Notification.Status.SENT)
    assert [row.data["move_number"] for row in sent] == [11]
    assert Notification.objects.filter(game=finished, kind=Notification.Kind.FINISHED, status="sent").count() == 2
    assert not Notification.objects.exclude(status__in=["sent", "suppressed"]).exists()
    assert len(mail.outbox) == Notification.objects.filter(status="sent").count()

    # Again: nothing new, and the passwords' hashes stay (a session is signed with its user's).
    hashes = dict(User.objects.values_list("username", "password"))
    rows, sent_count = Notification.objects.count(), len(mail.outbox)
    call_command("demo_data")
    assert dict(User.objects.values_list("username", "password")) == hashes
    assert (Notification.objects.count(), len(mail.outbox)) == (rows, sent_count)
    assert all(User.objects.get(username=name).check_password("carcassonne") for name in hashes)
    assert capsys.readouterr().out.splitlines() == lines

    # Afterwards an event's e-mail is sent when it is written, as always.
    seat = on_turn.seats.get(position=on_turn.current_seat)
    turns.resign(on_turn.pk, seat.user)
    assert len(mail.outbox) > sent_count
