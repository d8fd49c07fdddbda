"""``?move=k`` names the board or replay after move k on four doors: the game's board API,
the archive's board API, the replay page and the import page. One reader
(games.engine_state.move_number): the APIs answer a bad one alike ({"detail", "errors"}), the
pages with a 400 page saying the same words and the way back."""

import json

import pytest

from archive.generate import store_game

from .conftest import day, short_template, template

pytestmark = pytest.mark.django_db

BAD = {"not a number": "two", "negative": "-1", "past the end": "past"}


@pytest.fixture
def game(players):
    return store_game(short_template(5), [players["ann"], players["bob"]], day(3), "Short")


def _value(bad: str, game) -> str:
    return str(game.move_count + 1) if bad == "past" else bad


def _expected(bad: str, game) -> str:
    if bad == "two":
        return "move must be a whole number, not 'two'"
    return f"move must be between 0 and {game.move_count}, not {_value(bad, game)}"


@pytest.mark.parametrize("door", ["/api/games/{pk}/board.svg", "/api/archive/games/{pk}/board.svg"])
@pytest.mark.parametrize("bad", BAD.values(), ids=BAD.keys())
def test_a_bad_move_on_either_board_api_is_one_400_in_the_apis_shape(member_client, game, door, bad):
    response = member_client.get(door.format(pk=game.pk), {"move": _value(bad, game)}, HTTP_ACCEPT="image/svg+xml")
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/json")
    message = _expected(bad, game)
    assert response.json() == {"detail": message, "errors": {"move": [message]}}


@pytest.mark.parametrize("door", ["/api/games/{pk}/board.svg", "/api/archive/games/{pk}/board.svg"])
def test_either_board_api_draws_every_move_from_the_start_to_the_last(member_client, game, door):
    url = door.format(pk=game.pk)
    start = member_client.get(url, {"move": "0"}).content.decode()
    last = member_client.get(url, {"move": str(game.move_count)}).content.decode()
    assert start.count('class="tile"') < last.count('class="tile"')
    assert member_client.get(url).content.decode() == last  # no move: the board now


@pytest.mark.parametrize("bad", BAD.values(), ids=BAD.keys())
def test_a_bad_move_on_the_replay_page_is_a_400_page_saying_why_with_the_way_back(member_client, game, bad):
    base = f"/archive/games/{game.pk}/"
    response = member_client.get(base, {"move": _value(bad, game)})
    assert response.status_code == 400
    html = response.content.decode()
    assert _expected(bad, game).replace("'", "&#x27;") in html
    assert f'href="{base}" data-testid="back"' in html
    assert member_client.get(base, {"move": str(game.move_count)}).status_code == 200


@pytest.fixture
def whole_game(players):
    """A game played to its end (the short game's resignation names "Bob", whom an uploaded
    record of players called "ann" and "bob" does not know)."""
    return store_game(template(21, 2), [players["ann"], players["bob"]], day(4), "Whole")


@pytest.mark.parametrize("bad", BAD.values(), ids=BAD.keys())
def test_a_bad_step_on_the_import_page_is_a_400_page_saying_why(member_client, whole_game, bad):
    game = whole_game
    text = member_client.get(f"/archive/games/{game.pk}/record.json").content.decode()
    assert len(json.loads(text)["moves"]) == game.move_count
    response = member_client.post("/archive/import/", {"text": text, "step": _value(bad, game)})
    assert response.status_code == 400
    html = response.content.decode()
    assert _expected(bad, game).replace("'", "&#x27;") in html
    assert 'href="/archive/import/" data-testid="back"' in html
    assert member_client.post("/archive/import/", {"text": text, "step": "0"}).status_code == 200
