"""The game page shows what is still in the bag: counts by tile type, never the order."""

import re

import pytest

from games import engine_state
from tests.notifications.conftest import play_first, start_game

pytestmark = pytest.mark.django_db


def _shown(html):
    return {t: int(n) for t, n in re.findall(r'class="bag-tile" data-tile="(\w+)".*?data-count>(\d+)<', html)}


def test_the_bag_counts_match_the_tiles_still_to_come(client, ann, bob):
    game = start_game(ann, bob)
    for _ in range(3):
        game = play_first(game)
    engine = engine_state.engine_for(game)
    client.force_login(bob)
    html = client.get(game.get_absolute_url()).content.decode()
    shown = _shown(html)
    assert sum(shown.values()) == engine.tiles_left
    placed = [t.tile for t in engine.placed_tiles()]
    expected = dict(engine.remaining)
    expected[engine.tile] -= 1  # the drawn tile is on show, not in the bag
    assert shown == {t: n for t, n in expected.items() if n}
    assert placed.count("D") + shown.get("D", 0) + (engine.tile == "D") == 4  # 4 D tiles in the base game


def test_the_bag_never_reveals_the_order_of_the_draw(client, ann, bob):
    game = start_game(ann, bob)
    html_one = client.get(game.get_absolute_url()).content.decode()
    type(game).objects.filter(pk=game.pk).update(seed=(game.seed or 0) + 1)
    html_two = client.get(game.get_absolute_url()).content.decode()
    engine_two = engine_state.engine_for(game)
    shown_one, shown_two = _shown(html_one), _shown(html_two)
    # another bag order changes only which tile is drawn, never what the list says about the rest
    assert sum(shown_one.values()) == sum(shown_two.values())
    assert list(shown_two) == sorted(shown_two) and engine_two.tile is not None
