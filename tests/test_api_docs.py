import re

import pytest

pytestmark = pytest.mark.django_db


def test_schema_is_openapi(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    assert schema["info"]["title"] == "Carcassonne API"
    assert "/api/auth/token/" in schema["paths"]


def test_swagger_ui_uses_no_cdn(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "swagger-ui" in html.lower()
    srcs = re.findall(r"""<(?:script|link)\b[^>]*\b(?:src|href)\s*=\s*["']([^"']+)["']""", html, re.I)
    assert srcs, "expected scripts/stylesheets on the docs page"
    external = [url for url in srcs if re.match(r"(https?:)?//", url)]
    assert external == []
    # Nothing else in the page (e.g. inline JS building URLs) points off-site either.
    assert not re.search(r"https?://(?!127\.0\.0\.1|localhost|testserver)[\w.-]+/[^\"'\s]*\.(js|css)", html)


def test_sidecar_assets_are_served(client):
    html = client.get("/api/docs/").content.decode()
    css = re.search(r"""href=["']([^"']*swagger-ui[^"']*\.css)["']""", html).group(1)
    assert css.startswith("/static/")


def test_token_auth(client, user, password):
    response = client.post("/api/auth/token/", {"username": "ann", "password": password})
    assert response.status_code == 200
    assert response.json()["token"]
