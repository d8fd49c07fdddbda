"""E-mail links point at the server the players use: SITE_URL when set, else the
address the request that caused the e-mail was made to."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.urls import reverse

from games import lobby

pytestmark = pytest.mark.django_db


def _accept_over_http(client, bob, game, host):
    client.force_login(bob)
    return client.post(reverse("game-accept", args=[game.pk]), HTTP_HOST=host)


def _links(message):
    html = message.alternatives[0][0]
    return set(re.findall(r"https?://[^/\s\"<>]+", message.body + html))


@pytest.mark.parametrize(
    "site_url, expected",
    [
        ("", "http://127.0.0.1:8011"),  # development: the address the server runs on
        ("https://carcassonne.example.org", "https://carcassonne.example.org"),  # SITE_URL wins
    ],
)
def test_game_emails_link_to_site_url_else_to_the_address_the_server_runs_on(
    ann, bob, client, settings, django_capture_on_commit_callbacks, site_url, expected
):
    settings.SITE_URL = site_url
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    game = lobby.create_game(ann, ["bob"])
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        _accept_over_http(client, bob, game, "127.0.0.1:8011")
    assert [m for m in mail.outbox if "has started" in m.subject]
    for message in mail.outbox:
        assert _links(message) == {expected}, message.subject
        assert message.message()["List-Unsubscribe"].startswith(f"<{expected}/")
