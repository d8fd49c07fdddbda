"""What a move POST costs: a bounded number of SQL queries and one replay of the log,
whatever the length of the game (the issue's budget: 12 queries, 1 replay, mid-game)."""

from unittest import mock

from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.engine import Game as EngineGame

MOVE_QUERIES = 12


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


def test_a_mid_game_move_costs_at_most_twelve_queries_and_one_replay(ann, bob, django_assert_max_num_queries):
    clients = {"ann": token_client(ann), "bob": token_client(bob)}
    game_id = clients["ann"].post("/api/games/", {"invite": ["bob"]}, format="json").json()["id"]
    state = clients["bob"].post(f"/api/games/{game_id}/accept/").json()
    while state["move_number"] < 25:
        client = clients[state["current_player"]]
        state = post(client, game_id, first_placement(client, game_id, state))
    mover = clients[state["current_player"]]
    body = first_placement(mover, game_id, state)
    with (
        django_assert_max_num_queries(MOVE_QUERIES),
        mock.patch.object(EngineGame, "new", wraps=EngineGame.new) as replays,
    ):
        after = post(mover, game_id, body)
    assert replays.call_count == 1  # the 201 comes from the engine the move was played on
    assert after["move_number"] == state["move_number"] + 1
    assert after.pop("played").startswith(f"Move {state['move_number']} played")
    assert after == mover.get(f"/api/games/{game_id}/").json()  # the same state a GET gives


def test_accepting_the_last_invitation_and_resigning_replay_the_log_once_each(ann, bob, cid):
    clients = {user.username: token_client(user) for user in (ann, bob, cid)}
    game_id = clients["ann"].post("/api/games/", {"invite": ["bob", "cid"]}, format="json").json()["id"]
    clients["bob"].post(f"/api/games/{game_id}/accept/")
    with mock.patch.object(EngineGame, "new", wraps=EngineGame.new) as replays:
        started = clients["cid"].post(f"/api/games/{game_id}/accept/").json()
    assert replays.call_count == 1 and started["status"] == "active"
    assert started == clients["cid"].get(f"/api/games/{game_id}/").json()
    with mock.patch.object(EngineGame, "new", wraps=EngineGame.new) as replays:
        left = clients["bob"].post(f"/api/games/{game_id}/resign/").json()
    assert replays.call_count == 1 and left["status"] == "active"  # two players play on
    assert left == clients["bob"].get(f"/api/games/{game_id}/").json()
