"""The Count's decisions on the site: described in the state and the legal moves, answered
through the API by the player asked (on turn or not), with the move endpoint's rules."""

import pytest

from games import engine_state, timeouts
from games.models import Game, GameEvent, Move, PlayPreference
from tests.games.conftest import COUNT, SEED
from tests.games.helpers import drive_until, seeded_game


@pytest.mark.django_db
def test_the_state_and_legal_moves_name_who_must_decide_and_the_answers(reinforcing):
    game, clients, engine = reinforcing
    state = clients["ann"].get(f"/api/games/{game.pk}/").json()
    pending = state["pending"]
    assert pending["player"] == "ann" and pending["action"] == "reinforce"
    assert state["current_player"] == "bob"  # bob placed the tile; the game waits for ann
    answers = [o["answer"] for o in pending["options"]]
    assert {"reinforce": None} in answers
    assert all(o["text"] for o in pending["options"])
    legal = clients["ann"].get(f"/api/games/{game.pk}/legal-moves/").json()
    assert legal["placements"] == [] and legal["pending"]["options"] == pending["options"]
    assert "city" in state["expansions"] and state["expansions"]["city"]["count"] in (
        "castle",
        "blacksmith",
        "cathedral",
        "market",
    )


@pytest.mark.django_db
def test_the_player_asked_moves_a_follower_out_of_the_city_onto_the_completed_feature(reinforcing):
    game, clients, engine = reinforcing
    pending = clients["ann"].get(f"/api/games/{game.pk}/").json()["pending"]
    move = next(o for o in pending["options"] if not o["pass"])
    target = move["target"]
    response = clients["ann"].post(
        f"/api/games/{game.pk}/decision/", {"move_number": game.move_count + 1, "answer": move["answer"]}, format="json"
    )
    assert response.status_code == 201, response.json()
    stored = Move.objects.get(game=game, number=game.move_count + 1)
    assert stored.entry == {"player": "ann", **move["answer"]} and stored.seat == 0
    replayed = engine_state.engine_for(Game.objects.get(pk=game.pk), upto=game.move_count + 1)
    assert replayed.history[-1].move.to_json()["reinforce"]["spot"] == target["spot"]


@pytest.mark.django_db
def test_a_decision_is_refused_to_others_when_stale_and_when_the_rules_say_no(reinforcing):
    game, clients, engine = reinforcing
    url = f"/api/games/{game.pk}/decision/"
    number = game.move_count + 1
    not_yours = clients["bob"].post(url, {"move_number": number, "answer": {"reinforce": None}}, format="json")
    assert not_yours.status_code == 403 and "ann" in not_yours.json()["detail"]
    stale = clients["ann"].post(url, {"move_number": number - 1, "answer": {"reinforce": None}}, format="json")
    assert stale.status_code == 409
    wrong = clients["ann"].post(
        url, {"move_number": number, "answer": {"reinforce": {"x": 99, "y": 99, "spot": "city:N"}}}, format="json"
    )
    assert wrong.status_code == 400 and "no tile at (99,99)" in wrong.json()["detail"]
    garbage = clients["ann"].post(url, {"move_number": number, "answer": "pass"}, format="json")
    assert garbage.status_code == 400
    tile_move = clients["ann"].post(
        f"/api/games/{game.pk}/moves/", {"move_number": number, "x": 0, "y": 5, "rotation": 0}, format="json"
    )
    assert tile_move.status_code == 409 and "decision" in tile_move.json()["detail"]
    assert Move.objects.filter(game=game).count() == number - 1  # nothing stored


@pytest.mark.django_db
def test_a_pass_is_a_move_of_the_log_and_the_turn_goes_on(reinforcing):
    game, clients, engine = reinforcing
    response = clients["ann"].post(
        f"/api/games/{game.pk}/decision/",
        {"move_number": game.move_count + 1, "answer": {"reinforce": None}},
        format="json",
    )
    assert response.status_code == 201
    assert Move.objects.get(game=game, number=game.move_count + 1).entry == {"player": "ann", "reinforce": None}
    pending = response.json()["pending"]
    assert (pending["player"], pending["action"]) != ("ann", "reinforce")  # the game went on


@pytest.mark.django_db
def test_a_decision_out_of_time_is_passed_never_lost(reinforcing):
    game, clients, engine = reinforcing
    Game.objects.filter(pk=game.pk).update(timeout_rule=Game.TimeoutRule.LOSE, move_days=1)
    number = game.move_count + 1
    timeouts.play_timeout(game.pk, number)
    assert Move.objects.get(game=game, number=number).entry == {"player": "ann", "reinforce": None}
    assert GameEvent.objects.get(game=game, move_number=number).kind == GameEvent.Kind.PASSED
    engine = engine_state.engine_for(Game.objects.get(pk=game.pk))
    assert 0 not in engine.out


@pytest.mark.django_db
def test_a_player_who_asked_for_it_has_the_counts_decisions_passed_at_once(ann, bob, api):
    PlayPreference.objects.create(user=ann, auto_pass_count=True)
    game = seeded_game(ann, [ann, bob], COUNT, SEED)
    clients = {"ann": api(ann), "bob": api(bob)}
    engine = drive_until(clients, game, lambda e: len(e.history) >= 40, seed=SEED)
    asked = [t for t in engine.history if t.player == 0 and type(t.move).__name__ in ("Reinforce", "Quarter")]
    assert asked, "the seeded game asked ann nothing"
    assert all(
        answer["reinforce" if "reinforce" in answer else "quarter"] is None
        for answer in (t.move.to_json() for t in asked)
    )


@pytest.mark.django_db
def test_the_market_round_at_the_end_is_answered_like_any_decision(ann, bob, api):
    game = seeded_game(ann, [ann, bob], COUNT, 11)  # seed 11 reaches the market round
    clients = {"ann": api(ann), "bob": api(bob)}
    engine = drive_until(clients, game, lambda e: e.pending is not None and e.pending.action == "market", seed=11)
    assert engine.pending.action == "market"
    asked = engine.players[engine.pending.player]
    state = clients[asked].get(f"/api/games/{game.pk}/").json()
    assert state["status"] == "active" and state["tile"] is None and state["pending"]["action"] == "market"
    move = next(o for o in state["pending"]["options"] if not o["pass"])
    assert move["target"]["spot"].startswith("field") and "from the Market" in move["text"]
    response = clients[asked].post(
        f"/api/games/{game.pk}/decision/",
        {"move_number": len(engine.history) + 1, "answer": move["answer"]},
        format="json",
    )
    assert response.status_code == 201, response.json()
    engine = drive_until(clients, game, lambda e: False, seed=11)
    assert engine.finished and Game.objects.get(pk=game.pk).status == Game.Status.FINISHED


@pytest.mark.django_db
@pytest.mark.parametrize(
    "language, no_tile, not_deployment",
    [
        (
            "de",
            "Auf (99,99) liegt keine Karte",
            "Gefragt ist jetzt kein Einsetzen in die Stadt Carcassonne, "
            "sondern die Entscheidung von ann, ob ein Gefolgsmann aus der Stadt Carcassonne versetzt wird",
        ),
        (
            "fr",
            "il n’y a aucune tuile en (99,99)",
            "c’est la décision de ann de déplacer ou non un partisan hors de la cité, pas un placement dans la cité",
        ),
        (
            "it",
            "non c’è nessuna tessera in (99, 99)",
            "è la decisione di ann se spostare un seguace fuori dalla città di Carcassonne, "
            "non un piazzamento nella città di Carcassonne",
        ),
    ],
)
def test_the_engines_refusal_of_a_decision_is_in_the_callers_language(reinforcing, language, no_tile, not_deployment):
    game, clients, engine = reinforcing
    url = f"/api/games/{game.pk}/decision/"
    number = game.move_count + 1
    wrong = clients["ann"].post(
        url,
        {"move_number": number, "answer": {"reinforce": {"x": 99, "y": 99, "spot": "city:N"}}},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert wrong.status_code == 400 and wrong.json()["detail"].endswith(no_tile), wrong.json()
    other_kind = clients["ann"].post(
        url, {"move_number": number, "answer": {"quarter": "market"}}, format="json", HTTP_ACCEPT_LANGUAGE=language
    )
    assert other_kind.status_code == 400 and other_kind.json()["detail"].endswith(not_deployment), other_kind.json()
    assert "decision on" not in other_kind.json()["detail"]  # no English left
    assert "(reinforce)" not in other_kind.json()["detail"]  # nor the notation's code in brackets
