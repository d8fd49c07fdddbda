"""Code stays readable in one sitting: no function over 80 lines, the rules engine and the
bots included, and no site module over 600 (the engine's modules aside: a rule set's tables
and its hot path read best whole). Tests and migrations aside. A module that grows past it
splits into rooms of their own (as tournaments/ and archive/ did)."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 80
SKIPPED_DIRS = {"tests", "migrations", "node_modules", "__pycache__"}


def project_modules(root: Path) -> list[Path]:
    """The project's Python files: not the tests, migrations or hidden folders (.venv)."""
    found = []
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).parts
        if not any(part.startswith(".") or part in SKIPPED_DIRS for part in parts[:-1]):
            found.append(path)
    return found


def oversized(root: Path) -> list[str]:
    """``path: N lines`` for each module over the limit, ``path:line name(): N lines`` for
    each function (methods and inner functions too) over it."""
    found = []
    for path in project_modules(root):
        text = path.read_text()
        name = path.relative_to(root).as_posix()
        lines = len(text.splitlines())
        engine = name.startswith("carcassonne/") and not name.startswith("carcassonne/bots/")
        if lines > MAX_MODULE_LINES and not engine:
            found.append(f"{name}: {lines} lines (at most {MAX_MODULE_LINES})")
        for node in ast.walk(ast.parse(text, filename=name)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    found.append(f"{name}:{node.lineno} {node.name}(): {length} lines (at most {MAX_FUNCTION_LINES})")
    return found


def test_no_site_module_is_over_600_lines_and_no_function_over_80_the_engine_and_bots_included():
    found = oversized(ROOT)
    assert not found, "too long, split it:\n" + "\n".join(found)


def test_a_long_function_anywhere_but_the_tests_is_listed_and_a_long_module_outside_the_engine(tmp_path):
    long_function = "def turn():\n" + "    x = 1\n" * 80  # 81 lines
    (tmp_path / "carcassonne" / "bots").mkdir(parents=True)
    (tmp_path / "tests").mkdir()
    (tmp_path / "shop").mkdir()
    (tmp_path / "shop" / "models.py").write_text(long_function)
    (tmp_path / "shop" / "big.py").write_text("x = 1\n" * 601)
    (tmp_path / "shop" / "fine.py").write_text("def short():\n" + "    x = 1\n" * 79 + "x = 1\n" * 500)
    (tmp_path / "carcassonne" / "rules.py").write_text(long_function + "x = 1\n" * 601)
    (tmp_path / "carcassonne" / "bots" / "search.py").write_text(long_function)
    (tmp_path / "tests" / "test_shop.py").write_text(long_function + "x = 1\n" * 601)
    assert oversized(tmp_path) == [
        "carcassonne/bots/search.py:1 turn(): 81 lines (at most 80)",
        "carcassonne/rules.py:1 turn(): 81 lines (at most 80)",
        "shop/big.py: 601 lines (at most 600)",
        "shop/models.py:1 turn(): 81 lines (at most 80)",
    ]
