"""Shared data and steps of the browser tests."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

PASSWORD = "a-Long-enough-pa55word"
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


def login(page, username):
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_test_id("nav-username")).to_have_text(username)


def page_width(page) -> int:
    return page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")


def widest(page, limit: int) -> list[str]:
    """The innermost elements that stick out past ``limit`` px (to say what to fix)."""
    return page.evaluate(
        """(limit) => [...document.querySelectorAll('body *')]
            .filter(e => e.getBoundingClientRect().right > limit + 1 && ![...e.children].some(c => c.getBoundingClientRect().right > limit + 1))
            .slice(0, 5).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))""",
        limit,
    )


def players(names=("ann", "bob")):
    """New users who log in with PASSWORD, each with the address ``<name>@example.com``."""
    from accounts.models import User

    return [User.objects.create_user(n, f"{n}@example.com", PASSWORD) for n in names]


def archived_game(template, name=""):
    """A finished game of ann and bob (new users), played as ``template``
    (``archive.generate.make_template``), in the archive."""
    from archive.generate import store_game

    return store_game(template, players(), name=name)


def started_game(name="Game", names=("ann", "bob"), rules=None):
    """Users (password PASSWORD) and a started game between them, the first to play
    (``rules``: the game's rules, e.g. ``{"expansions": ["king_robber"]}``)."""
    from games import lobby

    users = players(names)
    game = lobby.create_game(users[0], list(names[1:]), name=name, rules=rules)
    for user in users[1:]:
        lobby.accept_invitation(game.pk, user)
    game.refresh_from_db()
    return (*users, game)


# Every browser check that a player can see runs on a desktop and on a phone.
BOTH_SIZES = pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])


def play_first_placements(game, users, count):
    """Play ``count`` moves of ``game``, each the first legal placement, no follower
    (``users`` in seat order)."""
    from games import engine_state, turns
    from games.present.view import placements_of

    for _ in range(count):
        game.refresh_from_db()
        engine = engine_state.engine_for(game)
        first = placements_of(engine, engine.tile)[0]
        user = users[engine.current_player]
        turns.play_move(game.pk, user, game.move_count + 1, first["x"], first["y"], first["rotation"], None)
    game.refresh_from_db()
    return game


def crowned_game():
    """A finished King & Robber game of ann and bob, the first move that took the king and
    who took it."""
    from archive.generate import make_template
    from carcassonne import Rules
    from carcassonne.effects import history_effects
    from games.engine_state import engine_for

    game = archived_game(make_template(5, 2, Rules.from_json({"expansions": ["king_robber"]})), name="Awards")
    number, holder = next(
        (n, t.player) for n, t in enumerate(history_effects(engine_for(game)), 1) if "king" in t.changed
    )
    return game, number, holder
