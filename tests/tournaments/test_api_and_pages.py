"""Tournament pages, exports and API."""

import csv
import io
import json
import random

import pytest
from rest_framework.test import APIClient

from tournaments import creation, registration, rounds
from tournaments.models import Tournament

from .conftest import play_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def running(director, players):
    users = players(6)
    t = creation.create_tournament(
        director, name="Autumn <Swiss>", format="swiss", swiss_rounds=3, tiebreaks=["buchholz", "sonneborn_berger"]
    )
    for u in users:
        registration.register(t, u)
    rounds.start(t, director)
    play_round(t, random.Random(0))
    t.refresh_from_db()
    return t


def api(user=None):
    client = APIClient()
    if user:
        client.force_authenticate(user)
    return client


def test_pages(client, running):
    t = running
    assert client.get("/tournaments/").status_code == 200
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert "Autumn &lt;Swiss&gt;" in page and "Standings" in page and "Bh" in page
    rnd = client.get(f"/tournaments/{t.pk}/rounds/1/").content.decode()
    game_id = t.rounds.get(number=1).pairings.exclude(game=None).first().game_id
    assert f"/games/{game_id}/" in rnd
    name = t.standings_cache[0]["username"]
    assert client.get(f"/tournaments/{t.pk}/players/{name}/").status_code == 200
    assert client.get(f"/tournaments/{t.pk}/bracket.svg").status_code == 404  # no knockout


def test_exports(client, running):
    t = running
    rows = list(csv.reader(io.StringIO(client.get(f"/tournaments/{t.pk}/standings.csv").content.decode())))
    assert rows[0][:3] == ["rank", "player", "points"] and rows[0][-2:] == ["buchholz", "sonneborn_berger"]
    assert len(rows) == 7
    data = json.loads(client.get(f"/tournaments/{t.pk}/standings.json").content)
    assert [r["rank"] for r in data["standings"]] == sorted(r["rank"] for r in data["standings"])


def started(director, users, **fields):
    t = creation.create_tournament(director, **fields)
    for u in users:
        registration.register(t, u)
    rounds.start(t, director)
    return t


def test_bracket_svg(client, director, players):
    t = started(director, players(5), name="Cup", format="knockout")
    response = client.get(f"/tournaments/{t.pk}/bracket.svg")
    assert response["Content-Type"] == "image/svg+xml"
    body = response.content.decode()
    assert body.startswith("<svg") and "p0" in body and "bye" in body and "/games/" in body


def test_create_form(client, director):
    client.force_login(director)
    response = client.post(
        "/tournaments/new/",
        {
            "name": "League",
            "format": "round_robin",
            "table_size": 4,
            "swiss_rounds": 5,
            "knockout_top": 0,
            "seeding": "rating",
            "registration": "open",
            "min_finished_games": 0,
            "round_days": 14,
            "timeout_rule": "lose",
            "promote": 0,
            "relegate": 0,
            "tiebreak_chain": "game_points, head_to_head",
            "farm_scoring": "current",
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    t = Tournament.objects.get(name="League")
    assert t.director == director and t.tiebreaks == ["game_points", "head_to_head"] and t.table_size == 4


def test_register_and_start_via_pages(client, director, players):
    a, b = players(2)
    t = creation.create_tournament(director, name="Duel", format="swiss", swiss_rounds=1)
    for u in (a, b):
        client.force_login(u)
        assert client.post(f"/tournaments/{t.pk}/register/").status_code == 302
    client.force_login(a)
    client.post(f"/tournaments/{t.pk}/start/")
    assert t.rounds.count() == 0  # only the director
    client.force_login(director)
    client.post(f"/tournaments/{t.pk}/start/")
    assert t.rounds.count() == 1


def test_api(running, director, players):
    t = running
    outsider = players(1, "z")[0]
    anonymous = api()  # reads as the pages do: public; changes need a log-in
    assert any(x["id"] == t.pk for x in anonymous.get("/api/tournaments/").json()["results"])
    assert anonymous.get(f"/api/tournaments/{t.pk}/standings/").status_code == 200
    assert anonymous.post(f"/api/tournaments/{t.pk}/register/").status_code in (401, 403)
    assert anonymous.post("/api/tournaments/", {"name": "Mine"}, format="json").status_code in (401, 403)
    c = api(outsider)
    assert any(x["id"] == t.pk for x in c.get("/api/tournaments/").json()["results"])
    assert c.get(f"/api/tournaments/{t.pk}/").json()["format"] == "swiss"
    rounds = c.get(f"/api/tournaments/{t.pk}/rounds/").json()
    assert [r["number"] for r in rounds] == [1, 2]
    pairings = c.get(f"/api/tournaments/{t.pk}/rounds/1/pairings/").json()
    assert all(p["status"] == "finished" for p in pairings)
    assert all(isinstance(name, str) for p in pairings for name in p["players"])
    standings = c.get(f"/api/tournaments/{t.pk}/standings/").json()
    assert len(standings) == 6 and set(standings[0]["tiebreaks"]) == {"buchholz", "sonneborn_berger"}
    # Late entry, then withdrawal.
    assert c.post(f"/api/tournaments/{t.pk}/register/").status_code == 201
    assert c.post(f"/api/tournaments/{t.pk}/withdraw/", {"policy": "drop"}, format="json").status_code == 200
    assert c.patch(f"/api/tournaments/{t.pk}/", {"name": "x"}, format="json").status_code == 403


def test_api_create_and_start(director, players):
    users = players(3)
    c = api(director)
    response = c.post("/api/tournaments/", {"name": "API cup", "format": "knockout", "tiebreaks": []}, format="json")
    assert response.status_code == 201, response.json()
    pk = response.json()["id"]
    assert c.post("/api/tournaments/", {"name": "Bad", "tiebreaks": ["dice"]}, format="json").status_code == 400
    for u in users:
        assert api(u).post(f"/api/tournaments/{pk}/register/").status_code == 201
    assert api(users[0]).post(f"/api/tournaments/{pk}/start/").status_code == 403
    response = c.post(f"/api/tournaments/{pk}/start/")
    assert response.status_code == 201 and response.json()["number"] == 1
    assert c.post(f"/api/tournaments/{pk}/start/").status_code == 409


def test_the_tournament_page_shows_the_bracket_inline_with_links_to_the_games(client, director, players):
    t = started(director, players(4), name="Cup <b>", format="knockout")
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    drawing = page[page.index('data-testid="bracket"') :]
    assert drawing.index("<svg") < drawing.index("</svg>") and "<object" not in page
    game_id = t.rounds.get(number=1).pairings.exclude(game=None).first().game_id
    assert f'href="/games/{game_id}/"' in drawing[: drawing.index("</svg>")]


def test_the_create_form_offers_tiebreaks_as_choices_in_order(client, director):
    client.force_login(director)
    html = client.get("/tournaments/new/").content.decode()
    assert '<select name="tiebreak_1"' in html and ">Sonneborn-Berger</option>" in html
    assert 'data-formats="swiss"' in html  # the page shows only the chosen format's options
    form = {
        "format": "swiss",
        "table_size": 2,
        "swiss_rounds": 4,
        "knockout_top": 0,
        "seeding": "rating",
        "registration": "open",
        "min_finished_games": 0,
        "round_days": 14,
        "timeout_rule": "lose",
        "promote": 0,
        "relegate": 0,
        "farm_scoring": "current",
    }
    response = client.post(
        "/tournaments/new/",
        {
            **form,
            "name": "Choices",
            "tiebreak_1": "head_to_head",
            "tiebreak_2": "",
            "tiebreak_3": "buchholz",
            "tiebreak_4": "",
        },
    )
    assert response.status_code == 302
    assert Tournament.objects.get(name="Choices").tiebreaks == ["head_to_head", "buchholz"]
    again = client.post(
        "/tournaments/new/", {**form, "name": "Twice", "tiebreak_1": "buchholz", "tiebreak_2": "buchholz"}
    )
    assert "Each tiebreak can be chosen once." in again.content.decode()
    assert not Tournament.objects.filter(name="Twice").exists()


def test_a_round_robin_page_shows_the_full_schedule_and_the_crosstable(client, director, players):
    users = players(4)
    t = started(director, users, name="League", format="round_robin")
    play_round(t, score=lambda p: [60, 40])  # the first seat of each game wins
    t.refresh_from_db()
    html = client.get(f"/tournaments/{t.pk}/").content.decode()
    schedule = html[html.index('data-testid="schedule"') :]
    assert all(f"Round {n}" in schedule for n in (1, 2, 3))  # 4 players: 3 rounds, the later ones to come
    for table in t.schedule[2]:
        names = [u.username for uid in table for u in users if u.pk == uid]
        assert " – ".join(names) in schedule
    cross = html[html.index('data-testid="crosstable"') : html.index('data-testid="schedule"')]
    first = t.rounds.get(number=1).pairings.exclude(game=None).first()
    assert f'href="/games/{first.game_id}/" class="cross-w">W<' in cross
    assert f'href="/games/{first.game_id}/" class="cross-l">L<' in cross
    assert cross.count("cross-w") == 2 and cross.count("cross-l") == 2  # round 1: two games
