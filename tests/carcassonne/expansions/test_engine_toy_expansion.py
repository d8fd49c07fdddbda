"""An expansion of the engine is one file: a toy expansion written into a temporary folder
(tests/carcassonne/expansions/toy.py), added to ``carcassonne.expansions.__path__`` and discovered, is an
option of the rules, plays a whole random game, replays from its record, and is gone
after the test."""

import pytest

import carcassonne.expansions
from carcassonne import RecordError, Rules, RulesError, replay
from carcassonne.autoplay import random_game
from carcassonne.board import key_of
from carcassonne.hooks import MODULES, expansion_ids
from carcassonne.rules import KNOWN_EXPANSIONS, Option
from tests.carcassonne.expansions.toy import TOY_CATEGORY, TOY_HELP, TOY_LABEL, toy_engine_expansion, toy_expansion

__all__ = ["toy_engine_expansion"]  # the fixture, imported to be used here

SHIPPED = expansion_ids()  # the expansions in this folder, written but not yet played ones too
PLAYED = expansion_ids(supported_only=True)  # those of them that Rules.options() offers


def completed_roads(game):
    """The completed roads on the board, counted from the board itself."""
    board = game.board
    roots = {
        board.root(key_of(placed.x, placed.y), seg.index)
        for placed in board
        for seg in placed.orientation.segments
        if seg.kind == "road"
    }
    return sum(1 for root in roots if board.is_complete(root))


def test_a_discovered_expansion_is_an_option_in_its_place_of_the_hook_order(toy_engine_expansion):
    toy = toy_engine_expansion
    assert carcassonne.expansions.discover() == []  # found once
    assert expansion_ids() == (*SHIPPED, toy) and tuple(KNOWN_EXPANSIONS) == (*SHIPPED, toy)
    names = [cls.name for cls in MODULES]
    assert names.index(SHIPPED[-1]) < names.index(toy) < names.index("small_city")  # order 85: before the house rules
    options = Rules.options()
    assert [o.name for o in options if o.kind == "expansion"] == [*PLAYED, toy]  # an expansion's own options between
    assert next(o for o in options if o.name == toy) == Option(toy, "expansion", False, TOY_LABEL, TOY_HELP)
    rules = Rules.from_options({toy: True, "river": True})
    assert rules.expansions == ("river", toy) and rules.option_values()[toy] is True
    assert Rules.from_json({"expansions": [toy, "river"]}) == rules  # one order: the hooks'


@pytest.mark.parametrize("seed", [3, 11])
def test_a_random_game_with_the_toy_scores_its_roads_and_replays(toy_engine_expansion, seed):
    toy = toy_engine_expansion
    game = random_game(seed=seed, players=3, rules=Rules.from_options({toy: True}))
    assert game.finished
    base = random_game(seed=seed, players=3)  # the toy adds no tiles and changes no move
    record = game.record()
    assert record["rules"]["expansions"] == [toy] and record["moves"] == base.record()["moves"]
    extra = [b.get(TOY_CATEGORY, 0) for b in game.breakdown]
    assert sum(extra) == completed_roads(game) > 0  # a point for every completed road
    assert game.scores == [s + e for s, e in zip(base.scores, extra)]
    again = replay(record, final=True)
    assert again.scores == game.scores and again.breakdown == game.breakdown
    assert again.outcome == game.outcome


def test_the_toy_is_gone_after_its_block(tmp_path):
    with toy_expansion(tmp_path / "toy") as toy:
        record = random_game(seed=5, rules=Rules.from_options({toy: True})).record()
        assert replay(record).finished
    assert expansion_ids() == SHIPPED and toy not in [o.name for o in Rules.options()]
    assert all(cls.name != toy for cls in MODULES)
    assert str(tmp_path / "toy") not in carcassonne.expansions.__path__
    with pytest.raises(RulesError, match="unknown expansion 'toy'"):
        Rules.from_json({"expansions": [toy]})
    with pytest.raises(RecordError, match="unknown expansion 'toy'"):
        replay(record)
    with toy_expansion(tmp_path / "again") as toy:  # and may be discovered again
        assert Rules(expansions=(toy,)).expansions == (toy,)


def test_no_toy_is_left_from_another_test():
    assert expansion_ids() == SHIPPED
    assert [o.name for o in Rules.options() if o.kind == "expansion"] == [*PLAYED]
    with pytest.raises(RulesError, match="unknown expansion 'toy'"):
        Rules.from_json({"expansions": ["toy"]})


def test_a_second_module_of_a_registered_name_or_with_another_option_is_refused():
    from carcassonne.hooks import RuleModule, register

    class Twin(RuleModule):
        name = "river"

    class Misnamed(RuleModule):
        name = "moon"
        option = Option.expansion("sun", "The Sun", "")

    with pytest.raises(ValueError, match="a rule module named 'river' is already registered"):
        register(Twin)
    with pytest.raises(ValueError, match="Misnamed.option must be Option.expansion\\('moon', label, help\\)"):
        register(Misnamed)
    assert Twin not in MODULES and Misnamed not in MODULES


def test_an_expansion_not_yet_supported_is_known_refused_and_no_option():
    from carcassonne.hooks import RuleModule, registered

    class Moon(RuleModule):
        name = "moon"
        supported = False
        option = Option.expansion("moon", "The Moon", "Not played yet.")

    with registered(Moon):
        assert "moon" in KNOWN_EXPANSIONS and expansion_ids(supported_only=True) == PLAYED
        assert "moon" not in [o.name for o in Rules.options()]
        with pytest.raises(RulesError, match="the expansion 'moon' is not supported yet"):
            Rules.from_json({"expansions": ["moon"]})
    with pytest.raises(RulesError, match="unknown expansion 'moon'"):
        Rules.from_json({"expansions": ["moon"]})
