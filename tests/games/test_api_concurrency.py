"""Two submissions of the same turn at the same time store exactly one move.

Needs PostgreSQL (row locks); SQLite serialises writers differently."""

import os
import threading

import pytest
from django.db import connection, connections
from rest_framework.test import APIClient

from games import lobby
from games.models import Move


def _require_postgresql():
    if connection.vendor != "postgresql":
        reason = f"the concurrency test needs PostgreSQL, not {connection.vendor} (set DATABASE_URL)"
        if os.environ.get("REQUIRE_SERVICES") == "1":
            pytest.fail(reason)
        pytest.skip(reason)


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_submissions_store_one_move(transactional_db, ann, bob):
    _require_postgresql()
    game = lobby.create_game(ann, ["bob"])
    lobby.accept_invitation(game.pk, bob)
    for round_ in range(3):  # a few turns, to give the race several chances
        game.refresh_from_db()
        number = game.move_count + 1
        player = ann if game.current_seat == 0 else bob
        probe = APIClient()
        probe.force_authenticate(player)
        placement = probe.get(f"/api/games/{game.pk}/legal-moves/").json()["placements"][0]
        body = {"move_number": number, "x": placement["x"], "y": placement["y"], "rotation": placement["rotation"], "meeple": None}
        barrier = threading.Barrier(2)
        results = []

        def submit():
            client = APIClient()
            client.force_authenticate(player)
            try:
                barrier.wait(timeout=10)
                response = client.post(f"/api/games/{game.pk}/moves/", body, format="json")
                results.append((response.status_code, response.json()))
            finally:
                connections.close_all()

        threads = [threading.Thread(target=submit) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=30)
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
    _require_postgresql()
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
    barrier = threading.Barrier(2)
    results = []

    def submit(answer):
        client = APIClient()
        client.force_authenticate(asked)
        try:
            barrier.wait(timeout=10)
            response = client.post(f"/api/games/{game.pk}/decision/", {"move_number": number, "answer": answer},
                                   format="json")
            results.append((response.status_code, response.json()))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=submit, args=(a,)) for a in answers]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert sorted(code for code, _ in results) == [201, 409], results
    assert Move.objects.filter(game=game, number=number).count() == 1
