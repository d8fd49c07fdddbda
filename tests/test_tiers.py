"""The tiers stay true: `make test-fast` (``-m "not browser and not services and not slow"``)
runs no browser test and no test that needs a real service (tests/tiers.py marks them)."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path

import pytest

from tests import tiers

ROOT = tiers.TESTS.parent
FAST = "not browser and not services and not slow"
# Fixtures that talk to the real broker or run a real worker or beat.
SERVICE_FIXTURES = {"redis_broker", "celery_worker"}
# Modules every test of which needs a service (Postfix; a worker across a restart).
SERVICE_MODULES = {"tests/notifications/test_postfix.py", "tests/notifications/test_held_worker.py"}
# The calls that skip, or fail under REQUIRE_SERVICES=1, when PostgreSQL or Redis is missing.
MISSING_SERVICE_CALLS = {"needs_postgresql", "skip_or_fail", "services_required"}
THIS = "tests/test_tiers.py"


def _environment(**changes: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "PYTEST_ADDOPTS")}
    return {**env, **changes}


@cache
def _collected_apart() -> tuple[dict, ...]:
    """Every test of tests/, collected by a pytest of its own (this run collected fewer)."""
    with tempfile.TemporaryDirectory() as place:
        report = Path(place) / "tiers.json"
        run = subprocess.run(
            [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "tests"],
            cwd=ROOT,
            env=_environment(TIERS_REPORT=str(report)),
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
        return tuple(json.loads(report.read_text()))


@pytest.fixture
def everything(request) -> list[dict]:
    """Every test of the suite with its markers: this run's, when it collected all of tests/."""
    args = {Path(a.split("::")[0]).resolve() for a in request.config.args}
    if args & {ROOT, tiers.TESTS}:  # tiers.collected: before -m and -k deselected any
        return tiers.records(tiers.collected)
    return list(_collected_apart())


def _calls(node: ast.AST) -> set[str]:
    names = set()
    for call in ast.walk(node):
        if isinstance(call, ast.Call):
            func = call.func
            names.add(func.id if isinstance(func, ast.Name) else getattr(func, "attr", ""))
    return names


def _tests_that_call_a_service_helper() -> set[str]:
    """'path::name' of the tests whose body calls a helper of MISSING_SERVICE_CALLS, or that
    take a fixture of their own module that does (read from the source, not the marks)."""
    found = set()
    for path in sorted(tiers.TESTS.rglob("test_*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name == THIS or name.startswith("tests/browser/"):
            continue
        module = ast.parse(path.read_text())
        functions = [n for n in ast.walk(module) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
        fixtures = {f.name for f in functions if not f.name.startswith("test_") and _calls(f) & MISSING_SERVICE_CALLS}
        scopes: list[tuple[str, ast.Module | ast.ClassDef]] = [("", module)]
        scopes += [(f"{c.name}::", c) for c in module.body if isinstance(c, ast.ClassDef)]
        for prefix, scope in scopes:
            for f in scope.body:
                if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef) and f.name.startswith("test_"):
                    if _calls(f) & MISSING_SERVICE_CALLS or {a.arg for a in f.args.args} & fixtures:
                        found.add(f"{name}::{prefix}{f.name}")
    return found


def _base(nodeid: str) -> str:
    return nodeid.split("[")[0]


def test_every_test_under_tests_browser_is_marked_browser_and_no_other(everything):
    browser = {r["nodeid"] for r in everything if r["path"].startswith("tests/browser/")}
    marked = {r["nodeid"] for r in everything if "browser" in r["markers"]}
    assert browser, "no browser test collected"
    assert marked == browser


def test_the_tests_that_need_a_service_are_marked_services(everything):
    unmarked = {
        r["nodeid"]
        for r in everything
        if "services" not in r["markers"] and (set(r["fixtures"]) & SERVICE_FIXTURES or r["path"] in SERVICE_MODULES)
    }
    assert not unmarked
    assert any("services" in r["markers"] for r in everything if r["path"] == "tests/notifications/test_worker.py")


def test_the_tests_that_call_a_service_helper_are_marked_services(everything):
    calling = _tests_that_call_a_service_helper()
    assert len(calling) > 10, "the tests that need PostgreSQL were not found in the source"
    unmarked = {r["nodeid"] for r in everything if _base(r["nodeid"]) in calling and "services" not in r["markers"]}
    assert not unmarked


def test_the_slow_lists_name_tests_that_exist(everything):
    """A renamed or moved slow test would otherwise come back into the fast tier."""
    modules = {r["path"] for r in everything}
    tests = {_base(r["nodeid"]) for r in everything}
    assert tiers.SLOW_MODULES <= modules
    assert tiers.SLOW_TESTS <= tests


def test_the_fast_tier_keeps_most_of_the_suite(everything):
    fast = [r for r in everything if not {"browser", "services", "slow"} & set(r["markers"])]
    assert len(fast) > len(everything) / 2


@pytest.mark.slow
def test_the_fast_tier_of_the_modules_that_use_services_passes_without_any_service():
    """Under REQUIRE_SERVICES=1, with neither DATABASE_URL nor REDIS_URL, the unmarked tests
    of every module that names a service helper run, and none fails for a missing service
    (skip_or_fail also fails a test it finds unmarked)."""
    helper = re.compile("|".join(sorted(MISSING_SERVICE_CALLS | SERVICE_FIXTURES)))
    modules = [
        p.relative_to(ROOT).as_posix()
        for p in sorted(tiers.TESTS.rglob("test_*.py"))
        if helper.search(p.read_text()) and p.relative_to(ROOT).as_posix() != THIS
    ]
    assert len(modules) > 10
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", FAST, "-rfE", *modules],
        cwd=ROOT,
        env=_environment(REQUIRE_SERVICES="1"),
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert run.returncode in (0, 1), run.stdout[-5000:] + run.stderr[-5000:]  # 1: a test failed
    assert re.search(r"\d+ passed", run.stdout), run.stdout[-5000:]
    if "REQUIRE_SERVICES=1 but" in run.stdout or "not marked services" in run.stdout:
        failed = [line for line in run.stdout.splitlines() if line.startswith(("FAILED", "ERROR"))]
        pytest.fail("a test of the fast tier needs a service:\n" + "\n".join(failed))
