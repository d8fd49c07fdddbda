"""A game ended by a resignation or a loss on time says so, with the move: on the game
page's result card, in the archive list and on the archive game page (not "0 won / 0")."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import lobby, turns
from games.present.entries import departure_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def resigned(players, django_capture_on_commit_callbacks):
    ann, bob = players["ann"], players["bob"]
    with django_capture_on_commit_callbacks(execute=True):
        game = lobby.create_game(ann, ["bob"])
        lobby.accept_invitation(game.pk, bob)
        turns.resign(game.pk, ann)
    game.refresh_from_db()
    assert game.status == "finished"
    return game


def test_the_game_page_says_who_resigned_at_which_move(resigned, client):
    page = client.get(reverse("game-detail", args=[resigned.pk])).content.decode()
    assert 'data-testid="departure">ann resigned at move 1.<' in page


def test_the_archive_list_says_who_resigned_at_which_move(resigned, member_client):
    page = member_client.get(reverse("archive:list")).content.decode()
    assert 'data-testid="departure">ann resigned at move 1.<' in page


def test_the_archive_game_page_says_who_resigned_at_which_move(resigned, client):
    page = client.get(reverse("archive:game", args=[resigned.pk])).content.decode()
    assert 'data-testid="departure">ann resigned at move 1.<' in page


def test_a_loss_on_time_is_told_with_its_move():
    assert departure_text("forfeit", "bob", 12) == "bob ran out of time at move 12 and lost on time."
