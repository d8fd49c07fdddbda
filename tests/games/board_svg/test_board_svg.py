"""Tests of the SVG board renderer (pure Python: no Django needed)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from carcassonne.autoplay import random_game
from carcassonne.record import replay
from carcassonne.rules import Rules
from carcassonne.tiles import ROTATIONS, TILE_TYPES, orientation
from games import board_svg
from games.board_svg import render_board, render_tile, spot_position
from games.present.vocabulary import figure_on

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [el for el in root.iter() if name in (el.get("class") or "").split()]


def title_of(el: ET.Element) -> str:
    title = el.find(f"{NS}title")
    assert title is not None
    return title.text or ""


@pytest.fixture(scope="module", params=[(3, 3, False), (11, 5, True)], ids=["base", "river"])
def game(request):
    """A finished random game, replayed from its record as the site would."""
    seed, players, river = request.param
    return replay(random_game(seed, players, Rules.from_options({"river": river})).record())


def test_module_does_not_import_django():
    from pathlib import Path

    assert "django" not in board_svg.__dict__
    for module in Path(board_svg.__file__).parent.glob("*.py"):
        source = module.read_text()
        assert "import django" not in source and "from django" not in source, module.name


def test_one_tile_group_per_placed_tile(game):
    root = parse(render_board(game))
    tiles = with_class(root, "tile")
    placed = list(game.placed_tiles())
    assert len(tiles) == len(placed)
    got = {(int(t.get("data-x")), int(t.get("data-y")), t.get("data-tile"), int(t.get("data-rotation"))) for t in tiles}
    assert got == {(p.x, p.y, p.tile, p.rotation) for p in placed}
    sample = next(t for t in tiles if t.get("data-x") == "0" and t.get("data-y") == "0")
    assert title_of(sample) == f"{sample.get('data-tile')} at (0,0), rotation {sample.get('data-rotation')}"


def test_document_attributes(game):
    root = parse(render_board(game, cell_size=50))
    assert root.tag == f"{NS}svg"
    assert root.get("role") == "img" and root.get("aria-label")
    placed = list(game.placed_tiles())
    xs, ys = [p.x for p in placed], [p.y for p in placed]
    cols, rows = max(xs) - min(xs) + 3, max(ys) - min(ys) + 3
    assert root.get("width") == f"{cols * 50}px" and root.get("height") == f"{rows * 50}px"
    vx, vy, vw, vh = (float(v) for v in root.get("viewBox").replace(",", " ").split())
    assert (vx, vy, vw, vh) == ((min(xs) - 1) * 100, (min(ys) - 1) * 100, cols * 100, rows * 100)


def test_followers_match_the_board(game):
    root = parse(render_board(game))
    drawn = with_class(root, "follower")
    expected = [(p, spot, seat) for p in game.placed_tiles() for spot, seat in p.followers()]
    assert expected, "the random game should leave followers on the board"
    assert len(drawn) == len(expected)
    roles = {"road": "thief", "city": "knight", "cloister": "monk", "field": "farmer"}
    want = sorted(
        (f"{game.players[seat]}: {figure_on('follower', spot)}", roles[spot.split(":")[0]])
        for _p, spot, seat in expected
    )
    got = []
    for el in drawn:
        role_classes = [c for c in el.get("class").split() if c.startswith("role-")]
        assert len(role_classes) == 1
        got.append((title_of(el), role_classes[0][5:]))
    assert sorted(got) == want


def test_last_move_marked(game):
    root = parse(render_board(game))
    marks = with_class(root, "last-move")
    last = game.last_placed
    assert len(marks) == 1
    assert (int(marks[0].get("data-x")), int(marks[0].get("data-y"))) == (last.x, last.y)
    assert not with_class(parse(render_board(game, last_move=False)), "last-move")


def test_start_only_board_has_no_last_move():
    game = replay({"players": ["Ann", "Bob"], "moves": []})
    root = parse(render_board(game))
    assert len(with_class(root, "tile")) == 1
    assert not with_class(root, "last-move")
    assert not with_class(root, "follower")


def test_highlight_slots():
    game = replay(
        {"players": ["Ann", "Bob"], "moves": [{"tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": "road:E"}]}
    )
    placements = game.legal_placements("V")
    cells = sorted({(p.x, p.y) for p in placements})
    root = parse(render_board(game, highlight=[(p.x, p.y) for p in placements], interactive=True))
    slots = with_class(root, "slot")
    assert sorted((int(s.get("data-x")), int(s.get("data-y"))) for s in slots) == cells
    for slot in slots:
        assert slot.tag == f"{NS}rect"
        assert slot.get("tabindex") == "0" and slot.get("role") == "button"
        assert slot.get("aria-label") == f"Place at ({slot.get('data-x')},{slot.get('data-y')})"
    assert not with_class(parse(render_board(game)), "slot")


def test_highlight_outside_the_board_widens_the_view():
    game = replay({"players": ["Ann", "Bob"], "moves": []})
    root = parse(render_board(game, highlight=[(3, 0)]))
    vx, vy, vw, vh = (float(v) for v in root.get("viewBox").replace(",", " ").split())
    assert vx + vw >= 400


def test_render_tile_spots():
    o = orientation("D", 90)
    root = parse(render_tile("D", 90, size=120, spots=o.spots))
    assert root.get("width") == "120px"
    spots = with_class(root, "spot")
    assert sorted(s.get("data-spot") for s in spots) == sorted(o.spots)
    for s in spots:
        assert s.tag == f"{NS}circle" and s.get("role") == "button" and s.get("tabindex") == "0"
        assert s.get("aria-label") == f"Put a follower here: {figure_on('follower', s.get('data-spot'))}"
    assert not with_class(parse(render_tile("D", 90)), "spot")


@pytest.mark.parametrize("tile_id", sorted(TILE_TYPES))
def test_every_tile_at_every_rotation_is_well_formed(tile_id):
    for rotation in ROTATIONS:
        o = orientation(tile_id, rotation)
        root = parse(render_tile(tile_id, rotation, spots=o.spots))
        assert len(with_class(root, "tile")) == 1
        assert len(with_class(root, "spot")) == len(o.spots)
        for spot in o.spots:
            x, y = spot_position(o, spot)
            assert 0 < x < 1 and 0 < y < 1, (tile_id, rotation, spot)


@pytest.mark.parametrize("tile_id", sorted(TILE_TYPES))
def test_spot_positions_are_distinct(tile_id):
    for rotation in ROTATIONS:
        o = orientation(tile_id, rotation)
        points = [spot_position(o, s) for s in o.spots]
        for i, a in enumerate(points):
            for b in points[i + 1 :]:
                assert abs(a[0] - b[0]) + abs(a[1] - b[1]) > 0.08, (tile_id, rotation, o.spots)


def test_spot_positions_turn_with_the_tile():
    assert spot_position(orientation("U", 0), "road:E") == (0.75, 0.5)
    assert spot_position(orientation("U", 90), "road:S") == (0.5, 0.75)
    assert spot_position(orientation("B", 0), "cloister") == spot_position(orientation("B", 180), "cloister")
    north = spot_position(orientation("E", 0), "city:N")
    south = spot_position(orientation("E", 180), "city:S")
    assert north[1] < 0.3 < 0.7 < south[1]
    assert abs(north[0] - (1 - south[0])) < 1e-9 and abs(north[1] - (1 - south[1])) < 1e-9
    with pytest.raises(ValueError):
        spot_position(orientation("E", 0), "road:N")


def test_the_page_colours_are_the_boards_seat_colours():
    """One table of seat colours: the CSS dots and chips (and turn.js, which reads the
    CSS) use the board's followers' colours, for every colour name of the engine."""
    import re
    from pathlib import Path

    from carcassonne import COLORS
    from games.board_svg import SEAT_COLORS

    folder = Path(__file__).resolve().parents[3] / "static" / "css"
    css = "".join(sheet.read_text() for sheet in sorted(folder.glob("*.css")))
    declared = dict(re.findall(r"--p-(\w+):\s*(#[0-9a-fA-F]{6})", css))
    assert set(SEAT_COLORS) == set(COLORS)
    assert declared == SEAT_COLORS
    js = (Path(__file__).resolve().parents[3] / "static" / "js" / "turn.js").read_text()
    assert not re.search(r"#[0-9a-fA-F]{6}\"\s*,\s*\w+:", js), "turn.js keeps no colour table of its own"


def test_a_board_drawn_from_kept_pieces_still_shows_its_own_players():
    """Tiles and figures are kept between renders: the same moves by other players show those players."""
    moves = [{"tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": "road:E"}]
    first = parse(render_board(replay({"players": ["Ann", "Bob"], "moves": moves})))
    second = parse(render_board(replay({"players": ["Cid", "Dee"], "moves": moves})))
    (ann,), (cid,) = with_class(first, "figure"), with_class(second, "figure")
    assert (ann.get("data-player"), title_of(ann)) == ("Ann", "Ann: thief on the road (east)")
    assert (cid.get("data-player"), title_of(cid)) == ("Cid", "Cid: thief on the road (east)")


def test_a_board_with_cells_to_choose_is_a_group_not_a_picture(game):
    """A picture's content is out of reach of screen readers and the keyboard (axe:
    nested-interactive): a board holding buttons is a labelled group."""
    taken = {(p.x, p.y) for p in game.placed_tiles()}
    cell = next((x + 1, y) for x, y in sorted(taken) if (x + 1, y) not in taken)
    root = parse(render_board(game, highlight=[cell], interactive=True))
    assert root.get("role") == "group" and root.get("aria-label")
    assert parse(render_board(game)).get("role") == "img"
