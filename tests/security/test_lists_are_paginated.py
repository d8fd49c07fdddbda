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


# --- the API: every list it returns comes in pages, one style (carcassonne_site.rest.Pages) ---

# Lists the API returns whole, and what bounds them.
WHOLE_LISTS = {
    "/api/games/{id}/moves/": "a game's moves: at most one per tile",
    "/api/tournaments/{id}/rounds/": "a tournament's rounds: bounded by its players",
    "/api/tournaments/{id}/rounds/{number}/pairings/": "a round's tables: bounded by its players",
    "/api/tournaments/{id}/standings/": "a tournament's players: bounded by its size",
}
PAGE_FIELDS = {"count", "page", "pages", "page_size", "next", "previous", "results"}


def _api_lists(client):
    """``{path: "paged" | "whole"}`` for every GET of the API schema that answers a list."""
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    components = schema["components"]["schemas"]
    found = {}
    for path, operations in schema["paths"].items():
        content = operations.get("get", {}).get("responses", {}).get("200", {}).get("content", {})
        answer = content.get("application/json", {}).get("schema", {})
        while "$ref" in answer:
            answer = components[answer["$ref"].rsplit("/", 1)[-1]]
        if answer.get("type") == "array":
            found[path] = "whole"
        elif "results" in answer.get("properties", {}):
            assert PAGE_FIELDS <= set(answer["properties"]), path
            assert {"page", "page_size"} <= {p["name"] for p in operations["get"]["parameters"]}, path
            found[path] = "paged"
    return found


@pytest.mark.django_db
def test_every_list_of_the_api_comes_in_pages_unless_its_size_is_bounded(client):
    lists = _api_lists(client)
    whole = {path for path, kind in lists.items() if kind == "whole"}
    assert whole == set(WHOLE_LISTS), (
        "a new list of the API: page it (carcassonne_site.rest.Pages) or say what bounds it"
    )
    assert {path for path, kind in lists.items() if kind == "paged"} >= {
        "/api/games/",
        "/api/tournaments/",
        "/api/archive/games/",
        "/api/ratings/",
        "/api/ratings/players/{username}/",
    }


def _paged_urls(client, username):
    return [
        path.replace("{username}", username) for path, kind in sorted(_api_lists(client).items()) if kind == "paged"
    ]


@pytest.mark.django_db
def test_every_paged_list_answers_a_bad_page_or_size_with_a_400_naming_it(client, ann):
    client.force_login(ann)
    for url in _paged_urls(client, ann.username):
        assert "{" not in url, f"{url}: give the test a value for its parameter"
        for query, name in (
            ("page=abc", "page"),
            ("page=0", "page"),
            ("page_size=0", "page_size"),
            ("page_size=x", "page_size"),
        ):
            response = client.get(f"{url}?{query}")
            assert response.status_code == 400, (url, query)
            assert name in response.json()["errors"] and name in response.json()["detail"], (url, query)
        past_the_end = client.get(f"{url}?page=99").json()
        assert PAGE_FIELDS <= set(past_the_end) and past_the_end["page"] == past_the_end["pages"], url


@pytest.mark.django_db
def test_the_games_api_lists_the_callers_games_page_by_page_newest_first(client, ann, bob):
    games = [lobby.create_game(ann, ["bob"], name=f"Table {i}") for i in range(3)]
    client.force_login(bob)
    first = client.get("/api/games/?page_size=2").json()
    assert (first["count"], first["page"], first["pages"], first["page_size"]) == (3, 1, 2, 2)
    assert [g["id"] for g in first["results"]] == [games[2].pk, games[1].pk] and first["previous"] is None
    second = client.get(first["next"]).json()
    assert [g["id"] for g in second["results"]] == [games[0].pk] and second["next"] is None
    assert client.get(second["previous"]).json()["results"] == first["results"]


@pytest.mark.django_db
def test_the_tournaments_api_lists_every_tournament_page_by_page_newest_first(client, bob):
    cups = [creation.create_tournament(bob, name=f"Cup {i}") for i in range(3)]
    listed = client.get("/api/tournaments/?page_size=2&page=2").json()
    assert listed["count"] == 3 and [t["id"] for t in listed["results"]] == [cups[0].pk]
    assert "page=1" in listed["previous"] or "page=" not in listed["previous"]
