"""The inbound webhooks fail closed: a provider's URL exists only when the operator enabled
it (``REPLY_WEBHOOKS``) and its credentials are set; missing or wrong credentials and bodies
no provider sends answer 400, and none of them reaches the reply handler."""

from __future__ import annotations

import base64
import json

import pytest
from django.core import mail

from games.models import Move
from notifications.models import InboundMessage
from notifications.replies.webhooks import INBOUND_PROVIDERS

from .replymail import REPLY_EMAIL, reply, started

pytestmark = pytest.mark.django_db

SECRET = "inbound:s3cret-s3cret"
# Providers that check a signature instead of basic auth, with their key.
SIGNING_KEYS = {
    "mailgun": {"MAILGUN_WEBHOOK_SIGNING_KEY": "mailgun-signing-key"},
    "mailersend": {"MAILERSEND_INBOUND_SECRET": "mailersend-secret"},
}
# Providers whose view also needs an API key (to fetch the message) besides basic auth.
API_KEYS = {
    "brevo": {"BREVO_API_KEY": "key"},
    "sendinblue": {"SENDINBLUE_API_KEY": "key"},
    "mailtrap": {"MAILTRAP_API_TOKEN": "key"},
    "resend": {"RESEND_API_KEY": "key"},
}
# amazon_ses needs boto3 (not installed: its URL is always a 404 here); postal's key is an RSA key.
BASIC_AUTH = [p for p in INBOUND_PROVIDERS if p not in SIGNING_KEYS and p not in ("amazon_ses", "postal")]


def url(provider: str) -> str:
    return f"/anymail/{provider}/inbound/"


def basic(credentials: str) -> dict:
    return {"HTTP_AUTHORIZATION": "Basic " + base64.b64encode(credentials.encode()).decode()}


@pytest.fixture
def game(ann, bob, reply_on, django_capture_on_commit_callbacks):
    game, message = started(ann, bob, django_capture_on_commit_callbacks)
    game.turn_mail = message
    mail.outbox.clear()
    return game


def forged_postmark(game) -> bytes:
    """What the outsider posted: ann's address as the sender, her Reply-To, a legal move."""
    raw = reply(game.turn_mail, "A 1")
    return json.dumps(
        {
            "FromFull": {"Email": "ann@example.com", "Name": "Ann"},
            "From": "ann@example.com",
            "To": game.turn_mail.reply_to[0],
            "ToFull": [{"Email": game.turn_mail.reply_to[0]}],
            "Subject": "Re: " + game.turn_mail.subject,
            "TextBody": "A 1",
            "RawEmail": raw.decode(),
            "Headers": [],
        }
    ).encode()


def nothing_reached_the_handler(game) -> bool:
    return not InboundMessage.objects.exists() and not Move.objects.filter(game=game).exists()


@pytest.mark.parametrize("provider", INBOUND_PROVIDERS)
def test_an_inbound_url_the_operator_did_not_enable_is_a_404_even_with_credentials(client, game, settings, provider):
    settings.ANYMAIL = {"WEBHOOK_SECRET": SECRET, **SIGNING_KEYS.get(provider, {}), **API_KEYS.get(provider, {})}
    settings.REPLY_WEBHOOKS = [p for p in INBOUND_PROVIDERS if p != provider]
    response = client.post(url(provider), forged_postmark(game), content_type="application/json", **basic(SECRET))
    assert response.status_code == 404
    assert nothing_reached_the_handler(game)


@pytest.mark.parametrize("provider", INBOUND_PROVIDERS)
def test_an_enabled_inbound_url_without_credentials_is_a_404(client, game, settings, provider):
    settings.ANYMAIL = {}
    settings.REPLY_WEBHOOKS = INBOUND_PROVIDERS
    response = client.post(url(provider), forged_postmark(game), content_type="application/json")
    assert response.status_code == 404
    assert nothing_reached_the_handler(game)


@pytest.mark.parametrize("provider", BASIC_AUTH)
def test_an_enabled_inbound_url_with_an_api_key_but_no_webhook_secret_is_a_404(client, game, settings, provider):
    settings.ANYMAIL = API_KEYS.get(provider, {})
    settings.REPLY_WEBHOOKS = [provider]
    response = client.post(url(provider), forged_postmark(game), content_type="application/json")
    assert response.status_code == 404
    assert nothing_reached_the_handler(game)


@pytest.mark.parametrize("provider", BASIC_AUTH)
@pytest.mark.parametrize("auth", [None, "inbound:wrong", "someone:s3cret-s3cret"])
def test_missing_or_wrong_basic_auth_is_a_400_and_plays_nothing(client, game, settings, provider, auth):
    settings.ANYMAIL = {"WEBHOOK_SECRET": SECRET, **API_KEYS.get(provider, {})}
    settings.REPLY_WEBHOOKS = [provider]
    headers = basic(auth) if auth else {}
    response = client.post(url(provider), forged_postmark(game), content_type="application/json", **headers)
    assert response.status_code == 400
    assert nothing_reached_the_handler(game)


@pytest.mark.parametrize("provider", sorted(SIGNING_KEYS))
def test_an_unsigned_post_to_a_signing_provider_is_a_400_and_plays_nothing(client, game, settings, provider):
    settings.ANYMAIL = SIGNING_KEYS[provider]
    settings.REPLY_WEBHOOKS = [provider]
    response = client.post(url(provider), forged_postmark(game), content_type="application/json")
    assert response.status_code == 400
    assert nothing_reached_the_handler(game)


def test_the_forged_postmark_reply_of_the_report_plays_nothing_and_costs_ann_no_reply(client, game, settings):
    settings.REPLY_WEBHOOKS = ["postmark"]
    settings.REPLY_EMAIL_PER_HOUR = 1
    settings.ANYMAIL = {}
    assert client.post(url("postmark"), forged_postmark(game), content_type="application/json").status_code == 404
    settings.ANYMAIL = {"WEBHOOK_SECRET": SECRET}
    for _ in range(3):
        response = client.post(url("postmark"), forged_postmark(game), content_type="application/json")
        assert response.status_code == 400
    assert nothing_reached_the_handler(game)


def test_postmark_with_its_credentials_plays_the_reply(client, game, settings, django_capture_on_commit_callbacks):
    settings.REPLY_WEBHOOKS = ["postmark"]
    settings.ANYMAIL = {"WEBHOOK_SECRET": SECRET}
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url("postmark"), forged_postmark(game), content_type="application/json", **basic(SECRET))
    assert response.status_code == 200
    assert InboundMessage.objects.get().source == "anymail:postmark"


@pytest.mark.parametrize("provider", ["postmark", "mailjet", "sendgrid", "sparkpost"])
@pytest.mark.parametrize("body", [b"{not json", b"", b'{"Headers": 7}'])
def test_a_malformed_body_with_the_right_credentials_is_a_400(client, game, settings, provider, body):
    settings.REPLY_WEBHOOKS = [provider]
    settings.ANYMAIL = {"WEBHOOK_SECRET": SECRET}
    response = client.post(url(provider), body, content_type="application/json", **basic(SECRET))
    assert response.status_code == 400
    assert nothing_reached_the_handler(game)


def test_without_reply_email_no_inbound_url_exists(client, game, settings):
    settings.REPLY_EMAIL = ""
    settings.REPLY_WEBHOOKS = INBOUND_PROVIDERS
    settings.ANYMAIL = {"WEBHOOK_SECRET": SECRET}
    assert all(
        client.post(url(p), b"{}", content_type="application/json", **basic(SECRET)).status_code == 404
        for p in INBOUND_PROVIDERS
    )
    assert REPLY_EMAIL  # the other tests run with it set
