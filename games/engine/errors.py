"""Why a move is illegal, as a code with parameters as well as an English sentence.

The engine speaks English (its CLI and records print ``str(IllegalMove)``); a site that
speaks other languages translates a reason by its ``code`` and ``params`` (the site's
``games.vocabulary``). :func:`reason` makes the sentence from the one template of each
code here, so the English and the parameters never disagree.

>>> r = reason("not_your_turn", current="ann", player="bob")
>>> str(r), r.code, r.params
("it is ann's turn, not bob's", 'not_your_turn', {'current': 'ann', 'player': 'bob'})
"""

from __future__ import annotations

from typing import Any

TEMPLATES = {
    "game_over": "the game is over: there is no tile left to play",
    "not_your_turn": "it is {current}'s turn, not {player}'s",
    "unknown_tile": "unknown tile {tile!r}",
    "wrong_tile": "the drawn tile is {drawn}, not {tile}",
    "no_tile_drawn": "no tile has been drawn",
    "bad_rotation": "tile {tile} at ({x},{y}): rotation {rotation} is not one of 0, 90, 180, 270",
    "off_board": "tile {tile} at ({x},{y}) is off the board",
    "cell_taken": "tile {tile} at ({x},{y}): the cell is already taken by tile {taken}",
    "not_adjacent": "tile {tile} at ({x},{y}) touches no placed tile edge-to-edge",
    "does_not_fit": "tile {tile} at ({x},{y}) rotation {rotation} does not fit: its {edge} edge ({terrain}) meets {met}",
    "cannot_discard": "tile {tile} cannot be discarded: it fits, e.g. at ({x},{y}) rotation {rotation}",
    "no_spot": "tile {tile} at rotation {rotation} has no spot {spot!r} (its spots: {spots})",
    "figure_not_in_rules": "the figure {figure!r} is not part of this rule set",
    "no_figure_left": "{player} has no {figure} figure left in supply",
    "no_follower_left": "{player} has no follower left in supply",
    "spot_occupied": "the {feature} at {spot} already holds a follower",
    "not_a_player": "{player} does not play in this game",
    "already_left": "{player} has already left the game",
    "river_not_continued": "tile {tile} at ({x},{y}) does not continue the river: it flows on {edge} of ({ex},{ey})",
    "river_not_taken_up": "tile {tile} at ({x},{y}) rotation {rotation} does not take up the river on its {edge} edge",
}
"""Each code's English sentence (``str.format`` fields are the parameters)."""

MET = {"city": "a city", "road": "a road", "field": "a field", "river": "the river"}
"""What an edge meets, as the ``does_not_fit`` sentence says it (parameter ``met``: the terrain)."""


class Reason(str):
    """An English sentence for a person that also knows its ``code`` and ``params``."""

    code: str
    params: dict[str, Any]

    def __new__(cls, code: str, params: dict[str, Any], text: str) -> Reason:
        value = super().__new__(cls, text)
        value.code, value.params = code, params
        return value


def reason(code: str, **params: Any) -> Reason:
    """The reason ``code`` with ``params``: ``does_not_fit`` takes ``met`` as a terrain
    name (``road``) and says it with its article (``a road``)."""
    shown = dict(params, met=MET.get(params["met"], params["met"])) if "met" in params else params
    return Reason(code, params, TEMPLATES[code].format(**shown))
