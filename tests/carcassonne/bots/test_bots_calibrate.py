"""``python -m carcassonne.bots calibrate``: the five levels play the same games, and the table
says whether the analysis ranks them as a strong player would."""

import json
from types import SimpleNamespace

from carcassonne import replay
from carcassonne.bots import calibrate as calibration
from carcassonne.bots.analysis import MoveAnalysis
from carcassonne.bots.cli import RESULTS


def fake_games(monkeypatch, loss_by_level):
    """Games that end at once, and an analysis that gives each level its own loss."""
    played = []

    def play_game(bots, names, rules=None, seed=None):
        played.append(list(names))
        return SimpleNamespace(record=lambda: {"players": list(names)})

    def analyse(record, seconds=None, playouts=None, seed=0):
        moves = [
            MoveAnalysis(n, seat, {}, {}, loss_by_level[name], None)
            for n, (seat, name) in enumerate(enumerate(record["players"]))
        ]
        return SimpleNamespace(moves=moves)

    monkeypatch.setattr(calibration, "play_game", play_game)
    monkeypatch.setattr(calibration, "analyse", analyse)
    return played


def test_every_level_plays_every_game_from_every_seat_in_turn(monkeypatch):
    played = fake_games(monkeypatch, dict.fromkeys(calibration.RANKED, 1.0))
    calibration.calibrate(games=5, playouts=1)
    assert all(sorted(names) == sorted(calibration.RANKED) for names in played)
    assert {names[0] for names in played} == set(calibration.RANKED)


def test_the_table_is_in_order_only_when_each_level_loses_fewer_points_than_the_one_before(monkeypatch):
    fake_games(monkeypatch, {"random": 9.0, "beginner": 7.0, "casual": 4.0, "strong": 2.5, "expert": 1.0})
    result = calibration.calibrate(games=5, playouts=1)
    assert [row["mean_loss"] for row in result["table"]] == [9.0, 7.0, 4.0, 2.5, 1.0]
    assert result["in_order"] is True
    fake_games(monkeypatch, {"random": 9.0, "beginner": 7.0, "casual": 2.0, "strong": 2.5, "expert": 1.0})
    assert calibration.calibrate(games=5, playouts=1)["in_order"] is False


def test_the_stored_calibration_ranks_the_levels_in_order_over_twenty_games_that_replay():
    folder = RESULTS / "calibration"
    result = json.loads((folder / "result.json").read_text(encoding="utf-8"))
    assert result["games"] == 20 and result["seconds"] == 0.3
    assert [row["level"] for row in result["table"]] == list(calibration.RANKED)
    means = [row["mean_loss"] for row in result["table"]]
    assert all(a > b for a, b in zip(means, means[1:])) and result["in_order"] is True
    records = sorted((folder / "records").glob("game-*.json"))
    assert len(records) == 20
    for path in records:
        game = replay(json.loads(path.read_text(encoding="utf-8")))
        assert game.finished and sorted(game.players) == sorted(calibration.RANKED)
