"""The named levels: one table, legal moves at every level, the ladder command and the
strength a page shows in words."""

import json

from carcassonne.bots import view_of
from carcassonne.bots.duel import play_game, random_position
from carcassonne.bots.ladder import NAMED_LEVELS, bot_for, choose_move, measured, strength_of, strength_words
from carcassonne.bots.levels import LEVELS, AnswersBot, BeginnerBot, RandomBot

from .test_bots_cli import run

RESULTS = {
    "levels": [{"name": lv.name} for lv in NAMED_LEVELS],
    "pairs": [
        {"level": "casual", "against": "beginner", "games": 10, "wins": 10.0, "losses": 0.0},
        {"level": "strong", "against": "casual", "games": 10, "wins": 8.5, "losses": 1.5},
        {"level": "strong", "against": "beginner", "games": 10, "wins": 10.0, "losses": 0.0},
    ],
}


def test_there_are_four_levels_from_beginner_to_expert_each_one_of_the_cli_bots():
    assert [lv.name for lv in NAMED_LEVELS] == ["beginner", "casual", "strong", "expert"]
    assert all(lv.bot in LEVELS for lv in NAMED_LEVELS)


def test_every_level_plays_a_legal_move():
    game = random_position(4, 30)
    for level in NAMED_LEVELS:
        entry = choose_move(view_of(game), level.name, seed=1) if level.bot not in ("answers", "mcts") else None
        if entry is None:  # the searching level on a playout budget, not a clock
            bot = bot_for(level, seed=1)
            bot.playouts = 40
            entry = bot.decide(view_of(game))
        game.check(entry)


def test_the_strength_in_words_names_the_level_just_below():
    assert strength_words("strong", RESULTS) == "wins 8 of 10 against Casual"
    assert strength_words("beginner", RESULTS) == ""
    assert strength_of("strong", RESULTS) == [
        {"against": "casual", "wins": 8, "games": 10},
        {"against": "beginner", "wins": 10, "games": 10},
    ]


def test_the_stored_ladder_results_name_the_levels_of_the_table():
    results = measured()
    assert results is not None and results["command"].startswith("python -m carcassonne.bots ladder")
    assert [lv["name"] for lv in results["levels"]] == [lv.name for lv in NAMED_LEVELS]
    assert all(strength_words(lv.name, results) for lv in NAMED_LEVELS[1:])


def test_the_search_beats_a_random_player_on_a_playout_budget():
    bots = [AnswersBot(1, playouts=60), bot_for("beginner", seed=2)]
    game = play_game(bots, ["mcts", "random"], seed=3)
    assert game.outcome.winners == (0,)


def test_ladder_prints_the_win_rates_and_ratings_of_the_four_levels_as_json():
    result = run("ladder", "--games", "1", "--seconds", "0.01", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert [lv["name"] for lv in data["levels"]] == ["beginner", "casual", "strong", "expert"]
    assert len(data["pairs"]) == 6 and all(p["wins"] + p["losses"] == 1 for p in data["pairs"])
    assert all({"mu", "sigma", "ordinal"} <= set(lv) for lv in data["levels"])


def test_the_beginner_is_a_bot_of_its_own_that_beats_the_random_bot_and_never_farms_at_random(monkeypatch):
    assert type(bot_for("beginner")) is BeginnerBot
    won, placed = 0.0, []
    for index in range(6):
        if index == 4:  # from now on its moves are all chosen at random, not for their points
            monkeypatch.setattr(BeginnerBot, "care", 0.0)
            placed.clear()
        seat = index % 2
        beginner = bot_for("beginner", seed=index)
        decide = beginner.decide
        beginner.decide = lambda view, decide=decide: placed.append(decide(view)) or placed[-1]
        bots: list = [RandomBot(index), RandomBot(index + 10)]
        bots[seat] = beginner
        outcome = play_game(bots, ["a", "b"], seed=index).outcome
        won += 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
    assert won >= 5
    spots = [entry.meeple for entry in placed if getattr(entry, "meeple", None) is not None]
    assert spots and not any(spot.startswith("field") for spot in spots)
