"""The commands (games.lobby, games.turns): creating, filling and playing games around the engine."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from carcassonne import replay
from games import lobby, recorded, turns
from games.engine_state import engine_for
from games.errors import Conflict, GameError, NotAllowed, NotFound
from games.models import Game, Move, Seat
from games.present import payloads
from games.present.view import GameView

pytestmark = pytest.mark.django_db


def play_first(game):
    """Play the first legal placement, no follower, as whoever's turn it is."""
    game.refresh_from_db()
    engine = engine_for(game)
    placement = engine.legal_placements()[0]
    user = game.seats.get(position=game.current_seat).user
    return turns.play_move(game.pk, user, game.move_count + 1, placement.x, placement.y, placement.rotation, None)


def test_create_game_seats(ann, bob):
    game = lobby.create_game(ann, ["bob", "zed@example.net"], open_seats=1, name="  Sunday  ")
    assert game.name == "Sunday"
    seats = list(game.seats.order_by("position"))
    assert [(s.position, s.user_id, s.state, s.invited_email) for s in seats] == [
        (0, ann.pk, "joined", ""),
        (1, bob.pk, "invited", ""),
        (2, None, "invited", "zed@example.net"),
        (3, None, "open", ""),
    ]
    assert game.status == Game.Status.WAITING and game.seed is None


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"invite": ["bob"], "seat_order": "shuffled"}, "seat_order"),
        ({"invite": ["bob"], "rules": {"farm_scoring": "x"}}, "farm_scoring"),
        ({"invite": ["bob"], "open_seats": -1}, "open_seats"),
        ({"invite": ["ghost"]}, "ghost"),
        ({"invite": ["not-an@address"]}, "e-mail"),
        ({"invite": ["bob", "BOB"]}, "twice"),
        ({"invite": ["bob"], "open_seats": 4}, "2 to 5"),
    ],
)
def test_create_game_refusals(ann, bob, kwargs, message):
    with pytest.raises(GameError, match=message) as info:
        lobby.create_game(ann, **kwargs)
    assert info.value.status == 400
    assert not Game.objects.exists()


def test_waiting_game_with_open_seats_has_an_engine(ann):
    game = lobby.create_game(ann, open_seats=2)
    engine = engine_for(game)
    state = payloads.game_state(GameView.of(game, None, engine))
    assert [p["username"] for p in state["players"]] == ["ann", None, None]
    assert state["tile"] is None and len(state["board"]) == 1


def test_start_when_full(ann, bob, dan):
    game = lobby.create_game(ann, ["bob"], open_seats=1)
    lobby.accept_invitation(game.pk, bob)
    game.refresh_from_db()
    assert game.status == Game.Status.WAITING
    lobby.join_game(game.pk, dan)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert game.seed is not None and game.started_at is not None
    assert game.current_seat == 0 and game.scores == [0, 0, 0]


def test_status_of_errors(ann, bob, dan, started):
    with pytest.raises(NotFound) as info:
        lobby.join_game(99999, dan)
    assert info.value.status == 404
    with pytest.raises(NotAllowed):
        lobby.accept_invitation(started.pk, dan)
    with pytest.raises(Conflict):
        lobby.join_game(started.pk, dan)
    with pytest.raises(NotAllowed, match="not playing"):
        turns.play_move(started.pk, dan, 1, 1, 0, 0, None)
    with pytest.raises(NotAllowed, match="ann's turn"):
        turns.play_move(started.pk, bob, 1, 1, 0, 0, None)
    with pytest.raises(Conflict, match="has moved on"):
        turns.play_move(started.pk, ann, 2, 1, 0, 0, None)
    with pytest.raises(GameError, match="whole number"):
        turns.play_move(started.pk, ann, "1", 1, 0, 0, None)
    with pytest.raises(NotFound):
        turns.play_move(99999, ann, 1, 1, 0, 0, None)


def test_illegal_move_stores_nothing(started, ann):
    with pytest.raises(GameError, match=r"^move 1: ") as info:
        turns.play_move(started.pk, ann, 1, 0, 0, 0, None)
    assert info.value.status == 400
    assert not Move.objects.exists()
    started.refresh_from_db()
    assert started.move_count == 0


def test_moves_replay_from_the_log(started):
    for _ in range(6):
        locked = play_first(started)
        game, engine = locked.game, locked.engine
    rows = list(Move.objects.filter(game=started).order_by("number"))
    assert [r.number for r in rows] == list(range(1, len(rows) + 1))
    assert game.move_count == len(rows) == len(engine.history)
    assert game.scores == engine.scores
    again = engine_for(Game.objects.get(pk=started.pk))
    assert again.scores == engine.scores and again.tile == engine.tile
    assert [t.move.to_json() for t in again.history] == [r.entry for r in rows]
    record = recorded.record(game, engine)
    assert replay(record).scores == engine.scores
    for k in (0, 2, len(rows)):  # the game after k moves: the engine's own replay of the record
        partial, expected = engine_for(game, upto=k), replay(record, upto=k)
        assert partial.scores == expected.scores and partial.supply == expected.supply
        assert [t.move for t in partial.history] == [t.move for t in expected.history] and len(partial.history) == k


def test_game_state_hides_the_bag(started):
    locked = play_first(started)
    game, engine = locked.game, locked.engine
    state = payloads.game_state(GameView.of(game, None, engine))
    text = repr(state)
    assert "seed" not in state and "bag" not in state
    assert str(game.seed) not in text
    assert state["tile"] == engine.tile


def test_legal_moves_match_engine(started):
    engine = engine_for(started)
    data = GameView.of(started, None, engine).legal
    assert data["tile"] == engine.tile
    assert [(p["x"], p["y"], p["rotation"]) for p in data["placements"]] == [
        tuple(p) for p in engine.legal_placements()
    ]


def test_play_move_queries_do_not_grow(started):
    counts = []
    for _ in range(30):
        started.refresh_from_db()
        engine = engine_for(started)
        placement = engine.legal_placements()[0]
        user = started.seats.get(position=started.current_seat).user
        with CaptureQueriesContext(connection) as queries:
            turns.play_move(
                started.pk, user, started.move_count + 1, placement.x, placement.y, placement.rotation, None
            )
        counts.append(len(queries))
    assert max(counts) == min(counts), counts


def test_random_seat_order_is_drawn_at_start(ann, bob, cid):
    game = lobby.create_game(ann, ["bob", "cid"], seat_order="random")
    lobby.accept_invitation(game.pk, bob)
    lobby.accept_invitation(game.pk, cid)
    seats = list(Seat.objects.filter(game=game).order_by("position"))
    assert [s.position for s in seats] == [0, 1, 2]
    assert {s.user.username for s in seats} == {"ann", "bob", "cid"}


def test_what_happened_is_announced_inside_the_moves_transaction(started):
    """A receiver's writes (outbox rows) commit or roll back with the move."""
    from django.db import connection

    from games import signals

    seen = []

    def listen(sender, signal=None, **kwargs):
        seen.append((signal, connection.in_atomic_block, Move.objects.filter(game=kwargs["game"]).count()))

    def fail(sender, **kwargs):
        raise RuntimeError("the outbox is broken")

    for signal in (signals.turn_started, signals.player_left, signals.game_finished):
        signal.connect(listen, weak=False)
    try:
        play_first(started)
        turns.resign(started.pk, started.seats.get(position=1).user)
    finally:
        for signal in (signals.turn_started, signals.player_left, signals.game_finished):
            signal.disconnect(listen)
    assert [s for s, _, _ in seen] == [signals.turn_started, signals.game_finished, signals.player_left]
    assert [count for _, _, count in seen][-1] == Move.objects.filter(
        game=started
    ).count()  # the entry is already there

    game = lobby.create_started_game(started.created_by, [started.created_by, started.seats.get(position=1).user])
    before = (game.move_count, Move.objects.filter(game=game).count())
    signals.turn_started.connect(fail, weak=False)
    try:
        with pytest.raises(RuntimeError):
            play_first(game)
    finally:
        signals.turn_started.disconnect(fail)
    game.refresh_from_db()
    assert (game.move_count, Move.objects.filter(game=game).count()) == before  # the move was not kept
