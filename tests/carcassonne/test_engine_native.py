"""The compiled engine (carcassonne/native.py, compile_engine.py): the mode a run asked for is
the mode loaded, and records play out the same compiled and pure.

``make test`` runs the suite with the compiled modules (``CARCASSONNE_COMPILED=1`` when they
are built), then tests/carcassonne again with ``CARCASSONNE_PURE=1``."""

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from carcassonne import native
from carcassonne.autoplay import random_game
from carcassonne.rules import Rules

ROOT = Path(__file__).resolve().parents[2]


def test_the_mode_asked_for_is_the_mode_loaded():
    if os.environ.get("CARCASSONNE_PURE", "") not in ("", "0"):
        assert native.MODE == "pure" and not native.COMPILED
    elif os.environ.get("CARCASSONNE_COMPILED") == "1":
        assert native.MODE == "compiled", native.REASON
    loaded = {name for name, module in sys.modules.items() if module is not None and native.is_compiled(module)}
    carcassonne_loaded = {name for name in loaded if name.startswith("carcassonne.")}
    if native.MODE == "compiled":
        assert {"carcassonne.board", "carcassonne.scoring", "carcassonne.bots.evaluate"} <= native.COMPILED
        for name in native.COMPILED:
            assert native.is_compiled(importlib.import_module(name)), name
    else:
        assert not carcassonne_loaded


RULE_SETS = [None, {"expansions": ["river", "inns_cathedrals", "traders_builders", "king_robber", "count"]}]

# Each record's outcome and every score after each entry, as the other mode replays it.
REPLAY = """
import json, sys
from carcassonne import native, replay
records = json.load(sys.stdin)
print(json.dumps({"mode": native.MODE, "reason": native.REASON, "played": [
    [list(replay(record, upto=k).scores) for k in range(1, len(record["moves"]) + 1)] for record in records]}))
"""


@pytest.mark.skipif(not native.built()[0], reason="the compiled engine is not built (or not up to date)")
def test_records_play_out_the_same_compiled_and_pure():
    records = [
        random_game(seed, players, Rules.from_json(rules) if rules else None).record()
        for seed, players, rules in [(1, 2, None), (2, 3, RULE_SETS[1]), (3, 5, RULE_SETS[1])]
    ]
    played = {}
    for pure in ("0", "1"):
        env = {k: v for k, v in os.environ.items() if k not in ("CARCASSONNE_PURE", "CARCASSONNE_COMPILED")}
        result = subprocess.run(
            [sys.executable, "-c", REPLAY],
            input=json.dumps(records),
            env={**env, "CARCASSONNE_PURE": pure},
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        answer = json.loads(result.stdout)
        assert answer["mode"] == ("pure" if pure == "1" else "compiled"), answer["reason"]
        played[answer["mode"]] = answer["played"]
    assert played["compiled"] == played["pure"]
    assert [p[-1] for p in played["pure"]] == [
        list(random_game(seed, players, Rules.from_json(rules) if rules else None).scores)
        for seed, players, rules in [(1, 2, None), (2, 3, RULE_SETS[1]), (3, 5, RULE_SETS[1])]
    ]


def test_an_edited_source_leaves_the_engine_pure(tmp_path, monkeypatch):
    manifest = tmp_path / "MANIFEST.json"
    manifest.write_text(json.dumps({"sources": {"carcassonne/board.py": "0" * 64}}))
    monkeypatch.setattr(native, "MANIFEST", manifest)
    files, why = native.built()
    assert files == {} and why == "carcassonne/board.py changed since the build (make install rebuilds it)"
