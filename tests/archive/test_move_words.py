"""The archive's move list names each tile in words beside its small picture."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import engine_state, lobby, turns
from games.present.tile_names import tile_name, tile_phrase

pytestmark = pytest.mark.django_db


def test_the_archive_move_list_shows_each_tiles_picture_and_name(players, client):
    ann, bob = players["ann"], players["bob"]
    game = lobby.create_game(ann, ["bob"])
    lobby.accept_invitation(game.pk, bob)
    game.refresh_from_db()
    engine = engine_state.engine_for(game)
    tile, (placement, _spots) = engine.tile, engine.legal_moves()[0]
    turns.play_move(game.pk, ann, 1, placement.x, placement.y, placement.rotation, None)
    page = client.get(reverse("archive:game", args=[game.pk])).content.decode()
    moves = page[page.index('id="moves-h"') :]
    assert f'<span class="move-tile" title="{tile_name(tile)}" aria-hidden="true"><svg' in moves
    assert f"ann placed {tile_phrase(tile)}" in moves and f"tile {tile} " not in moves
