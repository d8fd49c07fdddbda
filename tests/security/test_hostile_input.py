"""Hostile input gets a 4xx with a message a person understands, and stores nothing."""

import subprocess
import sys
from unittest import mock

import pytest
from django.db import OperationalError
from rest_framework.test import APIClient

from games import lobby
from games.models import Game, Move, Seat
from tournaments.models import Tournament

DEEP = "[" * 5000 + "]" * 5000
DEEPER_THAN_ALLOWED = '{"name": ' + "[" * 200 + "]" * 200 + "}"


@pytest.fixture
def api_as(ann):
    client = APIClient()
    client.force_authenticate(ann)
    return client


@pytest.fixture
def game(ann, bob):
    game = lobby.create_game(ann, ["bob"])
    lobby.accept_invitation(game.pk, bob)
    return game


def assert_refused(response, status=400):
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["detail"]


@pytest.mark.django_db
@pytest.mark.parametrize("body", [DEEP, DEEPER_THAN_ALLOWED])
def test_deeply_nested_json_is_refused_everywhere_with_nothing_stored(api_as, game, body):
    games, moves, tournaments = Game.objects.count(), Move.objects.count(), Tournament.objects.count()
    urls = ["/api/games/", f"/api/games/{game.pk}/moves/", "/api/tournaments/"]
    urls += [f"/games/{game.pk}/moves/", f"/games/{game.pk}/decision/"]  # the game page's, read by the API's parser
    for url in urls:
        assert_refused(api_as.post(url, body, content_type="application/json"))
    assert (Game.objects.count(), Move.objects.count(), Tournament.objects.count()) == (games, moves, tournaments)


@pytest.mark.django_db
def test_the_token_view_answers_json_nested_1000_deep_with_a_400_and_a_message():
    body = '{"username": ' + "[" * 1000 + "]" * 1000 + ', "password": "x"}'  # 2 kB, logged out
    client = APIClient(raise_request_exception=False)
    response = client.post("/api/auth/token/", body, content_type="application/json")
    assert_refused(response)
    assert "nested too deeply" in response.json()["detail"]


def _views(patterns, prefix=""):
    """Every URL's view, as (route, view function), through the URL resolver."""
    from django.urls import URLResolver, get_resolver

    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(pattern, URLResolver):
            yield from _views(pattern.url_patterns, prefix + str(pattern.pattern))
        else:
            yield prefix + str(pattern.pattern), pattern.callback


def test_every_api_view_reads_bodies_with_the_sites_bounded_parsers():
    from rest_framework.parsers import JSONParser as DRFJSONParser

    from carcassonne_site.rest import FORM_PARSER_CLASSES, JSONParser

    checked, unbounded = [], []
    for route, callback in _views(None):
        view_class = getattr(callback, "cls", None)  # DRF views, viewsets and @api_view functions
        if view_class is None:
            continue
        view = view_class(**getattr(callback, "initkwargs", {}))  # a viewset action's own parsers too
        checked.append(route)
        for parser in view.get_parsers():
            if type(parser) not in FORM_PARSER_CLASSES or (
                isinstance(parser, DRFJSONParser) and type(parser) is not JSONParser
            ):
                unbounded.append((route, type(parser).__name__))
    assert "api/auth/token/" in checked and len(checked) > 20  # the walk reached every API
    assert unbounded == []


@pytest.mark.django_db
def test_the_archive_import_page_refuses_a_deeply_nested_record(client, ann):
    client.force_login(ann)
    response = client.post("/archive/import/", {"text": DEEP})
    assert response.status_code == 400
    assert "not valid" in response.content.decode()


def test_the_engine_cli_reports_a_deeply_nested_record_without_a_traceback():
    result = subprocess.run(
        [sys.executable, "-m", "carcassonne", "replay", "-"], input=DEEP, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 1
    assert "Traceback" not in result.stderr and result.stderr.strip()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url",
    [
        "/api/archive/games/?player=a%00b",
        "/archive/players/a%00b/",
        "/tournaments/1/players/a%00b/",
        "/invite/a%00b/",
        "/archive/?player=a%00b",
    ],
)
def test_a_nul_character_in_the_address_is_a_400(client, ann, url):
    client.force_login(ann)
    response = client.get(url)
    assert response.status_code == 400
    assert b"NUL" in response.content


@pytest.mark.django_db
def test_an_overlong_invitation_address_is_refused_and_nothing_stored(api_as):
    address = "a" * 60 + "." + "b" * 60 + "." + "c" * 60 + "@" + "d" * 60 + "." + "e" * 50 + ".test"
    response = api_as.post("/api/games/", {"invite": [address]}, format="json")
    assert_refused(response)
    assert "not a valid e-mail address" in response.json()["detail"]
    assert not Seat.objects.exists()


@pytest.mark.django_db
def test_an_overlong_body_on_the_api_answers_json(api_as, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = api_as.post("/api/games/", {"name": "x" * 5000}, format="json")
    assert_refused(response)


@pytest.mark.django_db
def test_a_database_outage_on_the_api_answers_json_503(api_as, game):
    api_as.raise_request_exception = False  # as in production: answered, not re-raised
    with mock.patch("games.api.GameAPIView.game", side_effect=OperationalError("connection refused")):
        response = api_as.get(f"/api/games/{game.pk}/")
    assert_refused(response, 503)


@pytest.mark.django_db
def test_a_line_break_in_a_game_name_is_stored_as_a_space(api_as):
    response = api_as.post("/api/games/", {"name": "Friday\r\nBcc: x@evil.test\u2028", "open_seats": 1}, format="json")
    assert response.status_code == 201
    assert Game.objects.get().name == "Friday Bcc: x@evil.test"
