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

# Whole modules whose tests take more than about 2 s each (as pytest names them).
SLOW_MODULES: frozenset[str] = frozenset()

# Single slow tests of faster modules, as --durations names them but without parameters
# (every parametrization counts).
SLOW_TESTS: frozenset[str] = frozenset()

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
