"""Replies as people write them: a greeting before the move, the original pasted below it
(never read: it lists every legal move), invisible characters in the move; and the answers
to replies that cannot play, which say why: the game is over, the player's other reply was
played, the reply was too large, the line read was no move (quoted). Real MIME through
``manage.py receive_mail``."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from games import turns
from games.models import Game, Move
from notifications.emails import build_message
from notifications.models import Notification
from notifications.replies import parse

from .conftest import play_first
from .handmail import hand_game, turn_email
from .replymail import receive, reply, started, turn_mail

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("reply_on")]


def cell_a(message) -> tuple[int, int, int]:
    """Cell A of the e-mail's list: x, y and its first rotation."""
    found = re.search(r"^A \((-?\d+),(-?\d+)\): (\d+)", message.body, re.MULTILINE)
    x, y, rotation = (int(n) for n in found.groups())
    return x, y, rotation


def a_move(message) -> str:
    return f"A {cell_a(message)[2]}"


def played(game) -> int:
    return Move.objects.filter(game=game).count()


def answer_to(user):
    [answer] = [m for m in mail.outbox if user.email in m.to]
    return answer


def test_a_greeting_and_a_blank_line_before_the_move_are_passed_over(game):
    text = f"Hi Ann,\n\n{a_move(game.turn_mail)}\n\nCheers,\nBob"
    assert receive(reply(game.turn_mail, text))["result"] == "played"
    assert played(game) == 1


@pytest.mark.parametrize(
    "quote",
    [
        "El lun, 3 mar 2025 a las 10:00, Carcassonne (<noreply@localhost>) escribió:",
        "Op ma 3 mrt 2025 om 10:00 schreef Carcassonne <noreply@localhost>:",
        "Op 3 mrt 2025, om 10:00 heeft Carcassonne <noreply@localhost> het volgende geschreven:",
        "Am 03.03.2025 um 10:00 schrieb Carcassonne <noreply@localhost>:",
        "Il giorno 3 mar 2025, alle ore 10:00, Carcassonne <noreply@localhost> ha scritto:",
    ],
)
def test_a_move_above_a_spanish_dutch_or_apple_mail_quote_header_plays(game, quote):
    assert receive(reply(game.turn_mail, "Hola,\n\n" + a_move(game.turn_mail), quote=quote))["result"] == "played"


PASTED = {
    "Outlook en": "From: Carcassonne <noreply@localhost>\nSent: Monday, 3 March 2025 10:00\nTo: ann@example.com\n"
    "Subject: Your turn in Friday\n\n",
    "Outlook es": "De: Carcassonne <noreply@localhost>\nEnviado: lunes, 3 de marzo de 2025 10:00\n"
    "Para: ann@example.com\nAsunto: Your turn in Friday\n\n",
    "Outlook nl": "Van: Carcassonne <noreply@localhost>\nVerzonden: maandag 3 maart 2025 10:00\n"
    "Aan: ann@example.com\nOnderwerp: Your turn in Friday\n\n",
    "Outlook fr": "De : Carcassonne <noreply@localhost>\nEnvoyé : lundi 3 mars 2025 10:00\nÀ : ann@example.com\n"
    "Objet : Your turn in Friday\n\n",
    "a separator": "-----Original Message-----\n",
    "nothing": "",
}


@pytest.mark.parametrize("header", list(PASTED))
def test_the_pasted_original_is_never_read_and_the_move_above_it_plays(game, header):
    original = game.turn_mail.body  # not quoted with ">": its list of every legal move as it is
    raw = reply(game.turn_mail, f"Hi Ann,\n\n{a_move(game.turn_mail)}\n\n{PASTED[header]}{original}", quoted=False)
    assert receive(raw)["result"] == "played"


@pytest.mark.parametrize("header", list(PASTED))
def test_a_reply_with_only_a_greeting_above_the_pasted_original_plays_nothing(
    game, ann, header, django_capture_on_commit_callbacks
):
    raw = reply(game.turn_mail, f"Hi Ann,\n\n{PASTED[header]}{game.turn_mail.body}", quoted=False)
    with django_capture_on_commit_callbacks(execute=True):
        result = receive(raw)
    assert (result["result"], result["reason"]) == ("rejected", "no_move") and played(game) == 0
    assert 'The line we read: "Hi Ann,"' in answer_to(ann).body


@pytest.mark.parametrize(
    "header",
    [
        "Den 3 mars 2025 kl. 10:00 skrev Ann <ann@example.com>:",
        "-----Oorspronkelijk bericht-----",
        "-----Mensaje original-----",
        "Begin forwarded message:",
        "From: Ann <ann@example.com>",
        "________________________________",
    ],
)
def test_a_move_of_an_earlier_message_pasted_below_is_never_read(game, header):
    raw = reply(game.turn_mail, f"Hi Ann,\n\n{header}\n{a_move(game.turn_mail)}\n", quoted=False)
    assert receive(raw)["reason"] == "no_move" and played(game) == 0


def lines_of(message) -> list[str]:
    html = next(content for content, kind in message.alternatives if kind == "text/html")
    text = message.body + "\n" + parse.html_text(html)
    return [" ".join(line.split()).lower() for line in text.splitlines() if line.strip()]


def test_no_line_of_a_turn_email_in_any_language_is_shaped_like_a_move(ann, bob, django_capture_on_commit_callbacks):
    from rest_framework.test import APIClient

    from tests.games.conftest import reinforcing_game

    clients = {}
    for user in (ann, bob):
        clients[user.username] = APIClient()
        clients[user.username].force_authenticate(user)
    game, _message = started(ann, bob, django_capture_on_commit_callbacks)
    hands = hand_game(ann, bob)
    decision_game, _engine = reinforcing_game(ann, bob, clients)
    for language in ("en", "de", "fr", "it"):
        ann.language = language
        ann.save()
        drawn, hand = turn_email(ann, game), turn_email(ann, hands)
        row = Notification.objects.filter(user=ann, game=decision_game, kind=Notification.Kind.TURN).last()
        decision = build_message(row)
        assert "Answer by e-mail" in drawn.body or language != "en"
        shaped = [line for line in lines_of(drawn) + lines_of(hand) if parse.TURN_SHAPE.match(line)]
        shaped += [line for line in lines_of(decision) if parse.DECISION_SHAPE.match(line)]
        assert shaped == [], language


@pytest.mark.parametrize(
    "invisible", ["\ufeff{move}", "{move}\u200b", "A\u200b {rotation}", "\u2060A\u00a0{rotation}\u200d"]
)
def test_a_byte_order_mark_or_zero_width_spaces_in_a_correct_move_do_not_matter(game, invisible):
    rotation = cell_a(game.turn_mail)[2]
    line = invisible.format(move=a_move(game.turn_mail), rotation=rotation)
    assert receive(reply(game.turn_mail, line))["result"] == "played"


def test_a_reply_to_a_finished_game_is_answered_that_the_game_is_over(game, ann, django_capture_on_commit_callbacks):
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    with django_capture_on_commit_callbacks(execute=True):
        result = receive(reply(game.turn_mail, a_move(game.turn_mail)))
    assert (result["result"], result["reason"]) == ("rejected", "over")
    body = answer_to(ann).body
    assert "the game is over." in body and "moved on" not in body


def test_of_two_replies_for_one_turn_the_second_is_told_the_first_was_played(
    game, ann, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        first = receive(reply(game.turn_mail, a_move(game.turn_mail)))
        mail.outbox.clear()
        second = receive(reply(game.turn_mail, "A 0 city"))
    assert (first["result"], second["reason"]) == ("played", "played_other") and played(game) == 1
    assert "your other reply for this move was played" in answer_to(ann).body


def test_a_move_played_in_the_browser_meanwhile_is_still_the_game_moving_on(
    game, ann, django_capture_on_commit_callbacks
):
    x, y, rotation = cell_a(game.turn_mail)
    with django_capture_on_commit_callbacks(execute=True):
        turns.play_move(game.pk, ann, 1, x, y, rotation, None)
        mail.outbox.clear()
        result = receive(reply(game.turn_mail, a_move(game.turn_mail)))
    assert result["reason"] == "stale" and "the game has moved on" in answer_to(ann).body


@pytest.mark.parametrize("text, line", [("Hi,", "Hi,"), ("Hi,\n\nZ 90\n", "Z 90"), ("hello\n\na 45", "a 45")])
def test_the_answer_to_a_reply_that_names_no_move_quotes_the_line_read(
    game, ann, text, line, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        result = receive(reply(game.turn_mail, text))
    assert result["result"] == "rejected" and played(game) == 0
    body = answer_to(ann).body
    assert f'The line we read: "{line}"' in body
    assert ("no cell on the board picture has that letter" in body) == (line == "Z 90")


@pytest.mark.parametrize("first_move_by", ["browser", "reply"])
@pytest.mark.parametrize("order", ["stale address first", "current address first"])
def test_a_reply_to_two_reply_addresses_plays_the_copy_for_the_decision_the_game_waits_for(
    game, ann, order, first_move_by, django_capture_on_commit_callbacks
):
    x, y, rotation = cell_a(game.turn_mail)
    with django_capture_on_commit_callbacks(execute=True):
        if first_move_by == "browser":
            turns.play_move(game.pk, ann, 1, x, y, rotation, None)
        else:
            assert receive(reply(game.turn_mail, a_move(game.turn_mail)))["result"] == "played"
        play_first(game)  # bob
    current = turn_mail(ann.email)
    old, new = game.turn_mail.reply_to[0], current.reply_to[0]
    assert old != new
    mail.outbox.clear()
    raw = reply(current, a_move(current), to=f"{old}, {new}")  # one message, one copy per envelope recipient
    copies = [old, new] if order == "stale address first" else [new, old]
    with django_capture_on_commit_callbacks(execute=True):
        results = {copy: receive(raw, "--recipient", copy) for copy in copies}
    assert results[new]["result"] == "played" and results[old] == {
        "result": "ignored",
        "reason": "stale_copy",
        "game": game.pk,
        "move_number": 1,
    }
    assert played(game) == 3 and not [m for m in mail.outbox if ann.email in m.to]


def test_without_an_envelope_recipient_a_reply_to_two_addresses_answers_the_waiting_decision(
    game, ann, django_capture_on_commit_callbacks
):
    x, y, rotation = cell_a(game.turn_mail)
    with django_capture_on_commit_callbacks(execute=True):
        turns.play_move(game.pk, ann, 1, x, y, rotation, None)
        play_first(game)
    current = turn_mail(ann.email)
    raw = reply(current, a_move(current), to=f"{game.turn_mail.reply_to[0]}, {current.reply_to[0]}")
    assert receive(raw) == {"result": "played", "game": game.pk, "move_number": 3}
