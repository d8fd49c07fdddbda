"""Pages go out gzipped, but never one that shows a secret besides text a visitor chose
(BREACH reads such a secret from the compressed length): the "Your data" page and its API
answer show the download link's token, and every page echoes its query string in the
language switcher's ``next``."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from accounts import exports

pytestmark = pytest.mark.django_db


def test_the_your_data_page_and_its_api_with_a_download_token_go_out_uncompressed(user):
    export, _new = exports.request_export(user)
    exports.prepare(export.pk)
    export.refresh_from_db()
    client = Client(HTTP_ACCEPT_ENCODING="gzip")
    client.force_login(user)
    guess = f"?next={export.token[:3]}"  # what an attacker would write, a character at a time
    page = client.get(reverse("your-data") + guess)
    assert page.status_code == 200 and not page.has_header("Content-Encoding")
    assert export.token in page.content.decode()
    assert guess.strip("?") in page.content.decode()  # echoed: the reason it must stay uncompressed
    api = APIClient(HTTP_ACCEPT_ENCODING="gzip")
    api.force_authenticate(user)
    answer = api.get("/api/account/data/" + guess)
    assert export.token in answer.json()["download"] and not answer.has_header("Content-Encoding")
    other = client.get(reverse("privacy") + guess)
    assert other["Content-Encoding"] == "gzip"  # other pages, whose only secret is the masked CSRF token
