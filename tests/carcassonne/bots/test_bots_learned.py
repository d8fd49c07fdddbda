"""The learned value (``python -m carcassonne.bots learn``): what it judges, how it is fitted, and
that the ``mcts`` level judges by it where it was learned while ``answers`` stays as it was."""

import json
import random

import pytest

from carcassonne import Rules
from carcassonne.bots import learn
from carcassonne.bots.cli import main
from carcassonne.bots.duel import play_game, random_position
from carcassonne.bots.evaluate import (
    LEARNED,
    PARTS,
    SUMMED,
    Learned,
    advantage,
    learned,
    learns,
    load_learned,
    parts,
    potential,
)
from carcassonne.bots.levels import AnswersBot, GreedyBot, MctsBot
from carcassonne.bots.options import options_of
from carcassonne.bots.sim import copy_game
from carcassonne.bots.view import view_of

from .test_bots_trials import hot_trials


def test_the_summed_parts_of_every_seat_add_up_to_its_expected_final_score():
    for seed, moves in ((1, 10), (2, 30), (3, 50), (4, 65)):
        game = random_position(seed, moves, 2 + seed % 2)
        for row, value in zip(parts(game), potential(game)):
            assert sum(row[:SUMMED]) == pytest.approx(value)
            assert row[PARTS.index("out")] == 7 - game.supply[parts(game).index(row)]


def test_trial_moves_judged_with_trials_are_worth_what_the_learned_value_says_of_each():
    judged = 0
    for trials, trial, again, move in hot_trials():
        assert trials.learned(trial, move) == learned(again, disposable=True)
        judged += 1
    assert judged > 20


def test_the_learned_value_judges_two_player_games_of_the_default_rules_only():
    two = random_position(5, 30, 2)
    assert learns(two)
    assert learned(two) != potential(two)  # the stored network moves it
    for other in (random_position(5, 30, 3), random_position(5, 30, 2, Rules(farm_scoring="classic"))):
        assert not learns(other)
        assert learned(other) == potential(other)


def test_mcts_judges_its_options_by_the_learned_value_and_answers_by_the_expected_final_score():
    view = view_of(random_position(8, 24, 2))
    options = options_of(view)
    deep = MctsBot(1).children(view, list(options))
    plain = AnswersBot(1).children(view, list(options))
    for child in deep:
        again = copy_game(view.game)
        again.play(child.entry)
        assert child.prior == pytest.approx(advantage(learned(again), view.seat))
    for child in plain:
        again = copy_game(view.game)
        again.play(child.entry)
        assert child.prior == pytest.approx(advantage(potential(again), view.seat))


def _positions(rows):
    """Positions of one game each: (the mover's parts less the other's, share of tiles left, margin, next row)."""
    found = learn.Positions()
    for diff, stage, margin, after in rows:
        found.mover.append(diff)
        found.other.append([0.0] * len(PARTS))
        found.stage.append(stage)
        found.margin.append(margin)
        found.after.append(after)
    found.games = len(rows)
    return found


def _lead(result, diff, t):
    """The mover's lead the fitted network gives a position where the mover's parts exceed the other's by ``diff``."""
    mine, theirs = Learned.from_fit(result).judge([diff, [0.0] * len(PARTS)], t)
    return mine - theirs


def _part(name, value):
    row = [0.0] * len(PARTS)
    row[PARTS.index(name)] = value
    return row


def test_a_fit_learns_what_the_final_margins_say_of_a_part():
    rng = random.Random(3)
    rows = []
    for _ in range(400):  # every position a game's last: the margin is twice the score's lead, at every stage
        diff = _part("score", rng.uniform(-20, 20))
        diff[PARTS.index("farmers")] = rng.choice((-1.0, 0.0, 1.0))  # says nothing of the margin
        rows.append((diff, rng.random(), 2 * diff[PARTS.index("score")], -1))
    result = learn.fit(_positions(rows), iterations=1, epochs=400, rate=0.02)
    for t in (0.1, 0.5, 0.9):
        for lead in (-10.0, 5.0, 12.0):
            assert _lead(result, _part("score", lead), t) == pytest.approx(2 * lead, abs=1.5)
        farmer = _part("score", 5.0)
        farmer[PARTS.index("farmers")] = 1.0
        assert _lead(result, farmer, t) == pytest.approx(_lead(result, _part("score", 5.0), t), abs=1.0)
    assert result["trained"]["mse_learned"] < result["trained"]["mse_potential"] / 10


def test_a_position_is_fitted_to_the_value_of_its_players_next_position_not_to_the_final_margin():
    rows = []
    for index in range(200):
        lead = float(index % 7 - 3)
        first = _part("cities", lead)  # a city's expected points that the next position shows as score
        then = _part("score", 3 * lead)
        start = 2 * index
        rows.append((first, 0.9, 100.0 * (index % 2 * 2 - 1), start + 1))  # the final margin is luck
        rows.append((then, 0.1, 3 * lead, -1))
    result = learn.fit(_positions(rows), iterations=1, epochs=400, rate=0.02)
    for lead in (-3.0, 2.0):
        assert _lead(result, _part("cities", lead), 0.9) == pytest.approx(3 * lead, abs=1.0)  # the next position's


def test_positions_come_from_two_player_games_of_the_default_rules_with_each_movers_next(tmp_path):
    for number, (players, rules) in enumerate(((2, None), (3, None), (2, Rules(farm_scoring="classic")))):
        bots = [GreedyBot(seed) for seed in range(players)]
        game = play_game(bots, ["Ann", "Bob", "Cid"][:players], rules, seed=number)
        (tmp_path / f"game-{number}.json").write_text(json.dumps(game.record()))
    found = learn.positions(tmp_path.glob("game-*.json"))
    record = json.loads((tmp_path / "game-0.json").read_text())
    assert found.games == 1
    assert (
        len(found.mover) == len(found.other) == len(record["moves"]) - 1
    )  # every tile turn but the last, which ends the game
    assert found.after[0] == 2 and found.after[1] == 3 and found.after[-1] == -1 and found.after[-2] == -1
    assert found.margin[0] == -found.margin[1] and found.stage[0] > found.stage[-1]


def test_learn_fits_and_writes_the_network_the_bots_load(tmp_path, monkeypatch, capsys):
    for seed in range(2):
        game = play_game([GreedyBot(1), GreedyBot(2)], ["Ann", "Bob"], seed=seed)
        (tmp_path / f"game-{seed}.json").write_text(json.dumps(game.record()))
    stored = tmp_path / "learned.json"
    monkeypatch.setattr(learn, "LEARNED_PATH", stored)
    assert main(["learn", "--records", str(tmp_path), "--iterations", "2", "--write", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["trained"]["games"] == 2 and printed["trained"]["iterations"] == 2
    assert load_learned(stored).network == printed["network"]
    assert printed["trained"]["records"] == [tmp_path.as_posix()]


def test_learn_says_so_when_a_folder_holds_no_game_it_can_learn_from(tmp_path, capsys):
    assert main(["learn", "--records", str(tmp_path)]) == 1
    assert "no two-player games of the default rules" in capsys.readouterr().err


def test_a_network_learned_for_other_parts_is_refused(tmp_path):
    stored = tmp_path / "learned.json"
    network = {"me": [[0.0]], "other": [[0.0]], "stage": [0.0], "bias": [0.0], "out": [1.0]}
    stored.write_text(json.dumps({"parts": ["score"], "network": network, "players": 2, "trained": {}}))
    with pytest.raises(ValueError, match="other parts"):
        load_learned(stored)
    stored.write_text(json.dumps({"parts": list(PARTS), "network": network, "players": 2, "trained": {}}))
    with pytest.raises(ValueError, match="do not match the parts"):
        load_learned(stored)
    assert len(LEARNED.network["me"]) == len(PARTS)


def test_the_counted_parts_count_what_each_seat_holds_on_the_board():
    from carcassonne.scoring import figure_majority

    for seed, moves in ((1, 30), (6, 50), (7, 62)):
        game = random_position(seed, moves, 2)
        board = game.board
        held = [{"road": 0, "city": 0, "cloister": 0, "field": 0, "open": 0, "cities": 0} for _ in range(2)]
        for root in board.occupied_features():
            kind = board.kind(root)
            for seat in figure_majority(board.figures(root), 2, game.out):
                held[seat][kind] += 1
                if kind in ("road", "city"):
                    held[seat]["open"] += len(board.open_cells(root))
                if kind == "field":
                    held[seat]["cities"] += len(list(board.bordering_cities(root)))
        for seat, row in enumerate(parts(game)):
            counted = dict(zip(PARTS, row))
            assert counted["roads_held"] == held[seat]["road"] and counted["cities_held"] == held[seat]["city"]
            assert counted["farms_held"] == held[seat]["field"] and counted["open_cells"] == held[seat]["open"]
            assert counted["farm_cities"] == held[seat]["cities"]


def test_without_a_network_for_the_parts_every_game_is_judged_by_the_expected_final_score(monkeypatch):
    from carcassonne.bots import evaluate

    game = random_position(5, 30, 2)
    monkeypatch.setattr(evaluate, "LEARNED", None)  # learned.json fitted for other parts
    assert not learns(game)
    assert learned(game) == potential(game)


def test_the_learned_value_of_two_seats_swaps_when_the_seats_swap():
    for seed, moves in ((2, 20), (9, 44)):
        rows = parts(random_position(seed, moves, 2))
        for t in (0.2, 0.7):
            mine, theirs = LEARNED.judge(rows, t)
            assert LEARNED.judge(rows[::-1], t) == pytest.approx([theirs, mine])
            assert mine + theirs == pytest.approx(
                sum(rows[0][:SUMMED]) + sum(rows[1][:SUMMED])
            )  # a residual moves points between seats
