"""The rules engine is pure Python: no Django, no database, no web server."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ROOT / "carcassonne"


def test_importing_the_engine_does_not_import_django():
    code = (
        "import sys\n"
        "import carcassonne, carcassonne.cli, carcassonne.autoplay, carcassonne.bench\n"
        "import carcassonne.record, carcassonne.rules, carcassonne.tiles, carcassonne.game\n"
        "import carcassonne.bots, carcassonne.bots.cli, carcassonne.bots.levels\n"
        "from carcassonne import Rules\n"
        "from carcassonne.autoplay import random_game\n"
        "every = [o.name for o in Rules.options() if o.kind == 'expansion']\n"
        "game = random_game(1, 3, Rules.from_json({'expansions': every}))\n"
        "assert game.finished and len(every) >= 5, (game.finished, every)\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')\n"
        "             or m == 'rest_framework' or m.startswith('rest_framework.'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""


def test_no_engine_file_imports_django():
    pattern = re.compile(r"^\s*(import\s+django|from\s+django)", re.MULTILINE)
    files = sorted(LIBRARY.rglob("*.py"))
    assert files, "no engine files found"
    offenders = [str(f.relative_to(ROOT)) for f in files if pattern.search(f.read_text(encoding="utf-8"))]
    assert offenders == []
