"""The OpenAPI schema documents the move API and generates without warnings."""

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db

PATHS = {
    "/api/games/": {"get", "post"},
    "/api/games/{id}/": {"get"},
    "/api/games/{id}/accept/": {"post"},
    "/api/games/{id}/decline/": {"post"},
    "/api/games/{id}/join/": {"post"},
    "/api/games/{id}/legal-moves/": {"get"},
    "/api/games/{id}/moves/": {"get", "post"},
    "/api/games/{id}/record/": {"get"},
    "/api/games/{id}/board.svg": {"get"},
}


def test_schema_documents_the_game_endpoints(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    paths = {p.replace("{pk}", "{id}"): v for p, v in schema["paths"].items()}
    for path, methods in PATHS.items():
        assert path in paths, path
        assert methods <= set(paths[path]), path
    post = paths["/api/games/{id}/moves/"]["post"]
    assert {"201", "400", "403", "404", "409"} <= set(post["responses"])
    body = post["requestBody"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
    properties = set(schema["components"]["schemas"][body]["properties"])
    assert {"move_number", "x", "y", "rotation", "meeple", "tower", "fairy", "portal", "princess"} <= properties
    assert "image/svg+xml" in paths["/api/games/{id}/board.svg"]["get"]["responses"]["200"]["content"]


def test_schema_generates_without_warnings(tmp_path):
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yml"))
