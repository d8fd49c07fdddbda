"""Playing through the API in tests."""

import random
from contextlib import contextmanager
from unittest import mock


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


def strategy_entry(engine, rng):
    """A legal entry for the pending decision, chosen by ``rng`` as the seed searches of
    these tests did: a random placement with a figure 60% of the time, a random answer
    other than a pass to decisions (the Count's)."""
    from carcassonne import Move
    from games.present.decision_words import answer_of, passes

    if engine.pending.action != "turn":
        options = engine.options()
        acts = [o for o in options if not passes(answer_of(o))]
        return acts[rng.randrange(len(acts))] if acts else options[0]
    tiles = engine.turn_tiles  # the drawn tile, or the hand of the player on turn
    tile = tiles[rng.randrange(len(tiles))] if len(tiles) > 1 else tiles[0]
    placements = engine.legal_placements(tile)
    if not placements:
        return Move.discard_of(tile)
    placement = placements[rng.randrange(len(placements))]
    figures = engine.legal_figures(placement, tile)
    spot, figure = figures[rng.randrange(len(figures))] if figures and rng.random() < 0.6 else (None, "follower")
    return Move(tile, placement.x, placement.y, placement.rotation, spot, figure=figure)


def send_entry(client, game_id, move_number, entry):
    """POST ``entry`` (an engine entry) through the API: a tile turn to moves/, a decision to decision/."""
    from carcassonne import Move
    from games.present.decision_words import answer_of

    if type(entry) is Move:
        data = entry.to_json()
        return client.post(
            f"/api/games/{game_id}/moves/",
            {
                "move_number": move_number,
                "tile": data["tile"],
                "x": data["x"],
                "y": data["y"],
                "rotation": data["rotation"],
                "meeple": data["meeple"],
            },
            format="json",
        )
    return client.post(
        f"/api/games/{game_id}/decision/", {"move_number": move_number, "answer": answer_of(entry)}, format="json"
    )


def api_clients(*users) -> dict:
    """API clients signed in as each of ``users``, by username (for :func:`drive_until`)."""
    from rest_framework.test import APIClient

    clients = {}
    for user in users:
        clients[user.username] = APIClient()
        clients[user.username].force_authenticate(user)
    return clients


def seeded_game(creator, users, rules, seed):
    """A started game of ``users`` with ``rules`` whose bag comes from ``seed`` (for tests
    that need a known position)."""
    from games import lobby
    from games.models import Game

    game = lobby.create_started_game(creator, users, rules=rules)
    assert not game.moves.exists()
    Game.objects.filter(pk=game.pk).update(seed=seed)
    game.refresh_from_db()
    return game


def drive_until(clients, game, stop, seed, limit=300):
    """Play ``game`` through the API (``clients`` by player name) with :func:`strategy_entry`
    until ``stop(engine)`` is true; returns the engine then."""
    from games import engine_state

    rng = random.Random(seed)
    for _ in range(limit):
        game.refresh_from_db()
        engine = engine_state.engine_for(game)
        if engine.finished or stop(engine):
            return engine
        name = engine.players[engine.pending.player]
        response = send_entry(clients[name], game.pk, len(engine.history) + 1, strategy_entry(engine, rng))
        assert response.status_code == 201, response.json()
    raise AssertionError("the game never reached the position")


class Built:
    """How many engine states a block asked for (see :func:`engines_built`)."""

    count = 0


@contextmanager
def engines_built():
    """Count the engine states the block asked for: every replay of a log, whole or in
    part, starts with an engine built (``carcassonne.Game.new`` or a bag-less ``Game``, as
    the move list's words once did to find what each move did), and every state a process
    kept from an earlier replay (``games.engine_state.REPLAYS``) counts as one too, so
    that a request replaying twice is seen whether its states were kept or not."""
    from carcassonne import Game as EngineGame
    from games.engine_state import REPLAYS

    built = Built()
    original = EngineGame.__init__
    hits = REPLAYS.hits

    def building(self, *args, **kwargs):
        built.count += 1
        original(self, *args, **kwargs)

    with mock.patch.object(EngineGame, "__init__", building):
        yield built
        built.count += REPLAYS.hits - hits


def asked(clients, game):
    """Whoever is asked, their client, the state and the legal moves."""
    state = next(iter(clients.values())).get(f"/api/games/{game.pk}/").json()
    name = state["pending"]["player"]
    legal = clients[name].get(f"/api/games/{game.pk}/legal-moves/").json()
    return name, clients[name], state, legal


def post_placement(client, game, state, placement, meeple=None, **action):
    body = {"move_number": state["move_number"], "x": placement["x"], "y": placement["y"]}
    body.update(rotation=placement["rotation"], meeple=meeple, **action)
    return client.post(f"/api/games/{game.pk}/moves/", body, format="json")


def post_answer(client, game, state, answer):
    return client.post(
        f"/api/games/{game.pk}/decision/", {"move_number": state["move_number"], "answer": answer}, format="json"
    )


def play_offered(clients, game, rng) -> str:
    """Play what the API's legal moves offer the player asked (``clients`` by name),
    preferring an action instead of a figure, a ransom or an answer other than a pass;
    returns what was played (the entry's key, 'tile' or, on a tile that fits nowhere, 'stuck')."""
    _name, client, state, legal = asked(clients, game)
    pending = legal["pending"]
    if pending["action"] != "turn":
        answers = [o["answer"] for o in pending["options"]]
        acts = [a for a in answers if None not in a.values()] or answers
        answer = rng.choice(acts)
        response = post_answer(client, game, state, answer)
        assert response.status_code == 201, response.json()
        return next(iter(answer))
    if legal.get("before_turn") and rng.random() < 0.7:
        response = post_answer(client, game, state, legal["before_turn"][0])
        assert response.status_code == 201, response.json()
        return "ransom"
    if not legal["placements"]:
        return "stuck"
    acting = [p for p in legal["placements"] if p.get("actions")]
    if acting and rng.random() < 0.7:
        placement = rng.choice(acting)
        action = rng.choice(placement["actions"])
        response = post_placement(client, game, state, placement, **action)
        assert response.status_code == 201, response.json()
        return next(iter(action))
    placement = rng.choice([p for p in legal["placements"] if not p.get("must_act")])
    figure = rng.choice([*placement["figures"], None])
    meeple = figure if figure is None or figure["figure"] != "follower" else figure["spot"]
    response = post_placement(client, game, state, placement, meeple)
    assert response.status_code == 201, response.json()
    return "tile"


def play_offered_until(clients, game, rng, done, limit=300):
    """Play as :func:`play_offered` until ``done(legal moves)``; returns :func:`asked` then."""
    for _ in range(limit):
        game.refresh_from_db()
        name, client, state, legal = asked(clients, game)
        if done(legal):
            return name, client, state, legal
        play_offered(clients, game, rng)
    raise AssertionError("never reached")
