"""Where people see ratings: leaderboard page and API, profile chart, lobby, tournaments."""

import pytest
from rest_framework.test import APIClient

from games import lobby
from ratings import services
from ratings.models import Rating
from tournaments import creation, registration, rounds
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(make_user):
    return [make_user(name) for name in ("ann", "bob", "cid", "dee")]


def rate(users, ranks, rules=None):
    game = lobby.create_started_game(users[0], users, rules=rules)
    services.rate_ranks(game, [u.pk for u in users], ranks)
    return game


def test_the_leaderboard_lists_players_best_first_per_rule_set(client, people):
    ann, bob, cid, dee = people
    rate([ann, bob], [1, 2])
    rate([cid, dee], [1, 2], rules={"expansions": ["river"]})
    client.force_login(dee)
    page = client.get("/ratings/").content.decode()
    assert page.index(">ann<") < page.index(">bob<") and ">cid<" in page
    base = client.get("/ratings/?pool=base").content.decode()
    assert ">ann<" in base and ">cid<" not in base
    expansions = client.get("/ratings/?pool=expansions").content.decode()
    assert ">cid<" in expansions and ">ann<" not in expansions
    assert "?" in expansions  # provisional after one game
    bad = client.get("/ratings/?pool=<b>x</b>")
    assert bad.status_code == 400 and b"<b>" not in bad.content


def test_the_leaderboard_api_pages_and_filters_by_rule_set(people):
    ann, bob, cid, dee = people
    rate([ann, bob, cid], [1, 2, 3])
    api = APIClient()
    assert api.get("/api/ratings/").status_code in (401, 403)
    api.force_authenticate(dee)
    data = api.get("/api/ratings/?pool=base&page_size=2").json()
    assert data["count"] == 3
    assert [r["username"] for r in data["results"]] == ["ann", "bob"]
    assert [r["rank"] for r in data["results"]] == [1, 2]
    assert data["results"][0]["provisional"] is True and data["results"][0]["games"] == 1
    second = api.get("/api/ratings/?pool=base&page_size=2&page=2").json()
    assert [(r["rank"], r["username"]) for r in second["results"]] == [(3, "cid")]
    assert api.get("/api/ratings/?pool=expansions").json()["count"] == 0
    wrong = api.get("/api/ratings/?pool=count")
    assert wrong.status_code == 400 and "pool" in wrong.json()["detail"]


@pytest.mark.parametrize("url", ["/api/ratings/", "/api/ratings/players/ann/"])
def test_the_ratings_api_pages_are_longer_than_the_other_lists(people, url):
    """The site's pages (carcassonne_site.rest.Pages, reached through the settings) with the
    ratings views' own sizes: 50 players a page, up to 200 (the other lists: 25, up to 100)."""
    api = APIClient()
    api.force_authenticate(people[0])
    assert api.get(url).json()["page_size"] == 50
    assert api.get(url, {"page_size": 200}).json()["page_size"] == 200
    refused = api.get(url, {"page_size": 201})
    assert refused.status_code == 400 and refused.json()["errors"] == {
        "page_size": ["page_size must be a number from 1 to 200"]
    }
    assert api.get("/api/games/").json()["page_size"] == 25
    assert api.get("/api/games/", {"page_size": 101}).status_code == 400
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    size = next(
        p for p in schema["paths"][url.replace("ann", "{username}")]["get"]["parameters"] if p["name"] == "page_size"
    )
    assert size["schema"]["maximum"] == 200 and "default 50" in size["description"]


def test_the_history_api_gives_the_rating_after_each_game(people):
    ann, bob = people[:2]
    first = rate([ann, bob], [1, 2])
    second = rate([ann, bob], [2, 1])
    api = APIClient()
    api.force_authenticate(bob)
    rows = api.get("/api/ratings/players/ann/").json()["results"]
    assert [r["game"] for r in rows] == [first.pk, second.pk]
    assert rows[0]["rating_before"] == services.START and rows[0]["rating"] > services.START
    assert rows[1]["rating"] < rows[1]["rating_before"]
    assert api.get("/api/ratings/players/nobody/").status_code == 404


def test_the_profile_shows_the_rating_and_its_history_chart(client, people):
    ann, bob = people[:2]
    rate([ann, bob], [1, 2])
    rate([ann, bob], [1, 2])
    client.force_login(bob)
    page = client.get("/archive/players/ann/").content.decode()
    shown = Rating.objects.get(user=ann, pool="all").display
    assert f'data-stat="rating">{shown}<' in page
    assert 'class="rating-chart"' in page and "<polyline" in page
    assert "2 rated games" in page
    empty = client.get("/archive/players/cid/").content.decode()
    assert "No rated game yet" in empty


def test_the_lobby_shows_the_rating_beside_each_seated_player(client, people):
    ann, bob, cid = people[:3]
    rate([ann, bob], [1, 2])
    lobby.create_game(ann, [], open_seats=1)
    client.force_login(cid)
    page = client.get("/games/lobby/").content.decode()
    shown = Rating.objects.get(user=ann, pool="all").display
    assert f'data-rating="{shown}"' in page


def test_tournaments_seed_by_current_rating_and_show_it_in_the_standings(client, people):
    ann, bob, cid, dee = people
    rate([dee, cid, bob, ann], [1, 2, 3, 4])  # dee is best rated, ann worst
    t = creation.create_tournament(ann, name="Cup", format="knockout", seeding="rating")
    for user in (ann, bob, cid, dee):
        registration.register(t, user)
    Entry.objects.filter(tournament=t).update(rating=1500)  # registered long ago: stale copies
    rounds.start(t, ann)
    t.refresh_from_db()
    assert t.knockout_seeds == [dee.pk, cid.pk, bob.pk, ann.pk]
    client.force_login(bob)
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert f'<td class="rating">{Rating.objects.get(user=dee, pool="base").display}?</td>' in page


def test_a_private_games_rating_change_is_anonymous_to_outsiders(client, people):
    from games.models import Game

    ann, bob, cid = people[:3]
    public = rate([ann, bob], [1, 2])
    private = rate([ann, bob], [2, 1])
    Game.objects.filter(pk=private.pk).update(private=True)
    current = Rating.objects.get(user=ann, pool="all").display
    api = APIClient()
    api.force_authenticate(cid)
    rows = api.get("/api/ratings/players/ann/").json()["results"]
    assert [r["game"] for r in rows] == [public.pk, None]
    assert (rows[1]["finished_at"], rows[1]["rank"]) == (None, None)
    assert rows[1]["rating_before"] == rows[0]["rating"] and rows[1]["rating"] == current  # the rating still moved
    api.force_authenticate(bob)  # the other player of the private game sees it named
    rows = api.get("/api/ratings/players/ann/").json()["results"]
    assert [(r["game"], r["rank"]) for r in rows] == [(public.pk, 1), (private.pk, 2)]
    client.force_login(cid)
    page = client.get("/archive/players/ann/").content.decode()
    assert f'data-stat="rating">{current}<' in page and "2 rated games" in page
    assert f"/archive/games/{private.pk}/" not in page and f"#{private.pk}<" not in page
    assert "Private game" in page
    client.force_login(ann)
    assert f"/archive/games/{private.pk}/" in client.get("/archive/players/ann/").content.decode()


def test_a_profile_with_a_few_thousand_rated_games_draws_a_light_line_and_tells_the_last_ten_newest_first(
    client, people
):
    """The chart's line keeps what its 576-pixel plot can show with a 2-pixel line (the lowest
    and highest game of every other pixel), the table the ten last games, newest first: the
    page reads no model row per rated game."""
    import re

    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from games.models import Game
    from ratings.models import RatingChange

    ann, bob = people[:2]
    start = timezone.now() - timezone.timedelta(days=2000)
    games = Game.objects.bulk_create(
        Game(name=f"old {n}", created_by=ann, status=Game.Status.FINISHED, finished_at=start) for n in range(3000)
    )
    displays = [1500 + (n * 41) % 300 for n in range(3000)]
    RatingChange.objects.bulk_create(
        RatingChange(
            game=game,
            user=ann,
            pool="all",
            rank=1 + n % 2,
            mu_before=25,
            sigma_before=8,
            mu=25,
            sigma=8,
            display_before=displays[n - 1] if n else 1500,
            display=displays[n],
            finished_at=start + timezone.timedelta(hours=n),
        )
        for n, game in enumerate(games)
    )
    client.force_login(bob)
    client.get("/archive/players/bob/")  # warm-up
    with CaptureQueriesContext(connection) as ctx:
        page = client.get("/archive/players/ann/").content.decode()
    assert f'data-stat="rating">{displays[-1]}<' in page and "3000 rated games" in page
    points = re.search(r'<polyline[^>]* points="([^"]*)"', page)[1].split()
    assert 288 <= len(points) <= 576 + 2  # a light line: a low and a high every other pixel, not 3,001 points
    assert max(float(p.split(",")[1]) for p in points) > 150 and min(float(p.split(",")[1]) for p in points) < 30
    told = re.findall(r'<a href="/archive/games/(\d+)/">#', page)
    assert told == [str(g.pk) for g in games[::-1][:10]]  # the ten last, newest first
    history = [q["sql"] for q in ctx.captured_queries if "ratings_ratingchange" in q["sql"]]
    # the line, the last ten, the private games among the rated ones: no query reads every model row
    assert len(history) == 3 and all('"ratings_ratingchange"."mu"' not in q or "LIMIT 10" in q for q in history)
    from tests.conftest import covered

    # the line's query (two numbers a game) reads the covering index alone: no table page per game
    line = next(q for q in history if "LIMIT" not in q)
    assert covered(line, RatingChange, "ratingchange_user_curve") == set()
