"""The test tiers: the markers ``browser``, ``services`` and ``slow``, set at collection
(tests/conftest.py calls :func:`mark`), so that ``make test-fast`` (``-m "not browser and
not services and not slow"``) deselects them and a new test is marked the day it is written.

- ``browser``: every test under tests/browser.
- ``services``: a test that needs a real PostgreSQL, Redis, Celery worker, beat or Postfix.
  Found in the code: the test, a fixture it uses, or a helper of tests/ either calls, names
  one of :data:`SERVICE_HELPERS` (``needs_postgresql``, ``skip_or_fail``, ...); fixtures of
  tests/browser are left out (their ``skip_or_fail`` is Chromium's: ``browser`` covers it).
  A test that needs a service some other way carries ``@pytest.mark.services`` itself.
- ``slow``: the modules of :data:`SLOW_MODULES` and the tests of :data:`SLOW_TESTS`
  (more than about 2 s each on a quiet core), or ``@pytest.mark.slow`` in the test.

:func:`check_unmarked` makes ``skip_or_fail`` fail a test that is marked neither
``services`` nor ``browser``: the fast tier cannot skip a test for a missing service.
"""

from __future__ import annotations

import inspect
import json
import os
import sys
import types
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent

# The helpers that skip (or fail, with REQUIRE_SERVICES=1) when a service is missing.
SERVICE_HELPERS = frozenset({"needs_postgresql", "skip_or_fail", "services_required"})

# Measured with --durations=0 (setup, call and teardown), on a busy machine where 2.6 s
# is about 2 s on a quiet core.
# Whole modules whose tests take more than about 2 s each (as pytest names them).
SLOW_MODULES = frozenset(
    {
        "tests/carcassonne/bots/test_bots_tune.py",
        "tests/games/test_bench_capacity.py",
        "tests/games/test_migration_entries.py",
        "tests/security/test_hostile_sweep.py",
    }
)

# Single slow tests of faster modules, as --durations names them but without parameters
# (every parametrization counts).
SLOW_TESTS = frozenset(
    {
        "tests/accounts/test_account_deletion.py::test_after_deletion_no_table_holds_the_old_name_or_the_addresses",
        "tests/archive/test_private_games.py::test_games_private_before_the_migration_leave_the_lists_through_it",
        "tests/archive/test_rule_tags.py::test_games_archived_with_one_column_per_option_keep_their_filters_through_the_migration",
        "tests/carcassonne/bots/test_bots_analysis.py::test_a_planted_blunder_is_marked_and_a_move_equal_to_the_best_is_not",
        "tests/carcassonne/bots/test_bots_analysis.py::test_analyse_prints_each_move_and_a_summary_per_player_as_json",
        "tests/carcassonne/bots/test_bots_analysis.py::test_the_analysis_of_a_move_does_not_depend_on_the_tiles_that_came_later",
        "tests/carcassonne/bots/test_bots_cli.py::test_bench_prints_answers_per_second_and_the_options_judged",
        "tests/carcassonne/bots/test_bots_cli.py::test_duel_prints_wins_and_draws_as_json_and_writes_each_record",
        "tests/carcassonne/bots/test_bots_deep.py::test_more_lines_look_further_ahead_at_the_best_options",
        "tests/carcassonne/bots/test_bots_ladder.py::test_ladder_prints_the_win_rates_and_ratings_of_the_four_levels_as_json",
        "tests/carcassonne/bots/test_bots_ladder.py::test_the_search_beats_a_random_player_on_a_playout_budget",
        "tests/carcassonne/bots/test_bots_legal.py::test_a_fixed_seed_gives_the_same_game",
        "tests/carcassonne/bots/test_bots_legal.py::test_a_tile_that_fits_nowhere_is_discarded",
        "tests/carcassonne/bots/test_bots_legal.py::test_greedy_and_random_bots_finish_whole_games_with_legal_moves_only",
        "tests/carcassonne/bots/test_bots_search.py::test_in_a_two_player_game_the_next_players_answer_never_helps_the_mover",
        "tests/carcassonne/test_engine_properties.py::test_legality_api_agrees_with_check_over_random_games",
        "tests/carcassonne/test_engine_reference.py::test_engine_scores_every_move_as_the_reference_does",
        "tests/carcassonne/test_engine_reference.py::test_engine_scores_the_expansions_every_move_as_the_reference_does",
        "tests/games/test_api_full_game.py::test_full_game_record_replays_with_same_scores",
        "tests/games/present/expansions/test_count_decisions.py::test_the_market_round_at_the_end_is_answered_like_any_decision",
        "tests/notifications/test_receive_mail.py::test_without_an_environment_the_message_is_kept_for_later_not_dropped",
        "tests/test_api_fuzz.py::test_the_api_never_answers_a_server_error_and_matches_its_schema",
        "tests/test_settings.py::test_yes_on_true_and_1_turn_a_setting_on_and_no_off_0_false_turn_it_off",
        "tests/test_translations.py::test_a_string_marked_inside_an_f_string_or_not_as_a_literal_is_reported",
        "tests/test_translations.py::test_a_string_marked_without_a_translation_is_reported",
        "tests/test_translations.py::test_the_catalogues_are_complete_and_match_the_code",
    }
)

# The items of this run, every one of them, before -m deselected any (tests/test_tiers.py).
collected: list[pytest.Item] = []
# The test running now (skip_or_fail reads its markers).
current: pytest.Item | None = None


def _names(code: types.CodeType) -> set[str]:
    """The global, attribute and imported names a code object and its nested functions use."""
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _names(const)
    return names


def _our_module(module: object) -> bool:
    return isinstance(module, types.ModuleType) and module.__name__.split(".")[0] == "tests"


def calls_a_service_helper(func: object, seen: set | None = None) -> bool:
    """Whether ``func``, or a function of tests/ it names (followed), names a service helper."""
    seen = set() if seen is None else seen
    func = inspect.unwrap(func)  # type: ignore[arg-type]
    code = getattr(func, "__code__", None)
    if code is None or func in seen:
        return False
    seen.add(func)
    names = _names(code)
    if names & SERVICE_HELPERS:
        return True
    scope = getattr(func, "__globals__", {})
    # modules of tests/ the function names: globals, and its own imports ("tests.a.b")
    modules = [scope.get(n) for n in names] + [sys.modules.get(n) for n in names if n.startswith("tests.")]
    places = [scope, *(m.__dict__ for m in modules if _our_module(m))]
    for place in places:
        for name in names:
            obj = place.get(name)
            if inspect.isfunction(obj) and _our_module(sys.modules.get(obj.__module__)):
                if calls_a_service_helper(obj, seen):
                    return True
    return False


def needs_services(item: pytest.Item) -> bool:
    function = getattr(item, "function", None)
    if function is not None and calls_a_service_helper(function):
        return True
    info = getattr(item, "_fixtureinfo", None)
    for name in getattr(item, "fixturenames", ()):
        for fixturedef in info.name2fixturedefs.get(name, ()) if info else ():
            if fixturedef.baseid.startswith("tests/browser"):
                continue
            if calls_a_service_helper(fixturedef.func):
                return True
    return False


def is_slow(item: pytest.Item) -> bool:
    return item.nodeid.split("::")[0] in SLOW_MODULES or item.nodeid.split("[")[0] in SLOW_TESTS


def mark(items: list[pytest.Item]) -> None:
    collected[:] = items
    for item in items:
        if item.path.is_relative_to(TESTS / "browser"):
            item.add_marker(pytest.mark.browser)
        if not item.get_closest_marker("services") and needs_services(item):
            item.add_marker(pytest.mark.services)
        if not item.get_closest_marker("slow") and is_slow(item):
            item.add_marker(pytest.mark.slow)
    if os.environ.get("TIERS_REPORT"):  # tests/test_tiers.py, collecting in a process of its own
        Path(os.environ["TIERS_REPORT"]).write_text(json.dumps(records(items)))


def records(items: list[pytest.Item]) -> list[dict]:
    """What tests/test_tiers.py checks of each item: its path, markers and fixtures."""
    return [
        {
            "nodeid": item.nodeid,
            "path": item.nodeid.split("::")[0],
            "markers": sorted({m.name for m in item.iter_markers()}),
            "fixtures": sorted(getattr(item, "fixturenames", ())),
        }
        for item in items
    ]


def check_unmarked(reason: str) -> None:
    """Fail the running test if a service is missing for it and it is not marked for it."""
    item = current
    if item is not None and not (item.get_closest_marker("services") or item.get_closest_marker("browser")):
        pytest.fail(
            f"{reason}, and {item.nodeid} is not marked services: the fast tier would skip it. "
            "Mark it @pytest.mark.services (tests/tiers.py finds the helpers it knows)"
        )
