"""Why a move is illegal, as a code with parameters as well as an English sentence.

The engine speaks English (its CLI and records print ``str(IllegalMove)``); a site that
speaks other languages translates a reason by its ``code`` and ``params`` (the site's
``games.present.vocabulary``). :func:`reason` makes the sentence from the one template of each
code here, so the English and the parameters never disagree.

>>> r = reason("not_your_turn", current="ann", player="bob")
>>> str(r), r.code, r.params
("it is ann's turn, not bob's", 'not_your_turn', {'current': 'ann', 'player': 'bob'})
"""

from __future__ import annotations

from typing import Any

DECISIONS = {
    "reinforce": "moving a follower out of the City",
    "quarter": "putting a follower into the City",
    "market": "moving a follower from the market onto a farm",
}
"""What each decision of NOTATION.md is about, in words for messages."""

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
    # the game's set-up and its tiles
    "names_not_distinct": "player names must be different",
    "no_start_tile": "this rule set has no start tile: the game starts from a fixed block of tiles",
    "unknown_start_tile": "unknown start tile {tile!r}",
    "tile_not_in_rules": "tile {tile} is not part of this rule set",
    "tile_used_up": "no tile {tile} is left: all {count} have been played",
    "not_in_hand": "{player} holds no tile {tile}",
    "timeout_names_tile": "with hands a timeout names no tile (the hand stays hidden)",
    "hand_tile_fits_nowhere": "tile {tile} of the hand fits nowhere: it must be discarded first",
    # decisions ({decision}: the ``decider``'s ``action``, as ``Pending.describe`` says it)
    "entry_not_in_rules": "{entry} entries are not part of this rule set",
    "decision_not_tile_turn": "it is {decision}, not a tile turn",
    "no_such_decision": "there is no decision of this kind to take now: it is {decision}",
    "not_your_decision": "it is {decision}, not {player}'s",
    "decision_needs_player": "{decision} must name its player",
    "not_a_reinforcement": "it is {decision}, not a reinforcement",
    "not_a_deployment": "it is {decision}, not a deployment into the City",
    # malformed entries ({value}: what the entry held, as JSON)
    "player_not_a_name": "player must be a player's name, not {value}",
    "move_not_an_object": "a move must be a JSON object",
    "no_tile_id": "the move has no tile id",
    "flag_not_boolean": "{flag} must be true or false",
    "placed_and_flagged": "a placed tile cannot also be a {flag}",
    "not_a_whole_number": "the move's {name} must be a whole number, not {value}",
    "figure_not_a_name": "a figure is a name such as 'follower', not {value}",
    "figure_without_spot": 'a figure needs a spot, e.g. {{"spot": "road:E", "figure": "follower"}}',
    "meeple_not_a_spot": "meeple must be a spot name such as 'road:E', or null",
    "resign_not_true": "resign must be true",
    "resign_without_player": "a resignation names its player",
    "reinforce_not_an_object": "reinforce must be an object with x, y and spot, or null to pass",
    "reinforce_not_numbers": "reinforce needs whole numbers x and y, not {x} and {y}",
    "reinforce_without_spot": "reinforce needs a spot such as 'city:N', not {value}",
    "reinforce_bad_figure": "a follower or a large follower leaves the City, not {value}",
    "count_without_follower": "the Count moves only after a follower was put into the City",
    "bad_quarter": "quarter must be one of {quarters}, not {value}",
    "quarter_bad_figure": "a follower or a large follower goes into the City, not {value}",
    "bad_count": "count must be one of {quarters}, not {value}",
    # the Count's decisions
    "no_large_follower_left": "{player} has no large follower left in supply",
    "count_already_there": "the Count already stands in the {quarter}",
    "no_tile_at": "there is no tile at ({x},{y})",
    "no_spot_at": "tile {tile} at ({x},{y}) has no spot {spot!r}",
    "not_completed_here": "{spot} at ({x},{y}) is not on a road, city or cloister this tile completed",
    "market_onto_farm": "a market follower goes onto a farm, not onto {spot}",
    "count_holds_quarter": "followers in the {quarter} cannot leave it while the Count stands there",
    "none_in_quarter": "{player} has no {follower} in the {quarter}",
    # the River
    "spring_first": "tile {tile} is drawn too early: the spring (RV-S) comes first",
    "river_tiles_first": "tile {tile} is drawn too early: the {count} river tiles come first",
    "lake_last": "the lake (RV-L) comes last of the river tiles",
    "river_bends_twice": "tile {tile} at ({x},{y}) rotation {rotation}: the river may not bend {side} twice in a row",
    "spring_faces_taken_cell": "tile {tile} at ({x},{y}) rotation {rotation}: the spring's river must face an empty cell",
    # Traders & Builders' figures
    "builder_not_on_road_or_city": "a builder goes on a road or a city, not on {spot}",
    "builder_without_follower": "a builder joins a {feature} holding one of {player}'s followers; the {feature} at {spot} holds none",
    "pig_not_on_field": "a pig goes on a field, not on {spot}",
    "pig_without_farmer": "a pig joins a farm holding one of {player}'s farmers; the farm at {spot} holds none",
}
"""Each code's English sentence (``str.format`` fields are the parameters)."""

MET = {"city": "a city", "road": "a road", "field": "a field", "river": "the river"}
"""What an edge meets, as the ``does_not_fit`` sentence says it (parameter ``met``: the terrain)."""


FOLLOWERS = {"follower": "follower", "large": "large follower"}
"""A follower figure as the ``none_in_quarter`` sentence says it (parameter ``follower``)."""


def decision(decider: str, action: str) -> str:
    """ "Ann's turn", "Ann's decision on moving a follower out of the City (reinforce)":
    the decision ``action`` that waits for the player ``decider``."""
    if action == "turn":
        return f"{decider}'s turn"
    words = DECISIONS.get(action)
    about = f" on {words}" if words else ""
    return f"{decider}'s decision{about} ({action})"


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
    name (``road``) and says it with its article (``a road``); ``none_in_quarter`` takes
    ``follower`` as a figure (``large``); a decision's reasons take ``decider`` and
    ``action`` (a player and a ``Pending.action``) and say them as ``{decision}``."""
    return said(code, params, TEMPLATES[code])


def said(code: str, params: dict[str, Any], template: str) -> Reason:
    """The reason ``code`` in the words of ``template`` (a ``str.format`` sentence), its
    parameters said as :func:`reason` says them; for a rule module's own reasons."""
    shown = dict(params)
    if "met" in params:
        shown["met"] = MET.get(params["met"], params["met"])
    if "follower" in params:
        shown["follower"] = FOLLOWERS.get(params["follower"], params["follower"])
    if "action" in params and "decider" in params:
        shown["decision"] = decision(params["decider"], params["action"])
    return Reason(code, params, template.format(**shown))
