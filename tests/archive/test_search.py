from urllib.parse import parse_qs, urlsplit

import pytest
from django.http import QueryDict

from archive.filters import Filters
from archive.generate import store_game
from archive.search import search

from .conftest import day, template

pytestmark = pytest.mark.django_db


@pytest.fixture
def games(players):
    ann, bob, cid, dee = (players[n] for n in ("ann", "bob", "cid", "dee"))
    return {
        "g1": store_game(template(11, 2), [ann, bob], day(1), "g1"),
        "g2": store_game(template(12, 2, "classic"), [ann, cid], day(10), "g2"),
        "g3": store_game(template(13, 3, river=True), [bob, cid, dee], day(20), "g3"),
        "g4": store_game(template(14, 3), [cid, ann, bob], day(30), "g4"),
    }


def names(query: str) -> list[str]:
    filters, errors = Filters.from_query(QueryDict(query))
    assert not errors
    qs = search(filters)
    if filters.status == "active":
        return [g.name for g in qs]
    return [r.game.name for r in qs.select_related("game")]


def winner_of(game):
    best = max(game.scores)
    return [s.user.username for s, score in zip(game.seats.order_by("position"), game.scores) if score == best]


def test_sorted_by_completion_newest_first(games):
    assert names("") == ["g4", "g3", "g2", "g1"]
    assert names("sort=finished") == ["g1", "g2", "g3", "g4"]


def test_player_filters(games):
    assert names("player=ann") == ["g4", "g2", "g1"]
    assert names("player=ANN") == ["g4", "g2", "g1"]
    assert names("player=ann&player=bob") == ["g4", "g1"]
    assert names("player=ann,cid") == ["g4", "g2"]
    assert names("player=dee&player=ann") == []


def test_date_rule_and_count_filters(games):
    assert names("finished_after=2024-01-11&finished_before=2024-01-21") == ["g3", "g2"]
    assert names("finished_before=2024-01-02") == ["g1"]
    assert names("farm_scoring=classic") == ["g2"]
    assert names("farm_scoring=current") == ["g4", "g3", "g1"]
    assert names("river=yes") == ["g3"]
    assert names("river=no&players=2") == ["g2", "g1"]
    assert names("players=3") == ["g4", "g3"]


def test_winner_filter(games):
    for name, game in games.items():
        for username in winner_of(game):
            assert name in names(f"winner={username}")
    expected = sorted(n for n, g in games.items() if "ann" in winner_of(g))
    assert sorted(names("winner=ann")) == expected
    assert sorted(names("winner=ann&player=dee")) == sorted(
        n for n, g in games.items() if "ann" in winner_of(g) and g.seats.filter(user__username="dee").exists()
    )


def test_bad_values_are_reported(games):
    filters, errors = Filters.from_query(QueryDict("players=9&river=maybe&finished_after=soon&player=a,b,c"))
    assert set(errors) == {"players", "river", "finished_after", "player"}
    filters, errors = Filters.from_query(QueryDict("tournament=x&round=0"))
    assert set(errors) == {"tournament", "round"} and filters.tournament is None and filters.round is None


def test_list_page(member_client, games):
    response = member_client.get("/archive/?player=ann&player=bob")
    assert response.status_code == 200
    html = response.content.decode()
    assert "2 games" in html
    for name in ("g1", "g4"):
        assert f'href="/archive/games/{games[name].pk}/"' in html
    # by link, not by name: a random CSRF token may contain "g2"
    assert f'href="/archive/games/{games["g2"].pk}/"' not in html
    response = member_client.get("/archive/?player=nobody")
    assert "there is no player called" in response.content.decode()


def test_each_row_names_classic_farms_once_and_the_published_game_as_the_base_game(member_client, games):
    html = member_client.get("/archive/?player=cid").content.decode()
    rows = {name: html[html.index(f">{name}<") :] for name in ("g2", "g3")}
    classic = rows["g2"][: rows["g2"].index("</tr>")]
    assert classic.count("Classic farms") == 1 and "Base game" not in classic
    assert 'data-rule="river"' in rows["g3"][: rows["g3"].index("</tr>")]
    plain = member_client.get("/archive/?player=ann&players=2&farm_scoring=current").content.decode()
    row = plain[plain.index(">g1<") :]
    assert "Base game" in row[: row.index("</tr>")]


def test_list_needs_login(client, games):
    assert client.get("/archive/").status_code == 302


def test_active_games(member_client, players, games):
    g = games["g1"]
    g.status = "active"
    g.save()
    assert names("status=active") == ["g1"]
    assert names("status=active&player=bob") == ["g1"]
    assert names("status=active&player=dee") == []
    assert names("status=active&winner=ann") == []
    assert "g1" in member_client.get("/archive/?status=active").content.decode()


def test_api_list_matches_filters(member_client, games):
    data = member_client.get("/api/archive/games/?player=ann&player=bob&page_size=1").json()
    assert data["count"] == 2 and data["pages"] == 2 and len(data["results"]) == 1
    assert data["results"][0]["name"] == "g4"
    next_query = parse_qs(urlsplit(data["next"]).query)  # the same search, one page on
    assert next_query == {"page": ["2"], "page_size": ["1"], "player": ["ann", "bob"]} and data["previous"] is None
    second = member_client.get(data["next"]).json()
    assert [r["name"] for r in second["results"]] == ["g1"]
    data = member_client.get("/api/archive/games/?river=true&tournament=7").json()
    assert data["results"] == [] and data["ignored"] == []  # tournament 7 has no game
    data = member_client.get("/api/archive/games/?river=true").json()
    assert [r["name"] for r in data["results"]] == ["g3"] and data["results"][0]["tournament"] is None
    row = data["results"][0]
    assert [p["username"] for p in row["players"]] == ["bob", "cid", "dee"]
    assert row["rules"] == {"farm_scoring": "current", "river": True, "expansions": ["river"]}
    assert member_client.get("/api/archive/games/?players=seven").status_code == 400
    assert member_client.get("/api/archive/games/?player=nobody").status_code == 400


def test_api_needs_authentication(client, games):
    assert client.get("/api/archive/games/").status_code == 401


def test_the_archive_filters_choose_tournament_and_round_by_name(client, django_user_model):
    from tournaments import creation, registration, rounds

    users = [django_user_model.objects.create_user(f"t{i}", f"t{i}@example.com", "x") for i in range(4)]
    cup = creation.create_tournament(users[0], name="Spring <Cup>", format="swiss", swiss_rounds=2)
    for u in users:
        registration.register(cup, u)
    rounds.start(cup, users[0])
    client.force_login(users[0])
    html = client.get("/archive/", {"status": "active", "tournament": cup.pk, "round": 1}).content.decode()
    assert f'<option value="{cup.pk}" selected>Spring &lt;Cup&gt;</option>' in html
    assert '<option value="1" selected>Round 1</option>' in html
    assert 'type="number" min="1" name="tournament"' not in html
    assert "data-fold-on-phone data-filtered" in html


def test_the_profile_explains_the_level_column(client, django_user_model):
    from archive.generate import make_template, store_game

    ann, bob = (django_user_model.objects.create_user(n, f"{n}@example.com", "x") for n in ("ann", "bob"))
    store_game(make_template(2, 2), [ann, bob])
    client.force_login(ann)
    html = client.get("/archive/players/ann/").content.decode()
    assert 'title="Games in which both finished in the same place">Tied</abbr>' in html
    assert "Tied: both finished in the same place" in html and ">Level<" not in html


@pytest.mark.parametrize(
    "query, parameter, message",
    [
        ("status=over", "status", "status must be one of finished, active"),
        ("player=a,b&player=c", "player", "give at most 2 players"),
        ("finished_after=soon", "finished_after", "finished_after must be a date such as 2024-05-31"),
        ("finished_before=2024-02-30", "finished_before", "finished_before must be a date such as 2024-05-31"),
        ("players=7", "players", "players must be a number from 2 to 6"),
        ("players=two", "players", "players must be a number from 2 to 6"),
        ("tournament=-3", "tournament", "tournament must be a tournament number"),
        ("round=0", "round", "round must be a round number, from 1"),
        ("sort=name", "sort", "sort must be one of -finished, finished"),
        ("river=maybe", "river", "river must be yes or no"),
        ("farm_scoring=modern", "farm_scoring", "farm_scoring must be one of current, classic"),
    ],
)
def test_a_bad_search_value_is_a_400_that_names_the_parameter_and_says_what_it_takes(
    member_client, query, parameter, message
):
    response = member_client.get(f"/api/archive/games/?{query}")
    assert response.status_code == 400
    assert response.json()["errors"] == {parameter: message}
    assert f"{parameter}: {message}" in response.json()["detail"]


def test_every_bad_value_of_one_search_is_named_at_once(member_client):
    errors = member_client.get("/api/archive/games/?players=9&river=maybe&sort=x&page=0").json()["errors"]
    assert set(errors) == {"players", "river", "sort", "page"}


def test_yes_and_no_are_understood_in_several_words_and_players_in_several_forms():
    for yes, no in (("yes", "no"), ("TRUE", "false"), ("on", "off"), ("1", "0")):
        filters, errors = Filters.from_query(QueryDict(f"river={yes}&small_city={no}"))
        assert (filters.rules, errors) == ({"river": True, "small_city": False}, {}), (yes, no)
    filters, errors = Filters.from_query(QueryDict("player=ann, bob&player=ann"))
    assert (filters.players, errors) == (["ann", "bob"], {})
    filters, errors = Filters.from_query(QueryDict("player=ann,bob,cid"))
    assert filters.players == ["ann", "bob"] and set(errors) == {"player"}  # the first two still apply


def test_a_search_without_parameters_is_the_default_one():
    filters, errors = Filters.from_query(QueryDict(""))
    assert filters.is_default() and errors == {}
