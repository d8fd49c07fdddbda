"""Replies through an inbound e-mail provider: django-anymail's inbound webhook (here
Mailgun's, with its signature) feeds the same handler as ``receive_mail``."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time

import pytest
from django.core import mail

from games.models import Move
from notifications.models import InboundMessage

from .replymail import REPLY_EMAIL, a_move, reply

pytestmark = pytest.mark.django_db

KEY = "mailgun-signing-key"
URL = "/anymail/mailgun/inbound_mime/"


@pytest.fixture(autouse=True)
def webhook_on(reply_on, settings):
    settings.ANYMAIL = {"MAILGUN_WEBHOOK_SIGNING_KEY": KEY}
    settings.REPLY_WEBHOOKS = ["mailgun"]


def post(client, raw: bytes, key: str = KEY, recipient: str = "", timestamp: str = "", token: str = ""):
    """Post ``raw`` as Mailgun does, signed now with a new token (unless given)."""
    timestamp, token = timestamp or str(int(time.time())), token or secrets.token_hex(25)
    signature = hmac.new(key.encode(), f"{timestamp}{token}".encode(), hashlib.sha256).hexdigest()
    return client.post(
        URL,
        {
            "body-mime": raw.decode("utf-8"),
            "timestamp": timestamp,
            "token": token,
            "signature": signature,
            "recipient": recipient,
            "sender": "ann@example.com",
        },
    )


def test_a_signed_webhook_reply_plays_the_move(client, game, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = post(client, reply(game.turn_mail, a_move(game.turn_mail)), recipient=game.turn_mail.reply_to[0])
    assert response.status_code == 200
    assert Move.objects.filter(game=game).count() == 1
    assert InboundMessage.objects.get().source == "anymail:mailgun"
    assert [m.subject for m in mail.outbox] == ["Your turn in Friday"]  # bob's turn; nothing for ann


def test_a_webhook_with_a_wrong_signature_plays_nothing(client, game):
    response = post(client, reply(game.turn_mail, a_move(game.turn_mail)), key="someone-elses-key")
    assert response.status_code == 400
    assert not Move.objects.filter(game=game).exists() and not InboundMessage.objects.exists()


def test_a_signed_webhook_from_long_ago_plays_nothing(client, game):
    raw = reply(game.turn_mail, a_move(game.turn_mail))
    assert post(client, raw, timestamp="1546300800").status_code == 400  # 2019, signed with the right key
    assert post(client, raw, timestamp=str(int(time.time()) - 600)).status_code == 400  # ten minutes ago
    assert not Move.objects.filter(game=game).exists() and not InboundMessage.objects.exists()


def test_a_signature_seen_before_carries_no_other_message(client, game, django_capture_on_commit_callbacks):
    timestamp, token = str(int(time.time())), secrets.token_hex(25)
    with django_capture_on_commit_callbacks(execute=True):
        first = post(client, reply(game.turn_mail, "hello"), timestamp=timestamp, token=token)
        again = post(client, reply(game.turn_mail, a_move(game.turn_mail)), timestamp=timestamp, token=token)
    assert (first.status_code, again.status_code) == (200, 400)
    assert not Move.objects.filter(game=game).exists() and InboundMessage.objects.count() == 1


def test_a_webhook_reply_over_django_s_two_and_a_half_megabytes_is_played(
    client, game, django_capture_on_commit_callbacks
):
    raw = reply(game.turn_mail, a_move(game.turn_mail), attachment=b"x" * 3_000_000)  # a photo, say
    with django_capture_on_commit_callbacks(execute=True):
        assert post(client, raw, recipient=game.turn_mail.reply_to[0]).status_code == 200
    assert Move.objects.filter(game=game).count() == 1


def test_a_webhook_reply_over_the_limit_is_answered_that_it_was_too_large(
    client, game, settings, django_capture_on_commit_callbacks
):
    settings.REPLY_EMAIL_MAX_BYTES = 3_000_000
    raw = reply(game.turn_mail, a_move(game.turn_mail), attachment=b"x" * 4_000_000)
    with django_capture_on_commit_callbacks(execute=True):
        assert post(client, raw).status_code == 200
    assert not Move.objects.filter(game=game).exists()
    assert InboundMessage.objects.get().reason == "too_large"
    (answer,) = [m for m in mail.outbox if "ann@example.com" in m.to]
    assert "too large" in answer.body


def test_any_other_address_still_refuses_a_body_over_two_and_a_half_megabytes(client, ann):
    client.force_login(ann)
    response = client.post(
        "/accounts/language/", "language=de&x=" + "y" * 3_000_000, "application/x-www-form-urlencoded"
    )
    assert response.status_code == 400


def test_a_webhook_reply_in_german_html_only_plays(client, game, ann):
    raw = reply(
        game.turn_mail,
        html=a_move(game.turn_mail),
        quote="Am Mo., 3. März 2025 um 10:00 Uhr schrieb Carcassonne &lt;noreply@localhost&gt;:",
    )
    assert post(client, raw).status_code == 200
    assert Move.objects.filter(game=game).count() == 1


def test_a_spoofed_or_resent_webhook_reply_plays_at_most_once(client, game, django_capture_on_commit_callbacks):
    move = a_move(game.turn_mail)
    with django_capture_on_commit_callbacks(execute=True):
        post(client, reply(game.turn_mail, move, sender="ann@evil.example"))
        raw = reply(game.turn_mail, move, message_id="<once@phone.example.com>")
        post(client, raw)
        post(client, raw)
    assert Move.objects.filter(game=game).count() == 1
    assert list(InboundMessage.objects.order_by("pk").values_list("result", "reason")) == [
        ("ignored", "not_sender"),
        ("played", ""),
        ("duplicate", ""),
    ]
    assert all("ann@" not in address for m in mail.outbox for address in m.to)


@pytest.mark.parametrize("kind", ["stale", "automatic", "oversized"])
def test_stale_automatic_and_oversized_webhook_replies_play_nothing(
    client, game, settings, kind, django_capture_on_commit_callbacks
):
    if kind == "stale":
        raw = reply(game.turn_mail, a_move(game.turn_mail))
        post(client, raw)
    headers = {"Auto-Submitted": "auto-replied"} if kind == "automatic" else {}
    if kind == "oversized":
        settings.REPLY_EMAIL_MAX_BYTES = 5_000
    raw = reply(
        game.turn_mail, a_move(game.turn_mail), headers=headers, attachment=b"x" * 6_000 if kind == "oversized" else b""
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert post(client, raw).status_code == 200
    last = InboundMessage.objects.order_by("pk").last()
    assert (last.result, last.reason) == {
        "stale": ("rejected", "played_other"),
        "automatic": ("ignored", "automatic"),
        "oversized": ("rejected", "too_large"),
    }[kind]
    assert Move.objects.filter(game=game).count() == (1 if kind == "stale" else 0)
    answers = [m for m in mail.outbox if "ann@example.com" in m.to]
    assert len(answers) == (0 if kind == "automatic" else 1)


def test_without_reply_email_the_webhook_is_not_there(client, game, settings):
    settings.REPLY_EMAIL = ""
    assert post(client, reply(game.turn_mail, a_move(game.turn_mail))).status_code == 404
    settings.REPLY_EMAIL, settings.ANYMAIL = REPLY_EMAIL, {}  # on, but this provider's key is not set
    assert post(client, reply(game.turn_mail, a_move(game.turn_mail))).status_code == 404
    assert not Move.objects.filter(game=game).exists()
