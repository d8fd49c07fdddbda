"""The board picture with every expansion: tile art, figures of every kind, the City of
Carcassonne's quarters and the Count, the King & Robber legend, escaping and hidden tiles."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from django.utils import translation
from django.utils.translation import gettext, ngettext

from carcassonne.autoplay import random_game
from carcassonne.board import key_of
from carcassonne.game import Game
from carcassonne.rules import Rules
from carcassonne.tiles import ROTATIONS, TILE_TYPES, orientation
from games import board_svg
from games.board_svg import render_board, render_tile, spot_position
from games.board_svg.geometry import inside
from games.board_svg.shapes import SHIELD_BOX, tile_shapes
from games.board_svg.tile_art import SYMBOLS
from games.present import pictures
from tests.games.board_svg.test_board_svg import NS, parse, title_of, with_class

XLINK = "{http://www.w3.org/1999/xlink}href"
EVERY_EXPANSION = {"river": True, "inns_cathedrals": True, "traders_builders": True, "king_robber": True, "count": True}


def segments_with(tile_id: str, attribute: str) -> int:
    return sum(1 for seg in TILE_TYPES[tile_id].segments if attribute in seg.attributes)


def new_game(players=("Ann", "Bob", "Cid"), **options) -> Game:
    return Game(list(players), Rules.from_options(options))


def put(game: Game, tile: str, x: int, y: int, rotation: int = 0, figures=()) -> None:
    """Lay a tile and stand figures ``(spot, seat, kind)`` on it (the renderer draws what the board holds)."""
    o = orientation(tile, rotation)
    game._place(key_of(x, y), o)
    for spot, seat, kind in figures:
        game.board.add_figure(key_of(x, y), o.spot_index[spot], seat, kind)


def module(game: Game, name: str):
    return next(m for m in game.modules if m.name == name)


# --- every tile of TILES.md --------------------------------------------------------------------


@pytest.mark.parametrize("tile_id", sorted(TILE_TYPES))
def test_every_tile_shows_its_features_at_every_rotation(tile_id):
    """Inns, cathedrals, goods, bridges, the City of Carcassonne and its quarters are drawn
    wherever TILES.md puts them, and nowhere else."""
    tile = TILE_TYPES[tile_id]
    for rotation in ROTATIONS:
        root = parse(render_tile(tile_id, rotation, spots=orientation(tile_id, rotation).spots))
        assert len(with_class(root, "inn")) == segments_with(tile_id, "inn"), rotation
        assert len(with_class(root, "cathedral")) == segments_with(tile_id, "cathedral"), rotation
        for goods in ("wine", "grain", "cloth"):
            assert len(with_class(root, f"goods-{goods}")) == segments_with(tile_id, goods), (goods, rotation)
        crossing = tile_id in ("TB-24", "KR-5", "AM-02")  # two cities or a road and a city that cross
        assert bool(with_class(root, "bridge")) == crossing, rotation
        assert bool(with_class(root, "city-of-carcassonne")) == (tile.expansion == "count"), rotation
        names = [el.text for el in with_class(root, "quarter-name")]
        assert names == (["Castle", "Blacksmith", "Cathedral", "Market"] if tile_id == "CO-7" else []), rotation


def test_the_expansions_draw_their_symbols_as_tilesmd_counts_them():
    """9 wine, 6 grain, 5 cloth (T&B's rule text), 6 inns and 2 cathedral tiles (I&C), on
    the tiles of those boxes (later boxes have inns of their own)."""
    symbols = Counter()
    for tile_id, tile in TILE_TYPES.items():
        if tile.expansion not in ("base", "inns_cathedrals", "traders_builders"):
            continue
        root = parse(render_tile(tile_id))
        for name in ("wine", "grain", "cloth"):
            symbols[name] += tile.count * len(with_class(root, f"goods-{name}"))
        symbols["inn"] += tile.count * len(with_class(root, "inn"))
        symbols["cathedral"] += tile.count * len(with_class(root, "cathedral"))
    assert symbols == {"wine": 9, "grain": 6, "cloth": 5, "inn": 6, "cathedral": 2}


def test_inner_fields_stand_between_the_cities():
    """A farmer on an inner field stands on open field, not in a city; KR-5's two apart."""
    for tile_id in (t for t in TILE_TYPES if any(not s.halves and s.kind == "field" for s in TILE_TYPES[t].segments)):
        for rotation in ROTATIONS:
            o = orientation(tile_id, rotation)
            shapes = tile_shapes(tile_id, rotation)
            for spot in (s for s in o.spots if s.startswith("field:inner")):
                x, y = spot_position(o, spot)
                point = (x * 100, y * 100)
                assert not any(inside(point, outline) for outline, _w, _p in shapes.cities.values()), (
                    tile_id,
                    rotation,
                    spot,
                    point,
                )
    kr5 = orientation("KR-5", 0)
    west, east = spot_position(kr5, "field:inner"), spot_position(kr5, "field:inner2")
    assert west[0] < 0.5 < east[0]


def test_two_fields_touching_on_a_tile_are_parted_by_a_hedge():
    assert with_class(parse(render_tile("IC-G")), "hedge")  # the E field and the S+W field
    assert with_class(parse(render_tile("TB-07", 90)), "hedge")
    assert not with_class(parse(render_tile("D")), "hedge")  # the road parts D's fields


def test_roads_have_a_dark_verge_and_paving():
    """Roads read as roads, not as gaps between tiles: a verge darker than the field."""
    strokes = [el.get("stroke") for el in parse(render_tile("U")).iter(f"{NS}path")]
    assert board_svg.PALETTE["road_edge"] in strokes and board_svg.PALETTE["road_stone"] in strokes

    def lightness(hex_colour: str) -> int:
        return sum(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))

    assert lightness(board_svg.PALETTE["road_edge"]) < lightness(board_svg.PALETTE["field"])


# --- the board: definitions, figures, the City, awards ---------------------------------------------


@pytest.fixture(scope="module")
def full_game():
    """A finished random game with every expansion and five players."""
    return random_game(7, 5, Rules.from_options(EVERY_EXPANSION), follower_rate=0.8)


def test_each_tile_type_is_defined_once_and_used_by_every_tile(full_game):
    root = parse(render_board(full_game))
    defs = root.find(f"{NS}defs")
    figure_defs = ("follower", "builder", "pig")  # a figure's outline with its seat's mark
    ids = [g.get("id") for g in defs if g.tag == f"{NS}g" and g.get("id").split("-")[1] not in figure_defs]
    assert len(ids) == len(set(ids))
    placed = list(full_game.placed_tiles())
    assert len(placed) > 120
    # and the field under them all, the coat of arms and the abbey that several tiles place
    assert len(ids) == 1 + len(SYMBOLS) + len({(p.tile, p.rotation) for p in placed})
    assert ids[: 1 + len(SYMBOLS)] == ["carc-field", *SYMBOLS]
    for group in with_class(root, "tile"):
        (use,) = group.findall(f"{NS}use")
        assert use.get(XLINK) == f"#carc-{group.get('data-tile')}-{group.get('data-rotation')}"
        assert use.get(XLINK)[1:] in ids


def test_every_figure_is_drawn_as_its_kind_in_its_players_colour(full_game):
    root = parse(render_board(full_game))
    expected = Counter(
        (p.x, p.y, spot, seat, kind) for p in full_game.placed_tiles() for spot, seat, kind in p.figures_here()
    )
    drawn = Counter(
        (
            int(el.get("data-x")),
            int(el.get("data-y")),
            el.get("data-spot"),
            int(el.get("data-seat")),
            el.get("data-figure"),
        )
        for el in with_class(root, "figure")
    )
    assert drawn == expected
    assert {kind for *_rest, kind in expected} == {"follower", "large", "builder", "pig"}
    for el in with_class(root, "figure"):
        body = el.findall(f"{NS}use")[0]  # of the kind's outline, defined once
        assert body.get("fill") == board_svg.seat_hex(int(el.get("data-seat")))
        assert full_game.players[int(el.get("data-seat"))] in title_of(el)


def test_the_kinds_of_figure_look_different():
    game = new_game(inns_cathedrals=True, traders_builders=True)
    put(game, "U", 1, 0, 0, [("road:E", 0, "follower")])
    put(game, "U", 2, 0, 0, [("road:E", 0, "large")])
    put(game, "U", 3, 0, 0, [("road:E", 0, "builder")])
    put(game, "B", 1, 1, 0, [("field:NNW", 0, "follower"), ("field:NNW", 0, "pig")])
    root = parse(render_board(game))
    figures = {
        el.get("data-figure") + ("-lying" if "role-farmer" in el.get("class") else ""): el
        for el in with_class(root, "figure")
    }
    assert set(figures) == {"follower", "large", "builder", "pig", "follower-lying"}
    bodies = {kind: el.findall(f"{NS}use")[0] for kind, el in figures.items()}
    defs = root.find(f"{NS}defs")
    outlines = {path.get("id"): path.get("d") for path in defs.iter(f"{NS}path") if path.get("id")}
    marked = {
        g.get("id"): g.find(f"{NS}use").get(XLINK)[1:] for g in defs.iter(f"{NS}g") if g.find(f"{NS}use") is not None
    }
    assert (
        len({outlines[marked.get(b.get(XLINK)[1:], b.get(XLINK)[1:])] for b in bodies.values()}) == 3
    )  # meeple (follower, large, farmer), builder, pig
    scale = {kind: float(re.search(r"scale\(([\d.]+)\)", b.get("transform")).group(1)) for kind, b in bodies.items()}
    assert scale["large"] > 1.25 * scale["follower"]
    assert "rotate(90)" in bodies["follower-lying"].get("transform")
    assert "rotate(90)" not in bodies["pig"].get("transform")
    farmer, pig = (figures["follower-lying"], figures["pig"])
    assert farmer.get("data-spot") == pig.get("data-spot") == "field:NNW"
    assert bodies["follower-lying"].get("transform") != bodies["pig"].get("transform")  # side by side, not stacked
    assert title_of(figures["large"]) == "Ann: large follower: thief on the road (east)"
    assert title_of(figures["builder"]) == "Ann: builder on the road (east)"
    assert title_of(figures["pig"]) == "Ann: pig on the field (north-west)"


def test_the_city_shows_who_stands_in_each_quarter_and_the_count():
    game = new_game(count=True)
    count = module(game, "count")
    # Ann: 2 followers and a large one in the castle; Bob: 1 in the market; Cid: 3 in the blacksmith's
    count.city = (((2, 1), (0, 0), (0, 0), (0, 0)), ((0, 0), (0, 0), (0, 0), (1, 0)), ((0, 0), (3, 0), (0, 0), (0, 0)))
    count.count_at = "cathedral"
    root = parse(render_board(game))
    (quarters_tile,) = [t for t in with_class(root, "tile") if t.get("data-tile") == "CO-7"]
    assert [el.text for el in with_class(quarters_tile, "quarter-name")] == [
        "Castle",
        "Blacksmith",
        "Cathedral",
        "Market",
    ]
    areas = with_class(quarters_tile, "quarter-area")  # real elements (not inside <use>), for a page to click
    assert [a.get("data-quarter") for a in areas] == ["castle", "blacksmith", "cathedral", "market"]
    shown = sorted(
        (
            el.get("data-quarter"),
            el.get("data-player"),
            el.get("data-figure") or next(c[5:] for c in el.get("class").split() if c.startswith("kind-")),
            int(el.get("data-count")),
        )
        for el in with_class(quarters_tile, "quarter-figure")
    )
    assert shown == [
        ("blacksmith", "Cid", "follower", 3),
        ("castle", "Ann", "follower", 2),
        ("castle", "Ann", "large", 1),
        ("market", "Bob", "follower", 1),
    ]
    assert sorted(el.text for el in with_class(quarters_tile, "quarter-count")) == ["2", "3"]
    titles = sorted(title_of(el) for el in with_class(quarters_tile, "quarter-figure"))
    assert "Cid: 3 followers in the blacksmith's quarter" in titles
    assert "Bob: a follower in the market" in titles
    (the_count,) = with_class(root, "count-figure")
    assert the_count.get("data-quarter") == "cathedral"
    assert title_of(the_count) == "The Count stands in the cathedral quarter"
    # the City's block is drawn whole: 12 tiles with walls, the ring's fields outside them
    assert len(with_class(root, "tile")) == 12
    defs = root.find(f"{NS}defs")
    assert sum(1 for g in defs if with_class(g, "city-of-carcassonne")) == 12


def test_a_board_without_the_count_has_no_quarters(full_game):
    root = parse(render_board(random_game(3, 2)))
    assert not with_class(root, "city-quarters") and not with_class(root, "count-figure")
    assert len(with_class(parse(render_board(full_game)), "count-figure")) == 1


def test_the_awards_legend_names_the_holders_under_the_board():
    game = new_game(king_robber=True)
    plain = parse(render_board(game))
    assert [title_of(el) for el in with_class(plain, "award")] == [
        "The king goes to whoever completes the largest city so far.",
        "The robber goes to whoever completes the longest road so far.",
    ]
    awards = module(game, "king_robber")
    awards.king, awards.largest_city, awards.robber, awards.longest_road = 1, 5, 2, 1
    root = parse(render_board(game, cell_size=50))
    rows = {el.get("class").split()[1]: el for el in with_class(root, "award")}
    assert rows["award-king"].get("data-player") == "Bob" and rows["award-robber"].get("data-player") == "Cid"
    assert rows["award-king"].find(f"{NS}text").text == "King: Bob"
    assert title_of(rows["award-king"]) == "Bob holds the king: the largest city completed so far has 5 tiles."
    assert title_of(rows["award-robber"]) == "Cid holds the robber: the longest road completed so far has 1 tile."
    # the legend lies below the tiles: the view grows by its height, in proportion
    vx, vy, vw, vh = (float(v) for v in root.get("viewBox").split(","))
    assert vh > 300 and float(root.get("height")[:-2]) == pytest.approx(vh / 2, abs=1)
    assert not with_class(parse(render_board(new_game())), "legend")
    # a page showing the legend beside the board asks for the board alone
    alone = parse(render_board(game, cell_size=50, legend=False))
    assert not with_class(alone, "legend") and float(alone.get("viewBox").split(",")[3]) < vh


def test_player_names_stay_text(full_game):
    hostile = '<script>alert("x")</script> & Co'
    game = new_game(players=(hostile, "Bob"), king_robber=True, traders_builders=True)
    put(game, "U", 1, 0, 0, [("road:E", 0, "builder")])
    module(game, "king_robber").king = 0
    svg = render_board(game)
    assert "<script>" not in svg
    root = parse(svg)
    (figure,) = with_class(root, "figure")
    assert figure.get("data-player") == hostile and title_of(figure).startswith(hostile)
    assert with_class(root, "award-king")[0].find(f"{NS}text").text == f"King: {hostile}"


def test_no_hidden_tile_appears_in_the_picture():
    """Neither the drawn tile nor any tile left in the bag is named or drawn, only placed ones."""
    game = Game.new(["Ann", "Bob"], Rules.from_options(EVERY_EXPANSION), seed=11)
    for _turn in range(25):  # play on until the drawn tile is one not on the board yet
        placed = {p.tile for p in game.placed_tiles()}
        if game.pending.action == "turn" and "-" in (game.tile or "") and game.tile not in placed:
            break
        options = game.options()
        game.play(options[-1] if game.pending.action == "turn" else options[0])
    placed = {p.tile for p in game.placed_tiles()}
    hidden = {game.tile, *game._bag} - placed
    assert game.tile in hidden
    svg = render_board(game, highlight=[(p.x, p.y) for p in game.legal_placements()])
    for tile in sorted(t for t in hidden if "-" in t):  # ids such as "IC-K" cannot occur by chance
        assert not re.search(rf"(?<![\w-]){re.escape(tile)}(?![\w-])", svg), tile
    assert set(re.findall(r'data-tile="([^"]+)"', svg)) == placed
    other = game.copy(bag=[t for t in reversed(game._bag) if t != game.tile])  # another drawn tile, another order
    assert other.tile != game.tile
    assert render_board(other) == render_board(game)


def test_no_tile_of_any_hand_appears_in_the_picture():
    """With hands of three, the picture names only placed tiles: nobody's hand, nor the bag."""
    rules = Rules.from_options({"hand": 3, "inns_cathedrals": True, "traders_builders": True, "king_robber": True})
    game = Game.new(["Ann", "Bob", "Cid"], rules, seed=5)
    for _turn in range(12):
        tile = game.turn_tiles[0]
        placements = game.legal_placements(tile)
        game.play(game.options(tile)[-1] if placements else game.options(tile)[0])
    placed = {p.tile for p in game.placed_tiles()}
    held = {t for seat in range(3) for t in game.hand(seat) or ()}
    hidden = (held | set(game._bag)) - placed
    assert any("-" in t for t in held - placed), "some hand should hold an expansion tile not on the board"
    svg = render_board(game, highlight=[(p.x, p.y) for p in game.legal_placements(game.turn_tiles[0])])
    for tile in sorted(t for t in hidden if "-" in t):
        assert not re.search(rf"(?<![\w-]){re.escape(tile)}(?![\w-])", svg), tile
    assert set(re.findall(r'data-tile="([^"]+)"', svg)) == placed
    # the picture does not depend on what anyone holds, nor on the bag: other hands, same SVG
    others = [list(reversed(game.hand(seat))) for seat in (1, 2, 0)]
    assert sorted(map(len, others)) == sorted(map(len, (game.hand(s) for s in range(3))))
    swapped = game.copy(hands=others, bag=list(reversed(game._bag)))
    assert [swapped.hand(s) for s in range(3)] != [game.hand(s) for s in range(3)]
    assert render_board(swapped) == render_board(game)


def test_words_in_the_picture_are_translated():
    """The board's own words go through the pictures' translation; an expansion's words on
    the board (its site module's drawings) through Django's, in the reader's language."""
    board_svg.use_translation(lambda text: "~" + text, lambda one, many, n: "~" + (one if n == 1 else many))
    try:
        game = new_game(count=True, king_robber=True)
        with translation.override("de"):
            root = parse(render_board(game))
        assert root.get("aria-label") == "~Carcassonne board: 12 tiles, 3 players"
        assert all(title_of(t).startswith("~CO-") for t in with_class(root, "tile"))
        assert [el.text for el in with_class(root, "quarter-name")] == ["Burg", "Schmiede", "Kathedrale", "Markt"]
        assert title_of(with_class(root, "count-figure")[0]) == "Der Graf steht in der Burg"
        assert with_class(root, "award-king")[0].find(f"{NS}text").text == "König: noch nicht vergeben"
    finally:
        board_svg.use_translation(gettext, ngettext)


def test_the_site_translates_the_pictures_with_django():
    """The games app hands Django's gettext to the renderer at start-up."""
    from django.utils import translation

    with translation.override("en"):
        assert pictures._("Castle") == gettext("Castle")
    assert pictures._gettext is gettext and pictures._ngettext is ngettext


def test_the_benchmark_command_reports_the_median_render_time():
    import json
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("bench_board", "--renders", "3", "--players", "2", "--json", stdout=out)
    figures = json.loads(out.getvalue())
    assert figures["tiles"] > 100 and figures["renders"] == 3
    assert 0 < figures["median_ms"] <= figures["p95_ms"] + 1e-9
    assert set(figures["rules"]["expansions"]) == {
        "river",
        "inns_cathedrals",
        "traders_builders",
        "king_robber",
        "count",
        "tower",
        "princess_dragon",
        "abbey_mayor",
    }


XLINK_HREF = "{http://www.w3.org/1999/xlink}href"


def _placed(root: ET.Element, name: str) -> list[ET.Element]:
    return [el for el in root.iter(f"{NS}use") if el.get(XLINK_HREF) == f"#{name}"]


@pytest.mark.parametrize("rotation", ROTATIONS)
def test_every_pennant_is_a_whole_coat_of_arms_on_its_tile(rotation):
    """Each city with a pennant shows one shield, placed from the one drawing and upright on
    the tile whatever its rotation (a pennant point near an edge moves the shield in)."""
    for tile in sorted(TILE_TYPES):
        o = orientation(tile, rotation)
        root = parse(render_tile(tile, rotation))
        shields = _placed(root, "carc-shield")
        assert len(shields) == sum(1 for seg in o.segments if seg.pennants), tile
        for use in shields:
            x, y = float(use.get("x")), float(use.get("y"))
            assert 0 <= x + SHIELD_BOX[0] and x + SHIELD_BOX[2] <= 100, (tile, x)
            assert 0 <= y + SHIELD_BOX[1] and y + SHIELD_BOX[3] <= 100, (tile, y)
        defined = [el for el in root.iter(f"{NS}g") if el.get("id") == "carc-shield"]
        assert len(defined) == (1 if shields else 0), tile


def test_a_cloister_is_the_abbey_and_a_sprite_defines_each_shared_drawing_once():
    for tile in ("A", "B"):
        assert len(_placed(parse(render_tile(tile)), "carc-abbey")) == 1
    assert not _placed(parse(render_tile("C")), "carc-abbey")
    sprite = board_svg.tile_sprite("base")
    for name in SYMBOLS:
        assert sprite.count(f'id="{name}"') == 1 and sprite.count(f'"#{name}"') > 4, name
