"""The engine's tile data against docs/rules/TILES.md (the reference), and orientations.

TILES.md is parsed here independently of the engine's own parser, so a typo in the
engine's copy of a row, or a bug in its parser, shows up as a difference.
"""

import re
from pathlib import Path

import pytest

from carcassonne import TILE_TYPES, orientation

EDGES = "NESW"
HALVES = ("NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW")
TERRAIN = {"city": "C", "road": "R", "river": "W"}


TILES_MD = Path(__file__).resolve().parents[2] / "docs" / "rules" / "TILES.md"


def _reference_tables() -> dict[str, dict[str, dict]]:
    """{section: {id: {"count", "edges", "segments"}}} for the base and River tables.

    A segment is (kind, frozenset(edge letters), frozenset(half names), pennants,
    frozenset(indexes of the bordered city segments among all segments)).
    """
    text = TILES_MD.read_text(encoding="utf-8")
    sections = {
        "base": "## Base game",
        "river": "## The River",
        "inns_cathedrals": "## Inns & Cathedrals",
        "traders_builders": "## Traders & Builders",
        "king_robber": "## King & Robber",
        "count": "## The Count of Carcassonne",
        "princess_dragon": "## The Princess & the Dragon",
        "abbey_mayor": "## Abbey & Mayor",
        "bridges_castles_bazaars": "## Bridges, Castles & Bazaars",
    }
    result = {}
    for name, heading in sections.items():
        start = text.index(heading)
        end = text.find("\n## ", start + 1)
        end = len(text) if end < 0 else end
        rows = {}
        for line in text[start:end].splitlines():
            if not line.startswith("| ") or line.startswith("| id ") or line.startswith("|---"):
                continue
            cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
            tile_id, count, edges, segments_text = cells[0], cells[1], cells[2], cells[3]
            rows[tile_id] = {
                "count": int(count),
                "edges": edges.replace(" ", ""),
                "segments": _reference_segments(segments_text.replace("\\|", "|")),
            }
        result[name] = rows
    return result


def _reference_segments(text: str) -> list[tuple]:
    # of the whole tile, no segment
    tile_marks = ("quarter", "volcano", "dragon", "portal", "abbey", "bazaar", "no_castle")
    parts = [p.strip() for p in text.split(";") if p.strip() and p.strip() not in tile_marks]
    city_indexes = [i for i, p in enumerate(parts) if p.split()[0] == "city"]
    segments = []
    for part in parts:
        borders: frozenset[int] = frozenset()
        coc: frozenset[str] = frozenset()
        if "|" in part:
            part, numbers = part.split("|")
            borders = frozenset(city_indexes[int(n) - 1] for n in numbers.split() if n.isdigit())
            coc = frozenset(n for n in numbers.split() if n == "CoC")
        words = part.split()
        kind, args = words[0], words[1:]
        if kind == "field" and args == ["all", "8", "halves"]:
            args = list(HALVES)  # the reference's shorthand for a field touching every half
        edges = frozenset(a for a in args if a in ("N", "E", "S", "W"))
        halves = frozenset(a for a in args if a in HALVES)
        marks = coc | frozenset(
            a for a in args if a in ("inn", "cathedral", "wine", "grain", "cloth", "(inner)", "CoC", "princess")
        )
        segments.append((kind, edges, halves, args.count("+"), borders, marks))
    return segments


REFERENCE = _reference_tables()


def _engine_segments(tile_id: str) -> list[tuple]:
    return [
        (
            s.kind,
            frozenset(EDGES[e] for e in s.edges),
            frozenset(HALVES[h] for h in s.halves),
            s.pennants,
            frozenset(s.cities),
            s.attributes,
        )
        for s in TILE_TYPES[tile_id].segments
    ]


def test_reference_file_is_found_and_parsed():
    assert TILES_MD.exists()
    assert len(REFERENCE["base"]) == 24
    assert len(REFERENCE["river"]) == 10


SECTIONS = [
    "base",
    "river",
    "inns_cathedrals",
    "traders_builders",
    "king_robber",
    "count",
    "princess_dragon",
    "abbey_mayor",
    "bridges_castles_bazaars",
]
SET_SIZES = {
    "base": 72,
    "river": 12,
    "inns_cathedrals": 18,
    "traders_builders": 24,
    "king_robber": 5,
    "count": 12,
    "princess_dragon": 30,
    "abbey_mayor": 13,  # 12 tiles and the abbey (AM-A, one per player, never in the bag)
    "bridges_castles_bazaars": 12,
}
# The City block's tiles have walls (half-edges of no segment) and are never placed by a
# player: the invariants of ordinary tiles below do not apply to them.
# Nor does the abbey (AM-A): its edges meet anything, and no field reaches them.
ORDINARY = sorted(t.id for t in TILE_TYPES.values() if t.expansion != "count" and "abbey" not in t.marks)
# PD-10's west field meets its south city only at the corner, and the inner field lies between
# them: JCloisterZone's definition (DG/CCc+.p) has the west field border the north city alone.
CORNER_EXCEPTIONS = {"PD-10"}
# PD-25's road runs under its city in a tunnel: one road N-S, yet the city's wall joins the
# halves of each of its edges into one field (JCloisterZone's DG/CRcr.d: fields NL NR, SL SR).
# AM-12's likewise, on its south edge only (JCloisterZone's AM/CRcr+: fields NL, NR, SL SR).
TUNNELS = {"PD-25", "AM-12"}


@pytest.mark.parametrize("section", SECTIONS)
def test_tile_ids_match_tiles_md(section):
    engine_ids = {t.id for t in TILE_TYPES.values() if t.expansion == section}
    assert engine_ids == set(REFERENCE[section])


@pytest.mark.parametrize("section", SECTIONS)
def test_each_set_has_its_number_of_tiles(section):
    assert sum(t.count for t in TILE_TYPES.values() if t.expansion == section) == SET_SIZES[section]
    assert sum(r["count"] for r in REFERENCE[section].values()) == SET_SIZES[section]


def test_goods_symbols_are_9_wine_6_grain_5_cloth():
    goods = {"wine": 0, "grain": 0, "cloth": 0}
    for tile in TILE_TYPES.values():
        for seg in tile.segments:
            for kind in goods.keys() & seg.attributes:
                goods[kind] += tile.count
    assert goods == {"wine": 9, "grain": 6, "cloth": 5}


@pytest.mark.parametrize("tile_id", sorted(t for section in SECTIONS for t in REFERENCE[section]))
def test_tile_row_matches_tiles_md(tile_id):
    row = next(REFERENCE[section][tile_id] for section in SECTIONS if tile_id in REFERENCE[section])
    tile = TILE_TYPES[tile_id]
    assert tile.count == row["count"]
    assert tile.edges == row["edges"]
    assert _engine_segments(tile_id) == row["segments"]


def _corner_halves(edge: int) -> tuple[int, int]:
    """The two half-edges of the neighbouring edges that meet ``edge`` at its corners."""
    previous_edge, next_edge = (edge + 3) % 4, (edge + 1) % 4
    return 2 * previous_edge + 1, 2 * next_edge


@pytest.mark.parametrize("tile_id", [t for t in ORDINARY if t not in CORNER_EXCEPTIONS])
def test_every_field_half_next_to_a_city_edge_lists_that_city(tile_id):
    """EDGE_CASES 19: a field half-edge at the corner of a city edge borders that city.

    (Checked for every base and River tile; no tile of these sets differs on purpose.)
    """
    tile = TILE_TYPES[tile_id]
    segments = tile.segments
    missing = []
    for city_index, city in enumerate(segments):
        if city.kind != "city":
            continue
        for edge in city.edges:
            for half in _corner_halves(edge):
                for _field_index, field in enumerate(segments):
                    if field.kind == "field" and half in field.halves and city_index not in field.cities:
                        missing.append((HALVES[half], EDGES[edge]))
    assert missing == []


@pytest.mark.parametrize("tile_id", sorted(t.id for t in TILE_TYPES.values() if t.expansion in ("base", "river")))
def test_fields_listing_a_city_touch_it_at_a_corner(tile_id):
    """The converse on the base and River sets: a listed city really is next to the field."""
    segments = TILE_TYPES[tile_id].segments
    for field in segments:
        if field.kind != "field":
            continue
        for city_index in field.cities:
            city = segments[city_index]
            assert city.kind == "city"
            touching = {h for e in city.edges for h in _corner_halves(e)}
            assert touching & set(field.halves), (tile_id, city_index)


def test_d_strip_borders_the_city_and_the_south_field_does_not():
    d = TILE_TYPES["D"]
    fields = [s for s in d.segments if s.kind == "field"]
    strip = next(s for s in fields if HALVES.index("ENE") in s.halves)
    south = next(s for s in fields if HALVES.index("SSE") in s.halves)
    assert [d.segments[c].kind for c in strip.cities] == ["city"]
    assert south.cities == ()


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
@pytest.mark.parametrize("tile_id", ORDINARY)
def test_orientation_edges_are_consistent_with_segments(tile_id, rotation):
    o = orientation(tile_id, rotation)
    assert o.rotation == rotation and o.tile.id == tile_id
    expected = ["F"] * 4
    half_owner = [None] * 8
    for seg in o.segments:
        if seg.kind in TERRAIN:
            for e in seg.edges:
                assert expected[e] == "F", "two segments on one edge"
                expected[e] = TERRAIN[seg.kind]
        if seg.kind == "field":
            for h in seg.halves:
                assert half_owner[h] is None, "two fields on one half-edge"
                half_owner[h] = seg.index
    assert o.edges == "".join(expected)
    for h in range(8):
        terrain = o.edges[h // 2]
        if terrain == "C":
            assert half_owner[h] is None, f"a field on half {HALVES[h]} of a city edge"
        else:
            # field, road and river edges have a field on both halves
            assert half_owner[h] is not None, f"no field on half {HALVES[h]}"
    for seg in o.segments:
        if seg.kind in ("road", "river") and len(seg.edges) == 2 and tile_id not in TUNNELS:
            # a road or river running through the tile separates the halves of its edges
            # (a stub ending at a cloister, spring or lake may have one field on both sides)
            for e in seg.edges:
                assert half_owner[2 * e] != half_owner[2 * e + 1]


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
@pytest.mark.parametrize("tile_id", ORDINARY)
def test_rotation_turns_everything_clockwise(tile_id, rotation):
    base = orientation(tile_id, 0)
    turned = orientation(tile_id, rotation)
    turns = rotation // 90
    for e in range(4):
        assert turned.edges[(e + turns) % 4] == base.edges[e]
    for a, b in zip(base.segments, turned.segments):
        assert a.kind == b.kind and a.pennants == b.pennants
        assert {(e + turns) % 4 for e in a.edges} == set(b.edges)
        assert {(h + 2 * turns) % 8 for h in a.halves} == set(b.halves)


def test_rotating_by_90_moves_north_to_east_and_nnw_to_ene():
    d0, d90 = orientation("D", 0), orientation("D", 90)
    assert d0.edges == "CRFR"
    assert d90.edges == "RCRF"  # the city on N at rotation 0 is on E at rotation 90
    assert d90.spot_index["city:E"] == d0.spot_index["city:N"]
    v0, v90 = orientation("V", 0), orientation("V", 90)
    # V's big field holds NNW at rotation 0; turned by 90 that field holds ENE
    assert v90.spot_index["field:ENE"] == v0.spot_index["field:NNW"]
    assert v90.spot_index["field:NNE"] == v0.spot_index["field:WNW"]
    assert v90.spot_index["field:NNW"] == v0.spot_index["field:WSW"]
    # the small field SSW WSW becomes WNW NNW
    assert v90.spot_index["field:WNW"] == v0.spot_index["field:SSW"]
    assert orientation("E", 90).edges == "FCFF"
    assert orientation("E", 180).edges == "FFCF"
    assert orientation("E", 270).edges == "FFFC"


def test_spot_names_follow_notation():
    # canonical spot = first edge in N E S W order / first half in NNW..WNW order
    assert [s.spot for s in orientation("D", 90).segments] == ["city:E", "road:N", "field:NNE", "field:NNW"]
    assert orientation("A", 0).spots == ["cloister", "road:S", "field:NNW"]
    assert orientation("X", 0).spots == [
        "road:N",
        "road:E",
        "road:S",
        "road:W",
        "field:NNE",
        "field:ESE",
        "field:SSW",
        "field:NNW",
    ]
    # every alias of a multi-edge segment names it
    p = orientation("P", 0)
    assert p.spot_index["road:E"] == p.spot_index["road:S"]
    assert p.spot_index["city:N"] == p.spot_index["city:W"]
    assert p.spot_index["field:ENE"] == p.spot_index["field:SSW"]
    assert "river:E" not in orientation("RV-5", 0).spot_index


def test_unknown_tile_and_bad_rotation():
    with pytest.raises(KeyError):
        orientation("ZZ", 0)
    with pytest.raises(ValueError):
        orientation("D", 45)


def test_the_princess_and_dragon_marks_6_volcanoes_12_dragons_6_portals_6_princesses():
    marks = {"volcano": 0, "dragon": 0, "portal": 0}
    princesses = 0
    for tile in TILE_TYPES.values():
        for mark in marks.keys() & tile.marks:
            marks[mark] += tile.count
        princesses += tile.count * sum("princess" in seg.attributes for seg in tile.segments)
    assert (marks, princesses) == ({"volcano": 6, "dragon": 12, "portal": 6}, 6)
