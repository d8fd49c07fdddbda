"""A Content-Security-Policy on every page, and pages that need no 'unsafe-inline'."""

import re

import pytest
from django.test import Client

from games import lobby
from tournaments import creation

INLINE_SCRIPT = re.compile(
    r"<script(?![^>]*\bsrc=)(?![^>]*\bnonce=)(?![^>]*application/json)[^>]*>", re.I
)  # data blocks do not run
INLINE_STYLE = re.compile(r"<style(?![^>]*\bnonce=)[^>]*>", re.I)
STYLE_ATTRIBUTE = re.compile(r"<[^>]+\sstyle=", re.I)
EVENT_HANDLER = re.compile(r"<[^>]+\son[a-z]+=", re.I)


@pytest.fixture
def pages(ann, bob, director, players):
    game = lobby.create_game(ann, ["bob"], name="Header game")
    lobby.accept_invitation(game.pk, bob)
    t = creation.create_tournament(director, name="Header cup", format="swiss", swiss_rounds=1)
    return [
        "/",
        "/games/",
        "/games/new/",
        "/games/lobby/",
        f"/games/{game.pk}/",
        f"/archive/games/{game.pk}/",
        "/archive/",
        "/tournaments/",
        f"/tournaments/{t.pk}/",
        "/api/docs/",
        "/notifications/settings/",
        "/api/games/",
    ]


@pytest.mark.django_db
def test_every_page_has_a_strict_content_security_policy_and_nothing_inline_without_its_nonce(ann, pages):
    member = Client()
    member.force_login(ann)
    visits = [(member, url) for url in pages] + [
        (Client(), url) for url in ("/accounts/login/", "/accounts/signup/", "/")
    ]
    for client, url in visits:
        response = client.get(url)
        assert response.status_code == 200, url
        policy = response["Content-Security-Policy"]
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
        assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy and "object-src 'none'" in policy
        if response["Content-Type"].startswith("text/html"):
            html = response.content.decode()
            nonce = re.search(r"'nonce-([^']+)'", policy).group(1)
            assert not INLINE_SCRIPT.search(html), url
            assert not INLINE_STYLE.search(html), url
            assert not STYLE_ATTRIBUTE.search(html), (url, STYLE_ATTRIBUTE.search(html).group(0)[:200])
            assert not EVENT_HANDLER.search(html), url
            for used in re.findall(r'nonce="([^"]+)"', html):
                assert used == nonce, url


@pytest.mark.django_db
def test_each_response_gets_a_new_nonce():
    first = Client().get("/")["Content-Security-Policy"]
    second = Client().get("/")["Content-Security-Policy"]
    assert first != second
