"""Abbey & Mayor by e-mail (real MIME through ``manage.py receive_mail``): the wagon's
owner answers its decision by the letter of a move, as its e-mail lists them; the turn
e-mail says that the abbey is placed on the game's page."""

from __future__ import annotations

import pytest

from games import engine_state
from games.models import Move
from notifications.emails import build_message
from notifications.models import Notification
from tests.games.helpers import api_clients, asked, drive_until, seeded_game

from .replymail import receive, reply

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("reply_on")]

RULES = {"expansions": ["abbey_mayor"]}


def test_a_reply_moves_the_wagon_on(ann, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = seeded_game(ann, [ann, bob], RULES, seed=4)  # its fourth move completes a wagon's feature
    clients = api_clients(ann, bob)
    with django_capture_on_commit_callbacks(execute=True):
        drive_until(clients, game, lambda engine: engine.pending.action == "wagon", seed=2)
    name, _client, state, legal = asked(clients, game)
    owner = ann if name == "ann" else bob
    options = legal["pending"]["options"]
    letter = "ABCDEFGH"[next(i for i, o in enumerate(options) if not o["pass"])]
    row = Notification.objects.filter(user=owner, game=game).order_by("-pk").first()
    message = build_message(row)
    assert message.reply_to, message.body
    assert "Move the wagon to the " in message.body and "wagon" in message.subject.lower()
    assert receive(reply(message, letter))["result"] == "played"
    last = Move.objects.filter(game=game).order_by("-number").first()
    assert last.number == state["move_number"]
    assert last.entry == {"player": name, **next(o["answer"] for o in options if not o["pass"])}
    assert engine_state.engine_for(game).history[-1].move.to_json() == last.entry


def test_the_turn_email_says_that_the_abbey_is_placed_on_the_page(ann, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = seeded_game(ann, [ann, bob], RULES, seed=2)
    clients = api_clients(ann, bob)

    def hole(engine):
        return bool(engine.own_tiles) and engine.tile is not None and bool(engine.legal_placements("AM-A"))

    with django_capture_on_commit_callbacks(execute=True):
        engine = drive_until(clients, game, hole, seed=1)
    user = ann if engine.current_player == 0 else bob
    row = Notification.objects.filter(user=user, game=game, kind=Notification.Kind.TURN).order_by("-pk").first()
    message = build_message(row)
    assert "place your own tile (your abbey) instead of the drawn one" in message.body
    html = next(content for content, kind in message.alternatives if kind == "text/html")
    assert "data-own-on-page" in html
    assert (
        "your abbey"
        not in build_message(
            Notification.objects.filter(game=game, kind=Notification.Kind.TURN).order_by("pk").first()
        ).body
    )  # the first turn: no hole yet
