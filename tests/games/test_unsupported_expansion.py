"""The site refuses a rule set naming an expansion the engine has written but does not yet
play in full (Abbey & Mayor: ``AbbeyMayor.supported`` is false), and does not offer it."""

import pytest

from carcassonne import Rules
from games.models import Game

pytestmark = pytest.mark.django_db


def test_the_site_refuses_a_game_with_abbey_mayor(api, ann, bob):
    response = api(ann).post(
        "/api/games/", {"invite": ["bob"], "rules": {"expansions": ["abbey_mayor"]}}, format="json"
    )
    assert response.status_code == 400
    assert "abbey_mayor" in response.json()["detail"]  # not among the choices the site offers
    assert not Game.objects.exists()
    assert "abbey_mayor" not in [o.name for o in Rules.options()]
