"""A move played in place: the answer to a move or a decision says what it did; the game
page's own move POST answers the page's fragment; the fragment (/games/<id>/fragment/) holds
the game part of the page as its viewer may see it, and none of what the page already has; a
cell or a follower spot that is not allowed has its reason."""

import gzip
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from carcassonne import Game as EngineGame
from carcassonne import Move as EngineMove
from carcassonne import Rules
from games import engine_state
from games.models import Game
from games.present.notices import turn_refusals
from games.present.tile_names import tile_phrase
from games.present.view import GameView, placements_of
from tests.games.present.test_hands import HAND

from .helpers import drive_until, engines_built, play_moves, seeded_game

pytestmark = pytest.mark.django_db


def first_placement(game):
    engine = engine_state.engine_for(game)
    return engine, placements_of(engine, engine.tile)[0]


def test_a_moves_answer_says_what_the_move_did(started, api, ann):
    engine, p = first_placement(started)
    body = {"move_number": 1, "x": p["x"], "y": p["y"], "rotation": p["rotation"], "meeple": None}
    response = api(ann).post(f"/api/games/{started.pk}/moves/", body, format="json")
    assert response.status_code == 201
    data = response.json()
    told = GameView.load(Game.objects.get(pk=started.pk)).describe(1)  # the tile in words, and what it did
    assert told.startswith(f"ann placed {tile_phrase(engine.tile)}") and data["played"] == f"Move 1 played: {told}."
    assert data["move_number"] == 2 and "page" not in data  # the state, as before; no HTML unless asked


def test_the_game_pages_move_gets_the_changed_part_of_the_page_without_another_replay(started, client, ann, bob, api):
    play_moves({"ann": api(ann), "bob": api(bob)}, started.pk, 2)
    started.refresh_from_db()
    engine, p = first_placement(started)
    client.force_login(ann)
    body = {"move_number": 3, "x": p["x"], "y": p["y"], "rotation": p["rotation"], "meeple": None}
    with engines_built() as replays:
        response = client.post(
            f"/games/{started.pk}/moves/?since=2", body, content_type="application/json", HTTP_ACCEPT_ENCODING="gzip"
        )
    assert response.status_code == 201 and response["Content-Encoding"] == "gzip"
    assert replays.count == 1  # the command's own replay
    html = gzip.decompress(response.content).decode()
    assert "<p hidden data-move-played>Move 3 played: ann placed " in html
    assert '<div id="game-live"' in html and re.search(r'data-testid="whose-turn">.*bob', html)
    assert re.findall(r'<li class="move[^"]*" value="(\d+)"', html) == ["3"]  # the page lists 1 and 2


def test_the_confirmation_counts_the_points_of_the_player_and_of_the_others(ann, bob):
    seed, move = _completing_move()
    engine = EngineGame.new(["ann", "bob"], Rules(), seed=seed)
    engine.play(move)
    view = GameView(engine, ["ann", "bob"])
    from games.present.notices import played_text

    points = engine.history[-1].points[0]
    assert played_text(view, 1).endswith(f"ann scored {points} points.")
    view.me = type("Seat", (), {"position": 0})()
    assert played_text(view, 1).endswith(f"You scored {points} points.")


def _completing_move():
    """A seed and a first move that completes the start tile's city with a knight."""
    for seed in range(300):
        engine = EngineGame.new(["ann", "bob"], Rules(), seed=seed)
        for p, spots in engine.legal_moves():
            for spot in (s for s in spots if s.startswith("city")):
                trial = EngineGame.new(["ann", "bob"], Rules(), seed=seed)
                if trial.play(EngineMove(trial.tile, p.x, p.y, p.rotation, spot)).points[0] > 1:
                    return seed, EngineMove(engine.tile, p.x, p.y, p.rotation, spot)
    raise AssertionError("no seed found")


def test_a_decisions_answer_says_what_the_decision_did(reinforcing):
    game, clients, engine = reinforcing
    option = engine.options()[0]
    from .helpers import send_entry

    response = send_entry(clients["ann"], game.pk, len(engine.history) + 1, option)
    assert response.status_code == 201, response.json()
    assert response.json()["played"].startswith(f"Move {len(engine.history) + 1} played: ann ")


def test_the_fragment_of_a_private_game_is_missing_for_outsiders_as_every_game_url(started, client, make_user, bob):
    Game.objects.filter(pk=started.pk).update(private=True)
    url = f"/games/{started.pk}/fragment/"
    assert client.get(url).status_code == 404  # logged out
    client.force_login(make_user("eve"))
    assert client.get(url).status_code == 404
    assert client.get("/games/999999/fragment/").status_code == 404
    client.force_login(bob)
    assert client.get(url).status_code == 200


def test_the_fragment_leaves_out_the_chat_the_notes_the_bag_pictures_and_the_moves_the_page_lists(
    started, client, ann, bob, api
):
    Game.objects.filter(pk=started.pk).update(seed=1)  # a known bag: with some a tile is discarded, a move more
    play_moves({"ann": api(ann), "bob": api(bob)}, started.pk, 3)
    client.force_login(ann)
    page = client.get(f"/games/{started.pk}/").content.decode()
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"/games/{started.pk}/fragment/?since=2", HTTP_ACCEPT_ENCODING="gzip")
    assert response.status_code == 200 and response["Content-Encoding"] == "gzip"
    assert "no-cache" in response["Cache-Control"] and "private" in response["Cache-Control"]
    html = gzip.decompress(response.content).decode()
    assert '<div id="game-live"' in html and 'class="board' in html and 'data-testid="whose-turn"' in html
    assert re.findall(r'<li class="move[^"]*" value="(\d+)"', html) == ["3"]  # the page lists 1 and 2
    assert '<section id="chat" data-live-keep data-live-placeholder hidden></section>' in html
    assert '<section id="notes" data-live-keep data-live-placeholder hidden></section>' in html
    assert "data-chat-form" not in html and "data-note-form" not in html
    assert html.count("<span data-bag-art hidden></span>") == html.count('class="bag-tile"') > 0
    assert 'id="nav-waiting"' in html and "<title>" in html
    assert len(html) < len(page) * 2 / 3  # without the site's header and footer, the chat and the notes
    assert len(queries) <= 16, [q["sql"] for q in queries]


def test_another_players_hidden_hand_stays_out_of_the_fragment(ann, bob, api, client):
    game = seeded_game(ann, [ann, bob], HAND, 17)
    clients = {"ann": api(ann), "bob": api(bob)}
    engine = drive_until(clients, game, lambda e: len(e.history) >= 4 and e.pending.player == 0, seed=17)
    client.force_login(ann)
    mine = client.get(f"/games/{game.pk}/fragment/").content
    mine = gzip.decompress(mine).decode() if mine[:2] == b"\x1f\x8b" else mine.decode()
    assert 'data-testid="my-hand"' in mine
    client.force_login(bob)
    theirs = client.get(f"/games/{game.pk}/fragment/", HTTP_ACCEPT_ENCODING="identity").content.decode()
    assert 'data-testid="my-hand"' not in theirs and "legal-moves" not in theirs
    for tile in engine.hand(0):
        assert f'data-tile="{tile}" aria-label' not in theirs


def test_a_cell_where_the_tile_fits_in_no_rotation_and_a_taken_spot_say_why(ann, bob):
    for seed in range(300):
        engine = EngineGame.new(["ann", "bob"], Rules(), seed=seed)
        first = engine.legal_moves()
        p, spots = next(((p, s) for p, s in first if any(x.startswith("road") for x in s)), (None, None))
        if p is None:
            continue
        engine.play(EngineMove(engine.tile, p.x, p.y, p.rotation, next(x for x in spots if x.startswith("road"))))
        view = GameView(engine, ["ann", "bob"])
        refusals = turn_refusals(view, engine.tile, placements_of(engine, engine.tile))
        roads = [r for r in refusals["reasons"] if r.startswith("This road already holds a follower")]
        told = [refusals["reasons"][i] for i in refusals["cells"].values()]
        no_fit = [text for text in told if "fits here in no rotation" in text]
        if roads and no_fit:
            break
    else:
        raise AssertionError("no seed found")
    assert re.fullmatch(
        rf"Tile {engine.tile} fits here in no rotation: turned 0°, its (north|east|south|west) "
        r"edge \((road|city|field)\) meets (a road|a city|a field)\.",
        no_fit[0],
    )
    assert roads == ["This road already holds a follower: no second one may join it."]
    assert refusals["taken"] == "There is already a tile on this cell."
    legal_cells = {f"{q['x']},{q['y']}" for q in placements_of(engine, engine.tile)}
    assert not legal_cells & set(refusals["cells"])  # a cell where the tile fits is never refused
