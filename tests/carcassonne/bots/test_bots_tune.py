"""``python -m carcassonne.bots tune``: SPSA self-play moves the evaluation's weights, records
its games, and leaves the weights the bots use untouched."""

import json

from carcassonne import replay
from carcassonne.bots import evaluate
from carcassonne.bots.tune import check, current, spsa, using


def test_judging_with_other_weights_leaves_the_weights_as_they_were():
    before = current()
    with using({**before, "REACH": 0.1}):
        assert evaluate.REACH == 0.1
    assert current() == before


def test_a_step_plays_recorded_games_and_moves_every_weight(tmp_path):
    before = current()
    result = spsa(steps=1, games=2, seed=3, records=tmp_path)
    assert current() == before
    records = sorted(tmp_path.glob("game-*.json"))
    assert len(records) == 2
    assert all(replay(json.loads(path.read_text())).finished for path in records)
    share = result["history"][0]["share_plus"]
    moved = [result["after"][name] != round(value, 4) for name, value in result["before"].items()]
    assert all(moved) if share != 0.5 else not any(moved)


def test_check_plays_given_weights_against_the_current_ones_on_each_deal_twice(tmp_path):
    before = current()
    result = check({"REACH": 0.5}, games=2, seed=4, records=tmp_path)
    assert current() == before
    assert result["weights"] == {**before, "REACH": 0.5} and result["against"] == before
    assert 0.0 <= result["share"] <= 1.0
    games = [replay(json.loads(path.read_text())) for path in sorted(tmp_path.glob("game-*.json"))]
    assert len(games) == 2
    first_tiles = [[turn.move.tile for turn in game.history] for game in games]
    assert first_tiles[0][0] == first_tiles[1][0]  # one deal, the sides swapped
    assert games[0].players == list(reversed(games[1].players))
