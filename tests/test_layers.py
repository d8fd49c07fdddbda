"""Layers import one way (pyproject.toml, [tool.importlinter]): a wrong import, even one
inside a function, fails the test suite and so CI."""

import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"


def _lint(cwd: Path, *args: str, pythonpath: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(pythonpath)}
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )


def test_every_layer_contract_of_the_project_is_kept():
    result = _lint(ROOT, pythonpath=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "BROKEN" not in result.stdout and "5 kept, 0 broken" in result.stdout


def test_an_import_inside_a_function_breaks_a_layer_contract(tmp_path):
    (tmp_path / "low").mkdir()
    (tmp_path / "high").mkdir()
    (tmp_path / "low" / "__init__.py").write_text("")
    (tmp_path / "high" / "__init__.py").write_text("")
    (tmp_path / "low" / "mod.py").write_text("def later():\n    from high import thing  # noqa\n")
    (tmp_path / ".importlinter").write_text(
        "[importlinter]\nroot_packages =\n    high\n    low\n\n"
        "[importlinter:contract:layers]\nname = high above low\ntype = layers\nlayers =\n    high\n    low\n"
    )
    result = _lint(tmp_path, pythonpath=tmp_path)
    assert result.returncode != 0 and "low.mod -> high" in result.stdout, result.stdout + result.stderr


def _library_contracts() -> str:
    """The project's contracts for the rules library, as an .importlinter file."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    text = "[importlinter]\nroot_packages =\n    games\n    carcassonne\ninclude_external_packages = True\n"
    for number, contract in enumerate(config["contracts"]):
        if contract["type"] == "forbidden" and contract["source_modules"][0].startswith("carcassonne"):
            text += f"\n[importlinter:contract:{number}]\n"
            for key, value in contract.items():
                lines = "".join(f"\n    {v}" for v in value) if isinstance(value, list) else f" {value}"
                text += f"{key} ={lines}\n"
    return text


def test_a_module_added_tomorrow_keeps_the_library_pure_and_the_engine_apart_from_bots_and_expansions(tmp_path):
    for package in ("games", "carcassonne", "carcassonne/bots", "carcassonne/expansions"):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / "games" / "brand_new.py").write_text("")  # named in no list
    (tmp_path / "carcassonne" / "rules.py").write_text("def later():\n    from games import brand_new\n")
    (tmp_path / "carcassonne" / "brand_new_rule.py").write_text(
        "def later():\n    from carcassonne.bots import search\n"
    )
    (tmp_path / "carcassonne" / "board.py").write_text("import carcassonne.expansions\n")
    (tmp_path / "carcassonne" / "expansions" / "moon.py").write_text("from carcassonne import board\n")
    (tmp_path / "carcassonne" / "bots" / "search.py").write_text(
        "import carcassonne\nfrom carcassonne import rules\n\ndef later():\n    from games import brand_new\n"
    )
    (tmp_path / ".importlinter").write_text(_library_contracts())
    result = _lint(tmp_path, pythonpath=tmp_path)
    assert "3 broken" in result.stdout, result.stdout + result.stderr
    assert "carcassonne.rules -> games.brand_new" in result.stdout
    assert "carcassonne.bots.search -> games.brand_new" in result.stdout
    assert "carcassonne.brand_new_rule -> carcassonne.bots" in result.stdout
    assert "carcassonne.board -> carcassonne.expansions" in result.stdout
    assert "carcassonne.expansions.moon -> carcassonne.board" not in result.stdout  # an expansion reads the core
    assert "carcassonne.bots.search -> carcassonne\n" not in result.stdout  # the bots may read the engine
