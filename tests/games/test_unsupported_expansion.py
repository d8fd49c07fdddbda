"""The site refuses a rule set naming an expansion the engine has written but does not yet
play in full (``supported = False``: here a module of this test's own), and does not offer it."""

import pytest

from carcassonne import Rules
from carcassonne.hooks import RuleModule, registered
from carcassonne.rules import Option
from games.models import Game

pytestmark = pytest.mark.django_db


class Moon(RuleModule):
    name = "moon"
    supported = False
    option = Option.expansion("moon", "The Moon", "Written, not played yet.")


def test_the_site_refuses_a_game_with_an_expansion_not_supported_yet(api, ann, bob):
    with registered(Moon):
        response = api(ann).post("/api/games/", {"invite": ["bob"], "rules": {"expansions": ["moon"]}}, format="json")
        assert response.status_code == 400
        assert "moon" in response.json()["detail"]  # not among the choices the site offers
        assert not Game.objects.exists()
        assert "moon" not in [o.name for o in Rules.options()]


def test_abbey_mayor_is_offered(api, ann, bob):
    response = api(ann).post(
        "/api/games/", {"invite": ["bob"], "rules": {"expansions": ["abbey_mayor"]}}, format="json"
    )
    assert response.status_code == 201, response.json()
    assert "abbey_mayor" in [o.name for o in Rules.options()]
