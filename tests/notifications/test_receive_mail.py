"""``manage.py receive_mail`` as a mail server's pipe runs it: a process of its own with no
environment, the site's settings from ``--env-file``. Exit status 0 and one JSON line
when the message was handled; 75 (the mail server keeps the message and tries again) and
one line on standard error for every failure, never a traceback (which a mail server
would bounce to the player)."""

from __future__ import annotations

import pytest
from django.core import mail

from games.models import Move
from notifications.models import InboundMessage
from tests.conftest import needs_postgresql

from .replymail import env_file, outcome, receive_apart, reply, started

pytestmark = pytest.mark.usefixtures("reply_on")

A_REPLY = (
    b"From: ann@example.com\r\nTo: play+1-0-1-0123456789abcdef0123@example.org\r\nSubject: Re: Friday\r\n\r\nA 90\r\n"
)


@pytest.fixture
def game(ann, bob, django_capture_on_commit_callbacks):
    needs_postgresql("receive_mail in a process of its own")
    game, message = started(ann, bob, django_capture_on_commit_callbacks)
    game.turn_mail = message
    mail.outbox.clear()
    return game


def a_move(message) -> str:
    import re

    line = next(line for line in message.body.splitlines() if re.match(r"^A \(", line))
    return "A " + re.match(r"^A \([^)]*\): (\d+)", line).group(1)


def refused(run) -> str:
    """The one line of a run that could not handle its message (and said so only)."""
    assert run.returncode == 75 and run.stdout == b"", run
    [line] = run.stderr.decode().splitlines()
    assert line.startswith("receive_mail: ") and line.endswith("(not handled: the mail server will try again)")
    assert "Traceback" not in line
    return line


@pytest.mark.django_db(transaction=True)
def test_with_the_sites_env_file_a_reply_plays_and_only_its_json_line_is_printed(game, tmp_path):
    address = game.turn_mail.reply_to[0]
    run = receive_apart(reply(game.turn_mail, a_move(game.turn_mail)), env_file(tmp_path), "--recipient", address)
    assert outcome(run) == {"result": "played", "game": game.pk, "move_number": 1}
    assert Move.objects.filter(game=game).count() == 1 and InboundMessage.objects.get().recipient == address


def test_without_an_environment_the_message_is_kept_for_later_not_dropped():
    line = refused(receive_apart(A_REPLY, None))
    assert "REPLY_EMAIL is not set" in line  # the settings' defaults: no reply address


@pytest.mark.parametrize(
    "broken, said",
    [
        ("missing", "cannot read the env file"),
        ("no secret key", "ImproperlyConfigured: SECRET_KEY must be set when DEBUG is off"),
        ("no reply address", "REPLY_EMAIL is not set"),
        ("database away", "could not handle the message: OperationalError"),
        ("not key=value", "is not KEY=VALUE"),
    ],
)
def test_every_failure_to_handle_a_message_exits_75_with_one_line(tmp_path, broken, said):
    changes = {
        "no secret key": {"SECRET_KEY": ""},
        "no reply address": {"REPLY_EMAIL": ""},
        "database away": {"DATABASE_URL": "postgres://postgres@127.0.0.1:1/nothing"},
    }.get(broken, {})
    env = env_file(tmp_path, **changes)
    if broken == "missing":
        env = tmp_path / "nowhere.env"
    if broken == "not key=value":
        env.write_text(env.read_text() + "this line is no setting\n")
    assert said in refused(receive_apart(A_REPLY, env))


def test_unknown_arguments_exit_75_with_one_line(tmp_path):
    line = refused(receive_apart(A_REPLY, env_file(tmp_path), "--recipent", "x"))
    assert "unrecognized arguments" in line
