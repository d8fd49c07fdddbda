"""The hand of tiles on the site: each player sees and chooses from their own hand; the
others see only how many tiles each holds (unless hands are public). No response, page,
SVG, e-mail or export shows another player's hidden hand (nor the bag)."""

import json
import re

import pytest
from django.urls import reverse

from games import engine_state, timeouts
from games.models import Game, Move
from notifications.emails import build_message
from notifications.models import Notification
from tests.games.helpers import drive_until, seeded_game
from tests.games.test_api_full_game import _string_lists

HAND = {"expansions": [], "hand": 3}


@pytest.fixture
def handed(ann, bob, api):
    """A game with hands of three, a few turns in; ann is on turn."""
    game = seeded_game(ann, [ann, bob], HAND, 17)
    clients = {"ann": api(ann), "bob": api(bob)}
    engine = drive_until(clients, game, lambda e: len(e.history) >= 6 and e.pending.player == 0, seed=17)
    game.refresh_from_db()
    return game, clients, engine


@pytest.mark.django_db
def test_a_player_sees_their_own_hand_and_only_the_size_of_the_others(handed, api, dan):
    game, clients, engine = handed
    mine, theirs = engine.hand(0), engine.hand(1)
    assert len(mine) == 3 and len(theirs) == 3
    state = clients["ann"].get(f"/api/games/{game.pk}/").json()
    assert state["tile"] is None
    assert state["players"][0]["hand"] == list(mine) and state["players"][0]["hand_size"] == 3
    assert "hand" not in state["players"][1] and state["players"][1]["hand_size"] == 3
    legal = clients["ann"].get(f"/api/games/{game.pk}/legal-moves/").json()
    assert [h["tile"] for h in legal["hand"]] == list(mine) and all(h["placements"] for h in legal["hand"])
    for client in (clients["bob"], api(dan), api()):
        other = client.get(f"/api/games/{game.pk}/").json()
        assert "hand" not in other["players"][0]  # ann's hand (bob sees only his own)
        assert "hand" not in client.get(f"/api/games/{game.pk}/legal-moves/").json()


@pytest.mark.django_db
def test_a_move_names_any_tile_of_the_hand(handed):
    game, clients, engine = handed
    tile = engine.hand(0)[-1]
    legal = clients["ann"].get(f"/api/games/{game.pk}/legal-moves/").json()
    placement = next(h for h in legal["hand"] if h["tile"] == tile)["placements"][0]
    body = {
        "move_number": game.move_count + 1,
        "x": placement["x"],
        "y": placement["y"],
        "rotation": placement["rotation"],
        "meeple": None,
    }
    missing = clients["ann"].post(f"/api/games/{game.pk}/moves/", body, format="json")
    assert missing.status_code == 400 and "choose the tile of your hand" in missing.json()["detail"]
    other = next(t for t in ("A", "B", "C", "D", "E", "F") if t not in engine.hand(0))
    wrong = clients["ann"].post(f"/api/games/{game.pk}/moves/", {**body, "tile": other}, format="json")
    assert wrong.status_code == 400 and f"tile {other} is not yours to play" in wrong.json()["detail"]
    played = clients["ann"].post(f"/api/games/{game.pk}/moves/", {**body, "tile": tile}, format="json")
    assert played.status_code == 201, played.json()
    assert Move.objects.get(game=game, number=body["move_number"]).entry["tile"] == tile


@pytest.mark.django_db
def test_no_page_response_svg_email_or_export_shows_a_hidden_hand(handed, client, api, bob, dan):
    game, clients, engine = handed
    hidden = sorted(engine.hand(0))  # ann's hand: bob, dan and visitors must not learn it
    texts = {}
    for name, who in (("bob", bob), ("dan", dan), ("anonymous", None)):
        c = api(who)
        for path in ("", "legal-moves/", "moves/", "record/"):
            texts[f"{name}:{path}"] = c.get(f"/api/games/{game.pk}/{path}").content.decode()
    for name, text in texts.items():
        for strings in _string_lists(json.loads(text)):
            assert sorted(strings) != hidden, name
    svg = api(dan).get(f"/api/games/{game.pk}/board.svg").content.decode()
    assert 'data-testid="my-hand"' not in svg
    client.force_login(bob)
    html = client.get(reverse("game-detail", args=[game.pk])).content.decode()
    assert 'data-testid="my-hand"' not in html
    assert html.count('data-testid="hand-tiles"') == 1  # bob's own row only
    bag = dict(re.findall(r'class="bag-tile" data-tile="([^"]+)".*?data-count>(\d+)<', html))
    counts = dict(engine.remaining)
    for tile in engine.hand(1):  # bob's own hand is not in the bag; ann's hidden hand stays counted
        counts[tile] -= 1
    assert {t: int(n) for t, n in bag.items()} == {t: n for t, n in counts.items() if n}
    export = client.get(reverse("archive:export", args=[game.pk])) if _has_url("archive:export") else None
    if export is not None and export.status_code == 200:
        for strings in _string_lists(json.loads(export.content)):
            assert sorted(strings) != hidden
    for mail in Notification.objects.filter(game=game).exclude(user__username="ann"):
        body = build_message(mail).body
        assert ", ".join(engine.hand(0)) not in body


def _has_url(name):
    from django.urls import NoReverseMatch

    try:
        reverse(name, args=[1])
    except NoReverseMatch:
        return False
    return True


@pytest.mark.django_db
def test_the_turn_email_shows_the_recipients_own_hand(handed, ann):
    game, clients, engine = handed
    mail = Notification.objects.filter(user=ann, game=game, kind=Notification.Kind.TURN).order_by("-pk").first()
    from games.present.tile_names import tile_name

    assert f"Your tiles: {', '.join(map(tile_name, engine.hand(0)))}" in build_message(mail).body


@pytest.mark.django_db
def test_public_hands_are_shown_to_everyone(ann, bob, api, client, dan):
    game = seeded_game(ann, [ann, bob], {**HAND, "hand_visible": True}, 17)
    state = api(dan).get(f"/api/games/{game.pk}/").json()
    engine = engine_state.engine_for(game)
    assert [p["hand"] for p in state["players"]] == [list(engine.hand(0)), list(engine.hand(1))]
    client.force_login(dan)
    html = client.get(reverse("game-detail", args=[game.pk])).content.decode()
    assert html.count('data-testid="hand-tiles"') == 2


@pytest.mark.django_db
def test_the_page_lets_the_player_choose_the_tile_of_their_hand(handed, client, ann):
    game, clients, engine = handed
    client.force_login(ann)
    tile = engine.hand(0)[1]
    html = client.get(reverse("game-detail", args=[game.pk]) + f"?tile={tile}").content.decode()
    assert 'data-testid="my-hand"' in html and f'data-tile="{tile}" aria-current="true"' in html
    legal = json.loads(re.search(r'<script id="legal-moves" type="application/json">(.*?)</script>', html).group(1))
    assert legal["tile"] == tile and legal["placements"]


@pytest.mark.django_db
def test_a_timeout_with_hands_names_no_tile(handed):
    game, clients, engine = handed
    Game.objects.filter(pk=game.pk).update(timeout_rule=Game.TimeoutRule.SKIP, move_days=1)
    number = game.move_count + 1
    timeouts.play_timeout(game.pk, number)
    assert Move.objects.get(game=game, number=number).entry == {"player": "ann", "skip": True}
