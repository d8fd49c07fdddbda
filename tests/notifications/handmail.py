"""Helpers of the tests of replies in games with hands of tiles: a seeded hand game whose
first turn e-mail is built as the outbox sends it, and the e-mail's list of tiles read back."""

from __future__ import annotations

import re

from games import engine_state
from games.models import Game
from notifications.emails import build_message
from notifications.models import Notification
from tests.games.helpers import seeded_game

HAND_SEED = 2
"""A deal where ann's first hand holds three distinct tiles that all fit, one of them tile
A (so no cell is labelled A), with a cell and rotation where one tile only fits, and one
where several fit."""


def hand_game(ann, bob, seed: int = HAND_SEED, **rules) -> Game:
    game = seeded_game(ann, [ann, bob], {"hand": 3, **rules}, seed)
    game.name = "Friday"
    game.save(update_fields=["name"])
    return game


def turn_email(user, game):
    """The e-mail of ``user``'s latest turn row of ``game``, built now."""
    row = Notification.objects.filter(user=user, game=game, kind=Notification.Kind.TURN).order_by("-pk").first()
    return build_message(row)


def hand_of(game, seat: int) -> tuple[str, ...]:
    hand = engine_state.engine_for(Game.objects.get(pk=game.pk)).hand(seat)
    assert hand is not None, "a game with hands"
    return hand


def listed(message) -> dict[str, dict[str, dict[int, list[str]]]]:
    """The e-mail's list: per tile id, per cell label, per rotation, the spots."""
    tiles: dict[str, dict] = {}
    current = None
    for line in message.body.splitlines():
        tile = re.match(r"^Tile (\S+): ", line)
        if tile:
            current = tiles.setdefault(tile.group(1), {})
            continue
        cell = re.match(r"^  ([A-Z]+) \(-?\d+,-?\d+\): (.*)$", line)
        if cell and current is not None:
            current[cell.group(1)] = {
                int(r): [s for s in spots.split(", ") if s]
                for r, spots in (
                    re.match(r"^(\d+)(?: \[(.*)\])?$", part).groups("") for part in cell.group(2).split(" · ")
                )
            }
    return tiles


def where(message) -> dict[str, tuple[int, int]]:
    """The cells of the e-mail's list: label -> (x, y)."""
    return {
        label: (int(x), int(y)) for label, x, y in re.findall(r"^  ([A-Z]+) \((-?\d+),(-?\d+)\):", message.body, re.M)
    }


def only_one_fits(tiles: dict) -> tuple[str, str, int] | None:
    """A (tile, cell, rotation) where that tile is the only one of the hand that fits."""
    for tile, cells in tiles.items():
        for label, rotations in cells.items():
            for rotation in rotations:
                if not any(rotation in other.get(label, {}) for name, other in tiles.items() if name != tile):
                    return tile, label, rotation
    return None


def several_fit(tiles: dict) -> tuple[str, int, list[str]] | None:
    """A (cell, rotation) where more than one tile of the hand fits, and those tiles."""
    labels = sorted({label for cells in tiles.values() for label in cells})
    for label in labels:
        for rotation in (0, 90, 180, 270):
            fitting = [tile for tile, cells in tiles.items() if rotation in cells.get(label, {})]
            if len(fitting) > 1:
                return label, rotation, fitting
    return None
