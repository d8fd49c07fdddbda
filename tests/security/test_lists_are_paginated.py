"""The lobby and the tournament list come in pages: ``?page=2`` is the second page, a
page past the end is the last page, a bad number the first (Django's ``get_page``)."""

import pytest

from games import lobby
from games import views as game_views
from tournaments import creation
from tournaments import views as tournament_views


@pytest.fixture
def open_games(bob, monkeypatch):
    monkeypatch.setattr(game_views, "LOBBY_PAGE_SIZE", 3)
    return [lobby.create_game(bob, [], open_seats=1, name=f"Table {i}") for i in range(7)]  # newest last


@pytest.fixture
def cups(bob, monkeypatch):
    monkeypatch.setattr(tournament_views, "TOURNAMENTS_PAGE_SIZE", 3)
    return [creation.create_tournament(bob, name=f"Cup {i}") for i in range(7)]


def shown(response, prefix):
    page = response.content.decode()
    return [i for i in range(7) if f"{prefix} {i}<" in page]


@pytest.mark.django_db
def test_the_lobby_shows_one_page_of_games_newest_first_with_links_to_the_others(client, ann, open_games):
    client.force_login(ann)
    first = client.get("/games/lobby/")
    assert shown(first, "Table") == [4, 5, 6]
    assert 'href="?page=2"' in first.content.decode() and "Page 1 of 3" in first.content.decode()
    second = client.get("/games/lobby/?page=2")
    assert shown(second, "Table") == [1, 2, 3]
    assert 'href="?page=1"' in second.content.decode() and 'href="?page=3"' in second.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("page, games", [("99", [0]), ("-1", [0]), ("abc", [4, 5, 6]), ("", [4, 5, 6])])
def test_a_lobby_page_past_the_end_is_the_last_page_and_a_bad_number_the_first(client, ann, open_games, page, games):
    client.force_login(ann)
    response = client.get("/games/lobby/", {"page": page})
    assert response.status_code == 200
    assert shown(response, "Table") == games


@pytest.mark.django_db
def test_the_tournament_list_shows_one_page_with_links_to_the_others(client, cups):
    first = client.get("/tournaments/")
    assert shown(first, "Cup") == [4, 5, 6]
    assert 'href="?page=2"' in first.content.decode()
    assert shown(client.get("/tournaments/?page=3"), "Cup") == [0]
    assert shown(client.get("/tournaments/?page=42"), "Cup") == [0]


@pytest.mark.django_db
def test_a_short_list_has_no_page_links(client, bob):
    creation.create_tournament(bob, name="Cup 1")
    assert 'data-testid="pages"' not in client.get("/tournaments/").content.decode()
