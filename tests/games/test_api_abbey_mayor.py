"""Abbey & Mayor played by a person through the API as the legal moves offer it: the abbey
instead of the drawn tile (``own_tiles``), the barn as a tile move's action, the wagon's
move as a decision (answered, or passed when its time runs out), the end's abbey."""

import random

import pytest

from games import engine_state, timeouts
from games.models import Game, Move
from games.present import expansions
from tests.games.helpers import api_clients, asked, drive_until, post_answer, post_placement, seeded_game

pytestmark = pytest.mark.django_db

RULES = {"expansions": ["abbey_mayor"]}


def _seated(django_user_model, seed=2):
    ann = django_user_model.objects.create_user("ann", "ann@example.com", "pw-ann-1234")
    bob = django_user_model.objects.create_user("bob", "bob@example.com", "pw-bob-1234")
    return seeded_game(ann, [ann, bob], RULES, seed), api_clients(ann, bob)


def _play(clients, game, rng, figure="wagon"):
    """One move as the legal moves offer it: a decision's first answer that is no pass, else
    a placement of the drawn tile with ``figure`` where one is allowed (else none)."""
    _name, client, state, legal = asked(clients, game)
    pending = legal["pending"]
    if pending["action"] != "turn":
        answer = next((o["answer"] for o in pending["options"] if not o["pass"]), pending["options"][0]["answer"])
        response = post_answer(client, game, state, answer)
    elif not legal["placements"] and legal.get("before_turn"):
        response = post_answer(client, game, state, legal["before_turn"][0])
    else:
        wanted = [(p, f) for p in legal["placements"] for f in p["figures"] if f["figure"] == figure]
        placement, chosen = rng.choice(wanted) if wanted else (rng.choice(legal["placements"]), None)
        response = post_placement(client, game, state, placement, chosen)
    assert response.status_code == 201, response.json()


def _until(clients, game, rng, done, limit=200, figure="wagon"):
    for _ in range(limit):
        game.refresh_from_db()
        name, client, state, legal = asked(clients, game)
        if done(legal):
            return name, client, state, legal
        _play(clients, game, rng, figure)
    raise AssertionError("never reached")


def test_a_person_places_their_abbey_instead_of_the_drawn_tile(django_user_model):
    game, clients = _seated(django_user_model)
    rng = random.Random(1)
    _name, client, state, legal = _until(
        clients, game, rng, lambda legal: any(o["placements"] for o in legal.get("own_tiles", ()))
    )
    assert legal["tile"] != "AM-A" and legal["placements"]  # the drawn tile is offered too
    (own,) = legal["own_tiles"]
    assert own["tile"] == "AM-A" and all(p["rotation"] == 0 for p in own["placements"])
    placement = own["placements"][0]
    cloister = next(f for f in placement["figures"] if f["spot"] == "cloister" and f["figure"] == "follower")
    response = client.post(
        f"/api/games/{game.pk}/moves/",
        {"move_number": state["move_number"], "tile": "AM-A", "x": placement["x"], "y": placement["y"]}
        | {"rotation": 0, "meeple": cloister["spot"]},
        format="json",
    )
    assert response.status_code == 201, response.json()
    entry = Move.objects.get(game=game, number=state["move_number"]).entry
    assert entry["tile"] == "AM-A" and entry["meeple"] == "cloister"
    moves = client.get(f"/api/games/{game.pk}/moves/").json()
    played = next(m for m in moves if m["number"] == state["move_number"])
    assert "abbey" in played["text"], played["text"]
    again = client.get(f"/api/games/{game.pk}/legal-moves/").json()
    assert "own_tiles" not in again  # one abbey a player
    twice = client.post(
        f"/api/games/{game.pk}/moves/",
        {"move_number": state["move_number"] + 2, "tile": "AM-A", "x": 40, "y": 40, "rotation": 0, "meeple": None},
        format="json",
    )
    assert twice.status_code in (400, 409), twice.json()


def test_an_abbey_outside_a_hole_is_refused_in_words(django_user_model):
    game, clients = _seated(django_user_model)
    rng = random.Random(1)
    _name, client, state, legal = _until(
        clients, game, rng, lambda legal: any(o["placements"] for o in legal.get("own_tiles", ()))
    )
    placement = legal["placements"][0]  # a cell where the drawn tile fits: never a hole
    response = client.post(
        f"/api/games/{game.pk}/moves/",
        {"move_number": state["move_number"], "tile": "AM-A", "x": placement["x"], "y": placement["y"]}
        | {"rotation": 0, "meeple": None},
        format="json",
    )
    assert response.status_code == 400
    assert "a hole closed on all four sides" in response.json()["detail"], response.json()


def test_a_person_places_a_barn_as_the_legal_moves_offer_it(django_user_model):
    game, clients = _seated(django_user_model)
    rng = random.Random(2)
    _name, client, state, legal = _until(
        clients, game, rng, lambda legal: any(p.get("actions") for p in legal["placements"]), figure="follower"
    )
    placement = next(p for p in legal["placements"] if p.get("actions"))
    action = placement["actions"][0]
    assert set(action) == {"barn"} and action["barn"] in ("NE", "SE", "SW", "NW")
    assert expansions.offer_label(action).startswith("Put your barn on the ")
    with_figure = post_placement(client, game, state, placement, placement["figures"][0]["spot"], **action)
    assert with_figure.status_code == 400 and "instead of a figure" in with_figure.json()["detail"]
    wrong = post_placement(client, game, state, placement, barn="north")
    assert wrong.status_code == 400 and "NE, SE, SW or NW" in wrong.json()["detail"], wrong.json()
    response = post_placement(client, game, state, placement, **action)
    assert response.status_code == 201, response.json()
    assert Move.objects.get(game=game, number=state["move_number"]).entry["barn"] == action["barn"]
    state = client.get(f"/api/games/{game.pk}/").json()
    board = {(t["x"], t["y"]): t for t in state["board"]}
    placed = board[(placement["x"], placement["y"])]
    assert any(f["figure"] == "barn" for f in placed["meeples"]), placed
    assert state["expansions"]["abbey_mayor"]["abbeys"] == {"ann": 1, "bob": 1}
    moves = client.get(f"/api/games/{game.pk}/moves/").json()
    assert "put the barn on the" in next(m for m in moves if m["number"] == state["move_number"] - 1)["text"]


def _wagon_asked(django_user_model):
    """A game whose fourth move completes a wagon's feature (the seeds' search: its owner is asked)."""
    game, clients = _seated(django_user_model, seed=4)
    drive_until(clients, game, lambda engine: engine.pending.action == "wagon", seed=2)
    return game, clients, *asked(clients, game)


def test_a_wagon_moves_on_when_its_owner_answers_the_decision(django_user_model):
    game, clients, name, client, state, legal = _wagon_asked(django_user_model)
    assert legal["pending"]["action"] == "wagon"
    options = legal["pending"]["options"]
    assert options[0]["pass"] and options[0]["answer"] == {"wagon": None}
    move = next(o for o in options if not o["pass"])
    assert move["target"]["figure"] == "wagon" and move["text"].startswith("Move the wagon to the ")
    assert "wagon" in state["pending"]["text"]
    other = next(c for n, c in clients.items() if n != name)
    refused = post_answer(other, game, state, move["answer"])
    assert refused.status_code in (403, 409), refused.json()
    response = post_answer(client, game, state, move["answer"])
    assert response.status_code == 201, response.json()
    entry = Move.objects.get(game=game, number=state["move_number"]).entry
    assert entry["wagon"] == move["answer"]["wagon"]
    engine_state.REPLAYS.clear()
    engine = engine_state.engine_for(game)
    target = move["answer"]["wagon"]
    assert (target["spot"], engine.players.index(name), "wagon") in engine.tile_at(
        target["x"], target["y"]
    ).figures_here()


def test_a_wagon_decision_out_of_time_is_passed(django_user_model):
    game, _clients, _name, _client, state, _legal = _wagon_asked(django_user_model)
    assert timeouts.play_timeout(game.pk, state["move_number"]) is not None
    entry = Move.objects.get(game=game, number=state["move_number"]).entry
    assert entry["wagon"] is None
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE


def test_the_end_s_abbey_turn_out_of_time_keeps_the_abbey():
    """After the last tile the player asked for their abbey has no tile: out of time, the
    site plays the turn's pass (whatever the game's timeout rule), never a skip of a tile
    nobody drew; its words on the page and in the log."""
    from games.present import decision_words
    from tests.carcassonne.expansions.test_engine_abbey_mayor import end_game

    engine = end_game()
    assert engine.tile is None and engine.own_tiles == ("AM-A",) and timeouts._without_tile(engine)
    entry = decision_words.pass_entry(engine)
    assert entry.to_json() == {"player": "Ann", "abbey": None}
    assert expansions.offer_label({"abbey": None}) == "Keep your abbey (pass)"
    engine.play(entry)
    assert engine.pending.player == 1 and not engine.finished
    from games.present.entries import describe

    assert describe({"player": "Ann", "abbey": None}, "Ann") == "Ann did not place their abbey"


# --- the game page -------------------------------------------------------------------------------


def _page(user, game, query=""):
    from django.test import Client

    client = Client()
    client.force_login(user)
    response = client.get(f"/games/{game.pk}/{query}")
    assert response.status_code == 200
    return response.content.decode()


def test_the_page_offers_the_abbey_instead_of_the_drawn_tile_and_draws_it(django_user_model):
    import json
    import re

    game, clients = _seated(django_user_model)
    rng = random.Random(1)
    name, _client, _state, legal = _until(
        clients, game, rng, lambda legal: any(o["placements"] for o in legal.get("own_tiles", ()))
    )
    user = django_user_model.objects.get(username=name)
    page = _page(user, game)
    assert 'data-testid="own-tiles"' in page and 'href="?tile=AM-A#turn-panel"' in page
    assert f'data-tile="{legal["tile"]}"' in page  # the drawn tile stays the one placed by default
    abbey = _page(user, game, "?tile=AM-A")
    assert 'data-tile="AM-A"' in abbey and f'href="?tile={legal["tile"]}#turn-panel"' in abbey
    data = json.loads(re.search(r'<script id="legal-moves" type="application/json">(.*?)</script>', abbey).group(1))
    holes = {(p["x"], p["y"]) for p in legal["own_tiles"][0]["placements"]}
    assert data["tile"] == "AM-A" and {(p["x"], p["y"]) for p in data["placements"]} == holes
    assert "mayor" in data["figure_labels"] and "wagon" in data["figure_labels"]
    assert 'data-testid="abbeys"' in abbey  # the abbey each still holds, beside the scores


def test_the_page_shows_the_wagon_decision_with_its_moves_on_the_board(django_user_model):
    game, _clients, name, _client, _state, legal = _wagon_asked(django_user_model)
    user = django_user_model.objects.get(username=name)
    page = _page(user, game)
    assert 'data-action="wagon"' in page and "Your wagon" in page
    assert 'data-testid="decision-option"' in page and "Move the wagon to the " in page
    other = django_user_model.objects.exclude(username=name).get()
    assert "to decide where their wagon moves" in _page(other, game)
    from games.board_svg import render_board

    engine_state.REPLAYS.clear()
    svg = render_board(engine_state.engine_for(game))
    assert 'data-figure="wagon"' not in svg or "kind-wagon" in svg


def test_the_board_draws_the_abbey_the_mayor_the_wagon_and_the_barn():
    """A random game's board (seed 1: every kind on it at the end): each figure in its
    shape, the barn on its tile's corner, the abbey tile with its precinct wall."""
    from carcassonne import Rules
    from carcassonne.autoplay import random_game
    from games.board_svg import render_board, tile_sprite

    game = random_game(1, players=3, rules=Rules.from_json(RULES))
    svg = render_board(game)
    for kind in ("mayor", "wagon", "barn"):
        assert f'class="figure kind-{kind}"' in svg, kind
    assert 'data-tile="AM-A"' in svg and 'class="abbey-precinct"' in svg
    assert 'class="abbey-precinct"' in tile_sprite("abbey_mayor")
    barn = next(
        (placed, spot)
        for placed in game.placed_tiles()
        for spot, _seat, kind in placed.figures_here()
        if kind == "barn"
    )
    from games.board_svg.figures import _corner_point

    x, y = _corner_point(game, *barn)
    assert x in (0.0, 100.0) and y in (-6.0, 94.0)  # on a corner, where four tiles meet


def test_the_turn_panel_offers_the_barn_in_words(django_user_model):
    import json
    import re

    game, clients = _seated(django_user_model)
    name, _client, _state, legal = _until(
        clients,
        game,
        random.Random(2),
        lambda legal: any(p.get("actions") for p in legal["placements"]),
        figure="follower",
    )
    page = _page(django_user_model.objects.get(username=name), game)
    data = json.loads(re.search(r'<script id="legal-moves" type="application/json">(.*?)</script>', page).group(1))
    offered = [a for p in data["placements"] for a in p.get("actions", [])]
    assert offered and all(set(a["entry"]) == {"barn"} for a in offered)
    assert all(re.fullmatch(r"Put your barn on the (north|south)-(east|west) corner", a["label"]) for a in offered)


def _compact(clients, game, rng):
    """One move through the API: a decision's first answer, else the drawn tile, no figure,
    on a cell with most tiles around (the board grows compact); never the abbey."""
    _name, client, state, legal = asked(clients, game)
    if legal["pending"]["action"] != "turn":
        response = post_answer(client, game, state, legal["pending"]["options"][0]["answer"])
    else:
        taken = {(t["x"], t["y"]) for t in state["board"]}

        def around(p):
            return sum((p["x"] + dx, p["y"] + dy) in taken for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))

        most = max(map(around, legal["placements"]))
        response = post_placement(
            client, game, state, rng.choice([p for p in legal["placements"] if around(p) == most])
        )
    assert response.status_code == 201, response.json()


def test_after_the_last_tile_the_abbey_is_offered_and_kept_when_time_runs_out(django_user_model):
    """The end's abbey turn on the site: no drawn tile, the abbey's holes and the pass in the
    legal moves and on the page, the others told whom the game waits for; out of time, the
    abbey is kept (a pass, not the game's skip) and the game ends."""
    from games.models import GameEvent

    game, clients = _seated(django_user_model, seed=6)  # the seeds' search: a hole is left at the end
    rng = random.Random(6)
    for _ in range(120):
        game.refresh_from_db()
        _name, _client, state, legal = asked(clients, game)
        if legal["tile"] is None:
            break
        _compact(clients, game, rng)
    name, client, state, legal = asked(clients, game)
    assert state["tiles_left"] == 0 and legal["tile"] is None and legal["placements"] == []
    assert legal["own_tiles"][0]["tile"] == "AM-A" and legal["own_tiles"][0]["placements"]
    assert legal["before_turn"] == [{"abbey": None}]
    user = django_user_model.objects.get(username=name)
    page = _page(user, game)
    assert 'data-tile="AM-A"' in page and "The tiles are all placed" in page and "Keep your abbey (pass)" in page
    other = django_user_model.objects.exclude(username=name).get()
    assert "to place their own tile or keep it" in _page(other, game)
    Game.objects.filter(pk=game.pk).update(timeout_rule=Game.TimeoutRule.LOSE)
    assert timeouts.play_timeout(game.pk, state["move_number"]) is not None
    assert Move.objects.get(game=game, number=state["move_number"]).entry == {"player": name, "abbey": None}
    assert GameEvent.objects.filter(game=game, kind=GameEvent.Kind.PASSED).exists()
    assert not GameEvent.objects.filter(game=game, kind=GameEvent.Kind.LOST).exists()  # nobody lost on time
    game.refresh_from_db()
    after = client.get(f"/api/games/{game.pk}/").json()
    assert game.status == Game.Status.FINISHED or after["pending"]["player"] != name  # the next holder, or the end


def test_with_a_hand_of_tiles_the_abbey_is_offered_beside_the_hand(django_user_model):
    ann = django_user_model.objects.create_user("ann", "ann@example.com", "pw-ann-1234")
    bob = django_user_model.objects.create_user("bob", "bob@example.com", "pw-bob-1234")
    game = seeded_game(ann, [ann, bob], {**RULES, "hand": 2}, 2)
    clients = api_clients(ann, bob)
    engine = drive_until(clients, game, lambda e: e.tile is None and bool(e.legal_placements("AM-A")), seed=1)
    assert engine.own_tiles == ("AM-A",) and engine.hand(engine.current_player)
    _name, client, state, legal = asked(clients, game)
    assert legal["hand"] and legal["own_tiles"][0]["tile"] == "AM-A"
    hole = legal["own_tiles"][0]["placements"][0]
    response = client.post(
        f"/api/games/{game.pk}/moves/",
        {"move_number": state["move_number"], "tile": "AM-A", "x": hole["x"], "y": hole["y"], "rotation": 0}
        | {"meeple": None},
        format="json",
    )
    assert response.status_code == 201, response.json()
