"""Layers import one way (pyproject.toml, [tool.importlinter]): a wrong import, even one
inside a function, fails the test suite and so CI."""

import os
import subprocess
import sys
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
