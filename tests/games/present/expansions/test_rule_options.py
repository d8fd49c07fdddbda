"""Every rule option of the engine on the site: the create form and the API take each,
explain each, and allow a sixth seat only with Inns & Cathedrals."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from carcassonne import Rules
from games.models import Game
from games.present import expansions

pytestmark = pytest.mark.django_db

NON_DEFAULT = {
    "river": True,
    "inns_cathedrals": True,
    "traders_builders": True,
    "king_robber": True,
    "count": True,
    "tower": True,
    "princess_dragon": True,
    "dragon_move": "after_scoring",
    "fairy_placement": "on_tile",
    "princess": "must",
    "dragon_by_placer": True,
    "abbey_mayor": True,
    "barn_on_barn": True,
    "farm_scoring": "classic",
    "small_city": True,
    "incomplete_score": False,
    "hole_bonus": True,
    "hand": 3,
    "hand_visible": True,
}


def test_every_option_of_the_engine_is_covered_here():
    assert set(NON_DEFAULT) == {o.name for o in Rules.options()}


@pytest.mark.parametrize("name", sorted(NON_DEFAULT))
def test_the_api_creates_a_game_with_each_option(api, ann, bob, name):
    rules = Rules.from_options({name: NON_DEFAULT[name], **({"hand": 3} if name == "hand_visible" else {})}).to_json()
    response = api(ann).post("/api/games/", {"invite": ["bob"], "rules": rules}, format="json")
    assert response.status_code == 201, response.json()
    assert Game.objects.get(pk=response.json()["id"]).rules == rules


@pytest.mark.parametrize(
    "rules, message",
    [
        ({"hand": 9}, "rules.hand must be a number of tiles from 1 to 5"),
        ({"hand_visible": True}, "hand_visible needs hands"),
        ({"hand": "three"}, "rules.hand"),
    ],
)
def test_the_api_refuses_impossible_rules_with_a_sentence_and_stores_nothing(api, ann, bob, rules, message):
    response = api(ann).post("/api/games/", {"invite": ["bob"], "rules": rules}, format="json")
    assert response.status_code == 400 and message in response.json()["detail"]
    assert not Game.objects.exists()


def test_a_sixth_seat_needs_inns_and_cathedrals(api, ann, bob):
    body = {"invite": ["bob"], "open_seats": 4}
    refused = api(ann).post("/api/games/", body, format="json")
    assert refused.status_code == 400 and "6th player needs Inns & Cathedrals" in refused.json()["detail"]
    allowed = api(ann).post("/api/games/", {**body, "rules": {"expansions": ["inns_cathedrals"]}}, format="json")
    assert allowed.status_code == 201 and len(allowed.json()["players"]) == 6


def test_the_form_explains_each_option_and_takes_six_seats_only_with_inns_and_cathedrals(client, ann):
    client.force_login(ann)
    html = client.get(reverse("game-create")).content.decode()
    site_words = expansions.merged("options")  # the site's own words for each option (games/present/expansions/)
    for option in Rules.options():
        assert escape(str(site_words[option.name][1])) in html, option.name
    data = {
        "name": "Six",
        "open_seats": 5,
        "bots": 0,
        "bot_level": "greedy",
        "seat_order": "as_listed",
        "move_days": "3",
        "timeout_rule": "lose",
        "farm_scoring": "current",
        "incomplete_score": "on",
    }
    refused = client.post(reverse("game-create"), data)
    assert refused.status_code == 200 and "A sixth player needs Inns &amp; Cathedrals" in refused.content.decode()
    assert not Game.objects.exists()
    created = client.post(reverse("game-create"), {**data, "inns_cathedrals": "on", "hand": "3"})
    assert created.status_code == 302
    game = Game.objects.get()
    assert game.seats.count() == 6 and game.rules["hand"] == 3 and game.rules["expansions"] == ["inns_cathedrals"]


def test_the_turn_panel_shows_the_players_supply_of_each_figure(client, ann, bob):
    from games import lobby

    game = lobby.create_started_game(ann, [ann, bob], rules={"expansions": ["inns_cathedrals", "traders_builders"]})
    client.force_login(ann)
    html = client.get(reverse("game-detail", args=[game.pk])).content.decode()
    supply = html.split('data-testid="my-supply">')[1].split("</p>")[0]
    assert (
        "7 followers" in supply and "1 × large follower" in supply and "1 × builder" in supply and "1 × pig" in supply
    )
    client.force_login(bob)
    assert 'data-testid="my-supply"' not in client.get(reverse("game-detail", args=[game.pk])).content.decode()
