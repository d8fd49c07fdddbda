"""One home per expansion on the site: each expansion's words, entries, decisions, state,
tags, examples, panels and drawings live in its module of ``games.present.expansions``,
which the shared modules iterate."""

import re
from pathlib import Path

from django.utils import translation

from carcassonne import Game, Rules
from games.present import expansions, vocabulary
from games.present.rule_words import rule_tags, rules_line

ROOT = Path(__file__).resolve().parents[4]
SKIPPED = ("tests", "migrations", "locale", ".venv", "node_modules", ".git", "staticfiles", "var")
"""Not counted: tests, migrations, translations, the engine (below) and the per-language
how-to-play templates."""

IDS = ("inns_cathedrals", "traders_builders", "king_robber", "princess_dragon", "small_city")
"""The ids that are no ordinary word (``river``, ``count`` and ``hand`` also are: a text
search cannot tell their uses as ids, the test below looks for those in the shared modules).
``farm_scoring`` is left out: it is a field of every record (NOTATION.md), which the
archive's filters and exports name as such."""


def _site_files():
    for path in ROOT.rglob("*"):
        rel = path.relative_to(ROOT)
        if path.suffix not in (".py", ".html", ".js") or rel.parts[0] in SKIPPED or "migrations" in rel.parts:
            continue
        if rel.parts[0] == "carcassonne" or rel == Path("compile_engine.py") or "how_to_play" in rel.parts:
            continue  # the engine, its build (which lists the modules it compiles) and the per-expansion pages
        yield rel, path.read_text(encoding="utf-8")


def test_every_expansion_and_option_of_the_engine_has_its_site_module():
    engine_expansions = [o.name for o in Rules.options() if o.kind == "expansion"]
    assert list(expansions.by_id()) == engine_expansions
    assert {o.name for o in Rules.options()} == set(expansions.merged("options"))


def test_each_expansion_id_is_named_by_its_site_module_alone():
    named = {id_: [] for id_ in IDS}
    for rel, text in _site_files():
        for id_ in IDS:
            if re.search(rf"\b{id_}\b", text):
                named[id_].append(str(rel))
    assert all(len(files) == 1 and Path(files[0]).parent.name == "expansions" for files in named.values()), named


def test_the_shared_modules_name_no_expansion():
    shared = [
        "games/present/vocabulary.py",
        "games/present/entries.py",
        "games/present/decision_words.py",
        "games/present/rule_words.py",
        "games/present/view.py",
        "games/how_to_play.py",
        "games/management/commands/bench_board.py",
        "games/rematch.py",
        "games/board_svg/assembly.py",
        "games/board_svg/expansion_art.py",
        "games/board_svg/tile_marks.py",
        "games/board_svg/figures.py",
        "games/present/page.py",
        "games/present/expansions/__init__.py",
        "games/board_svg/overlays.py",
    ]
    ids = "|".join(expansions.by_id())
    as_id = re.compile(  # a key, a module's name, a module path, an entry of a table keyed by expansion
        rf"""(?:name\s*==\s*|\[|rule_module\([^)]*,\s*|:\s*)["']({ids})["']|expansions\.({ids})\b"""
        rf"""|["']({ids})["']:\s*(?:RuleWords|\(|True)"""
    )
    found = {name: as_id.findall((ROOT / name).read_text()) for name in shared}
    assert not any(found.values()), found


def test_a_rule_set_reads_the_same_from_the_modules_in_every_language():
    rules = {"expansions": ["river", "count"], "farm_scoring": "classic", "hand": 2}
    with translation.override("de"):
        assert rules_line(rules) == ["Klassische Wiesenwertung", "Der Fluss", "Der Graf von Carcassonne"]
        assert [str(t["label"]) for t in rule_tags(rules)] == [
            "Fluss",
            "Graf",
            "Klassische Wiesenwertung",
            "2 Karten auf der Hand",
        ]
        assert vocabulary.QUARTER_LABELS["market"] == translation.gettext("Market")


def test_the_public_state_of_a_game_comes_from_the_modules_of_its_expansions():
    game = Game.new(["Ann", "Bob"], Rules(expansions=("traders_builders", "king_robber", "count")), seed=3)
    state = expansions.public_state(game, ["ann", "bob"])
    assert list(state) == ["goods", "king", "robber", "city"]
    assert state["goods"] == {"ann": {"wine": 0, "grain": 0, "cloth": 0}, "bob": {"wine": 0, "grain": 0, "cloth": 0}}
    assert state["city"]["count"] in vocabulary.QUARTER_LABELS and set(state["city"]["quarters"]) == {"ann", "bob"}
    assert expansions.public_state(Game.new(["Ann", "Bob"], seed=3), ["ann", "bob"]) == {}
