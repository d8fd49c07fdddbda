"""``python -m carcassonne`` (NOTATION.md 'The engine's command line')."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "carcassonne", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


GOOD = {
    "format": "carcassonne-record/1",
    "rules": {"expansions": [], "farm_scoring": "current"},
    "players": ["Ann", "Bob"],
    "moves": [
        {"tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": "road:E"},
        {"tile": "E", "x": 0, "y": -1, "rotation": 180, "meeple": "city:S"},
    ],
}


def write(tmp_path, data, name="game.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def test_replay_prints_the_summary(tmp_path):
    result = run("replay", str(write(tmp_path, GOOD)))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    # Ann: road D+U open, follower on it; Bob closes D's city with E: 2 tiles -> 4
    assert json.loads(result.stdout) == {
        "scores": {"Ann": 0, "Bob": 4},
        "supply": {"Ann": 6, "Bob": 7},
        "finished": False,
        "winners": None,
        "pending": {"player": "Ann", "action": "turn"},
    }
    assert len(result.stdout.strip().splitlines()) == 1


def test_replay_from_standard_input():
    result = run("replay", "-", stdin=json.dumps(GOOD))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["scores"] == {"Ann": 0, "Bob": 4}


def test_replay_final(tmp_path):
    result = run("replay", "--final", str(write(tmp_path, GOOD)))
    assert result.returncode == 0, result.stderr
    # the final scoring adds Ann's incomplete road D+U: 2
    assert json.loads(result.stdout) == {
        "scores": {"Ann": 2, "Bob": 4},
        "supply": {"Ann": 6, "Bob": 7},
        "finished": True,
        "winners": ["Bob"],
        "pending": None,
    }


def test_illegal_record_exits_1_with_one_line(tmp_path):
    bad = dict(GOOD, moves=GOOD["moves"] + [{"tile": "U", "x": 1, "y": -1, "rotation": 90, "meeple": None}])
    result = run("replay", str(write(tmp_path, bad)))
    assert result.returncode == 1
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("move 3: ")
    assert "Traceback" not in result.stderr
    # U r90 at (1,-1): its south edge (road) meets the north edge of U(1,0), a field
    assert lines[0] == "move 3: tile U at (1,-1) rotation 90 does not fit: its south edge (road) meets a field"


@pytest.mark.parametrize(
    "text, start",
    [
        ("{not json", "record: the record is not valid JSON"),
        ('{"players": ["Ann", "Bob"], "moves": 3}', "record: moves must be a list"),
        ('{"players": ["Ann", "Bob"], "moves": [{"tile": "U", "x": "a", "y": 0, "rotation": 0}]}', "move 1: "),
    ],
)
def test_malformed_record_exits_1_with_one_line(tmp_path, text, start):
    result = run("replay", str(write(tmp_path, text)))
    assert result.returncode == 1
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(start)
    assert "Traceback" not in result.stderr


def test_missing_file_exits_1(tmp_path):
    result = run("replay", str(tmp_path / "nothing.json"))
    assert result.returncode == 1
    assert len(result.stderr.splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_random_is_deterministic_and_replays(tmp_path):
    first = run("random", "--seed", "5", "--players", "3")
    second = run("random", "--seed", "5", "--players", "3")
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    data = json.loads(first.stdout)
    assert data["players"] == ["Ann", "Bob", "Cid"]
    assert len(data["moves"]) == 71
    other = run("random", "--seed", "6", "--players", "3")
    assert other.stdout != first.stdout
    replayed = run("replay", str(write(tmp_path, first.stdout)))
    assert replayed.returncode == 0, replayed.stderr
    out = json.loads(replayed.stdout)
    assert out["finished"] is True
    assert set(out["scores"]) == {"Ann", "Bob", "Cid"}


def test_random_with_the_river(tmp_path):
    result = run("random", "--seed", "2", "--players", "2", "--river")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["rules"]["expansions"] == ["river"]
    assert data["start"]["tile"] == "RV-S"
    assert data["moves"][-1]["tile"] != "RV-L" and len(data["moves"]) == 83
    replayed = run("replay", str(write(tmp_path, result.stdout)))
    assert replayed.returncode == 0 and json.loads(replayed.stdout)["finished"] is True


def test_bench_json():
    result = run("bench", "--json", "--games", "3", "--replays", "3")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["random_games_per_s"] > 0
    assert data["replay_ms"] > 0
