"""What a game's pages weigh at move 40 of a two-player base game: at most 60 kB of HTML
and 20 kB on the wire to a browser that accepts gzip (a phone opening the game from its
e-mail), the tiles' drawings referred to in the sprites the browser keeps, not drawn
again for each picture; the move list still links every move to the board after it."""

import gzip
import re

import pytest
from django.test import Client

from games import engine_state, turns
from games.board_svg import SPRITES, sprite_version
from games.models import Game

from .helpers import seeded_game

HTML_BUDGET, WIRE_BUDGET = 60_000, 20_000


def play_first_placements(game, users, moves):
    """Play ``moves`` moves, each the first legal placement, a follower every third move."""
    by_name = {user.username: user for user in users}
    for _ in range(moves):
        engine = engine_state.engine_for(game)
        placement = engine.legal_placements()[0]
        spots = [spot for spot, figure in engine.legal_figures(placement) if figure == "follower"]
        meeple = spots[0] if spots and len(engine.history) % 3 == 0 else None
        user = by_name[engine.players[engine.current_player]]
        turns.play_move(game.pk, user, len(engine.history) + 1, placement.x, placement.y, placement.rotation, meeple)
        game.refresh_from_db()
    return engine.players[game.current_seat]


@pytest.fixture
def at_move_40(ann, bob):
    game = seeded_game(ann, [ann, bob], None, 7)
    on_turn = play_first_placements(game, [ann, bob], 40)
    assert game.move_count >= 40 and game.status == Game.Status.ACTIVE
    players = {"ann": ann, "bob": bob}
    return game, players[on_turn], next(u for name, u in players.items() if name != on_turn)


def weigh(user, path):
    """The HTML of ``path`` for ``user`` and its bytes on the wire, gzipped."""
    client = Client()
    client.force_login(user)
    response = client.get(path, HTTP_ACCEPT_ENCODING="gzip")
    assert response.status_code == 200 and response["Content-Encoding"] == "gzip"
    return gzip.decompress(response.content).decode(), len(response.content)


@pytest.mark.parametrize("page", ["game page, your turn", "game page, the other's turn", "archive replay"])
def test_a_page_at_move_40_weighs_at_most_60_kb_and_20_kb_on_the_wire(at_move_40, page):
    game, on_turn, other = at_move_40
    user, path = {
        "game page, your turn": (on_turn, f"/games/{game.pk}/"),
        "game page, the other's turn": (other, f"/games/{game.pk}/"),
        "archive replay": (other, f"/archive/games/{game.pk}/?move=40"),
    }[page]
    html, wire = weigh(user, path)
    assert len(html.encode()) <= HTML_BUDGET and wire <= WIRE_BUDGET, (len(html.encode()), wire)
    board = re.search(r'<svg [^>]*class="board.*?</svg>', html, re.S).group(0)
    assert "<path" not in board.split("</defs>")[-1]  # no tile drawn: the figures' outlines are defined once
    sprite = f"/tiles/base.svg?v={sprite_version('base')}#carc-"
    placed = set(re.findall(r'data-tile="([^"]+)" data-rotation="(\d+)"', html))
    for tile, rotation in placed:  # each tile on the board is its drawing in the sprite
        assert f'<use xlink:href="{sprite}{tile}-{rotation}" />' in html


def test_the_game_page_lists_the_newest_moves_and_the_earlier_ones_on_asking(at_move_40):
    game, on_turn, _other = at_move_40
    html, _wire = weigh(on_turn, f"/games/{game.pk}/")
    shown = [int(n) for n in re.findall(r'data-show-move="(\d+)"', html)]
    assert shown == list(range(game.move_count, game.move_count - 10, -1))
    assert f"Show the {game.move_count - 10} earlier moves" in html
    every, _wire = weigh(on_turn, f"/games/{game.pk}/?moves=all")
    for number in range(1, game.move_count + 1):  # each move links to the board after it
        assert f'href="/archive/games/{game.pk}/?move={number}" data-show-move="{number}"' in every
    assert "earlier moves" not in every


def test_each_expansions_sprite_holds_every_tile_at_every_rotation_and_is_kept_a_year(client):
    from carcassonne.tiles import TILE_TYPES

    for expansion in SPRITES:
        response = client.get(f"/tiles/{expansion}.svg?v={sprite_version(expansion)}")
        assert response.status_code == 200 and response["Content-Type"] == "image/svg+xml"
        assert "immutable" in response["Cache-Control"] and "max-age=31536000" in response["Cache-Control"]
        text = response.content.decode()
        for tile in (t for t, kind in TILE_TYPES.items() if kind.expansion == expansion):
            assert all(f'id="carc-{tile}-{rotation}"' in text for rotation in (0, 90, 180, 270))
    assert "immutable" not in client.get("/tiles/base.svg?v=old").get("Cache-Control", "")
    assert client.get("/tiles/nothing.svg").status_code == 404
