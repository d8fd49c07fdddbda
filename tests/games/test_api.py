"""The move API: every endpoint and every status code it answers."""

import xml.etree.ElementTree as ET

import pytest

from carcassonne import replay
from games import lobby
from games.engine_state import engine_for
from games.models import Game, Move, Seat

from .helpers import play_moves, play_turn

pytestmark = pytest.mark.django_db


def first_placement(client, game_id):
    return client.get(f"/api/games/{game_id}/legal-moves/").json()["placements"][0]


def move_body(number, placement, meeple=None):
    return {
        "move_number": number,
        "x": placement["x"],
        "y": placement["y"],
        "rotation": placement["rotation"],
        "meeple": meeple,
    }


def unfitting(game_id, client):
    """A placement next to the board that the rules refuse."""
    legal = {
        (p["x"], p["y"], p["rotation"]) for p in client.get(f"/api/games/{game_id}/legal-moves/").json()["placements"]
    }
    for x, y in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        for rotation in (0, 90, 180, 270):
            if (x, y, rotation) not in legal:
                return {"x": x, "y": y, "rotation": rotation}
    raise AssertionError("every placement fits")


# --- creating, inviting, joining -------------------------------------------------


def test_create_game_as_listed(api, ann, bob, cid):
    response = api(ann).post(
        "/api/games/",
        {
            "invite": ["bob", "cid@example.org"],
            "seat_order": "as_listed",
            "rules": {"farm_scoring": "current", "expansions": []},
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    state = response.json()
    assert state["status"] == "waiting"
    assert [p["username"] for p in state["players"]] == ["ann", "bob", "cid"]
    assert [p["state"] for p in state["players"]] == ["joined", "invited", "invited"]
    assert [p["color"] for p in state["players"]] == ["yellow", "red", "green"]
    assert state["current_player"] is None and state["tile"] is None
    assert state["board"] == [{"x": 0, "y": 0, "tile": "D", "rotation": 0, "meeples": []}]


def test_create_game_with_options(api, ann):
    response = api(ann).post(
        "/api/games/",
        {
            "invite": ["zoe@example.net"],
            "open_seats": 2,
            "name": "Friday",
            "rules": {"small_city": True, "farm_scoring": "classic"},
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    state = response.json()
    assert state["name"] == "Friday"
    assert [p["state"] for p in state["players"]] == ["joined", "invited", "open", "open"]
    assert state["rules"] == {"expansions": [], "farm_scoring": "classic", "small_city": True}
    game = Game.objects.get(pk=state["id"])
    assert game.seats.get(position=1).invited_email == "zoe@example.net"


def test_create_game_with_time_options(api, ann, bob):
    response = api(ann).post(
        "/api/games/",
        {"invite": ["bob"], "move_days": 5, "timeout_rule": "skip", "vacation_allowed": False},
        format="json",
    )
    assert response.status_code == 201, response.json()
    state = response.json()
    assert (state["move_days"], state["timeout_rule"], state["vacation_allowed"]) == (5, "skip", False)
    game = Game.objects.get(pk=state["id"])
    assert (game.move_days, game.timeout_rule, game.vacation_allowed) == (5, "skip", False)
    assert [p["out"] for p in state["players"]] == [False, False]
    # the defaults: no time limit, lose on time, vacations allowed; in every state
    state = api(ann).post("/api/games/", {"invite": ["bob"]}, format="json").json()
    assert (state["move_days"], state["timeout_rule"], state["vacation_allowed"]) == (None, "lose", True)
    state = api(ann).get(f"/api/games/{game.pk}/").json()
    assert (state["move_days"], state["timeout_rule"], state["vacation_allowed"]) == (5, "skip", False)


@pytest.mark.parametrize(
    "body, message",
    [
        (
            {"move_days": 4},
            "move_days: must be one of 1, 2, 3, 5, 7, 10 or 14 (days per move), or null for no time limit, not 4",
        ),
        ({"move_days": "3"}, "move_days: must be one of 1, 2, 3, 5, 7, 10 or 14"),
        ({"move_days": 3.5}, "move_days: must be one of"),
        (
            {"timeout_rule": "draw"},
            "timeout_rule: must be 'skip' (skip the turn), 'lose' (lose on time) or 'bot' (a bot takes over), not 'draw'",
        ),
        ({"vacation_allowed": "yes"}, "vacation_allowed: must be true or false, not 'yes'"),
    ],
)
def test_create_game_bad_time_options(api, ann, bob, body, message):
    response = api(ann).post("/api/games/", {"invite": ["bob"], **body}, format="json")
    assert response.status_code == 400
    assert message in response.json()["detail"]
    assert list(response.json()["errors"]) == list(body)
    assert not Game.objects.exists()


def test_create_game_unlimited_time(api, ann, bob):
    response = api(ann).post("/api/games/", {"invite": ["bob"], "move_days": None}, format="json")
    assert response.status_code == 201 and response.json()["move_days"] is None


@pytest.mark.parametrize(
    "body, field",
    [
        ({"invite": ["nobody"]}, "nobody"),
        ({"invite": "bob"}, "invite"),
        ({"invite": ["bob"], "seat_order": "alphabetical"}, "seat_order"),
        ({"invite": ["bob"], "rules": {"farm_scoring": "medieval"}}, "rules.farm_scoring"),
        ({"invite": ["bob"], "rules": {"expansions": ["moon"]}}, "moon"),
        ({"invite": ["bob"], "rules": {"small_city": "yes"}}, "rules.small_city"),
        ({"invite": ["bob"], "open_seats": "2"}, "open_seats"),
        ({"invite": []}, "2 to 5 players"),
        ({"invite": ["bob", "ann@example.com"]}, "yourself"),
        (["bob"], "JSON object"),
    ],
)
def test_create_game_malformed(api, ann, bob, body, field):
    response = api(ann).post("/api/games/", body, format="json")
    assert response.status_code == 400
    assert field in response.json()["detail"]
    assert not Game.objects.exists()


def test_create_game_body_not_json(api, ann):
    response = api(ann).post("/api/games/", "{not json", content_type="application/json")
    assert response.status_code == 400
    assert "JSON" in response.json()["detail"]
    assert not Game.objects.exists()


def test_accept_starts_game_when_all_seats_filled(api, ann, bob, cid):
    game_id = api(ann).post("/api/games/", {"invite": ["bob", "cid"]}, format="json").json()["id"]
    response = api(bob).post(f"/api/games/{game_id}/accept/")
    assert response.status_code == 200
    assert response.json()["status"] == "waiting"
    response = api(cid).post(f"/api/games/{game_id}/accept/")
    assert response.status_code == 200
    state = response.json()
    assert state["status"] == "active"
    assert state["current_player"] == "ann"
    assert state["move_number"] == 1
    assert isinstance(state["tile"], str)
    assert state["tiles_left"] == 70
    assert [(p["score"], p["supply"]) for p in state["players"]] == [(0, 7)] * 3


def test_accept_without_invitation_is_403(api, started, dan, ann):
    response = api(dan).post(f"/api/games/{started.pk}/accept/")
    assert response.status_code == 403
    assert "invitation" in response.json()["detail"]


def test_decline_opens_the_seat_then_join_starts(api, ann, bob, dan):
    game_id = api(ann).post("/api/games/", {"invite": ["bob"]}, format="json").json()["id"]
    response = api(bob).post(f"/api/games/{game_id}/decline/")
    assert response.status_code == 200
    assert [p["state"] for p in response.json()["players"]] == ["joined", "open"]
    assert api(bob).post(f"/api/games/{game_id}/decline/").status_code == 403
    response = api(dan).post(f"/api/games/{game_id}/join/")
    assert response.status_code == 200
    state = response.json()
    assert state["status"] == "active"
    assert [p["username"] for p in state["players"]] == ["ann", "dan"]


def test_join_conflicts(api, ann, bob, dan, started):
    response = api(dan).post(f"/api/games/{started.pk}/join/")
    assert response.status_code == 409
    assert "started" in response.json()["detail"]
    game_id = api(ann).post("/api/games/", {"open_seats": 1}, format="json").json()["id"]
    assert api(ann).post(f"/api/games/{game_id}/join/").status_code == 409
    assert api(bob).post(f"/api/games/{game_id}/join/").status_code == 200
    assert api(dan).post(f"/api/games/{game_id}/join/").status_code == 409


def test_seat_actions_on_unknown_game_are_404(api, ann):
    for action in ("accept", "decline", "join"):
        response = api(ann).post(f"/api/games/9999/{action}/")
        assert response.status_code == 404
        assert response.json()["detail"]


def test_random_seat_order(api, ann, bob, cid):
    orders = set()
    for _ in range(16):
        game_id = (
            api(ann).post("/api/games/", {"invite": ["bob", "cid"], "seat_order": "random"}, format="json").json()["id"]
        )
        api(bob).post(f"/api/games/{game_id}/accept/")
        state = api(cid).post(f"/api/games/{game_id}/accept/").json()
        assert state["status"] == "active"
        names = [p["username"] for p in state["players"]]
        assert sorted(names) == ["ann", "bob", "cid"]
        assert state["current_player"] == names[0]
        assert [p["color"] for p in state["players"]] == ["yellow", "red", "green"]
        positions = list(
            Seat.objects.filter(game_id=game_id).order_by("position").values_list("user__username", flat=True)
        )
        assert positions == names
        orders.add(tuple(names))
    assert len(orders) > 1  # 16 games all in one order: (1/6)**15


def test_list_games_filtered_by_status(api, ann, bob, cid, dan, started):
    waiting = lobby.create_game(ann, ["cid"])
    finished = lobby.create_game(bob, ["ann"])
    Game.objects.filter(pk=finished.pk).update(status=Game.Status.FINISHED)
    lobby.create_game(bob, ["dan"])  # not ann's
    response = api(ann).get("/api/games/")
    assert response.status_code == 200
    assert {g["id"] for g in response.json()["results"]} == {started.pk, waiting.pk, finished.pk}
    for status, game in (("active", started), ("waiting", waiting), ("finished", finished)):
        response = api(ann).get(f"/api/games/?status={status}")
        assert [g["id"] for g in response.json()["results"]] == [game.pk]
    item = api(ann).get("/api/games/?status=active").json()["results"][0]
    assert item["players"] == ["ann", "bob"] and item["current_player"] == "ann" and item["my_seat"] == "joined"
    # invited by e-mail address only (cid's seat is a user seat; this one is not)
    lobby.create_game(bob, ["cid@example.org"])
    assert len(api(cid).get("/api/games/?status=waiting").json()["results"]) == 2
    response = api(ann).get("/api/games/?status=over")
    assert response.status_code == 400 and "status" in response.json()["detail"]


# --- reading a game ------------------------------------------------------------------


def test_state(api, started, ann, dan):
    response = api(dan).get(f"/api/games/{started.pk}/")  # spectators may look
    assert response.status_code == 200
    state = response.json()
    assert state["id"] == started.pk
    assert state["status"] == "active"
    assert [(p["username"], p["color"], p["score"], p["supply"]) for p in state["players"]] == [
        ("ann", "yellow", 0, 7),
        ("bob", "red", 0, 7),
    ]
    assert state["current_player"] == "ann"
    assert state["move_number"] == 1
    assert state["tiles_left"] == 70


def test_unknown_game_is_404(api, ann):
    for path in ("", "legal-moves/", "moves/", "record/", "board.svg"):
        response = api(ann).get(f"/api/games/424242/{path}")
        assert response.status_code == 404, path
        assert response.json()["detail"]
    response = api(ann).post(
        "/api/games/424242/moves/", {"move_number": 1, "x": 1, "y": 0, "rotation": 0}, format="json"
    )
    assert response.status_code == 404


def test_unauthenticated_is_401_except_for_watching_a_public_game(api, started):
    response = api().get("/api/games/")
    assert response.status_code == 401
    assert response.json()["detail"]
    for path in (f"/api/games/{started.pk}/", f"/api/games/{started.pk}/record/", f"/api/games/{started.pk}/board.svg"):
        assert api().get(path).status_code == 200, path
    response = api().post(
        f"/api/games/{started.pk}/moves/", {"move_number": 1, "x": 1, "y": 0, "rotation": 0}, format="json"
    )
    assert response.status_code == 401
    assert not Move.objects.filter(game=started).exists()


def test_legal_moves(api, started, ann):
    response = api(ann).get(f"/api/games/{started.pk}/legal-moves/")
    assert response.status_code == 200
    data = response.json()
    state = api(ann).get(f"/api/games/{started.pk}/").json()
    assert data["tile"] == state["tile"]
    assert data["placements"]
    for p in data["placements"]:
        assert set(p) == {"x", "y", "rotation", "meeples", "figures"}
        assert [f["spot"] for f in p["figures"]] == p["meeples"]  # the base game has followers only
        assert p["rotation"] in (0, 90, 180, 270)
        assert abs(p["x"]) + abs(p["y"]) == 1


def test_legal_moves_of_waiting_game_is_empty(api, ann):
    game = lobby.create_game(ann, open_seats=1)
    assert api(ann).get(f"/api/games/{game.pk}/legal-moves/").json() == {
        "tile": None,
        "placements": [],
        "pending": None,
    }


# --- playing -------------------------------------------------------------------------


def test_play_move_201(api, started, ann):
    client = api(ann)
    tile = client.get(f"/api/games/{started.pk}/").json()["tile"]
    placement = first_placement(client, started.pk)
    meeple = placement["meeples"][0] if placement["meeples"] else None
    response = client.post(f"/api/games/{started.pk}/moves/", move_body(1, placement, meeple), format="json")
    assert response.status_code == 201, response.json()
    state = response.json()
    assert state["move_number"] >= 2
    assert state["current_player"] == "bob"
    assert {"x": placement["x"], "y": placement["y"], "tile": tile, "rotation": placement["rotation"]}.items() <= state[
        "board"
    ][1].items()
    if meeple and state["board"][1]["meeples"]:  # (unless the feature completed at once)
        assert state["board"][1]["meeples"] == [{"spot": meeple, "player": "ann", "figure": "follower"}]
        assert state["players"][0]["supply"] == 6
    row = Move.objects.get(game=started, number=1)
    assert row.seat == 0
    assert row.entry == {
        "tile": tile,
        "x": placement["x"],
        "y": placement["y"],
        "rotation": placement["rotation"],
        "meeple": meeple,
    }


def test_illegal_move_400_names_move_and_reason(api, started, ann):
    client = api(ann)
    tile = client.get(f"/api/games/{started.pk}/").json()["tile"]
    bad = unfitting(started.pk, client)
    response = client.post(f"/api/games/{started.pk}/moves/", {"move_number": 1, **bad, "meeple": None}, format="json")
    assert response.status_code == 400
    detail = response.json()["detail"]
    assert detail.startswith(
        f"move 1: tile {tile} at ({bad['x']},{bad['y']}) rotation {bad['rotation']} does not fit: its "
    )
    assert "meets" in detail
    # occupied cell and an illegal spot
    response = client.post(
        f"/api/games/{started.pk}/moves/", {"move_number": 1, "x": 0, "y": 0, "rotation": 0}, format="json"
    )
    assert response.status_code == 400 and response.json()["detail"].startswith("move 1: ")
    placement = first_placement(client, started.pk)
    response = client.post(f"/api/games/{started.pk}/moves/", move_body(1, placement, "city:Q"), format="json")
    assert response.status_code == 400 and response.json()["detail"].startswith("move 1: ")
    assert not Move.objects.filter(game=started).exists()
    started.refresh_from_db()
    assert started.move_count == 0


@pytest.mark.parametrize(
    "change, field",
    [
        ({"x": "1"}, "x"),
        ({"y": 1.5}, "y"),
        ({"rotation": 45}, "rotation"),
        ({"rotation": "90"}, "rotation"),
        ({"meeple": 123}, "meeple"),
        ({"meeple": ["road:E"]}, "meeple"),
        ({"move_number": "1"}, "move_number"),
        ({"move_number": True}, "move_number"),
        ({"x": None}, "x"),
        ({"y": ...}, "y"),
        ({"move_number": ...}, "move_number"),
    ],
)
def test_malformed_move_400_names_field(api, started, ann, change, field):
    client = api(ann)
    body = move_body(1, first_placement(client, started.pk))
    for key, value in change.items():
        if value is ...:
            del body[key]
        else:
            body[key] = value
    response = client.post(f"/api/games/{started.pk}/moves/", body, format="json")
    assert response.status_code == 400
    data = response.json()
    assert data["detail"].startswith(f"{field}: ")
    assert field in data["errors"]
    assert not Move.objects.exists()


def test_move_body_not_json(api, started, ann):
    response = api(ann).post(f"/api/games/{started.pk}/moves/", "move_number=1&x=1", content_type="application/json")
    assert response.status_code == 400
    assert "JSON" in response.json()["detail"]
    response = api(ann).post(f"/api/games/{started.pk}/moves/", [1, 2], format="json")
    assert response.status_code == 400
    assert not Move.objects.exists()


def test_wrong_turn_403(api, started, bob):
    client = api(bob)
    response = client.post(
        f"/api/games/{started.pk}/moves/", move_body(1, first_placement(client, started.pk)), format="json"
    )
    assert response.status_code == 403
    assert response.json()["detail"] == "it is ann's turn, not yours"
    assert not Move.objects.exists()


def test_not_in_game_403(api, started, dan):
    client = api(dan)
    response = client.post(
        f"/api/games/{started.pk}/moves/", move_body(1, first_placement(client, started.pk)), format="json"
    )
    assert response.status_code == 403
    assert "not playing" in response.json()["detail"]
    assert not Move.objects.exists()


def test_stale_move_number_409(api, started, ann, bob):
    clients = {"ann": api(ann), "bob": api(bob)}
    play_moves(clients, started.pk, 2)
    started.refresh_from_db()
    current = started.move_count + 1
    client = clients[api(ann).get(f"/api/games/{started.pk}/").json()["current_player"]]
    placement = first_placement(client, started.pk)
    for number in (1, current - 1, current + 1):
        response = client.post(f"/api/games/{started.pk}/moves/", move_body(number, placement), format="json")
        assert response.status_code == 409
        assert f"move {number}" in response.json()["detail"]
    assert Move.objects.filter(game=started).count() == current - 1


def test_move_in_waiting_game_409(api, ann):
    game = lobby.create_game(ann, open_seats=1)
    response = api(ann).post(
        f"/api/games/{game.pk}/moves/", {"move_number": 1, "x": 1, "y": 0, "rotation": 0}, format="json"
    )
    assert response.status_code == 409
    assert "not started" in response.json()["detail"]


def test_list_moves(api, started, ann, bob, dan):
    clients = {"ann": api(ann), "bob": api(bob)}
    play_moves(clients, started.pk, 4, seed=3)
    response = api(dan).get(f"/api/games/{started.pk}/moves/")
    assert response.status_code == 200
    moves = response.json()
    rows = list(Move.objects.filter(game=started).order_by("number"))
    assert [m["number"] for m in moves] == [r.number for r in rows] == list(range(1, len(rows) + 1))
    for m, r in zip(moves, rows):
        assert m["entry"] == r.entry  # exactly as stored
        assert m["skip"] is m["forfeit"] is m["resign"] is False
        assert m["player"] == ["ann", "bob"][r.seat] and m["seat"] == r.seat
        assert m["points"] == r.points
        if not r.entry.get("discard"):
            assert (m["tile"], m["x"], m["y"], m["rotation"], m["meeple"]) == (
                r.entry["tile"],
                r.entry["x"],
                r.entry["y"],
                r.entry["rotation"],
                r.entry["meeple"],
            )
    assert moves[0]["player"] == "ann"
    engine = engine_for(started)
    assert [m["entry"] for m in moves] == [turn.move.to_json() for turn in engine.history]


def test_record_replays(api, started, ann, bob, dan):
    clients = {"ann": api(ann), "bob": api(bob)}
    last = play_moves(clients, started.pk, 6, seed=5)[-1].json()
    response = api(dan).get(f"/api/games/{started.pk}/record/")
    assert response.status_code == 200
    record = response.json()
    assert record["format"] == "carcassonne-record/1"
    assert record["players"] == ["ann", "bob"]
    assert len(record["moves"]) == last["move_number"] - 1
    assert record["meta"]["game"] == started.pk
    engine = replay(record)
    assert engine.scores == [p["score"] for p in last["players"]]
    assert engine.supply == [p["supply"] for p in last["players"]]


def test_spectator_reads_but_cannot_move(api, started, dan):
    client = api(dan)
    for path in ("", "legal-moves/", "moves/", "record/"):
        assert client.get(f"/api/games/{started.pk}/{path}").status_code == 200


# --- the board picture -----------------------------------------------------------------


def _svg_tiles(content: bytes) -> int:
    root = ET.fromstring(content)
    return sum(1 for el in root.iter() if "tile" in (el.get("class") or "").split())


def test_board_svg(api, started, ann, bob, dan):
    pytest.importorskip("games.board_svg")
    play_moves({"ann": api(ann), "bob": api(bob)}, started.pk, 5, seed=1)
    placed = len(api(ann).get(f"/api/games/{started.pk}/").json()["board"])
    response = api(dan).get(f"/api/games/{started.pk}/board.svg", HTTP_ACCEPT="image/svg+xml")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("image/svg+xml")
    assert _svg_tiles(response.content) == placed
    response = api(dan).get(f"/api/games/{started.pk}/board.svg?move=0")
    assert response.status_code == 200 and _svg_tiles(response.content) == 1
    response = api(dan).get(f"/api/games/{started.pk}/board.svg?move=2")
    assert _svg_tiles(response.content) == 1 + sum(
        1 for m in Move.objects.filter(game=started, number__lte=2) if not m.entry.get("discard")
    )


@pytest.mark.parametrize("move", ["6", "-1", "99", "two"])
def test_board_svg_move_out_of_range_400(api, started, ann, bob, move):
    play_moves({"ann": api(ann), "bob": api(bob)}, started.pk, 2, seed=1)
    n = Move.objects.filter(game=started).count()
    if move == "6":
        move = str(n + 1)
    response = api(ann).get(f"/api/games/{started.pk}/board.svg?move={move}", HTTP_ACCEPT="image/svg+xml")
    assert response.status_code == 400
    assert response.json()["detail"].startswith("move must be ")
    assert response.json()["errors"] == {"move": [response.json()["detail"]]}


# --- token authentication, end to end -------------------------------------------------------


def test_token_auth_end_to_end(api, ann, bob, password):
    from rest_framework.test import APIClient

    tokens = {}
    for name in ("ann", "bob"):
        response = APIClient().post("/api/auth/token/", {"username": name, "password": password}, format="json")
        assert response.status_code == 200
        tokens[name] = response.json()["token"]
    assert (
        APIClient().post("/api/auth/token/", {"username": "ann", "password": "wrong"}, format="json").status_code == 400
    )
    clients = {}
    for name, token in tokens.items():
        clients[name] = APIClient()
        clients[name].credentials(HTTP_AUTHORIZATION=f"Token {token}")
    game_id = clients["ann"].post("/api/games/", {"invite": ["bob"]}, format="json").json()["id"]
    assert clients["bob"].post(f"/api/games/{game_id}/accept/").json()["status"] == "active"
    response = play_turn(clients, game_id)
    assert response.status_code == 201
    assert Move.objects.filter(game_id=game_id, seat=0).exists()
    bad = APIClient()
    bad.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    assert bad.get(f"/api/games/{game_id}/").status_code == 401


def test_session_auth(client, ann, started, password):
    assert client.login(username="ann", password=password)
    assert client.get(f"/api/games/{started.pk}/").status_code == 200
    # session POSTs need the CSRF token (DRF enforces it for session auth)
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.login(username="ann", password=password)
    response = strict.post(
        f"/api/games/{started.pk}/moves/",
        {"move_number": 1, "x": 1, "y": 0, "rotation": 0},
        content_type="application/json",
    )
    assert response.status_code == 403
    assert "CSRF" in response.json()["detail"]


# --- resigning -------------------------------------------------------------------------


def test_resign_is_stored_as_an_entry_and_ends_a_two_player_game(api, started, ann, bob):
    response = api(bob).post(f"/api/games/{started.pk}/resign/")
    assert response.status_code == 200, response.json()
    state = response.json()
    assert state["status"] == "finished" and state["winners"] == ["ann"]
    assert state["outcome"]["ending"] == "one_left" and state["outcome"]["left"] == ["bob"]
    last = Move.objects.filter(game=started).order_by("number").last()
    assert (last.seat, last.entry) == (1, {"player": "bob", "resign": True})
    moves = api(ann).get(f"/api/games/{started.pk}/moves/").json()
    assert moves[-1]["resign"] is True and moves[-1]["player"] == "bob" and moves[-1]["entry"] == last.entry
    record = api(ann).get(f"/api/games/{started.pk}/record/").json()
    assert replay(record).outcome.winner_names == ["ann"]


def test_resign_refused_to_others_and_when_over(api, started, ann, bob, dan):
    count = Move.objects.filter(game=started).count()
    response = api(dan).post(f"/api/games/{started.pk}/resign/")
    assert response.status_code == 403 and "not playing" in response.json()["detail"]
    assert Move.objects.filter(game=started).count() == count
    assert api(ann).post(f"/api/games/{started.pk}/resign/").status_code == 200
    response = api(bob).post(f"/api/games/{started.pk}/resign/")
    assert response.status_code == 409 and "over" in response.json()["detail"]
    assert api(ann).post("/api/games/99999/resign/").status_code == 404
    assert api().post(f"/api/games/{started.pk}/resign/").status_code == 401


def test_resign_out_of_turn_keeps_the_turn_of_the_player_to_move(api, ann, bob, cid):
    game = lobby.create_started_game(ann, [ann, bob, cid])
    before = api(ann).get(f"/api/games/{game.pk}/").json()
    response = api(cid).post(f"/api/games/{game.pk}/resign/")
    state = response.json()
    assert response.status_code == 200 and state["status"] == "active"
    assert state["current_player"] == "ann" and state["tile"] == before["tile"]
    assert [p["out"] for p in state["players"]] == [False, False, True]
    assert state["move_number"] == before["move_number"] + 1
    assert api(cid).post(f"/api/games/{game.pk}/resign/").status_code == 409


@pytest.mark.parametrize("how", ["time", "resign"])
def test_when_the_leader_leaves_the_api_names_the_other_player_winner(api, ann, bob, how):
    from tests.leaders import leader_leaves

    game, leader, other = leader_leaves(lobby.create_started_game(ann, [ann, bob]), how)
    state = api(ann).get(f"/api/games/{game.pk}/").json()
    assert state["winners"] == [other.username]
    assert state["outcome"]["ranks"] == {other.username: 1, leader.username: 2}
    assert state["outcome"]["scores"][leader.username] > state["outcome"]["scores"][other.username]
    listed = api(ann).get("/api/games/?status=finished").json()["results"]
    assert [g["id"] for g in listed] == [game.pk]
