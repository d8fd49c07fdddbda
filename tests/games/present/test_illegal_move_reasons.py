"""Every reason the engine gives for an illegal move has a code (``carcassonne.errors``, and
each expansion the site offers its module's own ``TEMPLATES``) that the site translates
(``games.present.vocabulary.ILLEGAL_MOVES``): in English the site says what the engine says,
in German, French and Italian it says it in their words."""

import importlib
import string

import pytest
from django.utils import translation

from carcassonne import IllegalMove
from carcassonne.errors import DECISIONS, reason, said
from carcassonne.errors import TEMPLATES as CORE
from games.present import expansions, vocabulary

TEMPLATES = dict(CORE)
for _id in expansions.by_id():  # the site's expansions: their modules' own reasons too
    TEMPLATES.update(getattr(importlib.import_module(f"carcassonne.expansions.{_id}"), "TEMPLATES", {}))

SAMPLE = {
    "edge": "north",
    "terrain": "road",
    "met": "road",
    "feature": "road",
    "quarter": "market",
    "follower": "large",
    "side": "left",
    "action": "reinforce",
    "decider": "ann",
    "player": "bob",
    "count": 3,
    "x": 2,
    "y": -1,
    "ex": 1,
    "ey": -1,
    "rotation": 90,
    "tile": "U",
    "spot": "city:N",
}
"""A value of each parameter a reason may take (others: a stand-in)."""


def sample(code: str) -> IllegalMove:
    """The reason ``code`` with a value for each of its parameters."""
    fields = {name for _text, name, _spec, _conv in string.Formatter().parse(TEMPLATES[code]) if name}
    if "decision" in fields:  # said from who decides what
        fields = (fields - {"decision"}) | {"decider", "action"}
    params = {name: SAMPLE.get(name, f"<{name}>") for name in fields}
    if code in CORE:
        return IllegalMove(reason(code, **params))
    return IllegalMove(said(code, params, TEMPLATES[code]))  # as the modules say theirs


def test_every_code_of_the_engine_has_a_translation():
    assert not set(TEMPLATES) - set(vocabulary.ILLEGAL_MOVES), "codes without a sentence in games.present.vocabulary"
    assert not set(vocabulary.ILLEGAL_MOVES) - set(TEMPLATES), "sentences for codes the engine no longer has"
    # the core's decisions, and those the expansions' modules ask (The Tower's capture, the dragon's
    # step, Abbey & Mayor's wagon)
    assert set(vocabulary.DECISION_PHRASES) == {"turn", *DECISIONS, "capture", "dragon", "wagon"}


@pytest.mark.parametrize("code", sorted(TEMPLATES))
def test_in_english_the_site_says_what_the_engine_says(code):
    refused = sample(code)
    with translation.override("en"):
        text = vocabulary.illegal_move_reason(refused)
    if "quarter" in refused.params:  # the site names the City's quarters as its pages do: the Market
        text, refused = text.lower(), str(refused).lower()
    assert text == str(refused)


@pytest.mark.parametrize("language", ["de", "fr", "it"])
def test_every_reason_is_translated(language):
    untranslated = []
    for code in TEMPLATES:
        refused = sample(code)
        with translation.override(language):
            text = vocabulary.illegal_move_reason(refused)
        if text == str(refused) or "%(" in text:
            untranslated.append(code)
    assert not untranslated, f"{language}: {untranslated}"
