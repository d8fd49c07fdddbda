"""The e-mails' pictures: drawn by libvips (several times faster than cairosvg, the same
picture pixel for pixel but for the edges' smoothing), as wide as before, the cells
lettered for a reply; the game-over picture that every player gets is drawn once."""

from __future__ import annotations

import io
from unittest import mock

import cairosvg
import pytest
from PIL import Image, ImageChops

from games import engine_state, turns
from notifications import pictures
from notifications.emails import build_message
from notifications.models import Notification
from tests.games.helpers import seeded_game

pytestmark = pytest.mark.django_db


def played(ann, bob, moves):
    """A game of ann and bob from a known bag, ``moves`` first placements into it."""
    game = seeded_game(ann, [ann, bob], None, 5)
    users = {"ann": ann, "bob": bob}
    for _ in range(moves):
        engine = engine_state.engine_for(game)
        placement = engine.legal_placements()[0]
        user = users[engine.players[engine.current_player]]
        turns.play_move(game.pk, user, len(engine.history) + 1, placement.x, placement.y, placement.rotation, None)
    game.refresh_from_db()
    return game


def images(message) -> dict[str, bytes]:
    raw = message.message()
    return {p["Content-ID"]: p.get_payload(decode=True) for p in raw.walk() if p.get_content_type() == "image/png"}


def test_the_turn_emails_board_is_drawn_by_libvips_as_sharp_as_by_cairosvg_with_its_cells_lettered(ann, bob, reply_on):
    assert pictures._vips() is not None  # the pyvips-binary wheel brings the library
    game = played(ann, bob, 20)
    row = Notification.objects.filter(game=game, kind=Notification.Kind.TURN).order_by("-pk").first()
    svgs = []
    with mock.patch.object(pictures, "_draw", side_effect=lambda svg, w: svgs.append((svg, w)) or draw(svg, w)):
        message = build_message(row)
    board_svg, width = next((svg, w) for svg, w in svgs if 'class="slot-labels"' in svg)  # cells lettered A, B, ...
    drawn = Image.open(io.BytesIO(images(message)["<board>"])).convert("RGBA")
    before = Image.open(io.BytesIO(cairosvg.svg2png(bytestring=board_svg.encode(), output_width=width)))
    assert drawn.size == before.convert("RGBA").size and drawn.width == width  # twice the width it is shown at
    difference = ImageChops.difference(drawn, before.convert("RGBA")).convert("L").histogram()
    assert sum(difference[32:]) < 0.01 * sum(difference)  # edges smoothed a little differently, nothing more


draw = pictures._draw


def test_the_game_over_picture_every_player_gets_is_drawn_once(ann, bob):
    game = played(ann, bob, 6)
    turns.resign(game.pk, bob)  # ann is the one left: the game is over
    rows = Notification.objects.filter(game=game, kind=Notification.Kind.FINISHED).order_by("pk")
    assert [row.user for row in rows] == [ann, bob]
    with mock.patch.object(pictures, "_draw", wraps=pictures._draw) as drawing:
        pictures_of = [images(build_message(row)) for row in rows]
    assert drawing.call_count == 1
    assert pictures_of[0]["<board>"] == pictures_of[1]["<board>"] and pictures_of[0]["<board>"].startswith(b"\x89PNG")
