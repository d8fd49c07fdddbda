"""Actions a tile move takes instead of a figure (the Tower's tower piece, the fairy, the
magic portal, the princess) and the ransom paid before the tile move, played by a person
through the API as the legal moves offer them."""

import random

import pytest
from django.core import mail

from carcassonne import Placement
from carcassonne.moves import MOVE_ACTIONS
from games import engine_state, lobby
from games.models import Move, TurnClock
from games.present import expansions
from games.serializers import MOVE_ACTION_KEYS
from tests.games.helpers import (
    api_clients,
    asked,
    play_offered,
    play_offered_until,
    post_answer,
    post_placement,
    seeded_game,
)

pytestmark = pytest.mark.django_db

BOTH = {"expansions": ["tower", "princess_dragon"]}


SEED = 2  # the bag's: with each test's choices, the game reaches what the test plays


def _seated(django_user_model, rules=BOTH):
    ann = django_user_model.objects.create_user("ann", "ann@example.com", "pw-ann-1234")
    bob = django_user_model.objects.create_user("bob", "bob@example.com", "pw-bob-1234")
    return seeded_game(ann, [ann, bob], rules, SEED), api_clients(ann, bob)


def test_the_action_keys_are_those_of_the_expansions_the_site_offers():
    offered = {f"carcassonne.expansions.{expansion}" for expansion in expansions.by_id()}
    readers = {key for key, read in MOVE_ACTIONS.items() if getattr(read, "__module__", "") in offered}
    assert set(MOVE_ACTION_KEYS) == readers


@pytest.mark.slow
def test_a_person_plays_every_action_and_a_ransom_as_the_legal_moves_offer_them(django_user_model):
    game, clients = _seated(django_user_model)
    rng = random.Random(3)
    played: set[str] = set()
    for _ in range(400):
        game.refresh_from_db()
        if game.status == "finished" or {"tower", "fairy", "ransom", "capture"} <= played:
            break
        played.add(play_offered(clients, game, rng))
    assert {"tower", "fairy", "ransom", "capture"} <= played, played
    entries = list(Move.objects.filter(game=game).order_by("number").values_list("entry", flat=True))
    assert any("tower" in e for e in entries) and any("fairy" in e for e in entries)
    assert any("ransom" in e for e in entries)
    engine_state.REPLAYS.clear()
    assert len(engine_state.engine_for(game).history) == len(entries)  # the stored log replays


def test_a_tower_action_the_rules_refuse_is_refused_in_words_and_nothing_is_stored(django_user_model):
    game, clients = _seated(django_user_model, {"expansions": ["tower"]})
    rng = random.Random(1)
    _name, client, state, legal = play_offered_until(
        clients, game, rng, lambda legal: any(p.get("actions") for p in legal["placements"])
    )
    placement = next(p for p in legal["placements"] if p.get("actions"))
    stored = Move.objects.filter(game=game).count()
    wrong = post_placement(client, game, state, placement, tower={"x": 40, "y": 40})
    assert wrong.status_code == 400 and "move " in wrong.json()["detail"], wrong.json()
    two = post_placement(client, game, state, placement, tower={"x": 0, "y": 0}, fairy={"x": 0, "y": 0})
    assert two.status_code == 400 and "one action" in str(two.json()), two.json()
    hostile = post_placement(client, game, state, placement, tower="everywhere")
    assert hostile.status_code == 400 and "tower" in hostile.json()["errors"], hostile.json()
    assert Move.objects.filter(game=game).count() == stored
    (action,) = placement["actions"][:1]
    played = post_placement(client, game, state, placement, **action)
    assert played.status_code == 201, played.json()
    again = post_placement(client, game, state, placement, **action)
    assert again.status_code == 409
    last = Move.objects.filter(game=game).order_by("-number").first()
    assert last.entry["tower"] == action["tower"] and last.entry["meeple"] is None


def test_placements_list_actions_only_where_the_engine_allows_one(django_user_model):
    game, clients = _seated(django_user_model, {"expansions": ["tower"]})
    has_actions = lambda legal: any(p.get("actions") for p in legal["placements"])  # noqa: E731
    _name, _client, _state, legal = play_offered_until(clients, game, random.Random(1), has_actions)
    engine = engine_state.engine_for(game)
    for placement in legal["placements"]:
        where = Placement(placement["x"], placement["y"], placement["rotation"])
        moves = engine.legal_actions(where, legal["tile"])
        assert placement.get("actions", []) == [m.action.to_json() for m in moves]
        assert "must_act" not in placement
    assert not any("actions" in p for p in _seated_plain(django_user_model))


def _seated_plain(django_user_model):
    cid = django_user_model.objects.create_user("cid", "cid@example.com", "pw-cid-1234")
    dan = django_user_model.objects.create_user("dan", "dan@example.com", "pw-dan-1234")
    game = lobby.create_started_game(cid, [cid, dan])
    clients = api_clients(cid, dan)
    return asked(clients, game)[3]["placements"]


def test_a_ransom_keeps_the_turn_its_clock_and_sends_no_e_mail(django_user_model, django_capture_on_commit_callbacks):
    game, clients = _seated(django_user_model)
    rng = random.Random(3)
    name, client, state, legal = play_offered_until(clients, game, rng, lambda legal: bool(legal.get("before_turn")))
    started = TurnClock.objects.get(game=game).started_at
    other = next(c for n, c in clients.items() if n != name)
    assert post_answer(other, game, state, legal["before_turn"][0]).status_code == 403
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        paid = post_answer(client, game, state, legal["before_turn"][0])
    assert paid.status_code == 201, paid.json()
    after = client.get(f"/api/games/{game.pk}/").json()
    assert after["pending"] == {**after["pending"], "player": name, "action": "turn"}
    assert after["move_number"] == state["move_number"] + 1
    assert not [m for m in mail.outbox if "turn" in m.subject.lower()], [m.subject for m in mail.outbox]
    clock = TurnClock.objects.get(game=game)
    assert (clock.started_at, clock.move_number) == (started, after["move_number"])
    again = post_answer(client, game, after, legal["before_turn"][0])
    assert again.status_code == 400, again.json()


def test_the_rules_refusal_of_an_action_reads_in_the_players_language(django_user_model):
    game, clients = _seated(django_user_model, {"expansions": ["tower"]})
    has_actions = lambda legal: any(p.get("actions") for p in legal["placements"])  # noqa: E731
    _name, client, state, legal = play_offered_until(clients, game, random.Random(1), has_actions)
    placement = next(p for p in legal["placements"] if p.get("actions"))
    body = {"move_number": state["move_number"], "x": placement["x"], "y": placement["y"]}
    body.update(rotation=placement["rotation"], meeple=None, tower={"x": 40, "y": 40})
    english = client.post(f"/api/games/{game.pk}/moves/", body, format="json").json()["detail"]
    german = client.post(f"/api/games/{game.pk}/moves/", body, format="json", HTTP_ACCEPT_LANGUAGE="de").json()
    assert english.endswith("there is no tower at (40,40)"), english
    assert german["detail"] != english and "(40,40)" in german["detail"] and "tower" not in german["detail"], german
