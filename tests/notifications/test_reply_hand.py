"""Playing a turn of a game with hands of tiles (house rule ``hand``) by replying to its
e-mail: the e-mail lists each tile of the player's hand with its name, picture and cells,
a reply names the tile before the cell (or leaves it out where only one tile fits), and
a reply that could mean several tiles is answered with the tiles that fit. Real MIME
through ``manage.py receive_mail``."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from games.models import Move
from games.present.tile_names import tile_name

from .handmail import hand_game, hand_of, listed, only_one_fits, several_fit, turn_email, where
from .replymail import receive, reply, turn_mail

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("reply_on")]


@pytest.fixture
def game(ann, bob):
    game = hand_game(ann, bob)
    game.turn_mail = turn_email(ann, game)
    game.listed = listed(game.turn_mail)
    hand = hand_of(game, 0)
    assert len(set(hand)) == 3 and set(game.listed) == set(hand) and "A" in hand, "the seeded deal changed"
    return game


def last_move(game) -> dict:
    return Move.objects.filter(game=game).order_by("-number").first().entry


def test_the_email_lists_each_tile_of_the_hand_with_its_name_picture_and_cells(game):
    message = game.turn_mail
    assert message.reply_to and "Where your tiles fit" in message.body
    for tile in game.listed:
        assert f"Tile {tile}: {tile_name(tile)}" in message.body
    html = next(content for content, kind in message.alternatives if kind == "text/html")
    pictures = {part["Content-ID"] for part in message.attachments}
    assert {f"<tile-{tile}>" for tile in game.listed} <= pictures and "<board>" in pictures
    assert all(f'src="cid:tile-{tile}"' in html for tile in game.listed)


def test_no_cells_letter_is_the_letter_of_a_tile_in_the_hand(game):
    labels = set(where(game.turn_mail))
    assert labels and not labels & set(game.listed)  # the hand holds tile A: no cell A
    assert min(labels) == "B"


@pytest.mark.parametrize("by", ["label", "coordinates"])
def test_a_reply_naming_the_tile_plays_that_tile(game, by, django_capture_on_commit_callbacks):
    tile = sorted(game.listed)[-1]
    label, rotations = next(iter(game.listed[tile].items()))
    rotation = next(iter(rotations))
    x, y = where(game.turn_mail)[label]
    cell = label.lower() if by == "label" else f"{x},{y}"
    with django_capture_on_commit_callbacks(execute=True):
        result = receive(reply(game.turn_mail, f"{tile.lower()} {cell} {rotation}"))
    assert result == {"result": "played", "game": game.pk, "move_number": 1}
    entry = last_move(game)
    assert (entry["tile"], entry["x"], entry["y"], entry["rotation"]) == (tile, x, y, rotation)


def test_a_reply_without_the_tile_plays_the_only_tile_that_fits_so(game):
    tile, label, rotation = only_one_fits(game.listed)
    assert receive(reply(game.turn_mail, f"{label} {rotation}"))["result"] == "played"
    entry = last_move(game)
    assert (entry["tile"], (entry["x"], entry["y"]), entry["rotation"]) == (
        tile,
        where(game.turn_mail)[label],
        rotation,
    )


def test_a_reply_that_several_tiles_fit_is_answered_with_those_tiles(game, ann, django_capture_on_commit_callbacks):
    label, rotation, fitting = several_fit(game.listed)
    with django_capture_on_commit_callbacks(execute=True):
        result = receive(reply(game.turn_mail, f"{label} {rotation}"))
    assert (result["result"], result["reason"]) == ("rejected", "tile_needed")
    assert not Move.objects.filter(game=game).exists()
    [answer] = mail.outbox
    assert answer.to == [ann.email] and answer.reply_to == game.turn_mail.reply_to
    assert "more than one of your tiles fits on that cell like that" in answer.body
    named = ", ".join(f"{tile} ({tile_name(tile)})" for tile in fitting)
    assert f"Your tiles that fit there: {named}." in answer.body
    assert listed(answer) == game.listed  # and how to answer, again
    assert receive(reply(answer, f"{fitting[-1]} {label} {rotation}"))["result"] == "played"
    assert last_move(game)["tile"] == fitting[-1]


def test_a_tiles_letter_without_a_cell_is_answered_not_read_as_a_cell(game, django_capture_on_commit_callbacks):
    rotation = next(iter(next(iter(game.listed["A"].values()))))
    with django_capture_on_commit_callbacks(execute=True):
        result = receive(reply(game.turn_mail, f"A {rotation}"))
    assert (result["result"], result["reason"]) == ("rejected", "cell_needed")
    assert "must be followed by the cell" in mail.outbox[0].body
    assert not Move.objects.filter(game=game).exists()


def test_a_tile_not_in_the_hand_is_answered(game, django_capture_on_commit_callbacks):
    stranger = next(t for t in "XWTSRQ" if t not in game.listed)
    label = next(iter(where(game.turn_mail)))
    with django_capture_on_commit_callbacks(execute=True):
        result = receive(reply(game.turn_mail, f"{stranger} {label} 0"))
    assert (result["result"], result["reason"]) == ("rejected", "not_your_tile")
    assert "you hold no such tile" in mail.outbox[0].body


def test_with_hidden_hands_each_email_shows_its_players_hand_only(game, ann, bob, django_capture_on_commit_callbacks):
    tile, label, rotation = only_one_fits(game.listed)
    with django_capture_on_commit_callbacks(execute=True):
        assert receive(reply(game.turn_mail, f"{tile} {label} {rotation}"))["result"] == "played"
    theirs, mine = set(hand_of(game, 0)), set(hand_of(game, 1))
    assert theirs - mine, "the seeded deal changed"
    message = turn_mail(bob.email)
    assert set(listed(message)) == mine and message.reply_to
    shown = re.search(r"^Your tiles: (.*)$", message.body, re.M).group(1)
    assert sorted(shown.split(", ")) == sorted(tile_name(t) for t in hand_of(game, 1))
    pictures = {part["Content-ID"] for part in message.attachments}
    assert not {f"<tile-{t}>" for t in theirs - mine} & pictures
    html = next(content for content, kind in message.alternatives if kind == "text/html")
    assert not any(f"Tile <strong><code>{t}</code>" in html or f"Tile {t}:" in message.body for t in theirs - mine)
