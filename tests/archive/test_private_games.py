"""A private game is never listed in the archive, whenever it became private: the lists and
their counts read a copy of the game's privacy on its result (archive.signals keeps it)."""

import re

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.http import QueryDict

from archive.filters import Filters
from archive.generate import store_game
from archive.models import GameResult
from archive.search import search
from games.models import Game

from .conftest import day, template

pytestmark = pytest.mark.django_db

SECRET = "classic river"
QUERIES = {  # every kind of count: all games, rules alone (a yes first or not, "no" alone), with a player
    "": ["classic river", "river", "classic", "plain"],
    "river=yes": ["classic river", "river"],
    "river=no": ["classic", "plain"],
    "farm_scoring=classic&river=yes": ["classic river"],
    "river=no&farm_scoring=classic": ["classic"],
    "farm_scoring=current&river=yes": ["river"],
    "hand=no&river=yes": ["classic river", "river"],
    "player=cid": ["classic river", "river", "classic"],  # one player alone: counted on their seats
    "player=cid&river=yes": ["classic river", "river"],
    "players=2&river=yes": ["classic river"],
}


@pytest.fixture
def games(players):
    ann, bob, cid, dee = (players[n] for n in ("ann", "bob", "cid", "dee"))
    return {
        "plain": store_game(template(21, 2), [ann, bob], day(1), "plain"),
        "classic": store_game(template(22, 2, "classic"), [ann, cid], day(2), "classic"),
        "river": store_game(template(23, 3, river=True), [bob, cid, dee], day(3), "river"),
        SECRET: store_game(template(24, 2, "classic", river=True), [cid, dee], day(4), SECRET),
    }


@pytest.fixture
def eve(client, django_user_model):
    client.force_login(django_user_model.objects.create_user(username="eve", email="eve@example.com", password=None))
    return client


def listed(client, query: str) -> tuple[str, int, list[str]]:
    """What the list page says it found, and the API's count and games."""
    html = client.get(f"/archive/?{query}").content.decode()
    data = client.get(f"/api/archive/games/?{query}").json()
    return (
        re.search(r'id="results-title">([^<]*)<', html).group(1),
        data["count"],
        [row["name"] for row in data["results"]],
    )


def expected(names: list[str]) -> tuple[str, int, list[str]]:
    said = f"{len(names)} game{'s' if len(names) != 1 else ''}" if names else "No games"
    return said, len(names), names


def everything_listed(client) -> dict:
    return {query: listed(client, query) for query in QUERIES}


def without_secret() -> dict:
    return {query: expected([n for n in names if n != SECRET]) for query, names in QUERIES.items()}


def test_every_list_states_the_number_of_games_it_lists(eve, games):
    assert everything_listed(eve) == {query: expected(names) for query, names in QUERIES.items()}


@pytest.mark.parametrize("fields", [None, ["private"]], ids=["saved", "saved with its privacy only"])
def test_a_game_made_private_after_it_finished_leaves_every_list_and_count_and_comes_back_when_public(
    eve, games, fields
):
    secret = games[SECRET]
    secret.private = True
    secret.save(update_fields=fields)  # as the admin does
    assert everything_listed(eve) == without_secret()
    secret.private = False
    secret.save(update_fields=fields)
    assert everything_listed(eve) == {query: expected(names) for query, names in QUERIES.items()}


def test_a_private_game_is_listed_to_no_one_not_even_its_players(client, players, games):
    games[SECRET].private = True
    games[SECRET].save()
    client.force_login(players["cid"])
    assert everything_listed(client) == without_secret()


def test_rebuild_results_privacy_copies_a_bulk_update_of_games_onto_the_lists(eve, games):
    Game.objects.filter(pk=games[SECRET].pk).update(private=True)  # no signal
    call_command("rebuild_results", "--privacy", verbosity=0)
    assert everything_listed(eve) == without_secret()
    Game.objects.filter(pk=games[SECRET].pk).update(private=False)
    call_command("rebuild_results", "--privacy", verbosity=0)
    assert everything_listed(eve) == {query: expected(names) for query, names in QUERIES.items()}


def test_a_result_written_again_keeps_its_games_privacy(eve, games):
    Game.objects.filter(pk=games[SECRET].pk).update(private=True)
    GameResult.objects.all().delete()
    call_command("rebuild_results", verbosity=0)
    assert everything_listed(eve) == without_secret()


@pytest.mark.parametrize("query", ["", "sort=finished", "player=cid", "player=cid&sort=finished", "river=no"])
def test_the_pages_of_a_search_list_its_games_in_order(eve, games, query):
    filters, _errors = Filters.from_query(QueryDict(query))
    in_order = [result.game.name for result in search(filters).select_related("game")]
    url, shown = f"/api/archive/games/?{query}&page_size=3", []
    while url:
        data = eve.get(url).json()
        shown += [row["name"] for row in data["results"]]
        url = data["next"]
    assert shown == in_order and len(in_order) >= 2


def _migrate(targets=None) -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(targets or executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_games_private_before_the_migration_leave_the_lists_through_it(players):
    before = [("archive", "0006_game_analysis")]
    _migrate(before)
    OldResult = MigrationExecutor(connection).loader.project_state(before).apps.get_model("archive", "GameResult")
    try:
        for n, private in enumerate((True, False, True)):
            game = Game.objects.create(
                name=f"game {n}",
                created_by=players["ann"],
                status=Game.Status.FINISHED,
                finished_at=day(n),
                private=private,
            )
            OldResult.objects.create(game_id=game.pk, finished_at=day(n), player_count=2)
    finally:
        _migrate()
    copies = dict(GameResult.objects.values_list("game__name", "private"))
    assert copies == {"game 0": True, "game 1": False, "game 2": True}
    _migrate(before)  # and back, and forward again
    _migrate()
    assert dict(GameResult.objects.values_list("game__name", "private")) == copies
