"""A lone surrogate (``"\\ud800"`` in JSON) is no character: no text can hold it, no page or
answer can be written with it. Every API body with one is refused with a 400 that says
so, before any view reads it, and nothing is stored; an uploaded record with one is
refused by its form."""

import json

import pytest
from rest_framework.test import APIClient

from games import lobby
from games.models import Game, Seat
from tournaments import creation, registration
from tournaments.models import Tournament

LONE = "\ud800"


@pytest.fixture
def api(ann):
    client = APIClient(raise_request_exception=False)
    client.force_authenticate(ann)
    return client


def post(api, url, data):
    # json.dumps writes the surrogate as the escape "\ud800", as a hostile client would send it
    return api.post(url, json.dumps(data), content_type="application/json")


def assert_refused(response):
    assert response.status_code == 400, response.content[:300]
    assert "lone surrogate" in response.json()["detail"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "body",
    [
        {"seat_order": LONE, "open_seats": 1},
        {"bots": 1, "bot_level": LONE},
        {"open_seats": 1, "rules": {"farm_scoring": LONE}},
        {"open_seats": 1, "name": "Friday " + LONE},
        {LONE: 1, "open_seats": 1},
    ],
)
def test_a_new_game_with_a_lone_surrogate_is_refused_and_nothing_stored(api, body):
    assert_refused(post(api, "/api/games/", body))
    assert not Game.objects.exists() and not Seat.objects.exists()


@pytest.mark.django_db
def test_seating_bots_with_a_lone_surrogate_level_is_refused(api, ann):
    game = lobby.create_game(ann, open_seats=1)
    assert_refused(post(api, f"/api/games/{game.pk}/bots/", {"level": LONE}))
    assert game.seats.count() == 2 and game.seats.filter(user__isnull=True, bot="").count() == 1


@pytest.mark.django_db
def test_a_tournament_or_a_withdrawal_with_a_lone_surrogate_is_refused(director, players):
    api = APIClient(raise_request_exception=False)
    api.force_authenticate(director)
    assert_refused(post(api, "/api/tournaments/", {"name": "Cup", "format": LONE}))
    assert not Tournament.objects.exists()
    t = creation.create_tournament(director, name="Cup", format="swiss", swiss_rounds=1)
    player = players(1)[0]
    registration.register(t, player)
    assert_refused(post(api, f"/api/tournaments/{t.pk}/withdraw/", {"username": player.username, "policy": LONE}))
    assert t.entries.filter(user=player).exists()


@pytest.mark.django_db
def test_the_token_view_refuses_a_lone_surrogate_in_the_username():
    api = APIClient(raise_request_exception=False)
    assert_refused(post(api, "/api/auth/token/", {"username": LONE, "password": "x"}))


@pytest.mark.django_db
def test_an_uploaded_record_with_a_lone_surrogate_in_a_name_is_refused_by_the_form(client, ann):
    move = {"tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": "road:E"}
    text = json.dumps({"players": ["Ann", "B" + LONE], "moves": [move]})
    client.force_login(ann)
    client.raise_request_exception = False
    response = client.post("/archive/import/", {"text": text})
    assert response.status_code == 400
    assert "surrogate" in response.content.decode()
