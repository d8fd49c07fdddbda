"""Playing through the API in tests."""

import random


def play_turn(clients, game_id, rng=None, meeple=None):
    """Play the current turn as whoever's turn it is: first legal placement, and
    ``meeple`` (or, with ``rng``, a random legal spot or none). Returns the response."""
    any_client = next(iter(clients.values()))
    state = any_client.get(f"/api/games/{game_id}/").json()
    client = clients[state["current_player"]]
    legal = client.get(f"/api/games/{game_id}/legal-moves/").json()
    placement = legal["placements"][0]
    if rng is not None:
        meeple = rng.choice([*placement["meeples"], None])
    return client.post(
        f"/api/games/{game_id}/moves/",
        {
            "move_number": state["move_number"],
            "x": placement["x"],
            "y": placement["y"],
            "rotation": placement["rotation"],
            "meeple": meeple,
        },
        format="json",
    )


def play_moves(clients, game_id, count, seed=0):
    rng = random.Random(seed)
    responses = []
    for _ in range(count):
        response = play_turn(clients, game_id, rng)
        assert response.status_code == 201, response.json()
        responses.append(response)
        if response.json()["status"] == "finished":
            break
    return responses
