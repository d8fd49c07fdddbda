"""Two submissions of the same turn at the same time store exactly one move.

Needs PostgreSQL (row locks); SQLite serialises writers differently."""

from functools import partial

import pytest
from rest_framework.test import APIClient

from games import lobby
from games.models import Move
from tests.concurrency import at_once
from tests.conftest import needs_postgresql


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_submissions_store_one_move(transactional_db, ann, bob):
    needs_postgresql("the concurrency test")
    game = lobby.create_game(ann, ["bob"])
    lobby.accept_invitation(game.pk, bob)
    for _round in range(3):  # a few turns, to give the race several chances
        game.refresh_from_db()
        number = game.move_count + 1
        player = ann if game.current_seat == 0 else bob
        probe = APIClient()
        probe.force_authenticate(player)
        placement = probe.get(f"/api/games/{game.pk}/legal-moves/").json()["placements"][0]
        body = {
            "move_number": number,
            "x": placement["x"],
            "y": placement["y"],
            "rotation": placement["rotation"],
            "meeple": None,
        }
        results = []

        def submit(player=player, body=body, results=results):
            client = APIClient()
            client.force_authenticate(player)
            response = client.post(f"/api/games/{game.pk}/moves/", body, format="json")
            results.append((response.status_code, response.json()))

        at_once(submit, submit)
        codes = sorted(code for code, _ in results)
        assert codes == [201, 409], results
        conflict = next(data for code, data in results if code == 409)
        assert f"move {number}" in conflict["detail"]
        assert Move.objects.filter(game=game, number=number).count() == 1
        game.refresh_from_db()
        assert Move.objects.filter(game=game).count() == game.move_count


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_answers_to_one_decision_store_one(transactional_db, ann, bob):
    """The Count's decision, answered twice at once (a pass and a move): one is stored."""
    needs_postgresql("the concurrency test")
    from .conftest import COUNT, SEED, reinforcement_for_other
    from .helpers import drive_until, seeded_game

    game = seeded_game(ann, [ann, bob], COUNT, SEED)
    clients = {}
    for user in (ann, bob):
        clients[user.username] = APIClient()
        clients[user.username].force_authenticate(user)
    engine = drive_until(clients, game, reinforcement_for_other, seed=SEED)
    asked = [ann, bob][engine.pending.player]
    number = len(engine.history) + 1
    options = clients[asked.username].get(f"/api/games/{game.pk}/").json()["pending"]["options"]
    answers = [options[0]["answer"], options[-1]["answer"]]
    results = []

    def submit(answer):
        client = APIClient()
        client.force_authenticate(asked)
        response = client.post(
            f"/api/games/{game.pk}/decision/", {"move_number": number, "answer": answer}, format="json"
        )
        results.append((response.status_code, response.json()))

    at_once(*(partial(submit, answer) for answer in answers))
    assert sorted(code for code, _ in results) == [201, 409], results
    assert Move.objects.filter(game=game, number=number).count() == 1
