"""Stored record entries read as what happened, whatever their kind."""

from django.utils import translation

from carcassonne.figures import follower_role
from carcassonne.record import kind_of
from games.present.entries import advice, describe, describe_spot, move_json


def test_each_entry_kind_reads_as_a_sentence():
    assert describe({"tile": "V", "x": 1, "y": 0, "rotation": 90, "meeple": "field:NNW"}, "ann") == (
        "ann placed a curved road and put a farmer in the field (north-west)"
    )
    assert (
        describe({"tile": "D", "x": 0, "y": 1, "rotation": 0, "meeple": None}, "bob")
        == "bob placed a city cap with a road"
    )
    assert (
        describe({"tile": "X", "discard": True}, "ann")
        == "ann drew a crossroads of 4 roads, which fits nowhere: discarded"
    )
    assert describe({"player": "cid", "resign": True}, "cid") == "cid resigned"
    big = {"tile": "V", "x": 1, "y": 0, "rotation": 0, "meeple": {"spot": "city:N", "figure": "large"}}
    assert describe(big, "ann").endswith("and put a large follower in the city")


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
    assert describe(builder, "ann").endswith(" and put the builder on the road")


def test_the_counts_decisions_are_advised_in_the_imperative():
    def advised(entry):
        return advice({"player": "bob", **entry}, "bob")

    assert advised({"reinforce": {"x": 2, "y": -1, "spot": "city:N"}}) == (
        "Move your follower from the Castle onto the city (north) at (2, -1)"
    )
    assert advised({"reinforce": {"x": 0, "y": 3, "spot": "cloister", "figure": "large"}}) == (
        "Move your large follower from the Cathedral into the cloister at (0, 3)"
    )
    # the final market round: from the Market onto a farm
    assert advised({"reinforce": {"x": 1, "y": 1, "spot": "field:NNE"}}) == (
        "Move your follower from the Market onto the farm (north-east) at (1, 1)"
    )
    assert advised({"reinforce": None}) == "Pass: leave your followers in the City"
    assert advised({"quarter": "market", "count": "castle"}) == (
        "Put a follower from your supply into the Market and move the Count to the Castle"
    )
    assert advised({"quarter": "blacksmith", "figure": "large"}) == (
        "Put your large follower into the Blacksmith and leave the Count where it is"
    )
    assert advised({"quarter": None}) == "Pass: put no follower into the City"


def test_a_field_spot_is_advised_by_its_direction_not_its_code():
    place = {"tile": "V", "x": 1, "y": 0, "rotation": 90, "meeple": "field:NNW"}
    assert advice(place, "ann").endswith("and put a farmer in the field (north-west)")


def test_the_counts_advice_speaks_the_readers_language():
    entry = {"player": "bob", "reinforce": {"x": 2, "y": -1, "spot": "road:E"}}
    with translation.override("de"):
        assert advice(entry, "bob") == "Versetze deinen Gefolgsmann aus der Schmiede auf die Straße (Osten) bei (2, -1)"
    with translation.override("fr"):
        assert (
            advice({"player": "bob", "quarter": None}, "bob") == "Passez\u00a0: ne placez aucun partisan dans la cité"
        )
    with translation.override("it"):
        assert advice({"player": "bob", "quarter": "castle", "count": "market"}, "bob") == (
            "Metti un seguace dalla tua riserva nel quartiere «Castello» e sposta il conte nel quartiere «Mercato»"
        )


def test_follower_roles_come_from_one_table():
    assert [follower_role(s) for s in ("road:E", "city:N", "cloister", "field:NNW")] == [
        "thief",
        "knight",
        "monk",
        "farmer",
    ]
    assert describe_spot("cloister") == "monk in the cloister" and describe_spot(None) == ""


def test_a_move_names_its_tile_in_words_not_by_its_code_or_position():
    text = describe({"tile": "RV-3", "x": -3, "y": 0, "rotation": 0, "meeple": "cloister"}, "ann")
    assert text == "ann placed a straight river with a cloister and a road and put a monk in the cloister"
    assert "RV-3" not in text and "(-3,0)" not in text and "°" not in text


def test_a_move_says_what_it_completed_and_for_whom():
    entry = {"tile": "E", "x": 0, "y": -1, "rotation": 180, "meeple": None}
    scored = [
        {"kind": "city", "points": 4, "winners": [0, 1], "complete": True},
        {"kind": "road", "points": 1, "winners": [1], "complete": True},
    ]
    assert describe(entry, "ann", scored, ["ann", "bob"]) == (
        "ann placed a city cap; city completed: 4 points for ann and bob; road completed: 1 point for bob"
    )


def test_every_tile_type_has_a_name_in_words_in_every_language():
    from django.utils import translation

    from carcassonne.tiles import TILE_TYPES
    from games.present.tile_names import tile_name

    assert tile_name("D") == "city cap with a road" and tile_name("A") == "cloister with a road"
    assert (
        tile_name("U") == "straight road"
        and tile_name("V") == "curved road"
        and tile_name("W") == "crossroads of 3 roads"
    )
    for language, words in (
        ("de", "Stadtrand mit einer Straße"),
        ("fr", "bord de ville avec une route"),
        ("it", "bordo di città con una strada"),
    ):
        with translation.override(language):
            assert tile_name("D") == words
            assert all(tile_name(t) and tile_name(t) != t for t in TILE_TYPES)
