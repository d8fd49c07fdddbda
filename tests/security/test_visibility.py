"""One policy: games are public (page, API, SVG, archive), unless private; a private
game is seen by its players and invitees only, and the archive does not list it."""

import re

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games import lobby
from games.models import Game

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
    game = lobby.create_game(ann, ["bob"], private=private, name="Secret" if private else "Open")
    lobby.accept_invitation(game.pk, bob)
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
    lobby.create_game(ann, [], open_seats=1, private=True, name="Hidden lobby")
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


# --- a private game is a missing game to outsiders, on every URL -------------------------

GAME_URLS = [
    ("get", "/games/{id}/", None),
    ("get", "/games/new/?from={id}", None),
    ("post", "/games/{id}/accept/", None),
    ("post", "/games/{id}/decline/", None),
    ("post", "/games/{id}/join/", None),
    ("post", "/games/{id}/resign/", None),
    ("post", "/games/{id}/rematch/", None),
    ("post", "/games/{id}/bots/", {"level": "greedy"}),
    ("post", "/games/{id}/hint/", None),
    ("get", "/games/{id}/live/", None),
    ("get", "/games/{id}/chat/", None),
    ("post", "/games/{id}/chat/post/", {"text": "I was here"}),
    ("post", "/games/{id}/chat/mute/", {"username": "bob", "mute": "1"}),
    ("post", "/games/{id}/note/", {"text": "an outsider's note"}),
    ("get", "/api/games/{id}/", None),
    ("get", "/api/games/{id}/legal-moves/", None),
    ("get", "/api/games/{id}/moves/", None),
    ("get", "/api/games/{id}/record/", None),
    ("get", "/api/games/{id}/board.svg", None),
    ("post", "/api/games/{id}/accept/", None),
    ("post", "/api/games/{id}/decline/", None),
    ("post", "/api/games/{id}/join/", None),
    ("post", "/api/games/{id}/resign/", None),
    ("post", "/api/games/{id}/bots/", {"level": "greedy"}),
    ("get", "/api/games/{id}/hint/", None),
    ("post", "/api/games/{id}/hint/", None),
    ("post", "/api/games/{id}/moves/", {"move_number": 1, "x": 0, "y": 1, "rotation": 0, "meeple": None}),
    ("post", "/api/games/{id}/decision/", {"move_number": 1, "answer": {"pass": True}}),
    ("get", "/archive/games/{id}/", None),
    ("get", "/archive/games/{id}/record.json", None),
    ("get", "/api/archive/games/{id}/record/", None),
    ("get", "/api/archive/games/{id}/board.svg", None),
    ("get", "/api/archive/games/{id}/moves/1/", None),
    ("post", "/archive/games/{id}/analyse/", None),
    ("get", "/api/archive/games/{id}/analysis/", None),
    ("post", "/api/archive/games/{id}/analysis/", None),
]


def private_game(state, ann, bob, make_user):
    """A private game of ann and bob: waiting (bob invited, a seat open), active or finished."""
    if state == "finished":
        from archive.generate import make_template, store_game

        game = store_game(make_template(5, 2), [ann, bob], name="Secret")
        Game.objects.filter(pk=game.pk).update(private=True)
        return game
    if state == "waiting":
        return lobby.create_game(ann, ["bob"], open_seats=1, private=True, name="Secret")
    return make_game(ann, bob, private=True)


def stored() -> list:
    """Everything an outsider's request could leave behind."""
    from archive.models import GameAnalysis
    from chat.models import Message, Mute, Note
    from games.models import Move, Seat

    return [
        list(Game.objects.order_by("pk").values_list("pk", "status", "name", "created_by_id")),
        list(Seat.objects.order_by("pk").values_list("pk", "game_id", "user_id", "state", "bot")),
        Move.objects.count(),
        list(Message.objects.values_list("pk", "text")),
        list(Note.objects.values_list("pk", "text")),
        list(Mute.objects.values_list("pk", "user_id", "muted_id")),
        list(GameAnalysis.objects.values_list("pk", "state")),
    ]


def answer(client, method, url, data, game_id) -> tuple:
    """What a client sees: status, type, where it is sent and the body (the game's id left out)."""
    path = url.format(id=game_id)
    if url.startswith("/api/"):
        response = (
            getattr(client, method)(path, data, content_type="application/json")
            if data
            else getattr(client, method)(path)
        )
    else:
        response = getattr(client, method)(path, data or {})
    body = b"".join(response.streaming_content) if response.streaming else response.content
    text = re.sub(r'(csrfmiddlewaretoken" value=|csrf-token" content=|nonce=)"[^"]*"', r"\1", body.decode())
    return (
        response.status_code,
        response.get("Content-Type"),
        response.get("Location", "").replace(str(game_id), "N"),
        text.replace(path, url),
    )


@pytest.mark.django_db
@pytest.mark.parametrize("state", ["waiting", "active", "finished"])
@pytest.mark.parametrize("who", ["logged out", "outsider"])
@pytest.mark.parametrize("method, url, data", GAME_URLS, ids=[f"{m} {u}" for m, u, _ in GAME_URLS])
def test_an_outsider_gets_the_same_answer_for_a_private_game_as_for_a_missing_one_and_stores_nothing(
    ann, bob, make_user, state, who, method, url, data
):
    game = private_game(state, ann, bob, make_user)
    client = client_for(make_user("eve") if who == "outsider" else None)
    missing = Game.objects.order_by("-pk").first().pk + 1000
    before = stored()
    assert answer(client, method, url, data, game.pk) == answer(client, method, url, data, missing)
    assert stored() == before


@pytest.mark.django_db
def test_an_invitee_sees_the_private_game_before_accepting(ann, bob):
    game = lobby.create_game(ann, ["bob"], private=True, name="Secret")
    assert client_for(bob).get(f"/games/{game.pk}/").status_code == 200
    assert client_for(bob).post(f"/games/{game.pk}/accept/").status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
