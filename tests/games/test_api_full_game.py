"""A whole game through the API: its record replays on the engine's command line
with the same final scores; and the bag and seed never leak."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games import engine_state
from games.models import Game

from .helpers import play_turn

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def test_full_game_record_replays_with_same_scores(api, ann, bob, cid, tmp_path):
    import random

    rng = random.Random(2024)
    clients = {"ann": api(ann), "bob": api(bob), "cid": api(cid)}
    game_id = clients["ann"].post("/api/games/", {"invite": ["bob", "cid"]}, format="json").json()["id"]
    clients["bob"].post(f"/api/games/{game_id}/accept/")
    clients["cid"].post(f"/api/games/{game_id}/accept/")
    state = None
    for _ in range(80):
        response = play_turn(clients, game_id, rng)
        assert response.status_code == 201, response.json()
        state = response.json()
        if state["status"] == "finished":
            break
    assert state["status"] == "finished"
    assert state["tiles_left"] == 0 and state["current_player"] is None and state["tile"] is None
    assert Game.objects.get(pk=game_id).status == Game.Status.FINISHED
    # the API state after the game is the same as the last move's answer
    assert clients["ann"].get(f"/api/games/{game_id}/").json()["players"] == state["players"]
    # a finished game takes no more moves
    response = clients["ann"].post(
        f"/api/games/{game_id}/moves/",
        {"move_number": state["move_number"], "x": 0, "y": 0, "rotation": 0},
        format="json",
    )
    assert response.status_code == 409

    record = clients["ann"].get(f"/api/games/{game_id}/record/").json()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    result = subprocess.run(
        [sys.executable, "-m", "carcassonne", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["finished"] is True
    assert summary["scores"] == {p["username"]: p["score"] for p in state["players"]}
    assert summary["supply"] == {p["username"]: p["supply"] for p in state["players"]}
    assert record["meta"]["result"] == summary["scores"]


def _keys(value):
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _keys(item)
    elif isinstance(value, list):
        for item in value:
            yield from _keys(item)


def _string_lists(value):
    if isinstance(value, dict):
        for item in value.values():
            yield from _string_lists(item)
    elif isinstance(value, list):
        if value and all(isinstance(v, str) for v in value):
            yield value
        for item in value:
            yield from _string_lists(item)


def test_bag_and_seed_never_leak(api, started, ann, bob, dan):
    clients = {"ann": api(ann), "bob": api(bob)}
    import random

    rng = random.Random(9)
    for _ in range(8):
        assert play_turn(clients, started.pk, rng).status_code == 201
    started.refresh_from_db()
    seed = str(started.seed)
    engine = engine_state.engine_for(started)
    upcoming = list(reversed(engine._bag))  # the tiles after the drawn one, next first
    assert len(upcoming) > 5
    texts = {}
    for who in (ann, dan):
        client = api(who)
        for path in ("", "legal-moves/", "moves/", "record/"):
            texts[f"{who}:{path}"] = client.get(f"/api/games/{started.pk}/{path}").content
        texts[f"{who}:list"] = client.get("/api/games/").content
        texts[f"{who}:list-active"] = client.get("/api/games/?status=active").content
    texts["move"] = play_turn(clients, started.pk, rng).content
    texts["schema"] = api(ann).get("/api/schema/", HTTP_ACCEPT="application/json").content
    engine = engine_state.engine_for(started)
    upcoming = list(reversed(engine._bag))
    for name, content in texts.items():
        text = content.decode()
        assert seed not in text, name
        data = json.loads(text)
        if name == "schema":
            assert "seed" not in data["components"]["schemas"].get("GameState", {}).get("properties", {})
            continue
        keys = set(_keys(data))
        assert not keys & {"seed", "bag", "_bag", "order", "upcoming", "next_tiles", "remaining"}, name
        for strings in _string_lists(data):
            if len(strings) >= 3:
                assert strings[:3] != upcoming[:3], name
    # the state names the drawn tile only
    state = json.loads(texts["move"])
    assert state["tile"] == engine.tile
    # the SVG board neither
    svg = api(dan).get(f"/api/games/{started.pk}/board.svg").content.decode()
    assert seed not in svg and "seed" not in svg.lower()
