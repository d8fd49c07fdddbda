"""A tournament's rules are described in the same words as a game's (games.present.rule_words)."""

import html

import pytest

from games.present.rule_words import rules_line
from tournaments import creation

pytestmark = pytest.mark.django_db


def test_the_tournament_page_names_the_rules_as_the_game_pages_do(client, director):
    rules = {"expansions": ["river", "inns_cathedrals"], "farm_scoring": "classic"}
    t = creation.create_tournament(director, name="Rules", format="swiss", swiss_rounds=1, rules=rules)
    page = html.unescape(client.get(f"/tournaments/{t.pk}/").content.decode())
    assert "Rules: Classic farm scoring · The River · Inns & Cathedrals." in page
    assert rules_line(t.rules) == ["Classic farm scoring", "The River", "Inns & Cathedrals"]
