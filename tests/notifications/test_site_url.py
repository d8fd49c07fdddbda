"""E-mail links point at the server the players use: SITE_URL when set, else the
address the request that caused the e-mail was made to."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.urls import reverse

from games import services

pytestmark = pytest.mark.django_db


def _accept_over_http(client, bob, game, host):
    client.force_login(bob)
    return client.post(reverse("game-accept", args=[game.pk]), HTTP_HOST=host)


def _links(message):
    html = message.alternatives[0][0]
    return set(re.findall(r"https?://[^/\s\"<>]+", message.body + html))


def test_game_emails_link_to_the_address_the_server_runs_on(ann, bob, client, settings, django_capture_on_commit_callbacks):
    settings.SITE_URL = ""
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    game = services.create_game(ann, ["bob"])
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        _accept_over_http(client, bob, game, "127.0.0.1:8011")
    started = [m for m in mail.outbox if "has started" in m.subject]
    assert started, [m.subject for m in mail.outbox]
    for message in mail.outbox:
        assert _links(message) == {"http://127.0.0.1:8011"}, message.subject
        assert message.message()["List-Unsubscribe"].startswith("<http://127.0.0.1:8011/")


def test_site_url_wins_over_the_request_address(ann, bob, client, settings, django_capture_on_commit_callbacks):
    settings.SITE_URL = "https://carcassonne.example.org"
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    game = services.create_game(ann, ["bob"])
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        _accept_over_http(client, bob, game, "127.0.0.1:8011")
    assert mail.outbox
    for message in mail.outbox:
        assert _links(message) == {"https://carcassonne.example.org"}, message.subject
