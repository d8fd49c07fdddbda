"""One policy: games are public (page, API, SVG, archive), unless private; a private
game is seen by its players and invitees only, and the archive does not list it."""

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games import services

URLS = [
    "/games/{id}/",
    "/api/games/{id}/",
    "/api/games/{id}/moves/",
    "/api/games/{id}/record/",
    "/api/games/{id}/board.svg",
    "/archive/games/{id}/",
    "/archive/games/{id}/record.json",
    "/api/archive/games/{id}/record/",
    "/api/archive/games/{id}/board.svg",
]


def make_game(ann, bob, private):
    game = services.create_game(ann, ["bob"], private=private, name="Secret" if private else "Open")
    services.accept_invitation(game.pk, bob)
    return game


def client_for(user=None):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.mark.django_db
@pytest.mark.parametrize("url", URLS)
def test_anyone_may_watch_a_public_game_even_logged_out(ann, bob, url):
    game = make_game(ann, bob, private=False)
    assert client_for().get(url.format(id=game.pk)).status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize("url", URLS)
def test_a_private_game_is_seen_by_its_players_only(ann, bob, make_user, url):
    game = make_game(ann, bob, private=True)
    path = url.format(id=game.pk)
    assert client_for(bob).get(path).status_code == 200
    assert client_for(make_user("eve")).get(path).status_code == 404
    assert client_for().get(path).status_code == 404


@pytest.mark.django_db
def test_a_private_game_is_not_listed_in_the_archive_or_the_lobby(ann, bob, make_user):
    make_game(ann, bob, private=True)
    make_game(ann, bob, private=False)
    services.create_game(ann, [], open_seats=1, private=True, name="Hidden lobby")
    eve = client_for(make_user("eve"))
    listed = eve.get("/api/archive/games/?status=active").json()
    assert [row["title"] if "title" in row else row["name"] for row in listed["results"]] == ["Open"]
    assert "Hidden lobby" not in eve.get("/games/lobby/").content.decode()


@pytest.mark.django_db
def test_games_can_be_made_private_through_the_api(ann):
    api = APIClient()
    api.force_authenticate(ann)
    game_id = api.post("/api/games/", {"open_seats": 1, "private": True}, format="json").json()["id"]
    assert APIClient().get(f"/api/games/{game_id}/").status_code == 404
