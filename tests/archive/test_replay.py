import json
import re

import pytest

from archive.generate import store_game
from games.board_svg import render_board
from games.engine_state import engine_for
from games.models import Game
from games.present.entries import CATEGORIES
from games.present.page import sprite

from .conftest import day, template

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(players):
    return store_game(template(21, 3), [players["ann"], players["bob"], players["cid"]], day(5), "Replayed")


def test_board_at_move_k_is_a_replay_of_k_moves(member_client, game):
    total = game.move_count
    for k in (0, 1, 17, total - 1, total):
        expected = render_board(engine_for(game, upto=k), last_move=True)
        page = member_client.get(f"/archive/games/{game.pk}/?move={k}")
        assert page.status_code == 200  # the page's board refers to the tiles' drawings in the sprites
        assert render_board(engine_for(game, upto=k), last_move=True, sprite=sprite()) in page.content.decode()
        api = member_client.get(f"/api/archive/games/{game.pk}/board.svg?move={k}")
        assert api["Content-Type"].startswith("image/svg+xml")
        assert api.content.decode() == expected


def test_move_endpoint_scores_and_points(member_client, game):
    moves = list(game.moves.order_by("number"))
    for k in (0, 5, 30, len(moves)):
        data = member_client.get(f"/api/archive/games/{game.pk}/moves/{k}/").json()
        engine = engine_for(game, upto=k)
        assert data["move"] == k and data["total"] == len(moves)
        assert data["scores"] == engine.scores
        assert [p["breakdown"] for p in data["players"]] == [
            {c: b.get(c, 0) for c in CATEGORIES}
            for b in engine.breakdown  # every category, 0 when not scored
        ]
        if k:
            assert data["points"] == moves[k - 1].points == list(engine.history[-1].points)
            assert data["played"]["entry"] == moves[k - 1].entry == engine.history[-1].move.to_json()
        else:
            assert data["played"] is None and data["points"] == [0, 0, 0]
    last = member_client.get(f"/api/archive/games/{game.pk}/moves/{len(moves)}/").json()
    assert last["finished"] and last["scores"] == game.scores and last["final_points"] is not None
    assert member_client.get(f"/api/archive/games/{game.pk}/moves/{len(moves) + 1}/").status_code == 404
    assert member_client.get(f"/api/archive/games/{game.pk}/board.svg?move=-1").status_code == 400


def test_replay_page_navigation_and_summary(member_client, game):
    html = member_client.get(f"/archive/games/{game.pk}/?move=10").content.decode()
    base = f"/archive/games/{game.pk}/"
    for k in (0, 9, 11, game.move_count):
        assert f'href="{base}?move={k}"' in html
    assert 'type="range"' in html and "replay.js" in html
    assert 'class="score-chart"' in html and html.count('class="chart-line"') == 3
    assert "Final result" in html and "Roads" in html
    # out-of-range and junk move numbers are refused, saying why (see test_move_parameter.py)
    assert member_client.get(f"{base}?move=9999").status_code == 400
    assert member_client.get(f"{base}?move=abc").status_code == 400
    assert member_client.get("/archive/games/999999/").status_code == 404


def test_export_reimports_to_the_same_game(member_client, game):
    response = member_client.get(f"/archive/games/{game.pk}/record.json")
    assert response["Content-Disposition"].startswith("attachment;")
    text = response.content.decode()
    record = json.loads(text)
    assert record["format"] == "carcassonne-record/1" and record["players"] == ["ann", "bob", "cid"]
    from games.recorded import record as service_record

    assert record == json.loads(json.dumps(service_record(game, engine_for(game))))
    api = member_client.get(f"/api/archive/games/{game.pk}/record/")
    assert api["Content-Disposition"].startswith("attachment;") and api.json() == record

    from carcassonne import replay

    engine, stored = replay(record), engine_for(game)
    assert engine.finished and engine.scores == stored.scores == game.scores
    assert render_board(engine) == render_board(stored)

    page = member_client.post("/archive/import/", {"text": text})
    assert page.status_code == 200
    html = page.content.decode()
    assert "not stored" in html and render_board(stored, sprite=sprite()) in html
    for score in game.scores:
        assert f">{score}<" in html
    # step back through the uploaded record
    page = member_client.post("/archive/import/", {"text": text, "step": "5"})
    assert render_board(engine_for(game, upto=5), sprite=sprite()) in page.content.decode()


def test_upload_file(member_client, game):
    from django.core.files.uploadedfile import SimpleUploadedFile

    text = member_client.get(f"/archive/games/{game.pk}/record.json").content
    page = member_client.post("/archive/import/", {"file": SimpleUploadedFile("g.json", text, "application/json")})
    assert page.status_code == 200 and "not stored" in page.content.decode()


def test_illegal_record_is_refused_with_its_move_number(member_client, game):
    record = json.loads(member_client.get(f"/archive/games/{game.pk}/record.json").content)
    bad = record["moves"][11]
    bad.update({"x": 50, "y": 50, "discard": False})
    bad.setdefault("rotation", 0)
    bad.setdefault("meeple", None)
    count = game.moves.count()
    response = member_client.post("/archive/import/", {"text": json.dumps(record)})
    assert response.status_code == 400
    html = response.content.decode()
    assert "Move 12 is illegal" in html
    assert game.moves.count() == count  # nothing stored
    response = member_client.post("/archive/import/", {"text": "{not json"})
    assert response.status_code == 400 and "not valid" in response.content.decode()
    assert member_client.post("/archive/import/", {}).status_code == 400
    assert member_client.get("/archive/import/").status_code == 200


def test_exported_records_are_byte_for_byte_the_stored_entries(member_client, game):
    from django.db import connection

    from games.fields import dumps

    with connection.cursor() as cursor:  # the text in the database, not a decoded copy
        cursor.execute("SELECT entry FROM games_move WHERE game_id = %s ORDER BY number", [game.pk])
        stored = [row[0] for row in cursor.fetchall()]
    assert stored == [dumps(turn.move.to_json()) for turn in engine_for(game).history]  # as the engine wrote them
    moves = '"moves":[' + ",".join(stored) + "]"
    line = b"".join(member_client.get("/archive/players/ann/games.jsonl").streaming_content).decode()
    assert moves in line
    assert moves in member_client.get(f"/api/games/{game.pk}/record/").content.decode()
    assert moves in member_client.get(f"/api/archive/games/{game.pk}/record/").content.decode()
    record = json.loads(member_client.get(f"/archive/games/{game.pk}/record.json").content)
    assert [dumps(m) for m in record["moves"]] == stored


def test_the_score_chart_keeps_both_lines_visible_when_the_scores_are_equal():
    import re

    from archive.charts import score_chart

    svg = score_chart([[0, 0], [4, 4], [10, 10]], ["ann", "bob"], ["#f00", "#00f"])
    lines = re.findall(r'<polyline[^>]*data-seat="(\d)"[^>]*?(stroke-dasharray="[^"]+")?[^>]*points="([^"]+)"', svg)
    assert len(lines) == 2
    (_, dash_a, points_a), (_, dash_b, points_b) = lines
    assert points_a != points_b or dash_a != dash_b
    ys_a = [float(p.split(",")[1]) for p in points_a.split()]
    ys_b = [float(p.split(",")[1]) for p in points_b.split()]
    assert all(abs(a - b) >= 2 for a, b in zip(ys_a, ys_b))  # side by side, not on top of each other


def test_a_finished_games_moves_are_told_once_and_kept_for_every_move_shown(member_client, game):
    from unittest import mock

    from archive import replay_page as archive_replay

    def move_list(k):
        html = member_client.get(f"/archive/games/{game.pk}/?move={k}&moves=all").content.decode()
        return re.search(r'<ol class="move-list".*?</ol>', html, re.S)[0].replace(' aria-current="step"', "")

    with mock.patch.object(archive_replay, "describe_move", wraps=archive_replay.describe_move) as told:
        first, second = move_list(3), move_list(10)
    assert told.call_count == game.move_count + 2  # every move once, then the move each page shows
    assert first == second and first.count("<li value=") == game.move_count + 1  # the start too


def _listed(html: str) -> list[int]:
    """The move numbers the page's list shows, each linked to its position."""
    items = re.findall(r'<li value="(\d+)"[^>]*><a href="[^"]*\?move=(\d+)"', html)
    assert all(value == linked for value, linked in items)
    return [int(value) for value, _linked in items]


def _pages(html: str, base: str) -> list[str]:
    return [
        link.replace("&amp;", "&")
        for link in re.findall(r'<a class="btn btn-ghost btn-small" href="([^"]+)" data-moves-page', html)
    ]


def test_a_long_replay_lists_the_moves_around_the_one_shown_and_links_to_every_other(member_client, game):
    total, base = game.move_count, f"/archive/games/{game.pk}/"
    assert total > 60
    html = member_client.get(f"{base}?move=40").content.decode()
    assert _listed(html) == list(range(30, 51))  # ten before, ten after: not the whole game
    assert re.search(r'<li value="40"[^>]*aria-current="step"', html)
    assert f"Moves 30–50 of {total}" in html and f'href="{base}?move=40&amp;moves=all#moves-h"' in html
    seen: set[int] = set()
    for direction in (0, -1):  # later windows, then earlier ones, each page at move 40
        url = f"{base}?move=40"
        while url:
            page = member_client.get(url).content.decode()
            assert 'aria-current="step"' not in page or re.search(r'<li value="40"[^>]*aria-current', page)
            seen |= set(_listed(page))
            starts = {int(re.search(r"from=(\d+)", link)[1]): link for link in _pages(page, base) if "from=" in link}
            ahead = [link for first, link in starts.items() if (first < min(_listed(page))) == bool(direction)]
            url = ahead[0].removesuffix("#moves-h") if ahead else ""
    assert seen == set(range(total + 1))  # every move and the start, a link or two away
    every = member_client.get(f"{base}?move=40&moves=all").content.decode()
    assert _listed(every) == list(range(total + 1)) and "Only the moves around move 40" in every


def test_the_move_list_alone_is_the_pages_list_for_another_window_and_as_private_as_the_game(
    member_client, game, players
):
    base = f"/archive/games/{game.pk}/"
    page = member_client.get(f"{base}?move=5&from=40").content.decode()
    part = member_client.get(f"{base}moves/?move=5&from=40")
    assert part.status_code == 200 and "private" in part["Cache-Control"]
    assert _listed(part.content.decode()) == _listed(page) == list(range(40, 61))
    assert 'data-moves-url="' + base + 'moves/"' in page
    start = member_client.get(f"{base}moves/?move=0").content.decode()
    assert _listed(start) == list(range(0, 22)) and 'aria-current="step"' in start
    Game.objects.filter(pk=game.pk).update(private=True)
    client = member_client
    for who in (None, players["dee"]):
        client.logout()
        if who:
            client.force_login(who)
        assert client.get(f"{base}moves/?move=5").status_code == client.get(base).status_code == 404
    client.force_login(players["ann"])  # she played it
    assert client.get(f"{base}moves/?move=5").status_code == 200
