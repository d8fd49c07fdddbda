"""Tournaments with any rule set: every expansion and house rule, six per table only
with Inns & Cathedrals; the games of a round are played with the tournament's rules."""

import pytest

from carcassonne import Rules
from games import engine_state
from tournaments import creation, errors, registration, rounds
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db

EVERYTHING = {
    "expansions": ["river", "inns_cathedrals", "traders_builders", "king_robber", "count"],
    "farm_scoring": "classic",
    "small_city": True,
    "incomplete_score": False,
    "hole_bonus": True,
    "hand": 3,
    "hand_visible": False,
}


def test_a_tournament_plays_its_games_with_every_expansion_and_house_rule(
    director, players, django_capture_on_commit_callbacks
):
    users = players(6)
    t = creation.create_tournament(director, name="Grand tour", format="round_robin", table_size=6, rules=EVERYTHING)
    for u in users:
        registration.register(t, u)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = rounds.start(t, director)
    games = [p.game for p in rnd.pairings.filter(status=Pairing.Status.ACTIVE)]
    assert games and all(g.seats.count() == 6 for g in games)
    assert all(Rules.from_json(g.rules) == Rules.from_json(EVERYTHING) for g in games)
    engine = engine_state.engine_for(games[0])
    assert engine.rules.hand == 3 and engine.hand_sizes() == (0,) * 6  # the River first: hands come after it


def test_six_players_per_table_need_inns_and_cathedrals(director):
    with pytest.raises(errors.TournamentError, match="Inns & Cathedrals"):
        creation.create_tournament(
            director, name="Too many", format="round_robin", table_size=6, rules={"expansions": ["count"]}
        )
