"""What the game e-mails say and show: one e-mail for the first turn, no scoring before
anything was played, a sharp board, the rule set in invitations, the HTML in the outbox."""

from __future__ import annotations

import io
import re

import pytest
from django.core import mail
from django.urls import reverse

from games import lobby
from notifications.models import Notification

from .conftest import mails_to, play_first, start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(ann, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        return start_game(ann, bob, move_days=3)


def _png_size(data: bytes) -> tuple[int, int]:
    from PIL import Image

    return Image.open(io.BytesIO(data)).size


def _board(message) -> bytes:
    [board] = [p for p in message.message().walk() if p["Content-ID"] == "<board>"]
    return board.get_payload(decode=True)


def test_the_first_player_gets_one_email_saying_the_game_started_and_it_is_their_turn(game):
    [to_ann] = mails_to("ann@example.com")
    assert to_ann.subject == f"Your turn: {game.title} has started"
    assert "has started." in to_ann.body and "You play first." in to_ann.body
    assert "it is your turn." not in to_ann.body  # said once, by the line before ("It is your turn in …")
    assert "Turn order: ann (" in to_ann.body
    assert Notification.objects.filter(user__username="ann", kind="started").count() == 0
    [to_bob] = mails_to("bob@example.com", "has started")
    assert "ann plays first." in to_bob.body


def test_the_first_turn_email_says_nothing_of_scoring(game):
    [to_ann] = mails_to("ann@example.com")
    assert "Nobody scored" not in to_ann.body and "Nobody scored" not in to_ann.alternatives[0][0]


def test_a_later_turn_email_still_says_nobody_scored(game, django_capture_on_commit_callbacks):
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        play_first(game)
    [to_bob] = mails_to("bob@example.com", "Your turn")
    assert "Nobody scored." in to_bob.body


def test_the_board_picture_is_drawn_at_twice_the_size_it_is_shown(game):
    [to_ann] = mails_to("ann@example.com")
    html = to_ann.alternatives[0][0]
    shown = re.search(r'<img src="cid:board"[^>]* width="(\d+)" height="(\d+)"', html)
    assert shown, html
    width, height = int(shown.group(1)), int(shown.group(2))
    assert width == 560  # the e-mail's column, not the board's 192 px
    assert _png_size(_board(to_ann)) == (2 * width, 2 * height)


def test_an_invitation_says_the_rule_set(ann, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        lobby.create_game(ann, ["bob"], rules={"expansions": ["river", "inns_cathedrals"]}, move_days=2)
    [invitation] = mails_to("bob@example.com", "invites you")
    rules = re.search(r"Rules: (.*)\.", invitation.body).group(1)
    assert "The River" in rules and "Inns & Cathedrals" in rules, rules
    assert "2 days per move" in rules and "lose on time" in rules
    assert "Rules: " in invitation.alternatives[0][0]


def test_the_local_outbox_shows_the_html_part_with_its_pictures(game, client, outbox_dir, settings):
    from django.core.mail import get_connection

    [to_ann] = mails_to("ann@example.com")
    get_connection("django.core.mail.backends.filebased.EmailBackend", file_path=str(outbox_dir)).send_messages(
        [to_ann]
    )
    newest = client.get(reverse("outbox")).context["messages_list"][0]
    args = [newest["filename"], newest["index"]]
    page = client.get(reverse("outbox-detail", args=args)).content.decode()
    assert f'src="{reverse("outbox-html", args=args)}"' in page and "sandbox" in page
    part = client.get(reverse("outbox-html", args=args))
    html = part.content.decode()
    assert part.status_code == 200 and "Play your turn" in html
    assert "cid:" not in html and 'src="data:image/png;base64,' in html
    assert (
        "frame-ancestors 'self'" in part["Content-Security-Policy"] and "script" not in part["Content-Security-Policy"]
    )
    assert part["X-Frame-Options"] == "SAMEORIGIN"


def test_a_turn_email_tells_the_last_move_in_words_not_tile_codes(game, django_capture_on_commit_callbacks):
    from games.present.tile_names import tile_phrase

    mail.outbox.clear()
    from games.engine_state import engine_for

    tile = engine_for(game).tile
    with django_capture_on_commit_callbacks(execute=True):
        play_first(game)
    [to_bob] = mails_to("bob@example.com", "Your turn")
    assert (
        f"Last move: ann placed {tile_phrase(tile)}" in to_bob.body
    )  # and what it did, see tests/games/present/test_move_words_pages.py
    assert "(tile " not in to_bob.body


def test_every_text_part_keeps_at_most_one_blank_line_between_paragraphs(game, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        play_first(game)
    texts = [m.body for m in mail.outbox]
    assert len(texts) >= 2 and any("Your tile" in t for t in texts)
    for text in texts:
        assert "\n\n\n" not in text and not re.search(r"[ \t]\n", text), text
