"""Bridges, Castles & Bazaars (RULES.md, Bridges, Castles & Bazaars; NOTATION.md entries;
EDGE_CASES.md): its tiles checked against JCloisterZone's, the bazaar and its auction, the
castles; JCloisterZone's saved games as records; random and bot games.

For now its tiles (the engine module comes next)."""

import json
import re
from pathlib import Path

from carcassonne.tiles import TILE_TYPES

from .jcz_tiles import JCZ_HALF, features_of

PEER = Path(__file__).resolve().parent / "jcz_x"  # JCloisterZone's cases, copied (README there)
TABLE = (Path(__file__).resolve().parents[3] / "docs" / "rules" / "TILES.md").read_text()


def _theirs(features):
    """JCloisterZone's features of a tile (tiles.json) as :func:`features_of` gives ours: its
    ``monastery`` is our cloister; the bazaar, an inn and the wagon-move letters are marks."""
    parsed = [(f.partition(": ")[0], f.partition(": ")[2].split()) for f in features if ": " in f]
    cities = {loc: frozenset(locs) for head, locs in parsed if head.startswith("city") for loc in locs}
    out = {("cloister", frozenset(), 0)} if any(f.startswith("monastery") for f in features) else set()
    for head, locs in parsed:
        kind = head.split("[")[0]
        if kind == "field":
            named = re.search(r"city=([^\]]*)", head)
            borders = frozenset(cities[c] for c in named.group(1).split()) if named else frozenset()
            out.add(("field", frozenset(JCZ_HALF[h] for h in locs if h in JCZ_HALF), borders))
        elif kind in ("city", "road"):
            out.add((kind, frozenset(locs), 0))
    return out


def test_every_tile_row_matches_jcloisterzones_bridges_castles_and_bazaars_xml():
    data = json.loads((PEER / "tiles.json").read_text())
    jcz = data["tiles"]["bridges_castles_and_bazaars.xml"]
    counts = dict(data["tile_sets"]["bridges-castles-and-bazaars:1"]["refs"])
    ids = dict(re.findall(r"^\| (BB-\d\d) \|.*JCloisterZone `([^`]+)` \|$", TABLE, re.M))
    assert len(ids) == 11 and set(ids.values()) == set(counts)
    for ours, theirs in ids.items():
        tile = TILE_TYPES[ours]
        assert tile.count == counts[theirs] and tile.expansion == "bridges_castles_bazaars", ours
        assert ("bazaar" in tile.marks) == ("bazaar" in jcz[theirs]), ours
        assert ("no_castle" in tile.marks) == any("castle-base=false" in f for f in jcz[theirs]), ours
        inns = {frozenset(f.partition(": ")[2].split()) for f in jcz[theirs] if "inn=true" in f}
        assert {frozenset("NESW"[e] for e in s.edges) for s in tile.segments if "inn" in s.attributes} == inns, ours
        assert features_of(tile) == _theirs(jcz[theirs]), ours
    assert sum(TILE_TYPES[t].count for t in ids if "bazaar" in TILE_TYPES[t].marks) == 8
    # the 2nd edition's BB/CFR!G is BB/CFR! with a garden, which this engine does not play
    assert _theirs(data["tiles"]["bridges_castles_and_bazaars.xml"]["BB/CFR!G"]) == _theirs(jcz["BB/CFR!"])
    second = dict(data["tile_sets"]["bridges-castles-and-bazaars:2"]["refs"])
    assert second.pop("BB/CFR!G") == counts.pop("BB/CFR!") and second == counts
