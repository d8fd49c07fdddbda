"""Stored entries of every kind replay in the archive and read as what happened."""

from archive.replay_page import describe_move
from carcassonne import Game, Move, Resign
from games.present.view import GameView


def test_timeout_and_resign_entries_replay_and_read_as_what_happened():
    game = Game.new(["ann", "bob", "cid", "dee"], seed=11)
    rows = []
    for entry in (Move(game.tile, skip=True), None, Resign("dee")):
        turn = game.play(entry or Move(game.tile, forfeit=True))
        rows.append(
            {"number": turn.number, "seat": turn.player, "entry": turn.move.to_json(), "points": list(turn.points)}
        )
    replayed = Game.new(["ann", "bob", "cid", "dee"], seed=11)
    for row in rows:
        replayed.play_json(row["entry"])
    assert replayed.out == {1, 3} and replayed.tile == game.tile
    names = ["ann", "bob", "cid", "dee"]
    view = GameView(replayed, names)
    texts = [describe_move(row, names, view)["text"] for row in rows]
    assert "ann" in texts[0] and "skipped" in texts[0]
    assert "bob" in texts[1] and "lost on time" in texts[1]
    assert texts[2] == "dee resigned"
    assert describe_move(rows[2], names, view)["entry"] == {"player": "dee", "resign": True}
