"""What the game page says in a line after a move or a refused click: the confirmation
of the move just played, and why a cell or a follower spot is not allowed (the engine's
reasons, in the player's language). static/js/turn.js shows them in an aria-live region."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from carcassonne import orientation
from games.present.vocabulary import EDGE_LABELS, MET_LABELS, SPOT_FEATURES, TERRAIN_LABELS, illegal_move_reason

from .view import GameView

ROTATIONS = (0, 90, 180, 270)
OCCUPIED = {
    "road": gettext_lazy("This road already holds a follower: no second one may join it."),
    "city": gettext_lazy("This city already holds a follower: no second one may join it."),
    "cloister": gettext_lazy("This cloister already holds a follower: no second one may join it."),
    "farm": gettext_lazy("This farm already holds a follower: no second one may join it."),
}
"""A spot refused because its feature is taken, one whole sentence per feature (a language
says "this road" and "this farm" with words of different genders)."""


def played_text(view: GameView, number: int) -> str:
    """'Move 31 played: ann placed tile V at (1,2) turned 90°, no follower. You scored 4
    points.' for move ``number``, told to the view's viewer (the move list's words)."""
    turn = view.turn(number)
    if turn is None:
        return ""
    names = view.names
    parts = [_("Move %(number)s played: %(move)s.") % {"number": number, "move": view.describe(number)}]
    mine = view.me.position if view.me is not None else None
    for seat, points in enumerate(turn["points"]):
        if not points or seat >= len(names):
            continue
        if seat == mine:
            parts.append(
                ngettext("You scored %(count)s point.", "You scored %(count)s points.", points) % {"count": points}
            )
        else:
            parts.append(
                ngettext("%(name)s scored %(count)s point.", "%(name)s scored %(count)s points.", points)
                % {"name": names[seat], "count": points}
            )
    return " ".join(parts)


def turn_refusals(view: GameView, tile: str, placements: list[dict[str, Any]]) -> dict[str, Any]:
    """Why ``tile`` may not go on each empty cell next to the board where it fits in no
    rotation (``cells``, by "x,y": an index in ``reasons``), why no follower may go on the
    other spots of each legal placement (``spots``, by "x,y,rotation": spot -> index in
    ``reasons``; a spot not listed there has the ``usual`` reason, the commonest), and
    what to say of a taken cell or one far from the board. Each sentence is sent once."""
    reasons: dict[str, int] = {}

    def index(text: str) -> int:
        return reasons.setdefault(text, len(reasons))

    said: dict[tuple, int] = {}  # a refusal said once: a few reasons stand for hundreds of spots

    def spot_index(refusal) -> int:
        key = _refusal_key(refusal)
        if key not in said:
            said[key] = index(_spot_refusal(refusal))
        return said[key]

    fits = {(p["x"], p["y"]) for p in placements}
    cells = {f"{x},{y}": index(_cell_refusal(view, tile, x, y)) for x, y in view.open_cells() if (x, y) not in fits}
    spots: dict[str, dict[str, int]] = {}
    for p in placements:
        allowed = {f["spot"] for f in p["figures"]}
        for spot in orientation(tile, p["rotation"]).spots:
            if spot not in allowed:
                why = spot_index(view.why_not(tile, p["x"], p["y"], p["rotation"], spot))
                spots.setdefault(f"{p['x']},{p['y']},{p['rotation']}", {})[spot] = why
    usual = Counter(i for by_spot in spots.values() for i in by_spot.values()).most_common(1)
    usual_index = usual[0][0] if usual else None
    return {
        "cells": cells,
        "spots": {
            key: others
            for key, by_spot in spots.items()
            if (others := {spot: i for spot, i in by_spot.items() if i != usual_index})
        },
        "usual": usual_index,
        "reasons": list(reasons),
        "taken": _("There is already a tile on this cell."),
        "far": _("A tile goes next to a tile already on the board, edge to edge."),
    }


def _cell_refusal(view: GameView, tile: str, x: int, y: int) -> str:
    """Why ``tile`` fits on no rotation at (x, y): an edge that meets another terrain (said
    for the first rotation), or the rules' own reason (the river's)."""
    refusals = [view.why_not(tile, x, y, rotation) for rotation in ROTATIONS]
    other = next((r for r in refusals if r is not None and r.code != "does_not_fit"), None)
    if other is not None:
        return _("Tile %(tile)s cannot go here: %(reason)s.") % {"tile": tile, "reason": illegal_move_reason(other)}
    first = refusals[0]
    assert first is not None, "the tile fits here in no rotation: each has its reason"
    params = first.params
    return _(
        "Tile %(tile)s fits here in no rotation: turned %(rotation)s°, its %(edge)s edge (%(terrain)s) meets %(met)s."
    ) % {
        "tile": tile,
        "rotation": params["rotation"],
        "edge": EDGE_LABELS.get(params["edge"], params["edge"]),
        "terrain": TERRAIN_LABELS.get(params["terrain"], params["terrain"]),
        "met": MET_LABELS.get(params["met"], params["met"]),
    }


def _refusal_key(refusal) -> tuple:
    """What :func:`_spot_refusal`'s sentence depends on: the engine's code, its parameters
    and its own words (for a reason without a code)."""
    if refusal is None:
        return ()
    params = tuple(sorted((name, repr(value)) for name, value in getattr(refusal, "params", {}).items()))
    return (getattr(refusal, "code", ""), params, str(refusal))


def _spot_refusal(refusal) -> str:
    """Why no follower may go on a spot of a legal placement."""
    if refusal is None:  # only another figure may go there (the player chooses it on the spot)
        return _("Only another figure may go on this spot.")
    if refusal.code == "spot_occupied":
        feature = refusal.params.get("feature", "")
        sentence = OCCUPIED.get(feature)
        if sentence is not None:
            return str(sentence)
        return _("This %(feature)s already holds a follower: no second one may join it.") % {
            "feature": SPOT_FEATURES.get(feature, feature)
        }
    return _("No follower on this spot: %(reason)s.") % {"reason": illegal_move_reason(refusal)}
