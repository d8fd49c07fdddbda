"""Every list of moves tells what a move did to the board, in the same words: the game
page's move list, the archive's move list and current move, the API's moves and the turn
e-mail's last move (all from games.present.move_sentences through GameView.describe)."""

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import translation

from carcassonne import Move
from carcassonne.effects import placement_effects
from games import engine_state, lobby, turns
from games.models import Game

pytestmark = pytest.mark.django_db


def extending_move(game):
    """A legal first move whose tile extends the start tile's road or city, and how it reads
    (the game's seed is set to one whose first tile is a straight road)."""
    Game.objects.filter(pk=game.pk).update(seed=7)
    game.refresh_from_db()
    engine = engine_state.engine_for(game)
    for placement, _spots in engine.legal_moves():
        effects = placement_effects(engine.board, Move(engine.tile, *placement))
        extended = [e for e in effects if e.did == "extended"]
        if extended:
            road_or_city = "road" if extended[0].kind == "road" else "city"
            towards = {"N": "north", "E": "east", "S": "south", "W": "west"}.get(extended[0].towards, "")
            return placement, f"extended the {road_or_city} {towards}".strip()
    raise AssertionError(f"tile {engine.tile} extends nothing")


def play_extending_move(ann, bob, capture):
    """ann's first move extends a road or a city; bob is on turn (and has his e-mail):
    the game and how the move reads. ``capture``: django_capture_on_commit_callbacks."""
    with capture(execute=True):
        game = lobby.create_game(ann, ["bob"])
        lobby.accept_invitation(game.pk, bob)
    game.refresh_from_db()
    placement, words = extending_move(game)
    mail.outbox.clear()
    with capture(execute=True):
        turns.play_move(game.pk, ann, 1, placement.x, placement.y, placement.rotation, None)
    return game, words


@pytest.fixture
def played(ann, bob, django_capture_on_commit_callbacks):
    return play_extending_move(ann, bob, django_capture_on_commit_callbacks)


def test_the_game_pages_move_list_tells_what_the_move_did(client, played):
    game, words = played
    page = client.get(reverse("game-detail", args=[game.pk])).content.decode()
    moves = page[page.index('data-testid="move-list"') :]
    assert words in moves


def test_the_archives_move_list_and_current_move_tell_what_the_move_did(client, played, ann):
    game, words = played
    client.force_login(ann)
    page = client.get(reverse("archive:game", args=[game.pk])).content.decode()
    assert words in page[page.index('id="moves-h"') :]
    assert words in page[page.index('id="move-text"') : page.index('id="moves-h"')]
    state = client.get(reverse("archive-api:game-move", args=[game.pk, 1])).json()
    assert words in state["played"]["text"]


def test_the_api_moves_tell_what_the_move_did(client, played, ann):
    game, words = played
    client.force_login(ann)
    [move] = client.get(f"/api/games/{game.pk}/moves/").json()
    assert move["player"] == "ann" and words in move["text"]


def test_the_turn_email_tells_the_last_move_as_the_pages_do(played, bob):
    game, words = played
    [to_bob] = [m for m in mail.outbox if "bob@example.com" in m.to and "Your turn" in m.subject]
    assert "Last move: ann placed " in to_bob.body and words in to_bob.body
    assert words in to_bob.alternatives[0][0]


def test_the_turn_email_tells_it_in_the_recipients_language(ann, bob, django_capture_on_commit_callbacks):
    bob.language = "de"
    bob.save(update_fields=["language"])
    _game, words = play_extending_move(ann, bob, django_capture_on_commit_callbacks)
    [to_bob] = [m for m in mail.outbox if "bob@example.com" in m.to]
    with translation.override("de"):
        german = "verlängert" if "road" in words else "erweitert"
    assert "ann hat " in to_bob.body and german in to_bob.body
