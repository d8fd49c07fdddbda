"""Stored moves of every kind replay in the archive as NOTATION.md moves."""

from archive.queries import move_json
from archive.replay import describe_move
from games.engine import Game, Move


def _row(number, move: Move, points=(0, 0)):
    placed = move.places_tile
    return {
        "number": number, "seat": 0, "tile": move.tile,
        "x": move.x if placed else None, "y": move.y if placed else None,
        "rotation": move.rotation if placed else None, "meeple": move.meeple,
        "discard": move.discard, "skip": move.skip, "forfeit": move.forfeit, "points": list(points),
    }


def test_timeout_moves_replay_and_read_as_timeouts():
    game = Game.new(["ann", "bob", "cid"], seed=11)
    skip = Move(game.tile, skip=True)
    game.play(skip)
    forfeit = Move(game.tile, forfeit=True)
    game.play(forfeit)
    rows = [_row(1, skip), _row(2, forfeit)]
    assert [move_json(r) for r in rows] == [skip.to_json(), forfeit.to_json()]
    replayed = Game.new(["ann", "bob", "cid"], seed=11)
    for r in rows:
        replayed.play(Move.from_json(move_json(r)))
    assert replayed.out == {1} and replayed.tile == game.tile
    assert "skipped" in describe_move(rows[0], ["ann", "bob", "cid"])["text"]
    assert "lost on time" in describe_move(rows[1], ["ann", "bob", "cid"])["text"]
