"""The analysis of a finished game marks a planted blunder, leaves the best move alone and
judges each move only on what its player knew then."""

import json
import random
import subprocess
import sys

from carcassonne import Game, replay
from carcassonne.bots import make_bot, options_of, view_of
from carcassonne.bots.analysis import BLUNDER, analyse, mark_of
from carcassonne.bots.evaluate import potential_after
from carcassonne.bots.levels import AnswersBot

from .test_bots_cli import ROOT

PLAYOUTS = 120  # a playout budget, not a clock: the same verdict on every machine


def greedy_game(seed, plant=None, until=None, rest="greedy"):
    """A two-player greedy game; ``plant(game)`` may choose the entry of any move, and after
    move ``until`` the players switch to ``rest``."""
    game = Game.new(["Ann", "Bob"], seed=seed)
    bots = [make_bot("greedy", seed=1), make_bot("greedy", seed=2)]
    later = [make_bot(rest, seed=3), make_bot(rest, seed=4)]
    while not game.finished:
        view = view_of(game)
        entry = plant(game, view) if plant else None
        if entry is None:
            playing = later if until is not None and game.move_number > until else bots
            entry = playing[view.seat].decide(view)
        game.play(entry)
    return game.record()


def worst_and_best(view):
    ranked = sorted(options_of(view), key=lambda e: potential_after(view.game, e, view.seat))
    return ranked[0], ranked[-1]


def test_a_planted_blunder_is_marked_and_a_move_equal_to_the_best_is_not():
    planted = {}

    def plant(game, view):
        """After move 10, the first time the worst option is far worse than the best, play
        it; two moves later (the same player) play what the analysis's search prefers."""
        if not planted and game.move_number > 10:
            worst, best = worst_and_best(view)
            gap = potential_after(view.game, best, view.seat) - potential_after(view.game, worst, view.seat)
            if gap > 2 * BLUNDER:
                planted["blunder"] = game.move_number
                return worst
        if planted and game.move_number == planted["blunder"] + 2:
            return AnswersBot(game.move_number, playouts=PLAYOUTS).decide(view)
        return None

    record = greedy_game(5, plant)
    number = planted["blunder"]
    result = analyse(record, playouts=PLAYOUTS, numbers={number, number + 2})
    blunder, best = result.moves
    assert (blunder.number, blunder.mark) == (number, "blunder")
    assert blunder.loss >= BLUNDER and blunder.best != blunder.played
    assert (best.number, best.loss, best.mark, best.best) == (number + 2, 0.0, None, best.played)
    summary = result.players[blunder.seat]
    assert summary.marks["blunder"] == 1 and summary.moves == 2
    json.dumps(result.to_json())  # plain data, ready to store


def other_future(record, moves, seed):
    """``record``'s first ``moves`` moves, then the game played out with the tiles left in
    another order (random legal moves)."""
    rng = random.Random(seed)
    game = replay({**record, "moves": record["moves"][:moves]})
    while not game.finished:
        left = [t for t, c in game.remaining.items() for _ in range(c)]
        options = game.options(rng.choice(left))
        game.play(rng.choice(options))
    return game.record()


def test_the_analysis_of_a_move_does_not_depend_on_the_tiles_that_came_later():
    record = greedy_game(8)
    other = other_future(record, 20, seed=1)
    assert other["moves"][:20] == record["moves"][:20]
    assert [m.get("tile") for m in other["moves"][20:30]] != [m.get("tile") for m in record["moves"][20:30]]
    moves = set(range(15, 21))
    first = analyse(record, playouts=PLAYOUTS, numbers=moves).to_json()["moves"]
    second = analyse(other, playouts=PLAYOUTS, numbers=moves).to_json()["moves"]
    assert first == second and len(first) == 6


def test_the_marks_follow_the_documented_thresholds():
    assert [mark_of(loss) for loss in (0, 2.9, 3, 5.9, 6, 11.9, 12, 40)] == [
        None,
        None,
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]


def test_analyse_prints_each_move_and_a_summary_per_player_as_json(tmp_path):
    record = greedy_game(3)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    result = subprocess.run(
        [sys.executable, "-m", "carcassonne.bots", "analyse", str(path), "--seconds", "0.01", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert [p["name"] for p in data["players"]] == ["Ann", "Bob"]
    assert {"number", "seat", "played", "best", "loss", "mark"} <= set(data["moves"][0])
    assert all(m["loss"] >= 0 for m in data["moves"])
    assert data["thresholds"] == {"inaccuracy": 3.0, "mistake": 6.0, "blunder": 12.0}


def test_analyse_says_why_a_record_cannot_be_analysed(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"players": ["Ann", "Bob"], "moves": [{"tile": "U", "x": 1, "y": 0, "rotation": 90}]}')
    result = subprocess.run(
        [sys.executable, "-m", "carcassonne.bots", "analyse", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1 and "move 1: tile U at (1,0) rotation 90 does not fit" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_move_whose_loss_shows_as_3_0_is_an_inaccuracy_and_the_progress_is_told(monkeypatch):
    from carcassonne.bots import analysis

    monkeypatch.setattr(analysis, "judge", lambda view, entry, *args: (entry, 2.96))
    told = []
    result = analyse(greedy_game(2), playouts=1, numbers={5}, progress=lambda n, total: told.append((n, total)))
    (move,) = result.moves
    assert (move.loss, move.mark) == (3.0, "inaccuracy")  # the mark of the points the page shows
    assert told[0] == (1, told[-1][1]) and told[-1][0] == told[-1][1] == len(told)
