"""Tournament input is bounded and checked; exports are safe to open in a spreadsheet;
the random seeding cannot be computed by outsiders; API errors share one format."""

import csv
import io
import random

import pytest
from rest_framework.test import APIClient

from tournaments import creation, registration, rounds
from tournaments.models import Tournament


@pytest.fixture
def api(director):
    client = APIClient()
    client.force_authenticate(director)
    return client


@pytest.mark.django_db
def test_a_huge_tournament_description_is_refused(api):
    response = api.post("/api/tournaments/", {"name": "Big", "description": "x" * 1_000_000}, format="json")
    assert response.status_code == 400
    assert "description" in response.json()["detail"]
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_unknown_rules_keys_are_refused(api):
    response = api.post(
        "/api/tournaments/", {"name": "Cup", "rules": {"farm_scoring": "current", "dragons": True}}, format="json"
    )
    assert response.status_code == 400
    assert "dragons" in response.json()["detail"]


@pytest.mark.django_db
def test_tournament_api_errors_have_a_detail_and_anonymous_changes_get_401(api):
    response = api.post("/api/tournaments/", {"name": "Cup", "format": "chess"}, format="json")
    assert response.status_code == 400
    assert "format" in response.json()["detail"] and "format" in response.json()["errors"]
    anonymous = APIClient().post("/api/tournaments/", {"name": "Cup", "format": "swiss"}, format="json")
    assert anonymous.status_code == 401
    assert anonymous.json()["detail"]


@pytest.mark.django_db
def test_random_seeding_is_not_the_tournament_id(director, players):
    entrants = players(8)
    t = creation.create_tournament(director, name="Draw", format="knockout", seeding="random")
    for user in entrants:
        registration.register(t, user)
    ids = [e.user_id for e in rounds.active_entries(t)]
    predictable = ids[:]
    random.Random(t.pk).shuffle(predictable)
    t.refresh_from_db()
    assert t.seed is not None
    assert rounds._seed(t, ids) != predictable
    assert rounds._seed(t, ids) == rounds._seed(t, ids)  # stored: the draw can be repeated
    shown = APIClient().get(f"/api/tournaments/{t.pk}/")  # public, as the page is
    assert shown.status_code == 200
    assert "seed" not in shown.json() and str(t.seed) not in shown.content.decode()


@pytest.mark.django_db
def test_standings_csv_cells_cannot_run_as_formulas(client, director, django_user_model):
    evil = [
        django_user_model.objects.create_user(username=name, password="x") for name in ("+1+1", "=cmd", "@sum", "-2")
    ]
    t = creation.create_tournament(director, name="Sheets", format="swiss", swiss_rounds=1)
    for user in evil:
        registration.register(t, user)
    rounds.start(t, director)
    client.force_login(director)
    rows = list(csv.reader(io.StringIO(client.get(f"/tournaments/{t.pk}/standings.csv").content.decode())))
    names = sorted(row[1] for row in rows[1:])
    assert names == ["'+1+1", "'-2", "'=cmd", "'@sum"]
