"""Game records (NOTATION.md): every bad record is rejected with the move number and why."""

import json

import pytest

from carcassonne import Game, Move, RecordError, replay, summary
from carcassonne.autoplay import random_game


def record(*moves, **extra):
    data = {"format": "carcassonne-record/1", "players": ["Ann", "Bob"], "moves": list(moves)}
    data.update(extra)
    return data


def m(tile, x, y, rotation=0, meeple=None):
    return {"tile": tile, "x": x, "y": y, "rotation": rotation, "meeple": meeple}


def error_of(data, **kwargs):
    with pytest.raises(RecordError) as info:
        replay(data, **kwargs)
    return info.value


GOOD = [m("U", 1, 0, 0, "road:E"), m("U", -1, 0, 0), m("E", 0, -1, 180, "city:S")]


def test_good_record_replays():
    game = replay(record(*GOOD))
    # Ann: road D+U+U open (0 so far); Bob: nothing; Ann's city closed with E: 4 points
    assert game.scores == [4, 0]
    assert game.supply == [6, 7]
    assert not game.finished
    assert summary(game) == {
        "scores": {"Ann": 4, "Bob": 0},
        "supply": {"Ann": 6, "Bob": 7},
        "finished": False,
        "winners": None,
        "pending": {"player": "Bob", "action": "turn"},
    }


@pytest.mark.parametrize(
    "bad, number, message",
    [
        (m("ZZ", 1, 0), 1, "move 1: unknown tile 'ZZ'"),
        (m("U", 1, 0, 45), 1, "move 1: tile U at (1,0): rotation 45 is not one of 0, 90, 180, 270"),
        (m("U", 0, 0), 1, "move 1: tile U at (0,0): the cell is already taken by tile D"),
        (m("U", 5, 5), 1, "move 1: tile U at (5,5) touches no placed tile edge-to-edge"),
        (m("U", 1, 1), 1, "move 1: tile U at (1,1) touches no placed tile edge-to-edge"),  # corner only
        (
            m("U", 1, 0, 90),
            1,
            "move 1: tile U at (1,0) rotation 90 does not fit: its west edge (field) meets a road",
        ),
        (
            m("E", 0, -1, 0),
            1,
            "move 1: tile E at (0,-1) rotation 0 does not fit: its south edge (field) meets a city",
        ),
        (
            m("U", 1, 0, 0, "city:N"),
            1,
            "move 1: tile U at rotation 0 has no spot 'city:N' (its spots: road:E, field:NNW, field:ESE)",
        ),
        (m("U", 1, 0, 0, "road:X"), 1, "move 1: tile U at rotation 0 has no spot 'road:X'"),
        (m("RV-5", 1, 0), 1, "move 1: tile RV-5 is not part of this rule set"),
    ],
)
def test_bad_first_move(bad, number, message):
    error = error_of(record(bad))
    assert error.move_number == number
    assert str(error).startswith(message)
    assert "\n" not in str(error)


def test_too_many_copies_of_a_tile():
    # C exists once: the second C (move 2) is one too many
    moves = [m("C", 0, -1, 0), m("C", 0, -2, 0)]
    error = error_of(record(*moves))
    assert error.move_number == 2
    assert str(error) == "move 2: no tile C is left: all 1 have been played"
    # D: 4 in the set, one of them the start tile -> the 4th D played is move 4
    ds = [m("D", x, 0, 0) for x in (1, 2, 3, 4)]
    error = error_of(record(*ds))
    assert error.move_number == 4
    assert str(error) == "move 4: no tile D is left: all 4 have been played"


def test_follower_on_an_occupied_feature():
    moves = [m("U", 1, 0, 0, "road:E"), m("U", -1, 0, 0, "road:W")]
    error = error_of(record(*moves))
    assert error.move_number == 2
    assert str(error) == "move 2: the road at road:W already holds a follower"


def test_discarding_a_placeable_tile():
    error = error_of(record(m("U", 1, 0), {"tile": "U", "discard": True}))
    assert error.move_number == 2
    assert str(error).startswith("move 2: tile U cannot be discarded: it fits, e.g. at (")


def test_discard_of_an_unplaceable_tile_is_accepted():
    game = replay(record(m("E", 0, -1, 180), {"tile": "C", "discard": True}, m("U", 1, 0)))
    assert [t.player for t in game.history] == [0, 1, 1]
    assert game.current_player == 0


def test_no_follower_left():
    # Ann (odd moves) deploys a monk on a row of cloisters under the road, then a knight;
    # Bob (even moves) extends the road with U tiles and no follower.
    ann = [
        ("B", 0, 1, "cloister"),
        ("B", 1, 1, "cloister"),
        ("B", -1, 1, "cloister"),
        ("B", 2, 1, "cloister"),
        ("A", -2, 1, "cloister"),
        ("A", 3, 1, "cloister"),
        ("E", 0, 2, "city:S"),
        ("E", 1, 2, "city:S"),
    ]
    bob = [("U", x, 0, None) for x in (1, -1, 2, -2, 3, -3, 4)]
    moves = []
    for i, (tile, x, y, meeple) in enumerate(ann):
        moves.append(m(tile, x, y, 180 if tile == "E" else 0, meeple))
        if i < len(bob):
            tile, x, y, meeple = bob[i]
            moves.append(m(tile, x, y, 0, meeple))
    assert replay(record(*moves[:14])).supply == [0, 7]
    error = error_of(record(*moves))
    # Ann's 8th follower is asked for at move 15
    assert error.move_number == 15
    assert str(error) == "move 15: Ann has no follower left in supply"


@pytest.mark.parametrize(
    "text, message",
    [
        ("{not json", "the record is not valid JSON"),
        ("[1, 2]", "the record must be a JSON object"),
        ('{"players": ["Ann", "Bob"], "moves": {"tile": "U"}}', "moves must be a list"),
        ('{"players": "Ann", "moves": []}', "players must be a list of names"),
        ('{"players": ["Ann"], "moves": []}', "1 player; this rule set allows 2 to 5"),
        (
            '{"players": ["A", "B", "C", "D", "E", "F"]}',
            "6 players; this rule set allows 2 to 5 (a 6th player needs inns_cathedrals)",
        ),
        (
            '{"players": ["A", "B", "C", "D", "E", "F", "G"], "rules": {"expansions": ["inns_cathedrals"]}}',
            "7 players; this rule set allows 2 to 6",
        ),
        (
            '{"players": ["Ann", "Bob"], "rules": {"hand": 0}}',
            "rules.hand must be a number of tiles from 1 to 5, or null",
        ),
        ('{"players": ["Ann", "Bob"], "rules": {"hand": "3"}}', "rules.hand must be a whole number or null, not '3'"),
        (
            '{"players": ["Ann", "Bob"], "rules": {"hand_visible": true}}',
            "rules.hand_visible needs hands: set rules.hand too",
        ),
        ('{"players": ["Ann", "Bob"], "rules": {"colour": "red"}}', "unknown rule 'colour'"),
        ('{"players": ["Ann", "Ann"], "moves": []}', "player names must be different"),
        ('{"format": "other/2", "players": ["Ann", "Bob"], "moves": []}', "unknown record format 'other/2'"),
        ('{"players": ["Ann", "Bob"], "rules": {"farm_scoring": "odd"}}', "farm_scoring must be one of"),
        ('{"players": ["Ann", "Bob"], "rules": {"expansions": ["moon"]}}', "unknown expansion 'moon'"),
        ('{"players": ["Ann", "Bob"], "start": {"tile": "ZZ"}}', "unknown start tile 'ZZ'"),
    ],
)
def test_malformed_records(text, message):
    error = error_of(text)
    assert error.move_number is None
    assert str(error).startswith(message)
    assert "\n" not in str(error)


@pytest.mark.parametrize(
    "bad, message",
    [
        ("U", "move 1: a move must be a JSON object"),
        ({"x": 1, "y": 0, "rotation": 0}, "move 1: the move has no tile id"),
        ({"tile": 5, "x": 1, "y": 0, "rotation": 0}, "move 1: the move has no tile id"),
        ({"tile": "U", "x": "1", "y": 0, "rotation": 0}, "move 1: the move's x must be a whole number"),
        ({"tile": "U", "x": 1.0, "y": 0, "rotation": 0}, "move 1: the move's x must be a whole number"),
        ({"tile": "U", "x": True, "y": 0, "rotation": 0}, "move 1: the move's x must be a whole number"),
        ({"tile": "U", "x": 1, "y": None, "rotation": 0}, "move 1: the move's y must be a whole number"),
        ({"tile": "U", "x": 1, "y": 0}, "move 1: the move's rotation must be a whole number"),
        ({"tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": 3}, "move 1: meeple must be a spot name"),
        ({"tile": "U", "discard": "yes"}, "move 1: discard must be true or false"),
        (
            {"tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": {"spot": "road:E", "figure": "builder"}},
            "move 1: the figure 'builder' is not part of this rule set",
        ),
    ],
)
def test_bad_move_types(bad, message):
    error = error_of(record(bad))
    assert error.move_number == 1
    assert str(error).startswith(message)


def test_error_names_the_right_move_number():
    error = error_of(record(*GOOD, m("U", 9, 9)))
    assert error.move_number == 4
    assert str(error).startswith("move 4: ")
    assert error.reason == "tile U at (9,9) touches no placed tile edge-to-edge"


def test_meeple_object_with_follower_figure_is_accepted():
    game = replay(record({"tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": {"spot": "road:E"}}))
    assert game.supply == [6, 7]


def test_meta_and_start_are_read():
    data = record(m("U", 1, 0), meta={"comment": "anything"}, start={"tile": "D", "x": 0, "y": 0, "rotation": 0})
    assert replay(data).history[0].move == Move("U", 1, 0, 0)


def test_upto_equals_replaying_the_first_k_moves():
    full = random_game(11, players=3).record()
    for k in (0, 1, 2, 10, 40, 71, 100):
        a = replay(full, upto=k)
        b = replay(dict(full, moves=full["moves"][:k]))
        assert a.scores == b.scores
        assert a.supply == b.supply
        assert len(a.history) == min(k, 71)
        assert a.record() == b.record()
    # an error after move k does not matter to upto=k
    broken = dict(full, moves=full["moves"][:5] + [m("U", 99, 99)])
    assert len(replay(broken, upto=5).history) == 5
    assert error_of(broken).move_number == 6


def test_final_ends_the_game_and_scores_it():
    game = replay(record(*GOOD), final=True)
    # Ann: incomplete road U-D-U (3) after the city (4)
    assert game.finished
    assert game.scores == [4 + 3, 0]
    assert game.final_points == (3, 0)


def test_record_round_trip():
    game = Game(["Ann", "Bob", "Cid"])
    for move in GOOD:
        game.play(Move.from_json(move))
    game.play(Move.discard_of("C"))
    data = game.record()
    assert data["format"] == "carcassonne-record/1"
    assert data["players"] == ["Ann", "Bob", "Cid"]
    assert data["rules"] == {"expansions": [], "farm_scoring": "current"}
    assert data["start"] == {"tile": "D", "x": 0, "y": 0, "rotation": 0}
    assert data["moves"] == GOOD + [{"tile": "C", "discard": True}]
    text = json.dumps(data)
    again = replay(text)
    assert again.record() == data
    assert again.scores == game.scores and again.supply == game.supply
    for move in data["moves"]:
        assert Move.from_json(move).to_json() == move


def test_complete_record_is_finished_and_scored():
    game = random_game(21)
    again = replay(game.record())
    assert again.finished and again.final_points == game.final_points
    # a record with more moves than tiles: the move after the end is refused
    data = game.record()
    data["moves"].append(m("U", 99, 99))
    error = error_of(data)
    assert error.move_number == len(data["moves"])
    assert "the game is over" in str(error)
