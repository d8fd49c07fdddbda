"""Mail a stranger could send to the reply address, meant to break the handler: a From too
long for any address, NUL characters in its headers or in the move line, an encoded From.
Each is logged (cleaned, cut to fit) and dropped: exit status 0, nothing played, and the
webhook answers 200 so that the provider does not send it again for days."""

from __future__ import annotations

import base64
import re

import pytest
from django.core import mail

from games.models import Move
from notifications.models import InboundMessage, Notification

from .replymail import a_move, receive, reply
from .test_reply_webhook import KEY
from .test_reply_webhook import post as post_webhook

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("reply_on")]


def with_header(raw: bytes, name: bytes, value: bytes) -> bytes:
    return re.sub(rb"^" + name + rb": [^\n]*", name + b": " + value, raw, count=1, flags=re.MULTILINE)


def hostile(game, kind: str) -> bytes:
    raw = reply(game.turn_mail, a_move(game.turn_mail))
    if kind == "long From":
        return with_header(raw, b"From", b"a" * 290 + b"@example.com")
    if kind == "NUL in From":
        return with_header(raw, b"From", b"Ann <ann@example.com\x00>")
    if kind == "NUL in the name of From":
        return with_header(raw, b"From", b"An\x00n <ann@example.com>")
    if kind == "NUL in Message-ID":
        return with_header(raw, b"Message-ID", b"<a\x00b@phone.example.com>")
    raise AssertionError(kind)


KINDS = ["long From", "NUL in From", "NUL in the name of From", "NUL in Message-ID"]


@pytest.mark.parametrize("kind", KINDS)
def test_hostile_headers_are_logged_cleaned_and_dropped(game, kind, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        result = receive(hostile(game, kind))  # no CommandError: exit status 0
    assert result == {"result": "ignored", "reason": "malformed"}
    assert not Move.objects.filter(game=game).exists() and not mail.outbox
    [log] = InboundMessage.objects.all()
    assert len(log.sender) <= 254 and "\x00" not in log.sender + log.message_id


@pytest.mark.parametrize("kind", KINDS)
def test_the_webhook_answers_200_to_hostile_headers_and_plays_nothing(client, settings, game, kind):
    settings.ANYMAIL, settings.REPLY_WEBHOOKS = {"MAILGUN_WEBHOOK_SIGNING_KEY": KEY}, ["mailgun"]
    response = post_webhook(client, hostile(game, kind))
    assert response.status_code == 200
    assert not Move.objects.filter(game=game).exists()
    assert InboundMessage.objects.get().reason == "malformed"


def test_the_same_hostile_message_twice_is_a_duplicate_not_a_crash(game):
    raw = hostile(game, "NUL in Message-ID")
    assert receive(raw)["result"] == "ignored"
    assert receive(raw) == {"result": "duplicate"}


def test_a_nul_in_the_move_line_plays_nothing_and_the_answer_quotes_the_line_cleaned(
    game, django_capture_on_commit_callbacks
):
    move = a_move(game.turn_mail)
    raw = reply(game.turn_mail, move.replace(" ", "\x00 "))
    with django_capture_on_commit_callbacks(execute=True):
        result = receive(raw)
    assert result["result"] == "rejected" and not Move.objects.filter(game=game).exists()
    answer = Notification.objects.get(kind=Notification.Kind.REPLY)
    assert "\x00" not in answer.data["line"] and answer.data["line"].startswith("A")
    [sent] = mail.outbox
    assert "\x00" not in sent.body and "The line we read" in sent.body


def test_an_encoded_from_is_not_taken_as_the_players_address(game, ann, django_capture_on_commit_callbacks):
    encoded = b"=?utf-8?b?" + base64.b64encode(ann.email.encode()) + b"?="
    raw = with_header(reply(game.turn_mail, a_move(game.turn_mail)), b"From", encoded)
    with django_capture_on_commit_callbacks(execute=True):
        result = receive(raw)
    assert (result["result"], result["reason"]) == ("ignored", "not_sender")
    assert not Move.objects.filter(game=game).exists() and not mail.outbox


def test_an_encoded_name_beside_the_address_still_plays(game, ann):
    raw = with_header(
        reply(game.turn_mail, a_move(game.turn_mail)), b"From", b"=?utf-8?q?J=C3=B6rg?= <" + ann.email.encode() + b">"
    )
    assert receive(raw)["result"] == "played"
