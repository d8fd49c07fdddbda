"""The turn panel's refusals (games.present.notices.turn_refusals): each refused spot's
sentence is worked out once per distinct refusal, and says just what it said when each
spot's was worked out on its own."""

from __future__ import annotations

import random
import re

import pytest

from games.present import notices
from games.present.view import GameView
from tests.notifications.conftest import start_game

from .helpers import play_moves

pytestmark = pytest.mark.django_db


def test_the_refusals_are_the_same_as_when_each_spot_is_worked_out_on_its_own(api, ann, bob, monkeypatch):
    from games.models import Game

    game = start_game(ann, bob, rules={"expansions": ["inns_cathedrals", "traders_builders"]})
    Game.objects.filter(pk=game.pk).update(seed=7)
    clients = {user.username: api(user) for user in (ann, bob)}
    checked = 0
    for _ in range(6):
        play_moves(clients, game.pk, 4, seed=random.Random(checked).randrange(1000))
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        view = GameView.load(game, game.seats.get(position=game.current_seat).user)
        tile = view.chosen_tile(None)
        placements = view.placements(tile)
        shared = notices.turn_refusals(view, tile, placements)
        with monkeypatch.context() as alone:
            alone.setattr(notices, "_refusal_key", lambda refusal: object())  # no two spots share one
            assert notices.turn_refusals(view, tile, placements) == shared
        checked += 1
        assert len(shared["reasons"]) < sum(len(s) for s in shared["spots"].values()) + len(shared["cells"]) + 10
    assert checked >= 3


def test_a_reload_of_the_same_turn_reads_the_turn_panels_data_from_the_cache(client, api, ann, bob, monkeypatch):
    """The turn script's data is worked out once per position, tile and language: a
    reload asks the engine nothing; after a move, or in another language, it is new."""
    import json

    game = start_game(ann, bob)
    clients = {user.username: api(user) for user in (ann, bob)}
    worked = []
    original = notices.turn_refusals
    monkeypatch.setattr("games.present.page.turn_refusals", lambda *a: worked.append(1) or original(*a))

    def legal_on_the_page(language="en"):
        game.refresh_from_db()
        client.force_login(game.seats.get(position=game.current_seat).user)
        page = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        return json.loads(page.split('id="legal-moves" type="application/json">', 1)[1].split("</script>", 1)[0])

    first = legal_on_the_page()
    assert legal_on_the_page() == first and len(worked) == 1
    german = legal_on_the_page("de")
    assert len(worked) == 2 and german["no_follower"] != first["no_follower"]
    play_moves(clients, game.pk, 1)
    after = legal_on_the_page()
    assert len(worked) == 3 and after["placements"] != first["placements"]


def test_the_move_lists_rows_are_read_from_the_cache_and_a_move_renders_its_row_alone(
    client, api, ann, bob, monkeypatch
):
    from games.present import page

    game = start_game(ann, bob)
    clients = {user.username: api(user) for user in (ann, bob)}
    play_moves(clients, game.pk, 3)
    built = []
    original = page._move_rows
    monkeypatch.setattr(page, "_move_rows", lambda view, entries: built.append(len(entries)) or original(view, entries))
    client.force_login(bob)

    def move_list(language="en"):
        html = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        return html.split('data-testid="move-list"', 1)[1].split("</ol>", 1)[0]

    first = move_list()
    assert move_list() == first and built == [3] and first.count("<li") == 3
    assert move_list("fr") != first and built == [3, 3]
    play_moves(clients, game.pk, 1)
    after = move_list()
    assert built == [3, 3, 1] and after.count("<li") == 4 and after.index('value="4"') < after.index('value="3"')
    rows = lambda html: re.findall(r"<li .*?</li>", html)  # noqa: E731
    assert rows(after)[1:] == rows(first)  # the older rows as they were
