"""Stored record entries read as what happened, whatever their kind."""

from games.entries import describe, describe_spot, follower_role, kind_of, move_json


def test_each_entry_kind_reads_as_a_sentence():
    assert describe({"tile": "V", "x": 1, "y": 0, "rotation": 90, "meeple": "field:NNW"}, "ann") == (
        "ann placed tile V at (1,0) turned 90°, farmer in the field (NNW)"
    )
    assert describe({"tile": "D", "x": 0, "y": 1, "rotation": 0, "meeple": None}, "bob").endswith(", no follower")
    assert describe({"tile": "X", "discard": True}, "ann") == "ann drew tile X, which fits nowhere: discarded"
    assert describe({"player": "cid", "resign": True}, "cid") == "cid resigned"
    big = {"tile": "V", "x": 1, "y": 0, "rotation": 0, "meeple": {"spot": "city:N", "figure": "large"}}
    assert describe(big, "ann").endswith("knight in the city (north)")


def test_an_expansion_entry_is_shown_and_listed_without_a_change_here():
    entry = {"player": "ann", "festival": {"quarter": "market"}}
    assert kind_of(entry) == "festival"
    item = move_json(7, 0, entry, [0, 0], ["ann", "bob"])
    assert item["entry"] is entry and item["kind"] == "festival" and item["tile"] is None
    assert item["text"] == "ann: festival"


def test_the_counts_decisions_read_as_sentences():
    moved = {"player": "bob", "reinforce": {"x": 2, "y": -1, "spot": "city:N", "figure": "large"}}
    assert describe(moved, "bob") == "bob moved a large follower from the City to knight in the city (north) at (2,-1)"
    assert describe({"player": "bob", "reinforce": None}, "bob") == "bob passed (no follower out of the City)"
    put = {"player": "ann", "quarter": "market", "count": "castle"}
    assert describe(put, "ann") == "ann put a follower into the Market quarter and moved the Count to the Castle"
    assert describe({"player": "ann", "quarter": None}, "ann") == "ann passed (no follower into the City)"
    builder = {"tile": "V", "x": 1, "y": 0, "rotation": 0, "meeple": {"spot": "road:E", "figure": "builder"}}
    assert describe(builder, "ann").endswith(", builder on the road (east)")


def test_follower_roles_come_from_one_table():
    assert [follower_role(s) for s in ("road:E", "city:N", "cloister", "field:NNW")] == ["thief", "knight", "monk", "farmer"]
    assert describe_spot("cloister") == "monk in the cloister" and describe_spot(None) == ""
