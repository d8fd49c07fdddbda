"""The Tower's sentences for a follower of another box (Abbey & Mayor's mayor and wagon):
taken prisoner, taken back, bought back, each named as itself, in the reader's language."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.present import expansions

CAPTURE = {"player": "Ann", "capture": {"x": 2, "y": -1, "spot": "city:N", "figure": "mayor", "owner": "Bob"}}
OWN = {"player": "Bob", "capture": {"x": 2, "y": -1, "spot": "road:E", "figure": "wagon", "owner": "Bob"}}
RANSOM = {"player": "Bob", "ransom": {"jailer": "Ann", "figure": "mayor"}}


def words(entry, who, language="en"):
    tower = expansions.for_entry(next(k for k in ("capture", "ransom") if k in entry))
    assert tower is not None
    with translation.override(language):
        told = tower.describe_entry(entry, who)
        offer = tower.offer_label({k: v for k, v in entry.items() if k != "player"})
    return told, offer


def test_a_mayor_taken_prisoner_is_a_mayor_in_its_city():
    told, _offer = words(CAPTURE, "Ann")
    assert told == "Ann took Bob's mayor in the city (north) at (2,-1) prisoner"


def test_a_wagon_taken_back_and_a_mayor_bought_back_are_named():
    assert words(OWN, "Bob")[0] == "Bob took their own wagon back from (2,-1)"
    told, offer = words(RANSOM, "Bob")
    assert told == "Bob paid Ann a ransom of 3 points and freed their mayor"
    assert offer == "Pay Ann 3 points to free your mayor"


@pytest.mark.parametrize(
    ("language", "mayor", "wagon"),
    [("de", "Bürgermeister", "Wagen"), ("fr", "maire", "chariot"), ("it", "borgomastro", "carro")],
)
def test_in_each_language_the_figure_has_its_word(language, mayor, wagon):
    told, offer = words(RANSOM, "Bob", language)
    assert mayor in told and "paid" not in told
    assert mayor in offer and "to free" not in offer
    own = words(OWN, "Bob", language)[0]
    assert wagon in own and "took" not in own
    taken = words(CAPTURE, "Ann", language)[0]
    assert mayor in taken and "took" not in taken and "'s" not in taken
