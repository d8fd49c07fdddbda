"""The archive keeps a game's rules as tags (archive.models.RuleTag): every rule option
of the engine is a filter, games archived before the tags keep their filters through the
migration, and the archive's code names no expansion."""

import re
from pathlib import Path

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.http import QueryDict
from django.urls import reverse

from archive.filters import Filters
from archive.generate import make_template, store_game
from archive.models import GameResult, RuleTag
from archive.records import export_records
from archive.search import search
from carcassonne import Rules, hooks
from carcassonne.record import replay
from carcassonne.rules import KNOWN_EXPANSIONS, SUPPORTED_EXPANSIONS
from games import recorded
from games.engine_state import engine_for
from games.models import Game

from .conftest import day, template

RULE_SETS = {
    "base": {},
    "river classic": {"expansions": ["river"], "farm_scoring": "classic"},
    "everything": {"expansions": list(SUPPORTED_EXPANSIONS), "small_city": True, "hole_bonus": True},
    "hands": {"expansions": ["inns_cathedrals"], "hand": 2, "hand_visible": True, "incomplete_score": False},
}


def every_filter() -> list[str]:
    """A query string for each value of each rule option's filter."""
    queries = []
    for option in Rules.options():
        values = [str(v) for v, _label in option.choices] if option.kind == "choice" else ["yes", "no"]
        queries += [f"{option.name}={value}" for value in values]
    return queries


def played_values(rules: Rules) -> dict:
    """Each option's value in ``rules``, an expansion's own options ``None`` where it is not played."""
    unplayed = {o.name for cls in hooks.expansions() if cls.name not in rules.expansions for o in cls.settings}
    return {name: None if name in unplayed else value for name, value in rules.option_values().items()}


def found(query: str) -> set[int]:
    filters, errors = Filters.from_query(QueryDict(query))
    assert not errors, errors
    return set(search(filters).values_list("game_id", flat=True))


@pytest.mark.django_db
def test_every_rule_option_of_the_engine_is_a_filter_of_the_list_the_api_and_its_docs(member_client, players):
    ann, bob = players["ann"], players["bob"]
    games = {}
    for n, (name, rules) in enumerate(RULE_SETS.items()):
        games[name] = store_game(make_template(40 + n, 2, Rules.from_json(rules)), [ann, bob], day(n), name)
    page = member_client.get(reverse("archive:list")).content.decode()
    docs = member_client.get("/api/schema/").content.decode()
    for option in Rules.options():
        assert f'data-testid="filter-{option.name}"' in page, option.name
        assert f"name: {option.name}" in docs, option.name
    for query in every_filter():
        name, value = query.split("=")
        expected = set()
        for game in games.values():
            played = played_values(Rules.from_json(game.rules))[name]
            if (
                value == "yes"
                and played not in (None, False)
                or value == "no"
                and played in (None, False)
                or value == played
            ):
                expected.add(game.pk)
        assert found(query) == expected, query
        api = member_client.get(f"/api/archive/games/?{query}&page_size=100").json()
        assert {row["id"] for row in api["results"]} == expected, query
    assert member_client.get("/api/archive/games/?hand_visible=perhaps").status_code == 400


@pytest.mark.django_db
def test_a_rewritten_result_keeps_one_tag_per_option_that_is_on(players):
    game = store_game(
        make_template(44, 2, Rules.from_json(RULE_SETS["hands"])), [players["ann"], players["bob"]], day(1), "hands"
    )
    services_result = GameResult.objects.get(game=game)
    expected = ["inns_cathedrals", "farm_scoring:current", "hand", "hand_visible"]
    assert list(services_result.rule_tags.values_list("tag", flat=True).order_by("pk")) == expected
    from archive.results import record_game

    record_game(game)  # idempotent: the tags are replaced, not doubled
    assert sorted(RuleTag.objects.filter(result_id=game.pk).values_list("tag", flat=True)) == sorted(expected)


@pytest.mark.django_db
def test_an_exported_count_game_has_no_start_tile_and_imports_again(member_client, players):
    """With the Count the game starts from the City, not a start tile: the record says so."""
    game = store_game(
        make_template(45, 2, Rules.from_json({"expansions": ["count"]})),
        [players["ann"], players["bob"]],
        day(1),
        "count",
    )
    record = next(export_records([game.pk]))
    assert "start" not in record
    assert replay(record).scores == game.scores
    assert record == recorded.record(game, engine_for(game))
    river = store_game(template(13, 2, river=True), [players["ann"], players["bob"]], day(2), "river")
    assert next(export_records([river.pk]))["start"] == recorded.record(river, engine_for(river))["start"]


# --- the migration ------------------------------------------------------------------------

OLD, NEW = ("archive", "0003_rule_columns_and_expansion_categories"), ("archive", "0005_drop_rule_columns")


def old_filter(OldResult, query: str) -> set[int]:
    """What the archive found with one column per option (the archive's search before rule tags)."""
    name, value = query.split("=")
    if name == "farm_scoring":
        rows = OldResult.objects.filter(farm_scoring=value)
    elif name == "hand":
        rows = OldResult.objects.filter(hand__isnull=value == "no")
    else:
        rows = OldResult.objects.filter(**{name: value == "yes"})
    return set(rows.values_list("game_id", flat=True))


@pytest.mark.django_db(transaction=True)
def test_games_archived_with_one_column_per_option_keep_their_filters_through_the_migration(players):
    executor = MigrationExecutor(connection)
    executor.migrate([OLD])
    OldResult = executor.loader.project_state([OLD]).apps.get_model("archive", "GameResult")
    old_columns = {f.name for f in OldResult._meta.get_fields()}  # the options of that day
    columns = {}
    try:
        for n, (name, rules) in enumerate(RULE_SETS.items()):
            game = Game.objects.create(
                name=name,
                created_by=players["ann"],
                status=Game.Status.FINISHED,
                rules=Rules.from_json(rules).to_json(),
                finished_at=day(n),
            )
            values = Rules.from_json(rules).option_values()  # as the old results.rule_columns wrote them
            columns[game.pk] = {name: v for name, v in values.items() if name in old_columns}
            OldResult.objects.create(game_id=game.pk, finished_at=day(n), player_count=2, **columns[game.pk])
        before = {query: old_filter(OldResult, query) for query in every_filter() if query.split("=")[0] in old_columns}
        assert all(before.values()) and len({frozenset(v) for v in before.values()}) > 4  # the data tells them apart
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
    for query, games in before.items():
        assert found(query) == games, query
    executor = MigrationExecutor(connection)
    executor.migrate([OLD])  # and back: the columns come back from the tags
    OldResult = executor.loader.project_state([OLD]).apps.get_model("archive", "GameResult")
    try:
        for game_id, values in columns.items():
            result = OldResult.objects.get(game_id=game_id)
            assert {name: getattr(result, name) for name in values} == values
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())


# --- one home per expansion ------------------------------------------------------------------


def test_the_archive_code_names_no_expansion():
    """Adding an expansion needs no change to the archive: its filters, tags and averages
    come from the engine's rule options (only the API's old ``river`` flag is named).
    ``count`` is left out of the scan: the word is everywhere in code that counts."""
    root = Path(__file__).resolve().parents[2] / "archive"
    files = [p for p in root.rglob("*") if p.suffix in (".py", ".html") and "migrations" not in p.parts]
    named = []
    for path in sorted(files):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            named += [
                f"{path.relative_to(root.parent)}:{number}: {expansion}"
                for expansion in KNOWN_EXPANSIONS
                if expansion != "count" and re.search(rf"\b{expansion}\b", line)
            ]
    assert named == [f"archive/search.py:{_line_of(root / 'search.py', 'API_RULE_FLAGS = (')}: river"]


def _line_of(path: Path, text: str) -> int:
    return path.read_text()[: path.read_text().index(text)].count("\n") + 1
