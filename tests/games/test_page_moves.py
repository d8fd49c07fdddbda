"""The game page's own move POSTs (games.page_moves: ``/games/<id>/moves/`` and
``/decision/``): the API's bodies, checks, errors and guarantees, the session with its CSRF
token, and for answer the part of the page that changed with the move in words."""

import html
import re

import pytest
from django.test import Client

from games.models import Game, Move
from games.present.decision_words import answer_of
from games.present.view import GameView, placements_of

from .helpers import engines_built

pytestmark = pytest.mark.django_db


def first_body(game, number=1):
    """The first legal placement of the game's tile, without a follower, for move ``number``."""
    from games import engine_state

    engine = engine_state.engine_for(game)
    p = placements_of(engine, engine.tile)[0]
    return {"move_number": number, "x": p["x"], "y": p["y"], "rotation": p["rotation"], "meeple": None}


def page_post(client, game, body, what="moves", since=0):
    return client.post(f"/games/{game.pk}/{what}/?since={since}", body, content_type="application/json")


def played_line(response) -> str:
    return html.unescape(re.search(r"<p hidden data-move-played>(.*?)</p>", response.content.decode()).group(1))


def test_the_pages_move_answers_the_fragment_with_the_move_in_words(started, client, ann):
    client.force_login(ann)
    body = first_body(started)
    with engines_built() as replays:
        response = page_post(client, started, body)
    assert response.status_code == 201 and response["Content-Type"] == "text/html; charset=utf-8"
    assert replays.count == 1  # the command's own replay: the fragment is drawn from its engine
    told = GameView.load(Game.objects.get(pk=started.pk)).describe(1)
    assert played_line(response) == f"Move 1 played: {told}."  # the API's "played"
    page = response.content.decode()
    assert '<div id="game-live"' in page and re.findall(r'<li class="move[^"]*" value="(\d+)"', page) == ["1"]


def test_the_pages_decision_answers_the_fragment(reinforcing, client, ann):
    game, _clients, engine = reinforcing
    number = len(engine.history) + 1
    client.force_login(ann)
    body = {"move_number": number, "answer": answer_of(engine.options()[0])}
    with engines_built() as replays:
        response = page_post(client, game, body, "decision", since=number - 1)
    assert response.status_code == 201, response.content
    assert replays.count == 1
    assert played_line(response).startswith(f"Move {number} played: ann ")
    assert Move.objects.filter(game=game, number=number).exists()


def test_a_turn_sent_twice_is_stored_once_from_the_page_as_from_the_api(started, client, ann, api):
    client.force_login(ann)
    body = first_body(started)
    assert page_post(client, started, body).status_code == 201
    again = page_post(client, started, body)
    through_the_api = api(ann).post(f"/api/games/{started.pk}/moves/", body, format="json")
    assert again.status_code == through_the_api.status_code == 409
    assert again.json() == through_the_api.json() and "move 1" in again.json()["detail"].lower()
    assert Move.objects.filter(game=started).count() == 1


@pytest.mark.parametrize(
    "who, body",
    [
        ("bob", "placement"),  # not bob's turn: 403
        ("ann", {"move_number": 2, "x": 1, "y": 0, "rotation": 0, "meeple": None}),  # stale: 409
        ("ann", {"move_number": 1, "x": 40, "y": 40, "rotation": 0, "meeple": None}),  # illegal: 400
        ("ann", {"move_number": 1, "x": "a"}),  # malformed: 400 with errors
        ("ann", {"move_number": 1, "x": 1, "y": 0, "rotation": 0, "meeple": "city\u0000"}),  # NUL: 400
        ("ann", [1, 2]),  # not an object: 400
    ],
)
def test_the_pages_refusals_are_the_apis(started, client, api, ann, bob, who, body):
    user = {"ann": ann, "bob": bob}[who]
    body = first_body(started) if body == "placement" else body
    client.force_login(user)
    page = page_post(client, started, body)
    through_the_api = api(user).post(f"/api/games/{started.pk}/moves/", body, format="json")
    assert page.status_code == through_the_api.status_code and page.status_code in (400, 403, 409)
    assert page["Content-Type"] == "application/json" and page.json() == through_the_api.json()
    assert not Move.objects.filter(game=started).exists()


def test_the_pages_move_needs_the_session_and_its_csrf_token(started, ann):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(ann)
    refused = page_post(strict, started, first_body(started))
    assert refused.status_code == 403 and "CSRF" in refused.json()["detail"]
    strict.get(f"/games/{started.pk}/")  # the page sets the CSRF cookie
    token = strict.cookies["csrftoken"].value
    response = strict.post(
        f"/games/{started.pk}/moves/", first_body(started), content_type="application/json", HTTP_X_CSRFTOKEN=token
    )
    assert response.status_code == 201


def test_a_token_alone_does_not_sign_in_to_the_pages_move(started, ann):
    from rest_framework.authtoken.models import Token

    caller = Client(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=ann).key}")
    response = page_post(caller, started, first_body(started))
    assert response.status_code == 403 and response.json()["detail"]
    assert not Move.objects.filter(game=started).exists()


def test_outsiders_get_the_404_of_a_missing_game_and_a_visitor_is_refused(started, client, make_user):
    refused = page_post(client, started, first_body(started))  # logged out (the API: 401, for its token)
    assert refused.status_code == 403 and refused.json()["detail"]
    Game.objects.filter(pk=started.pk).update(private=True)
    client.force_login(make_user("eve"))
    assert page_post(client, started, first_body(started)).status_code == 404
    assert client.post("/games/999999/moves/", {}, content_type="application/json").status_code == 404
    assert not Move.objects.filter(game=started).exists()


def test_the_pages_move_urls_take_posts_only(started, client, ann):
    client.force_login(ann)
    for what in ("moves", "decision"):
        response = client.get(f"/games/{started.pk}/{what}/")
        assert response.status_code == 405 and response.json()["detail"]


def test_the_apis_move_answers_json_alone_even_to_the_page(started, client, ann):
    client.force_login(ann)
    response = client.post(
        f"/api/games/{started.pk}/moves/", first_body(started), content_type="application/json", HTTP_X_PAGE_SINCE="0"
    )
    assert response.status_code == 201 and response["Content-Type"] == "application/json"
    data = response.json()
    assert "page" not in data and data["played"].startswith("Move 1 played: ann placed ")
    assert data["move_number"] == 2
