"""The move log's data migration: old rows become the engine's record entries and
back again, without loss."""

import pytest
from django.db import connection
from django.db.migrations.exceptions import IrreversibleError
from django.db.migrations.executor import MigrationExecutor

from carcassonne import Move as EngineMove

ACCOUNTS = ("accounts", "0002_pending_email_and_skeleton")  # the users table as it is now
OLD = [("games", "0003_move_skip_forfeit"), ACCOUNTS]
NEW = [("games", "0004_move_entry"), ACCOUNTS]

# (tile, x, y, rotation, meeple, discard, skip, forfeit): one row of every kind
ROWS = [
    ("V", 1, 0, 90, "field:NNW", False, False, False),
    ("D", 0, 1, 180, None, False, False, False),
    ("B", -1, 0, 0, "cloister", False, False, False),
    ("X", None, None, None, None, True, False, False),
    ("U", None, None, None, None, False, True, False),
    ("E", None, None, None, None, False, False, True),
]
COLUMNS = ("tile", "x", "y", "rotation", "meeple", "discard", "skip", "forfeit")


def _migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


def _old_game(apps):
    User = apps.get_model("accounts", "User")
    Game = apps.get_model("games", "Game")
    Move = apps.get_model("games", "Move")
    user = User.objects.create(username="ann", email="ann@example.com")
    game = Game.objects.create(created_by=user, status="active", seed=7, rules={}, move_count=len(ROWS))
    for number, values in enumerate(ROWS, 1):
        Move.objects.create(game=game, number=number, seat=number % 2, points=[number, 0], **dict(zip(COLUMNS, values)))
    return game.pk


@pytest.mark.django_db(transaction=True)
def test_old_move_rows_become_the_engines_entries_and_go_back_unchanged():
    try:
        game_id = _old_game(_migrate(OLD))
        Move = _migrate(NEW).get_model("games", "Move")
        rows = list(Move.objects.filter(game_id=game_id).order_by("number"))
        expected = [
            EngineMove(tile, x or 0, y or 0, rotation or 0, meeple, discard, skip, forfeit).to_json()
            for tile, x, y, rotation, meeple, discard, skip, forfeit in ROWS
        ]
        assert [row.entry for row in rows] == expected
        assert [(row.seat, row.points) for row in rows] == [(n % 2, [n, 0]) for n in range(1, len(ROWS) + 1)]
        assert Move._meta.apps.get_model("games", "Game").objects.get(pk=game_id).pending_action == "turn"

        Move = _migrate(OLD).get_model("games", "Move")
        back = [
            tuple(getattr(row, c) for c in COLUMNS) for row in Move.objects.filter(game_id=game_id).order_by("number")
        ]
        assert back == ROWS
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_going_back_refuses_entries_the_old_columns_cannot_hold():
    try:
        game_id = _old_game(_migrate(OLD))
        Move = _migrate(NEW).get_model("games", "Move")
        Move.objects.create(
            game_id=game_id, number=len(ROWS) + 1, seat=0, entry={"player": "ann", "resign": True}, points=[0, 0]
        )
        with pytest.raises(IrreversibleError, match="cannot hold"):
            _migrate(OLD)
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
