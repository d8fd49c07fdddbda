"""``GET /games/your-turn/``: the games where it is the viewer's turn, for the title, the icon
and the notification of every open page (static/js/your_turn.js); as light as the nav's count."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import lobby
from tests.notifications.conftest import play_first

pytestmark = pytest.mark.django_db


def client_of(user):
    client = Client()
    client.force_login(user)
    return client


def test_it_lists_the_games_waiting_and_answers_304_while_nothing_changed(ann, bob):
    game = lobby.create_game(ann, ["bob"])
    lobby.accept_invitation(game.pk, bob)
    client = client_of(bob)
    url = reverse("your-turn")
    first = client.get(url)
    assert first.json() == {"waiting": 0, "games": [], "url": reverse("game-list")}
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert len(queries) == 3  # the session, the user, the games (the nav's count is one too)
    assert "private" in again["Cache-Control"]

    play_first(game)
    changed = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200
    assert changed.json() == {"waiting": 1, "games": [game.pk], "url": reverse("game-detail", args=[game.pk])}
    assert client_of(ann).get(url).json()["waiting"] == 0


def test_a_visitor_is_told_nothing_waits(client):
    assert client.get(reverse("your-turn")).json()["waiting"] == 0
