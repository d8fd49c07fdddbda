"""``python -m carcassonne.bots duel|bench``: the exact form our checks use."""

import json
import subprocess
import sys
from pathlib import Path

from carcassonne import replay

ROOT = Path(__file__).resolve().parents[3]


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "carcassonne.bots", *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def test_duel_prints_wins_and_draws_as_json_and_writes_each_record(tmp_path):
    result = run(
        "duel",
        "--a",
        "greedy",
        "--b",
        "random",
        "--games",
        "4",
        "--players",
        "2",
        "--seconds",
        "0.05",
        "--seed",
        "3",
        "--json",
        "--records",
        str(tmp_path),
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["games"] == 4
    assert data["wins"]["a"] + data["wins"]["b"] + data["draws"] == 4
    assert data["wins"]["a"] >= 3  # greedy beats random
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 4
    firsts = set()
    for path in records:
        record = json.loads(path.read_text())
        game = replay(record)
        assert game.finished and len(record["moves"]) >= 71
        firsts.add(record["players"][0].split("-")[0])
    assert firsts == {"a1", "b1"}  # who starts alternates


def test_duel_plays_the_rules_given_as_json(tmp_path):
    result = run(
        "duel",
        "--a",
        "random",
        "--b",
        "random",
        "--games",
        "1",
        "--players",
        "3",
        "--seconds",
        "0.05",
        "--seed",
        "1",
        "--json",
        "--rules",
        '{"expansions": ["river"]}',
        "--records",
        str(tmp_path),
    )
    assert result.returncode == 0, result.stderr
    (path,) = tmp_path.glob("*.json")
    record = json.loads(path.read_text())
    assert record["rules"]["expansions"] == ["river"] and len(record["players"]) == 3


def test_duel_rejects_bad_arguments_with_a_message():
    result = run("duel", "--a", "genius", "--b", "random", "--games", "1", "--json")
    assert result.returncode == 2 and "genius" in result.stderr
    result = run("duel", "--a", "random", "--b", "random", "--games", "1", "--rules", '{"hand": 9}')
    assert result.returncode == 2 and "rules.hand must be a number of tiles from 1 to 5" in result.stderr
    result = run("duel", "--a", "random", "--b", "random", "--games", "0")
    assert result.returncode == 2 and "more than 0" in result.stderr


def test_bench_prints_answers_per_second_and_the_options_judged():
    # a budget well above the ~0.3 s CPU the search needs here: on a loaded machine a slower first
    # option must not leave the clock too short to start the second
    result = run("bench", "--json", "--seconds", "2")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["answers_per_s"] > 0 and data["answers"] > 0
    assert 2 <= data["searched"] <= data["options"]


def test_the_bots_do_not_import_django():
    code = "import sys, carcassonne.bots, carcassonne.bots.cli; print([m for m in sys.modules if m.split('.')[0] in ('django', 'rest_framework')])"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.stdout.strip() == "[]", result.stderr


def test_duel_gives_each_side_its_own_thinking_time(monkeypatch):
    from carcassonne.bots import duel as duel_module

    made = []
    real = duel_module.make_bot

    def recording(level, seed=None, seconds=0.2, playouts=None):
        made.append((level, seconds))
        return real("greedy", seed=seed)  # fast: the test is about what each side was given

    monkeypatch.setattr(duel_module, "make_bot", recording)
    result = duel_module.duel("mcts", "mcts", 2, seconds=0.2, seed=1, seconds_a=1.0, seconds_b=0.1)
    assert sorted(set(made)) == [("mcts", 0.1), ("mcts", 1.0)] and len(made) == 4
    assert (result["seconds_a"], result["seconds_b"]) == (1.0, 0.1)
    assert result["share_a"] == (result["wins"]["a"] + result["draws"] / 2) / 2


def test_duel_accepts_seconds_for_each_side_on_the_command_line():
    result = run(
        "duel", "--a", "greedy", "--b", "random", "--games", "1", "--seconds-a", "0.5", "--seconds-b", "0.1", "--json"
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert (data["seconds_a"], data["seconds_b"]) == (0.5, 0.1)


def test_duel_judges_each_side_with_its_own_weights(monkeypatch):
    from carcassonne.bots import duel as duel_module
    from carcassonne.bots import evaluate
    from carcassonne.bots.levels import RandomBot

    seen = []

    class Recording:
        def __init__(self, side):
            self.side = side
            self.bot = RandomBot(1)

        def decide(self, view):
            seen.append((self.side, evaluate.REACH))
            return self.bot.decide(view)

    made = iter(["a", "b"] * 2)
    monkeypatch.setattr(duel_module, "make_bot", lambda level, seed=None, seconds=0.2: Recording(next(made)))
    before = evaluate.weights()
    result = duel_module.duel("greedy", "greedy", 1, seed=1, weights={"a": {"REACH": 0.5}})
    assert {reach for side, reach in seen if side == "a"} == {0.5}
    assert {reach for side, reach in seen if side == "b"} == {before["REACH"]}
    assert evaluate.weights() == before
    assert result["weights"] == {"a": {"REACH": 0.5}}


def test_duel_takes_weights_as_json_and_refuses_unknown_ones():
    result = run("duel", "--a", "greedy", "--b", "greedy", "--games", "1", "--weights-b", '{"REACH": 0.6}', "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["weights"] == {"b": {"REACH": 0.6}}
    result = run("duel", "--a", "greedy", "--b", "greedy", "--games", "1", "--weights-a", '{"SPEED": 2}')
    assert result.returncode == 2 and "unknown SPEED" in result.stderr
