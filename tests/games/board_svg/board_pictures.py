"""A fixed set of board pictures, and their reference PNGs in ``tests/games/board_svg/board_reference/``.

The references were drawn by the renderer before it moved onto svgwrite (issue 21);
``test_board_pictures.py`` draws the same pictures with today's renderer and compares
pixels. The games come from records kept in ``board_reference/records.json`` (so a change
to the random player does not change the boards). Regenerate after a deliberate change to
the artwork, and look at the PNGs before committing them::

    .venv/bin/python -m tests.games.board_svg.board_pictures            # rewrite every PNG
    .venv/bin/python -m tests.games.board_svg.board_pictures --records  # also replay new random games

Every picture goes through cairosvg, as the e-mails' board picture does.
"""

from __future__ import annotations

import hashlib
import io
import json
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from xml.etree import ElementTree

import cairocffi
import cairosvg
from PIL import Image

from carcassonne.autoplay import random_game
from carcassonne.record import replay
from carcassonne.rules import Rules
from carcassonne.tiles import ROTATIONS, TILE_TYPES, orientation
from games.board_svg import render_board, render_tile

HERE = Path(__file__).parent / "board_reference"
RECORDS = HERE / "records.json"
STRUCTURE = HERE / "structure.json"
EVERY_EXPANSION = {"river": True, "inns_cathedrals": True, "traders_builders": True, "king_robber": True, "count": True}
GAMES = {  # name: (seed, players, rules, follower rate) of the random game behind the record
    "base": (3, 3, {}, 0.5),
    "river": (11, 3, {"river": True}, 0.5),
    "inns_cathedrals": (5, 3, {"inns_cathedrals": True}, 0.6),
    "traders_builders": (8, 4, {"traders_builders": True}, 0.7),
    "king_robber": (13, 3, {"king_robber": True}, 0.5),
    "count": (21, 4, {"count": True}, 0.7),
    "every": (7, 5, EVERY_EXPANSION, 0.8),  # bench_board's game: about 140 tiles, 5 players
}
MIDGAME = 24
"""Moves into each game for the boards shown while it is on (empty cells, last move)."""
SHEET_COLUMNS = 12
TILE_PX = 48


def make_records() -> dict[str, dict]:
    return {
        name: random_game(seed, players, Rules.from_options(rules), follower_rate=rate).record()
        for name, (seed, players, rules, rate) in GAMES.items()
    }


def _records() -> dict[str, dict]:
    return json.loads(RECORDS.read_text())


def _midgame(record: dict, upto: int = MIDGAME):
    return replay(record, upto=upto)


def _highlighted(record: dict) -> str:
    """The board of the player to move: the cells where the drawn tile fits, as buttons."""
    game = _midgame(record)
    tile = next(move["tile"] for move in record["moves"][MIDGAME:] if "tile" in move)  # the next tile drawn
    cells = sorted({(p.x, p.y) for p in game.legal_placements(tile)})
    return render_board(game, last_move=True, highlight=cells, interactive=True, cell_size=48)


def _counts_city(record: dict) -> str:
    """The City of Carcassonne with followers of three players in its quarters and the Count."""
    game = _midgame(record, 10)
    count = next(m for m in game.modules if m.name == "count")
    count.city = (
        ((2, 1), (0, 0), (0, 0), (0, 0)),
        ((0, 0), (0, 0), (0, 0), (1, 0)),
        ((0, 0), (3, 0), (0, 0), (1, 1)),
        ((0, 0), (0, 0), (0, 0), (0, 0)),
    )
    count.count_at = "cathedral"
    return render_board(game, cell_size=96)


def board_cases() -> dict[str, Callable[[], str]]:
    """Name: the SVG of one board picture."""
    records = _records()
    cases: dict[str, Callable[[], str]] = {}
    for name in GAMES:
        if name != "every":
            cases[f"midgame-{name}"] = partial(_midgame_board, records[name])
    cases["final-base"] = lambda: render_board(replay(records["base"]), cell_size=32)
    cases["final-king_robber"] = lambda: render_board(replay(records["king_robber"]), cell_size=32)
    cases["final-every"] = lambda: render_board(replay(records["every"]), cell_size=32)
    cases["midgame-every-phone"] = lambda: render_board(replay(records["every"], upto=60), cell_size=22)
    cases["highlighted-every"] = lambda: _highlighted(records["every"])
    cases["highlighted-base"] = lambda: _highlighted(records["base"])
    cases["count-city"] = lambda: _counts_city(records["count"])
    cases["how-to-play-river"] = lambda: render_board(_midgame(records["river"], 8), cell_size=56, empty_cells=False)
    return cases


def _midgame_board(record: dict) -> str:
    return render_board(_midgame(record), cell_size=48)


def _tile_picture(tile: str, rotation: int) -> str:
    return render_tile(tile, rotation, size=TILE_PX, spots=orientation(tile, rotation).spots)


def sheet_cases() -> dict[str, list[Callable[[], str]]]:
    """Name: the tile pictures of one sheet (every tile type at one rotation, with its spots)."""
    tiles = sorted(TILE_TYPES)
    return {f"tiles-{rotation}": [partial(_tile_picture, t, rotation) for t in tiles] for rotation in ROTATIONS}


def structure(svg: str) -> str:
    """A digest of the SVG's elements in order: tags, attributes (in any order), texts.

    Equal digests mean the same classes, ids, titles, data attributes and geometry; the
    document's ``baseProfile`` (which svgwrite writes) is left out.
    """
    lines = []
    for el in ElementTree.fromstring(svg).iter():
        attributes = sorted((k, v) for k, v in el.attrib.items() if k != "baseProfile")
        lines.append(repr((el.tag, attributes, (el.text or "").strip())))
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def _png_of(draw: Callable[[], str]) -> Image.Image:
    return png(draw())


def png(svg: str) -> Image.Image:
    """The picture cairosvg draws from ``svg``, as RGBA pixels.

    Cairo's caches are emptied first: it keeps the glyphs it has drawn, so the same text
    would otherwise come out a little differently after other text (a bold label) was drawn.
    """
    cairocffi.cairo.cairo_debug_reset_static_data()
    return Image.open(io.BytesIO(cairosvg.svg2png(bytestring=svg.encode("utf-8")))).convert("RGBA")


def sheet(svgs: list[Callable[[], str]]) -> Image.Image:
    """Tile pictures side by side, ``SHEET_COLUMNS`` a row."""
    rows = -(-len(svgs) // SHEET_COLUMNS)
    out = Image.new("RGBA", (SHEET_COLUMNS * TILE_PX, rows * TILE_PX), (0, 0, 0, 0))
    for i, draw in enumerate(svgs):
        out.paste(png(draw()), ((i % SHEET_COLUMNS) * TILE_PX, (i // SHEET_COLUMNS) * TILE_PX))
    return out


def pictures() -> dict[str, Callable[[], Image.Image]]:
    """Every reference picture by file name (without ``.png``)."""
    out: dict[str, Callable[[], Image.Image]] = {name: partial(_png_of, draw) for name, draw in board_cases().items()}
    out.update({name: partial(sheet, svgs) for name, svgs in sheet_cases().items()})
    return out


def main(argv: list[str]) -> None:
    if "--records" in argv or not RECORDS.exists():
        HERE.mkdir(exist_ok=True)
        RECORDS.write_text(json.dumps(make_records(), sort_keys=True) + "\n")
    for name, draw in pictures().items():
        draw().save(HERE / f"{name}.png", optimize=True)
    digests = {name: structure(draw()) for name, draw in board_cases().items()}
    STRUCTURE.write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n")
    total = sum(p.stat().st_size for p in HERE.iterdir())
    print(f"{len(list(HERE.glob('*.png')))} pictures in {HERE}, {total / 1024:.0f} KiB with the records")


if __name__ == "__main__":
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "carcassonne_site.settings")
    django.setup()  # the games app hands the renderer Django's gettext, as on the site
    main(sys.argv[1:])
