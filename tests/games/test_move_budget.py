"""What a move POST and a game's pages cost: a bounded number of SQL queries and one
replay of the log, whatever the length of the game (mid-game, the API's move: 12 queries,
1 replay; the game page's own move POST, games.page_moves, whose 201 is the page's fragment
with the move's sentence: the same replay and no more queries than the API's move and the
fragment's; the game page and the archive replay replay the log once)."""

import gzip
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from chat.models import Message
from games.models import Vacation

from .helpers import engines_built

MOVE_QUERIES = 12
PAGE_MOVE_QUERIES = 21
"""The page's move POST, mid-game (SQLite, in a test's transaction): the command's queries as
the API's (its savepoints counted), the session's two, and the fragment's as GET
/games/<id>/fragment/ gives them (its move list, the clock, the chat's and the nav's counts)."""
PAGE_QUERIES = 17
"""The game page on your turn, first seen: the session's two, the language and the turn seen
(two writes), the game, its seats and log (read once for the replay and the move list), the
move list's automatic moves, the nav's count, the clock and the players' vacations, the live
version's chat part (one: the seats and the mutes are the page's), the chat (mutes, silence,
blocks, messages) and your notes."""


def token_client(user):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client


def first_placement(client, game_id, state):
    """The body of the first legal placement, without a follower."""
    placement = client.get(f"/api/games/{game_id}/legal-moves/").json()["placements"][0]
    return {
        "move_number": state["move_number"],
        "x": placement["x"],
        "y": placement["y"],
        "rotation": placement["rotation"],
        "meeple": None,
    }


def post(client, game_id, body):
    response = client.post(f"/api/games/{game_id}/moves/", body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def game_at(ann, bob, move_number):
    """A two-player game played up to ``move_number``: its id, the token clients and its state."""
    clients = {"ann": token_client(ann), "bob": token_client(bob)}
    game_id = clients["ann"].post("/api/games/", {"invite": ["bob"]}, format="json").json()["id"]
    state = clients["bob"].post(f"/api/games/{game_id}/accept/").json()
    while state["move_number"] < move_number:
        client = clients[state["current_player"]]
        state = post(client, game_id, first_placement(client, game_id, state))
    return game_id, clients, state


def test_a_mid_game_move_costs_at_most_twelve_queries_and_one_replay(ann, bob, django_assert_max_num_queries):
    game_id, clients, state = game_at(ann, bob, 25)
    mover = clients[state["current_player"]]
    body = first_placement(mover, game_id, state)
    with django_assert_max_num_queries(MOVE_QUERIES), engines_built() as replays:
        after = post(mover, game_id, body)
    assert replays.count == 1  # the 201 comes from the engine the move was played on
    assert after["move_number"] == state["move_number"] + 1
    assert after.pop("played").startswith(f"Move {state['move_number']} played")
    assert after == mover.get(f"/api/games/{game_id}/").json()  # the same state a GET gives


def test_accepting_the_last_invitation_and_resigning_replay_the_log_once_each(ann, bob, cid):
    clients = {user.username: token_client(user) for user in (ann, bob, cid)}
    game_id = clients["ann"].post("/api/games/", {"invite": ["bob", "cid"]}, format="json").json()["id"]
    clients["bob"].post(f"/api/games/{game_id}/accept/")
    with engines_built() as replays:
        started = clients["cid"].post(f"/api/games/{game_id}/accept/").json()
    assert replays.count == 1 and started["status"] == "active"
    assert started == clients["cid"].get(f"/api/games/{game_id}/").json()
    with engines_built() as replays:
        left = clients["bob"].post(f"/api/games/{game_id}/resign/").json()
    assert replays.count == 1 and left["status"] == "active"  # two players play on
    assert left == clients["bob"].get(f"/api/games/{game_id}/").json()


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_game_pages_move_tells_the_move_and_sends_the_page_from_one_replay(ann, bob, django_assert_max_num_queries):
    game_id, clients, state = game_at(ann, bob, 25)
    number = state["move_number"]
    mover = next(u for u in (ann, bob) if u.username == state["current_player"])
    body = first_placement(clients[mover.username], game_id, state)
    browser = signed_in(mover)
    browser.get(f"/games/{game_id}/")  # the page the move is sent from
    with django_assert_max_num_queries(PAGE_MOVE_QUERIES), engines_built() as replays:
        response = browser.post(
            f"/games/{game_id}/moves/?since={number - 1}",
            body,
            content_type="application/json",
            HTTP_ACCEPT_ENCODING="gzip",
        )
    assert response.status_code == 201 and response["Content-Encoding"] == "gzip"
    page = gzip.decompress(response.content).decode()
    assert replays.count == 1  # the move's sentence and the fragment too
    assert f"<p hidden data-move-played>Move {number} played: {mover.username} placed " in page
    assert f'value="{number}"' in page  # the new move in the page's move list


@pytest.mark.parametrize("path", ["/games/{id}/", "/games/{id}/fragment/?since=20", "/archive/games/{id}/"])
def test_a_game_page_with_its_move_list_replays_the_log_once(ann, bob, path):
    game_id, _clients, _state = game_at(ann, bob, 25)
    with engines_built() as replays:
        response = signed_in(bob).get(path.format(id=game_id))
    assert response.status_code == 200 and replays.count == 1
    assert b"placed" in response.content  # the move list, in words


def test_the_archive_replay_at_an_earlier_move_replays_the_log_once(ann, bob):
    game_id, _clients, _state = game_at(ann, bob, 25)
    with engines_built() as replays:
        page = signed_in(bob).get(f"/archive/games/{game_id}/?move=10").content.decode()
    assert replays.count == 1  # the board after move 10 and the words of all 24 moves
    assert 'aria-current="step"' in page or "?move=11" in page


def test_the_game_page_on_your_turn_keeps_its_queries_whatever_the_seats_and_the_chat(
    ann, bob, django_assert_max_num_queries
):
    game_id, clients, state = game_at(ann, bob, 25)
    mover = next(u for u in (ann, bob) if u.username == state["current_player"])
    other = bob if mover == ann else ann
    for author in (ann, bob):  # a chat, and a vacation of the other player: what the page reads of both
        Message.objects.create(game_id=game_id, author=author, text=f"hello from {author.username}")
    now = timezone.now()
    Vacation.objects.create(user=other, start=now - timedelta(days=1), end=now + timedelta(days=2))
    browser = signed_in(mover)
    with django_assert_max_num_queries(PAGE_QUERIES):
        response = browser.get(f"/games/{game_id}/")
    page = response.content.decode()
    assert response.status_code == 200 and "hello from" in page
    assert f"{other.username} is on vacation" in page
