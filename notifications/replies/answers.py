"""What a turn e-mail offers as answers, and so what a reply is read against: for a tile
turn the cells where the tile fits, each with a label (A, B, ... as on the board picture)
and per rotation the follower spots in the notation of NOTATION.md (``city:N``, and with
an expansion's figure its word before it: ``large city:N``); for a decision its options,
each with a letter."""

from __future__ import annotations

from dataclasses import dataclass, field
from string import ascii_uppercase
from typing import Any

from games.presenter.view import GameView

FIGURES = ("follower", "large", "builder", "pig")
"""The figures' words in the notation (``follower`` is the default and not written)."""


def letter(i: int) -> str:
    """A, B, ..., Z, AA, AB, ...: the label of the i-th cell or option."""
    return ascii_uppercase[i] if i < 26 else letter(i // 26 - 1) + ascii_uppercase[i % 26]


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
class Option:
    """An answer to a decision: its letter, its words and the answer the API takes."""

    letter: str
    text: str
    answer: dict[str, Any]
    passes: bool


@dataclass
class Answers:
    """What the viewer may answer now: a tile turn's cells, or a decision's options."""

    action: str
    tile: str | None = None
    cells: list[Cell] = field(default_factory=list)
    options: list[Option] = field(default_factory=list)

    @property
    def turn(self) -> bool:
        return self.action == "turn"

    @property
    def labels(self) -> dict[tuple[int, int], str]:
        return {(c.x, c.y): c.label for c in self.cells}

    @property
    def example(self) -> str:
        """A move line for the first cell, as the e-mail shows it."""
        if not self.cells:
            return ""
        cell = self.cells[0]
        rotation, spots = next(iter(cell.rotations.items()))
        return " ".join([cell.label, str(rotation), *spots[:1]])


def cells_of(view: GameView, tile: str) -> list[Cell]:
    """The cells where ``tile`` fits, in reading order (north to south, west to east)."""
    by_cell: dict[tuple[int, int], dict[int, list[str]]] = {}
    for p in view.placements(tile):
        spots = [spot_word(f["spot"], f["figure"]) for f in p["figures"]]
        by_cell.setdefault((p["x"], p["y"]), {})[p["rotation"]] = spots
    ordered = sorted(by_cell, key=lambda cell: (cell[1], cell[0]))
    return [Cell(letter(i), x, y, dict(sorted(by_cell[(x, y)].items()))) for i, (x, y) in enumerate(ordered)]


def options_of(view: GameView) -> list[Option]:
    return [Option(letter(i), o["text"], o["answer"], o["pass"]) for i, o in enumerate((view.decision or {}).get("options", []))]


def of(view: GameView) -> Answers | None:
    """The answers the game waits for from the viewer, or ``None`` (not theirs, or a hand
    of tiles: a reply names no tile, so hands are played on the site)."""
    if not view.mine:
        return None
    if view.my_turn:
        if view.tile is None:
            return None
        return Answers("turn", tile=view.tile, cells=cells_of(view, view.tile))
    return Answers(view.pending.action, options=options_of(view))
