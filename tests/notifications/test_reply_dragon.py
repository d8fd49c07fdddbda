"""A dragon step played by replying to its e-mail (real MIME through ``manage.py
receive_mail``): the player asked writes the direction in their language. The turn e-mail
says what only the game's page plays (an action instead of a figure, a ransom)."""

from __future__ import annotations

import random

import pytest
from django.utils import translation

from games import engine_state
from games.models import Move
from notifications.emails import build_message
from notifications.models import Notification
from tests.games.helpers import api_clients, play_offered_until, seeded_game

from .replymail import receive, reply

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("reply_on")]

WORDS = {"en": {"N": "north", "E": "east", "S": "south", "W": "west"}, "de": {"N": "norden", "E": "osten"}}


@pytest.mark.parametrize("language, word", [("en", "dragon {}"), ("de", "Drache {}")])
def test_a_reply_moves_the_dragon_the_way_it_says(ann, bob, language, word, django_capture_on_commit_callbacks):
    ann.language = language
    ann.save()
    with django_capture_on_commit_callbacks(execute=True):
        game = seeded_game(ann, [ann, bob], {"expansions": ["princess_dragon"]}, seed=2)
    clients = api_clients(ann, bob)

    def ann_steps(legal):
        return legal["pending"] == {**legal["pending"], "player": "ann", "action": "dragon"}

    with django_capture_on_commit_callbacks(execute=True):
        _name, _client, state, legal = play_offered_until(clients, game, random.Random(2), ann_steps)
    directions = [o["answer"]["dragon"] for o in legal["pending"]["options"] if o["answer"]["dragon"]]
    direction = next(d for d in ("E", "N", "S", "W") if d in directions and d in WORDS[language])
    row = Notification.objects.filter(user=ann, game=game, kind=Notification.Kind.TURN).order_by("-pk").first()
    with translation.override(language):
        message = build_message(row)
    assert message.reply_to, message.body
    stored = Move.objects.filter(game=game).count()
    assert receive(reply(message, word.format(WORDS[language][direction])))["result"] == "played"
    last = Move.objects.filter(game=game).order_by("-number").first()
    assert Move.objects.filter(game=game).count() == stored + 1 and last.number == state["move_number"]
    assert last.entry == {"player": "ann", "dragon": direction}
    assert engine_state.engine_for(game).history[-1].move.to_json() == last.entry


def test_the_turn_email_says_that_actions_and_ransoms_are_on_the_page(ann, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = seeded_game(ann, [ann, bob], {"expansions": ["tower", "princess_dragon"]}, seed=2)
    clients = api_clients(ann, bob)

    def ann_may_pay(legal):
        return legal["pending"]["player"] == "ann" and bool(legal.get("before_turn"))

    with django_capture_on_commit_callbacks(execute=True):
        play_offered_until(clients, game, random.Random(3), ann_may_pay, limit=400)
    row = Notification.objects.filter(user=ann, game=game, kind=Notification.Kind.TURN).order_by("-pk").first()
    message = build_message(row)
    assert "buy back a prisoner for 3 points: on the game's page" in message.body
    assert "take an action instead of placing a figure" in message.body
    html = next(content for content, kind in message.alternatives if kind == "text/html")
    assert "data-on-page" in html
    with django_capture_on_commit_callbacks(execute=True):
        plain = seeded_game(ann, [ann, bob], {}, seed=2)
    plain_row = Notification.objects.get(user=ann, game=plain, kind=Notification.Kind.TURN)
    assert "on the game's page" not in build_message(plain_row).body  # no expansion with actions
