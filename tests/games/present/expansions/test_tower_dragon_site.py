"""The Tower and The Princess & the Dragon on the site: offered, told in words (every entry
and action of theirs, in German without an English sentence left), their decisions' forms,
their marks beside the players, and a game with both played through the API to its end."""

import html
import random

import pytest
from django.urls import reverse
from django.utils import translation

from carcassonne import Game, Move, Rules
from games import lobby
from games.present import entries, expansions
from tests.games.helpers import api_clients, drive_until

BOTH = ("tower", "princess_dragon")


def _random_game(seed: int, rules: Rules) -> tuple[Game, list]:
    """A game played by choosing among every legal entry (actions and ransoms included),
    an action or an answer other than a pass preferred; with the entries as played."""
    rng = random.Random(seed)
    game = Game.new(["Ann", "Bob", "Cid"], rules, seed=seed)
    played = []
    while not game.finished:
        options = game.options()
        acts = [o for o in options if getattr(o, "action", None) is not None or type(o) is not Move]
        entry = rng.choice(acts) if acts and rng.random() < 0.5 else rng.choice(options)
        game.play(entry)
        played.append(entry.to_json())
    return game, played


def _told(entry: dict, language: str) -> str:
    with translation.override(language):
        return entries.describe(entry, "Ann")


def test_both_are_offered_with_their_options():
    names = {o.name for o in Rules.options()}
    assert {"tower", "princess_dragon", "dragon_move", "fairy_placement", "princess", "dragon_by_placer"} <= names
    assert set(BOTH) <= set(expansions.by_id())


def test_every_entry_and_action_of_theirs_reads_in_german_and_not_in_english():
    kinds: set[str] = set()
    for seed in range(4):
        rules = Rules(expansions=BOTH)
        _game, played = _random_game(seed, rules)
        for entry in played:
            for key in ("tower", "fairy", "portal", "princess", "capture", "ransom", "dragon"):
                if key in entry:
                    kinds.add(key)
                    english, german = _told(entry, "en"), _told(entry, "de")
                    assert "%(" not in german and german != english, entry
                    assert not any(word in german for word in ("tower", "dragon", "fairy", "prisoner")), german
    assert {"tower", "capture", "dragon", "fairy"} <= kinds, kinds


def test_a_dragon_step_and_a_capture_have_their_forms():
    site = expansions.by_id()
    dragon = site["princess_dragon"].decision_form(
        "dragon", [{"dragon": None}, {"dragon": "E"}, {"dragon": "N"}], {}, {}
    )
    assert [value for value, _label in dragon["fields"][0]["choices"]] == ["N", "E"]
    capture = {"x": 1, "y": 0, "spot": "road:E", "figure": "follower", "owner": "Bob"}
    form = site["tower"].decision_form("capture", [{"capture": None}, {"capture": capture}], {}, {})
    with translation.override("de"):
        (label,) = [str(text) for _value, text in form["fields"][0]["choices"]]
    assert "Bob" in label and "(1,0)" in label


def test_prisoners_and_tower_pieces_are_marked_beside_their_jailer():
    state = {"tower": {"prisoners": {"Ann": ["Bob:follower", "Bob:large"], "Bob": []}, "tower_pieces": {"Ann": 9}}}
    with translation.override("fr"):
        marks = expansions.player_marks(state, "Ann")
    assert [m.text for m in marks] == ["9", "2"]
    assert "prisonniers de Bob" in marks[1].title


@pytest.mark.django_db
@pytest.mark.slow
def test_a_game_with_both_through_the_api_reads_every_move_in_german(client, django_user_model):
    ann = django_user_model.objects.create_user("ann", "ann@example.com", "pw-ann-1234")
    bob = django_user_model.objects.create_user("bob", "bob@example.com", "pw-bob-1234")
    game = lobby.create_started_game(
        ann, [ann, bob], rules={"expansions": list(BOTH), "dragon_by_placer": True, "dragon_move": "after_scoring"}
    )
    engine = drive_until(api_clients(ann, bob), game, lambda e: False, seed=5, limit=600)
    assert engine.finished
    client.force_login(ann)
    english = [m["text"] for m in client.get(f"/api/games/{game.pk}/moves/").json()]
    german = [m["text"] for m in client.get(f"/api/games/{game.pk}/moves/", HTTP_ACCEPT_LANGUAGE="de").json()]
    assert len(german) == len(engine.history)
    steps = [i for i, m in enumerate(client.get(f"/api/games/{game.pk}/moves/").json()) if m["kind"] == "dragon"]
    assert steps, "no dragon step was played"
    for i in steps:
        assert german[i] != english[i] and "Drache" in german[i], german[i]
    page = html.unescape(client.get(reverse("game-detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="de").content.decode())
    shown = [text for text in german if text in page]
    assert shown and not [text for text in english if text in page and text not in german], shown
