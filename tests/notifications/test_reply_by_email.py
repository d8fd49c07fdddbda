"""Playing a turn by replying to its e-mail: real MIME replies through ``manage.py
receive_mail`` (a mail server's pipe). Nothing is played unless the token names the
current decision, From is the seat's verified address, the message is not automatic and
new; a spoofed, tampered or automatic message gets no answer, a stale or illegal move from
the player gets one, in their language."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.core.management.base import CommandError

from games import turns
from games.models import Game, Move
from notifications.models import InboundMessage

from .replymail import receive, reply, started, turn_mail

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("reply_on")]


def first_cell(message) -> str:
    """The first cell's line of the turn e-mail's list, e.g. 'A (0,-1): 180 [city:S, ...]'."""
    return next(line for line in message.body.splitlines() if re.match(r"^A \(", line))


def a_move(message) -> str:
    """A legal move line for the turn e-mail: cell A, its first rotation, no follower."""
    rotation = re.match(r"^A \([^)]*\): (\d+)", first_cell(message)).group(1)
    return f"A {rotation}"


def played(game) -> int:
    return Move.objects.filter(game=game).count()


def test_the_turn_email_says_where_to_reply_and_how(game, ann):
    message = game.turn_mail
    [address] = message.reply_to
    assert re.fullmatch(rf"play\+{game.pk}-0-1-[0-9a-f]{{20}}@example\.org", address)
    assert message.extra_headers["References"] == message.extra_headers["In-Reply-To"] == f"<game-{game.pk}@127.0.0.1>"
    assert "Answer by e-mail" in message.body and first_cell(message)
    html = next(content for content, kind in message.alternatives if kind == "text/html")
    assert "Where your tile fits" in html


def test_without_reply_email_no_email_carries_a_reply_to(ann, bob, settings, django_capture_on_commit_callbacks):
    settings.REPLY_EMAIL = ""
    game, message = started(ann, bob, django_capture_on_commit_callbacks)
    assert not message.reply_to and "Answer by e-mail" not in message.body
    with pytest.raises(CommandError) as refused:  # kept by the mail server, tried again later
        receive(b"From: ann@example.com\r\n\r\nA 90\r\n")
    assert refused.value.returncode == 75 and "REPLY_EMAIL is not set" in str(refused.value)


def test_a_reply_with_a_move_plays_it_and_the_next_player_is_told(game, ann, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        result = receive(reply(game.turn_mail, a_move(game.turn_mail)))
    assert result == {"result": "played", "game": game.pk, "move_number": 1}
    assert played(game) == 1
    assert turn_mail("bob@example.com").subject == "Your turn in Friday"
    assert not [m for m in mail.outbox if "ann@example.com" in m.to]  # nothing extra after a move that worked


def test_a_move_with_a_follower_places_it(game):
    rotation, spot = re.match(r"^A \([^)]*\): (\d+) \[([^,\]]+)", first_cell(game.turn_mail)).groups()
    assert receive(reply(game.turn_mail, f"  a   {rotation}  {spot.upper()} "))["result"] == "played"
    assert Move.objects.get(game=game).entry["meeple"] == spot


def test_an_html_only_reply_plays(game):
    assert receive(reply(game.turn_mail, html=a_move(game.turn_mail)))["result"] == "played"
    assert played(game) == 1


@pytest.mark.parametrize(
    "quote",
    [
        "Am Mo., 3. März 2025 um 10:00 Uhr schrieb Carcassonne <noreply@localhost>:",
        "Le lun. 3 mars 2025 à 10:00, Carcassonne <noreply@localhost> a écrit :",
    ],
)
def test_a_reply_under_a_german_or_french_quote_header_plays(game, quote):
    assert (
        receive(reply(game.turn_mail, a_move(game.turn_mail) + "\n\nViele Grüße / Amitiés", quote=quote))["result"]
        == "played"
    )


def test_an_attachment_is_ignored_and_the_move_plays(game):
    assert receive(reply(game.turn_mail, a_move(game.turn_mail), attachment=b"%PDF-1.4 " * 1000))["result"] == "played"


def test_a_spoofed_sender_plays_nothing_and_gets_no_answer(game, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        result = receive(reply(game.turn_mail, a_move(game.turn_mail), sender="Ann <ann@evil.example>"))
        also = receive(reply(game.turn_mail, a_move(game.turn_mail), sender=bob.email))  # another player of the game
    assert result["result"] == also["result"] == "ignored" and result["reason"] == also["reason"] == "not_sender"
    assert played(game) == 0 and not mail.outbox


def test_a_tampered_token_plays_nothing_and_gets_no_answer(game, django_capture_on_commit_callbacks):
    address = game.turn_mail.reply_to[0]
    other_seat = re.sub(r"\+(\d+)-0-", r"+\1-1-", address)
    other_game = re.sub(r"\+(\d+)-", lambda m: f"+{int(m.group(1)) + 1}-", address)
    with django_capture_on_commit_callbacks(execute=True):
        results = [
            receive(reply(game.turn_mail, a_move(game.turn_mail), to=to))
            for to in (other_seat, other_game, "play+garbage@example.org", "someone@example.org")
        ]
    assert [r.get("reason") for r in results] == ["bad_token", "bad_token", "bad_token", "no_token"]
    assert played(game) == 0 and not mail.outbox


def test_a_resent_message_plays_once(game, django_capture_on_commit_callbacks):
    raw = reply(game.turn_mail, a_move(game.turn_mail), message_id="<same@phone.example.com>")
    with django_capture_on_commit_callbacks(execute=True):
        first, again = receive(raw), receive(raw)
    assert (first["result"], again) == ("played", {"result": "duplicate"})
    assert played(game) == 1 and not [m for m in mail.outbox if "ann@example.com" in m.to]
    assert InboundMessage.objects.filter(message_id="<same@phone.example.com>").count() == 2


def test_a_stale_reply_is_answered_in_the_players_language(game, ann, django_capture_on_commit_callbacks):
    ann.language = "fr"
    ann.save()
    with django_capture_on_commit_callbacks(execute=True):  # ann played in the browser meanwhile
        x, y, rotation = _first_placement(game)
        turns.play_move(game.pk, ann, 1, x, y, rotation, None)
    mail.outbox.clear()
    raw = reply(game.turn_mail, a_move(game.turn_mail), message_id="<late@phone.example.com>")
    with django_capture_on_commit_callbacks(execute=True):
        result = receive(raw)
    assert result == {"result": "rejected", "reason": "stale", "game": game.pk, "move_number": 1}
    assert played(game) == 1
    [answer] = mail.outbox
    assert answer.to == [ann.email] and "n’a pas été joué" in answer.subject
    assert "plus à vous de jouer" in answer.body
    assert answer.extra_headers["Auto-Submitted"] == "auto-replied"
    assert answer.extra_headers["In-Reply-To"] == "<late@phone.example.com>"
    assert not answer.reply_to  # no longer her decision: nothing to answer


def test_an_illegal_move_is_answered_with_how_to_answer_again(game, ann, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        result = receive(reply(game.turn_mail, "40,40 90"))
    assert (result["result"], result["reason"]) == ("rejected", "no_fit")
    [answer] = mail.outbox
    assert "your tile does not fit on that cell" in answer.body
    assert "Where your tile fits" in answer.body and answer.reply_to == game.turn_mail.reply_to
    assert any(part["Content-ID"] == "<board>" for part in answer.attachments)
    with django_capture_on_commit_callbacks(execute=True):  # the answer's answer plays
        assert receive(reply(answer, a_move(answer)))["result"] == "played"


def test_a_reply_with_no_move_is_answered_quoting_its_first_line(game, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        result = receive(reply(game.turn_mail, "Sorry, I will play tonight"))
    assert result["reason"] == "no_move" and played(game) == 0
    [answer] = mail.outbox
    assert "we found no line in it that reads as a move" in answer.body
    assert 'The line we read: "Sorry, I will play tonight"' in answer.body


@pytest.mark.parametrize(
    "headers, sender",
    [
        ({"Auto-Submitted": "auto-replied"}, None),
        ({"Precedence": "bulk"}, None),
        ({"Subject": "Out of office: back on Monday"}, None),
        ({}, "MAILER-DAEMON@example.com"),
    ],
)
def test_an_automatic_message_is_ignored_and_never_answered(game, headers, sender, django_capture_on_commit_callbacks):
    raw = reply(
        game.turn_mail,
        "I am away until Monday.",
        headers={k: v for k, v in headers.items() if k != "Subject"},
        sender=sender,
    )
    if "Subject" in headers:
        raw = re.sub(rb"Subject: [^\n]*", b"Subject: " + headers["Subject"].encode(), raw, count=1)
    with django_capture_on_commit_callbacks(execute=True):
        result = receive(raw)
    assert (result["result"], result["reason"]) == ("ignored", "automatic")
    assert played(game) == 0 and not mail.outbox


def test_an_oversized_reply_of_the_player_is_answered_that_it_was_too_large(
    game, settings, django_capture_on_commit_callbacks
):
    settings.REPLY_EMAIL_MAX_BYTES = 20_000
    with django_capture_on_commit_callbacks(execute=True):
        result = receive(reply(game.turn_mail, a_move(game.turn_mail), attachment=b"%PDF" * 10_000))
    assert result == {"result": "rejected", "reason": "too_large", "game": game.pk, "move_number": 1}
    assert played(game) == 0 and InboundMessage.objects.get().reason == "too_large"
    [answer] = mail.outbox
    assert "it was too large to read" in answer.body and "A reply may be at most 19.5\xa0KB." in answer.body
    assert answer.reply_to == game.turn_mail.reply_to and not [a for a in answer.attachments if "pdf" in str(a)]


def test_an_oversized_message_of_a_stranger_is_ignored(game, settings, django_capture_on_commit_callbacks):
    settings.REPLY_EMAIL_MAX_BYTES = 20_000
    raw = reply(game.turn_mail, a_move(game.turn_mail), sender="eve@example.net", attachment=b"x" * 30_000)
    with django_capture_on_commit_callbacks(execute=True):
        assert receive(raw) == {"result": "ignored", "reason": "not_sender", "game": game.pk, "move_number": 1}
    assert played(game) == 0 and not mail.outbox


def test_garbage_on_standard_input_is_ignored_without_a_crash(game):
    assert receive(b"\x00\xff not a message at all")["result"] == "ignored"


def test_one_sender_is_limited_per_hour(game, settings):
    settings.REPLY_EMAIL_PER_HOUR = 2
    results = [receive(reply(game.turn_mail, "hello")) for _ in range(3)]
    assert [r["reason"] for r in results] == ["no_move", "no_move", "rate_limited"]


def test_the_envelope_recipient_of_the_pipe_is_read(game):
    raw = reply(game.turn_mail, a_move(game.turn_mail), to="Friday <friday@lists.example.org>")
    assert receive(raw, "--recipient", game.turn_mail.reply_to[0])["result"] == "played"


def test_every_message_is_logged_without_its_body(game, admin_client):
    receive(reply(game.turn_mail, "a secret plan"))
    receive(reply(game.turn_mail, a_move(game.turn_mail)))
    page = admin_client.get("/admin/notifications/inboundmessage/").content.decode()
    assert "ann@example.com" in page and "no_move" in page and "Played" in page
    assert "secret plan" not in page
    assert not any("secret" in str(v) for row in InboundMessage.objects.values() for v in row.values())


def _first_placement(game):
    from games import engine_state

    engine = engine_state.engine_for(Game.objects.get(pk=game.pk))
    placement, _spots = engine.legal_moves()[0]
    return placement.x, placement.y, placement.rotation


@pytest.mark.parametrize("answer", ["a", "pass"])
def test_a_decision_email_is_answered_by_an_options_letter_or_pass(ann, bob, answer):
    from rest_framework.test import APIClient

    from notifications.emails import build_message
    from notifications.models import Notification
    from tests.games.conftest import reinforcing_game

    clients = {}
    for user in (ann, bob):
        clients[user.username] = APIClient()
        clients[user.username].force_authenticate(user)
    game, _engine = reinforcing_game(ann, bob, clients)
    row = Notification.objects.filter(user=ann, game=game, kind=Notification.Kind.TURN).order_by("-pk").first()
    message = build_message(row)
    assert message.reply_to and "Answer by e-mail: reply with the letter of your choice" in message.body
    options = re.findall(r"^([A-Z]): (.+)$", message.body, re.MULTILINE)
    assert options[0][0] == "A" and "Pass" in [text for _letter, text in options]
    before = played(game)
    letter = answer if answer == "pass" else next(key for key, text in options if text != "Pass")
    assert receive(reply(message, letter))["result"] == "played"
    last = Move.objects.filter(game=game).order_by("number")[before]
    assert last.entry["player"] == "ann" and "reinforce" in last.entry
    assert (last.entry["reinforce"] is None) == (answer == "pass")


def test_the_emails_board_picture_labels_the_cells_where_the_tile_fits(game, ann):
    from games.present.view import GameView
    from notifications.replies import answers

    view = GameView.load(Game.objects.get(pk=game.pk), ann)
    offered = answers.of(view)
    svg = view.board_svg(highlight=list(offered.labels), labels=offered.labels)
    written = re.findall(r'class="slot-label" data-x="(-?\d+)" data-y="(-?\d+)"[^>]*>([A-Z]+)</text>', svg)
    assert sorted(written) == sorted((str(x), str(y), label) for (x, y), label in offered.labels.items())
    assert 'class="slot-label"' not in view.board_svg(highlight=list(offered.labels))  # the game page's: no labels


def test_a_rotation_that_does_not_fit_is_answered_with_the_engines_reason(game, django_capture_on_commit_callbacks):
    listed = re.findall(r"^([A-Z]+) \([^)]*\): (.*)$", game.turn_mail.body, re.MULTILINE)
    label, rotation = next(
        (label, r)
        for label, rest in listed
        for r in ("0", "90", "180", "270")
        if not re.search(rf"(^| · ){r}( \[|$| ·)", rest)
    )
    with django_capture_on_commit_callbacks(execute=True):
        result = receive(reply(game.turn_mail, f"{label} {rotation}"))
    assert (result["result"], result["reason"]) == ("rejected", "illegal") and played(game) == 0
    [answer] = mail.outbox
    assert "that is not a legal move." in answer.body
    assert re.search(r"move 1\b", answer.body)  # the engine's reason names the move
