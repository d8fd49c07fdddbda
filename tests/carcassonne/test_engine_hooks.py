"""The seam the expansions are built on: a toy rule module (defined here, not shipped)
that asks other players for decisions in the middle of a turn, grants extra turns and
adds a final decision round, played through the engine's hooks only."""

from typing import NamedTuple

import pytest

from carcassonne import Game, IllegalMove, Move, RecordError, Resign, Rules, replay, summary
from carcassonne.expansions import RuleModule, registered
from carcassonne.moves import ENTRY_READERS


class Toll(NamedTuple):
    """``{"player": "Bob", "toll": true}``: pay (or refuse) a toll to the player who closed something."""

    player: str | None
    pay: bool

    def to_json(self):
        return {"player": self.player, "toll": self.pay}

    @classmethod
    def from_json(cls, data):
        return cls(data.get("player"), data["toll"])


class TollRoad(RuleModule):
    """After a tile completes something, every other player in seat order from the left of
    the active player is asked to pay a toll (1 point to the active player, before the
    scoring). A tile with a cloister gives an extra turn. At the end, each player is asked
    once more whether to pay a last toll of 1 point to themselves."""

    name = "toll"
    on = False
    entry_kinds = (Toll,)
    categories = ("tolls",)

    @classmethod
    def enabled(cls, rules):
        return cls.on

    def before_scoring(self, turn):
        if turn.completed:
            n = len(self.game.players)
            for step in range(1, n):
                self.game.ask((turn.player + step) % n, "reinforce", self, turn.player)

    def decision_error(self, entry, asked):
        return None if isinstance(entry.pay, bool) else "toll must be true or false"

    def decide(self, entry, asked):
        if entry.pay:
            to = asked.data if asked.data is not None else asked.pending.player
            self.game.award("tolls", 1, (to,))

    def options(self, asked):
        name = self.game.players[asked.pending.player]
        return [Toll(name, True), Toll(name, False)]

    def extra_turn(self, turn):
        return turn.placed.orientation.tile.id in ("A", "B")

    def final_decisions(self):
        for seat in range(len(self.game.players)):
            self.game.ask(seat, "market", self, None)


@pytest.fixture
def toll():
    ENTRY_READERS["toll"] = Toll.from_json
    TollRoad.on = True
    with registered(TollRoad):
        yield
    TollRoad.on = False
    del ENTRY_READERS["toll"]


def closing_game():
    """Ann's tile closes the start tile's city: Bob, then Cid, are asked for a toll."""
    game = Game(["Ann", "Bob", "Cid"])
    game.play(Move("E", 0, -1, 180, "city:S"))
    return game


def test_a_decision_of_another_player_holds_the_turn_until_answered(toll):
    game = closing_game()
    assert game.pending == (1, "reinforce") and game.current_player == 0
    assert game.scores == [0, 0, 0]  # nothing scored while the decisions are pending
    with pytest.raises(
        IllegalMove, match="it is Bob's decision on moving a follower out of the City \\(reinforce\\), not a tile turn"
    ):
        game.check(Move("U", 1, 0, 0))
    with pytest.raises(
        IllegalMove, match="it is Bob's decision on moving a follower out of the City \\(reinforce\\), not Cid's"
    ):
        game.check(Toll("Cid", True))
    game.play(Toll("Bob", True))
    assert game.pending == (2, "reinforce")
    turn = game.play(Toll("Cid", False))
    assert turn.player == 2 and turn.points == (4, 0, 0)  # the city scored when the last one answered
    assert game.scores == [5, 0, 0] and game.breakdown[0]["tolls"] == 1
    assert game.pending == (1, "turn")


def test_the_record_replays_decisions_and_checks_who_takes_them(toll):
    game = closing_game()
    game.play(Toll("Bob", True))
    game.play(Toll("Cid", True))
    record = game.record()
    assert record["moves"][1:] == [{"player": "Bob", "toll": True}, {"player": "Cid", "toll": True}]
    again = replay(record)
    assert again.scores == game.scores == [6, 0, 0]
    bad = dict(record, moves=[record["moves"][0], {"player": "Cid", "toll": True}])
    with pytest.raises(
        RecordError,
        match="move 2: it is Bob's decision on moving a follower out of the City \\(reinforce\\), not Cid's",
    ):
        replay(bad)


def test_an_extra_turn_is_granted_once_and_never_a_third_turn_in_a_row(toll):
    game = Game(["Ann", "Bob"])
    game.play(Move("B", 0, 1, 0))  # Ann: a cloister tile: extra turn
    assert game.pending == (0, "turn")
    game.play(Move("A", 1, 1, 0))  # Ann's extra turn, another cloister: no third turn
    assert game.pending == (1, "turn")


def test_a_copy_in_the_middle_of_a_turn_plays_on_independently(toll):
    game = closing_game()
    copy = game.copy()
    copy.play(Toll("Bob", True))
    copy.play(Toll("Cid", True))
    assert copy.scores == [6, 0, 0] and game.scores == [0, 0, 0] and game.pending == (1, "reinforce")
    game.play(Toll("Bob", False))
    game.play(Toll("Cid", False))
    assert game.scores == [4, 0, 0] and copy.scores == [6, 0, 0]


def test_resigning_passes_the_players_decisions(toll):
    game = closing_game()
    game.play(Resign("Bob"))
    assert game.pending == (2, "reinforce")
    game.play(Toll("Cid", True))
    assert game.scores == [5, 0, 0] and game.pending == (2, "turn")  # Bob is out of the turn order


def test_ending_the_game_counts_pending_decisions_as_passes_and_scores_the_tile(toll):
    game = closing_game()
    game.finish()
    assert game.finished and game.scores == [4, 0, 0] and summary(game)["pending"] is None


def test_the_final_decisions_come_after_the_last_tile_and_before_the_game_is_over(toll):
    game = Game(["Ann", "Bob"])
    game.remaining = {"U": 1}  # a tiny set: one tile left
    game.play(Move("U", 1, 0, 0, "road:E"))
    assert not game.finished and game.pending == (0, "market")
    assert game.scores == [2, 0]  # the incomplete road is already scored
    game.play(Toll("Ann", True))
    assert game.pending == (1, "market")
    game.play(Toll("Bob", False))
    assert game.finished and game.scores == [3, 0] and game.outcome.winners == (0,)


@pytest.mark.parametrize(
    "rules",
    [
        None,
        {
            "expansions": ["river", "inns_cathedrals", "traders_builders", "king_robber", "count"],
            "hand": 3,
            "hole_bonus": True,
        },
    ],
)
def test_a_game_and_its_copies_are_freed_as_soon_as_nobody_holds_them(rules):
    """Modules and the core's phases hold the game weakly: a game left behind is freed at
    once, not by a pass of the garbage collector (which slowed every replay down)."""
    import gc

    from carcassonne import Rules
    from carcassonne.autoplay import random_game

    gc.collect()
    gc.disable()
    try:
        game = random_game(seed=4, rules=Rules.from_json(rules) if rules else None)
        copy = game.copy()
        half = replay(game.record(), upto=len(game.history) // 2)
        del game, copy, half
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_a_base_game_binds_every_hook_list_a_game_with_modules_binds():
    """``_bind_core`` (the base game's short way) sets every attribute the general binding
    sets: a hook added to one and not the other would fail here, not in a search."""
    base = Game.new(["Ann", "Bob"], seed=1)
    every = Game.new(
        ["Ann", "Bob"],
        Rules.from_json({"expansions": ["river", "inns_cathedrals", "traders_builders", "king_robber", "count"]}),
        seed=1,
    )
    assert set(vars(every)) <= set(vars(base))
    assert base._tile_phases and not base._phased
