"""What a turn e-mail offers as answers, and so what a reply is read against: for a tile
turn the cells where the tile fits, each with a label (A, B, ... as on the board picture)
and per rotation the follower spots in the notation of NOTATION.md (``city:N``, and with
an expansion's figure its word before it: ``large city:N``); for a decision its options,
each with a letter.

With a hand of tiles (the ``hand`` house rule) every cell where any tile of the hand
fits is labelled, and each tile lists its own cells under those labels. A label never
spells the id of a tile of that hand (``V`` is skipped when the hand holds tile V), so a
letter in a reply is either a tile or a cell, never both."""

from __future__ import annotations

from collections.abc import Iterator, Set
from dataclasses import dataclass, field
from itertools import count
from string import ascii_uppercase
from typing import Any

from games.present.followers import NOTATION_FIGURES
from games.present.tile_names import tile_name
from games.present.view import GameView

FIGURES = NOTATION_FIGURES
"""The figures' words in the notation (``follower`` is the default and not written)."""


def letter(i: int) -> str:
    """A, B, ..., Z, AA, AB, ...: the label of the i-th cell or option."""
    return ascii_uppercase[i] if i < 26 else letter(i // 26 - 1) + ascii_uppercase[i % 26]


def letters(avoid: Set[str] = frozenset()) -> Iterator[str]:
    """A, B, C, ...: the labels in order, without those in ``avoid``."""
    return (label for label in map(letter, count()) if label not in avoid)


def spot_word(spot: str, figure: str) -> str:
    """A spot for a figure in the notation: ``city:N``, ``large city:N``, ``pig field:SSW``."""
    return spot if figure == "follower" else f"{figure} {spot}"


@dataclass
class Cell:
    """An empty cell where the tile fits: its label and, per rotation, its spots."""

    label: str
    x: int
    y: int
    rotations: dict[int, list[str]]

    @property
    def where(self) -> str:
        return f"{self.x},{self.y}"


@dataclass
class Fits:
    """One tile the viewer may place (the drawn one, or one of their hand) and the cells
    where it fits, labelled as on the board picture."""

    tile: str
    cells: list[Cell]
    pictured: bool = False  # the e-mail shows its picture

    @property
    def name(self) -> str:
        """The tile in words, in the language of the moment (the e-mail's)."""
        return tile_name(self.tile)

    @property
    def picture(self) -> str:
        """The Content-ID of the tile's picture in the e-mail."""
        return f"tile-{self.tile}"


@dataclass
class Option:
    """An answer to a decision: its letter, its words and the answer the API takes."""

    letter: str
    text: str
    answer: dict[str, Any]
    passes: bool


@dataclass
class Answers:
    """What the viewer may answer now: a tile turn's cells, or a decision's options.

    A drawn tile: ``tile`` and its ``cells``. A hand of tiles: ``hand``, each tile with its
    cells, and ``cells`` every labelled cell once (without rotations: they are the tiles')."""

    action: str
    tile: str | None = None
    cells: list[Cell] = field(default_factory=list)
    options: list[Option] = field(default_factory=list)
    hand: list[Fits] = field(default_factory=list)

    def tiles(self) -> list[Fits]:
        """Each tile a reply may place, with its cells."""
        return self.hand or ([Fits(self.tile, self.cells)] if self.tile else [])

    @property
    def turn(self) -> bool:
        return self.action == "turn"

    @property
    def labels(self) -> dict[tuple[int, int], str]:
        return {(c.x, c.y): c.label for c in self.cells}

    @property
    def example(self) -> str:
        """A move line for the first cell, as the e-mail shows it."""
        fits = next((f for f in self.tiles() if f.cells), None)
        if fits is None:
            return ""
        cell = fits.cells[0]
        rotation, spots = next(iter(cell.rotations.items()))
        return " ".join([*([fits.tile] if self.hand else []), cell.label, str(rotation), *spots[:1]])


def _reading_order(cell: tuple[int, int]) -> tuple[int, int]:
    return cell[1], cell[0]  # north to south, west to east


def _rotations(view: GameView, tile: str) -> dict[tuple[int, int], dict[int, list[str]]]:
    """Per cell where ``tile`` fits: its rotations, each with its spots in the notation."""
    by_cell: dict[tuple[int, int], dict[int, list[str]]] = {}
    for p in view.placements(tile):
        spots = [spot_word(f["spot"], f["figure"]) for f in p["figures"]]
        by_cell.setdefault((p["x"], p["y"]), {})[p["rotation"]] = spots
    return by_cell


def cells_of(view: GameView, tile: str) -> list[Cell]:
    """The cells where ``tile`` fits, in reading order."""
    by_cell = _rotations(view, tile)
    ordered = sorted(by_cell, key=_reading_order)
    return [Cell(label, x, y, dict(sorted(by_cell[(x, y)].items()))) for label, (x, y) in zip(letters(), ordered)]


def hand_of(view: GameView, hand: tuple[str, ...]) -> tuple[list[Fits], list[Cell]]:
    """Each tile of ``hand`` that fits with its cells, and every cell where one fits, one
    label per cell for all tiles; no label spells a tile of the hand."""
    tiles = list(dict.fromkeys(hand))  # two tiles of one type fit alike: listed once
    by_tile = {tile: _rotations(view, tile) for tile in tiles}
    ordered = sorted({cell for cells in by_tile.values() for cell in cells}, key=_reading_order)
    labels = dict(zip(ordered, letters({tile.upper() for tile in tiles})))
    fits = [
        Fits(
            tile,
            [
                Cell(labels[cell], *cell, dict(sorted(by_tile[tile][cell].items())))
                for cell in sorted(by_tile[tile], key=_reading_order)
            ],
        )
        for tile in tiles
        if by_tile[tile]
    ]
    return fits, [Cell(labels[cell], *cell, {}) for cell in ordered]


def options_of(view: GameView) -> list[Option]:
    return [
        Option(letter(i), o["text"], o["answer"], o["pass"])
        for i, o in enumerate((view.decision or {}).get("options", []))
    ]


def of(view: GameView) -> Answers | None:
    """The answers the game waits for from the viewer, or ``None`` (not theirs)."""
    if not view.mine:
        return None
    if view.my_turn:
        if view.tile is not None:
            return Answers("turn", tile=view.tile, cells=cells_of(view, view.tile))
        if not view.my_hand:
            return None
        fits, cells = hand_of(view, view.my_hand)
        return Answers("turn", cells=cells, hand=fits)
    return Answers(view.pending.action if view.pending else "", options=options_of(view))  # mine: pending
