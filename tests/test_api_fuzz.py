"""Schemathesis over the whole API schema (bounded: a few examples per operation,
in-process against the test server): no server error, every response as documented."""

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase
from hypothesis import settings as hypothesis_settings
from rest_framework.authtoken.models import Token
from schemathesis import checks

from games import lobby

CHECKS = [
    checks.not_a_server_error,
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_schema_conformance,
]


@pytest.fixture(autouse=True)
def _keep_the_test_connection():
    """Requests go to the WSGI app directly, not through Django's test client: like the
    test client, keep the request signals from closing the test's database connection."""
    from django.core import signals
    from django.db import close_old_connections

    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


@pytest.fixture
def token(db, make_user):
    ann, bob = make_user("fuzz-ann"), make_user("fuzz-bob")
    game = lobby.create_game(ann, ["fuzz-bob"], name="Fuzzed")
    lobby.accept_invitation(game.pk, bob)
    lobby.create_game(ann, ["someone@example.test"], open_seats=1)
    return Token.objects.create(user=ann).key


def _load_schema():
    from carcassonne_site.wsgi import application

    return schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)


schema = _load_schema()


@schema.parametrize()
@hypothesis_settings(
    max_examples=5,
    deadline=None,
    derandomize=True,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)
@pytest.mark.django_db
def test_the_api_never_answers_a_server_error_and_matches_its_schema(case, token):
    # identity: the site gzips for clients that accept it, and the WSGI transport does not unzip
    headers = {"Authorization": f"Token {token}", "Accept-Encoding": "identity"}
    case.call_and_validate(headers=headers, checks=CHECKS)


def test_the_schema_documents_json_bodies_only_and_pages_from_1():
    spec = schema.raw_schema
    media = {
        media_type
        for url, path in spec["paths"].items()
        if url != "/api/auth/token/"  # a log-in form: its string fields take form bodies as well
        for operation in path.values()
        if isinstance(operation, dict)
        for media_type in operation.get("requestBody", {}).get("content", {})
    }
    assert media == {"application/json"}
    [page] = [p for p in spec["paths"]["/api/archive/games/"]["get"]["parameters"] if p["name"] == "page"]
    assert page["schema"]["minimum"] == 1
