"""A NUL character in any form field or query is refused once, before a view reads it:
a 400 with a message (JSON for the API and for scripts asking for JSON), nothing stored.
PostgreSQL refuses NUL in text (a 500 before); SQLite would store it: the answer is the
same on both."""

import pytest
from django.db import DataError, transaction
from rest_framework.test import APIClient

from chat.models import Message, Mute, Note
from games import lobby
from games.models import Game
from tests.conftest import needs_postgresql
from tournaments import creation, registration
from tournaments.models import Entry, Tournament


@pytest.fixture
def game(ann, bob):
    game = lobby.create_game(ann, ["bob"])
    lobby.accept_invitation(game.pk, bob)
    return game


@pytest.fixture
def cup(ann, bob):
    cup = creation.create_tournament(ann, name="Cup", format="swiss", swiss_rounds=1)
    registration.register(cup, bob)
    return cup


def stored():
    return (
        Message.objects.count(),
        Note.objects.count(),
        Mute.objects.count(),
        Entry.objects.count(),
        Game.objects.count(),
        Tournament.objects.count(),
    )


def forms(game, cup):
    """Each form of the site a NUL was seen to crash, with a NUL in one of its fields."""
    return {
        "chat post": (f"/games/{game.pk}/chat/post/", {"text": "good move\x00"}),
        "note": (f"/games/{game.pk}/note/", {"text": "watch the farm\x00"}),
        "chat mute": (f"/games/{game.pk}/chat/mute/", {"username": "bob\x00", "mute": "1"}),
        "tournament invite": (f"/tournaments/{cup.pk}/invite/", {"usernames": "bob\x00"}),
        "tournament withdraw": (f"/tournaments/{cup.pk}/withdraw/", {"username": "bob\x00"}),
        "new game": ("/games/new/", {"name": "Friday\x00", "open_seats": "1"}),
        "a field's name": (f"/games/{game.pk}/note/", {"text": "plain", "te\x00xt": "x"}),
    }


@pytest.mark.django_db
@pytest.mark.parametrize(
    "form", ["chat post", "note", "chat mute", "tournament invite", "tournament withdraw", "new game", "a field's name"]
)
def test_a_nul_character_in_a_form_is_a_400_page_and_nothing_is_stored(client, ann, game, cup, form):
    client.force_login(ann)
    url, data = forms(game, cup)[form]
    before = stored()
    response = client.post(url, data)
    assert response.status_code == 400
    page = response.content.decode()
    assert "NUL character" in page and "<html" in page
    assert stored() == before


@pytest.mark.django_db
def test_a_script_asking_for_json_gets_the_refusal_in_json(client, ann, game):
    client.force_login(ann)
    response = client.post(f"/games/{game.pk}/chat/post/", {"text": "hi\x00"}, HTTP_ACCEPT="application/json")
    assert response.status_code == 400
    assert "NUL character" in response.json()["detail"]
    assert not Message.objects.exists()


@pytest.mark.django_db
def test_the_refusal_is_in_the_visitors_language(client, ann, game):
    client.force_login(ann)
    response = client.post(f"/games/{game.pk}/note/", {"text": "x\x00"}, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 400
    assert "NUL-Zeichen" in response.content.decode()


@pytest.mark.django_db
def test_a_nul_character_in_a_query_is_a_400(client, ann):
    client.force_login(ann)
    response = client.get("/games/lobby/", {"page": "2\x00"})
    assert response.status_code == 400


@pytest.mark.django_db
@pytest.mark.parametrize("body", [{"name": "Friday\u0000", "open_seats": 1}, {"invite": ["bob"], "n\u0000": 1}])
def test_a_nul_character_in_an_api_body_is_a_json_400_and_nothing_is_stored(ann, bob, body):
    api = APIClient()
    api.force_authenticate(ann)
    response = api.post("/api/games/", body, format="json")
    assert response.status_code == 400
    assert "NUL character" in response.json()["detail"]
    assert not Game.objects.exists()


@pytest.mark.django_db
def test_a_nul_character_in_an_api_tournament_description_is_refused(ann):
    api = APIClient()
    api.force_authenticate(ann)
    response = api.post("/api/tournaments/", {"name": "Cup", "description": "rules\u0000"}, format="json")
    assert response.status_code == 400
    assert "NUL character" in response.json()["detail"]
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_postgresql_itself_refuses_a_nul_character_so_the_screen_is_needed(ann):
    """The reason for the screen, and proof that this file ran on PostgreSQL in CI."""
    needs_postgresql("the NUL tests")
    with pytest.raises(DataError, match="NUL"), transaction.atomic():
        Note.objects.create(game=lobby.create_game(ann, [], open_seats=1), author=ann, text="x\x00")
