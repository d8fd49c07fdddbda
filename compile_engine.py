"""Compile the engine's and the bots' hot modules with mypyc (``make install`` runs it).

    .venv/bin/python compile_engine.py [--check] [--clean]

The extensions go to ``build/mypyc/lib/`` (not next to the sources, which stay the
reference and the fallback), with ``MANIFEST.json``: the hash of each compiled module's
source. ``carcassonne/__init__.py`` loads them only while every hash still matches, and
never with ``CARCASSONNE_PURE=1``. Without a C compiler, or when mypyc fails, this prints
why and exits 0: the pure modules are then used. ``--check`` says whether the build is up
to date (exit 1 if not) and builds nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
BUILD = ROOT / "build" / "mypyc"
LIB = BUILD / "lib"
MANIFEST = LIB / "MANIFEST.json"
SOURCES = BUILD / "src"  # the copy of the package compiled

# The modules the profiles of random games and of the bots' searches spend their time in
# (docs/benchmarks.md), and the modules they call at every turn. game.py is not among them:
# its modules hold the game through weak proxies (a compiled class cannot be the target of
# one) and Game.copy copies the instance's __dict__ (a compiled instance keeps its fields
# outside it). Nor bots/levels.py: its bots' settings are read as class attributes, and
# tests replace a bot's method on the instance (a compiled class has neither). Nor effects.py:
# the site copies its EffectsLog with copy.copy, which a compiled class does not support.
MODULES = [
    "carcassonne/board.py",
    "carcassonne/decisions.py",
    "carcassonne/figures.py",
    "carcassonne/hooks.py",
    "carcassonne/moves.py",
    "carcassonne/outcome.py",
    "carcassonne/record.py",
    "carcassonne/rules.py",
    "carcassonne/scoring.py",
    "carcassonne/tiles.py",
    "carcassonne/autoplay.py",
    "carcassonne/bots/evaluate.py",
    "carcassonne/bots/options.py",
    "carcassonne/bots/sim.py",
    "carcassonne/bots/view.py",
    # An expansion left out runs from its source beside the compiled ones (RuleModule is
    # a plain Python class even compiled).
    "carcassonne/expansions/count.py",
    "carcassonne/expansions/house_rules.py",
    "carcassonne/expansions/inns_cathedrals.py",
    "carcassonne/expansions/king_robber.py",
    "carcassonne/expansions/river.py",
    "carcassonne/expansions/traders_builders.py",
]

# mypy as the package is checked (pyproject.toml's strict flags), without the Django plugins
# of the rest of the site.
MYPY_CONFIG = """\
[mypy]
python_version = 3.11
warn_unused_ignores = False
disallow_any_generics = True
disallow_subclassing_any = True
disallow_untyped_calls = True
disallow_untyped_defs = True
disallow_incomplete_defs = True
check_untyped_defs = True
disallow_untyped_decorators = True
warn_return_any = True
no_implicit_reexport = True
strict_equality = True
extra_checks = True
"""


def digest(path: str) -> str:
    return hashlib.sha256((ROOT / path).read_bytes()).hexdigest()


def up_to_date() -> bool:
    try:
        built = json.loads(MANIFEST.read_text())
    except (OSError, ValueError):
        return False
    return sorted(built.get("sources", {})) == sorted(MODULES) and all(
        built["sources"][path] == digest(path) for path in MODULES
    )


def compiler() -> str | None:
    """Why no C compiler can build extensions here, or None if one can."""
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc} is not on PATH)"
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "probe.c"
        source.write_text("int main(void) { return 0; }\n")
        try:
            probe = subprocess.run([cc, "-c", str(source), "-o", str(Path(tmp) / "probe.o")], capture_output=True)
        except OSError as exc:
            return f"the C compiler {cc} does not run ({exc})"
        if probe.returncode != 0:
            return f"the C compiler {cc} does not work (exit {probe.returncode})"
    return None


def build() -> int:
    started = time.perf_counter()
    shutil.rmtree(LIB, ignore_errors=True)  # a half-made or stale build is never loaded
    BUILD.mkdir(parents=True, exist_ok=True)
    config = BUILD / "mypy.ini"
    config.write_text(MYPY_CONFIG)
    # A copy of the package is compiled, so that the manifest's hashes are those of the code
    # built even while the sources change.
    shutil.rmtree(SOURCES, ignore_errors=True)
    shutil.copytree(
        ROOT / "carcassonne", SOURCES / "carcassonne", ignore=shutil.ignore_patterns("__pycache__", "*.json")
    )
    hashes = {path: hashlib.sha256((SOURCES / path).read_bytes()).hexdigest() for path in MODULES}
    # In a child process: mypyc and setuptools print a great deal and may exit on errors.
    script = (
        "from setuptools import setup\n"
        "from mypyc.build import mypycify\n"
        f"ext = mypycify({['--config-file', str(config), *(str(SOURCES / p) for p in MODULES)]!r}, opt_level='3', "
        f"target_dir={str(BUILD / 'c')!r}, group_name='carcassonne.compiled')\n"
        "setup(name='carcassonne-compiled', ext_modules=ext, py_modules=[], script_args=['build_ext', "
        f"'--build-lib', {str(LIB)!r}, '--build-temp', {str(BUILD / 'temp')!r}, '--parallel', '2'])\n"
    )
    log = BUILD / "build.log"
    with log.open("w") as out:
        done = subprocess.run([sys.executable, "-c", script], cwd=SOURCES, stdout=out, stderr=subprocess.STDOUT)
    shutil.rmtree(SOURCES, ignore_errors=True)  # no second copy of the package for tools that walk the tree
    if done.returncode != 0:
        shutil.rmtree(LIB, ignore_errors=True)
        tail = "".join(log.read_text().splitlines(keepends=True)[-25:])
        print(
            f"{tail}\nmypyc could not compile the engine (exit {done.returncode}, {log}): the pure modules stay in use"
        )
        return 0
    MANIFEST.write_text(json.dumps({"sources": hashes}, indent=1, sort_keys=True) + "\n")
    print(f"compiled {len(MODULES)} modules with mypyc into {LIB} in {time.perf_counter() - started:.0f} s")
    if not up_to_date():
        print("a module changed during the build: the pure modules run until it is built again")
    return 0


def main(argv: list[str]) -> int:
    if "--clean" in argv:
        shutil.rmtree(BUILD, ignore_errors=True)
        return 0
    if "--check" in argv:
        fresh = up_to_date()
        print("the compiled modules are up to date" if fresh else "the compiled modules are missing or stale")
        return 0 if fresh else 1
    if up_to_date():
        print("the compiled modules are up to date")
        return 0
    missing = compiler()
    if missing is not None:
        print(f"{missing}: the engine is not compiled, the pure modules are used")
        return 0
    return build()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
