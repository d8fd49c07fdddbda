"""The game's words in the reader's language: the engine's names (colours, features,
followers, directions, rule options) as the site shows them.

The engine is pure Python and speaks English (its CLI and records); the site translates
its names here, by key, with the vocabulary players of each language know from the
published rules (see ``locale/GLOSSARY.md``)."""

from __future__ import annotations

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy
from django.utils.translation import pgettext_lazy

from games.engine import errors

COLOR_LABELS = {
    "yellow": pgettext_lazy("seat colour", "yellow"),
    "red": pgettext_lazy("seat colour", "red"),
    "green": pgettext_lazy("seat colour", "green"),
    "blue": pgettext_lazy("seat colour", "blue"),
    "black": pgettext_lazy("seat colour", "black"),
    "grey": pgettext_lazy("seat colour", "grey"),
}

DIRECTION_LABELS = {
    "N": _("north"), "E": _("east"), "S": _("south"), "W": _("west"),
    "NE": _("north-east"), "NW": _("north-west"), "SE": _("south-east"), "SW": _("south-west"),
}

FEATURE_LABELS = {"road": _("road"), "city": _("city"), "cloister": _("cloister"), "field": _("field")}

FOLLOWER_ON = {
    "road": _("thief on the road"),
    "city": _("knight in the city"),
    "cloister": _("monk in the cloister"),
    "field": _("farmer in the field"),
}
"""A follower as it is named by the feature it stands on (move lists, e-mails)."""

ROLE_LABELS = {"thief": _("thief"), "knight": _("knight"), "monk": _("monk"), "farmer": _("farmer")}

CATEGORY_LABELS = {
    "roads": _("Roads"), "cities": _("Cities"), "cloisters": _("Cloisters"), "farms": _("Farms"),
    "goods": _("Goods"), "king": pgettext_lazy("score category", "King"),
    "robber": pgettext_lazy("score category", "Robber"),
}
"""The categories of a player's breakdown: the engine's ``CATEGORIES``, then the
expansions' (Traders & Builders' goods, King & Robber's king and robber)."""

QUARTER_LABELS = {
    "castle": _("Castle"),
    "blacksmith": _("Blacksmith"),
    "cathedral": _("Cathedral"),
    "market": _("Market"),
}
"""The four quarters of the City of Carcassonne, by their NOTATION.md names."""

GOODS_LABELS = {"wine": _("wine"), "grain": _("grain"), "cloth": _("cloth")}
"""Traders & Builders' goods tokens."""

FIGURE_LABELS = {
    "follower": _("follower"),
    "large": _("large follower"),
    "builder": _("builder"),
    "pig": _("pig"),
}
"""The figures a player may deploy (NOTATION.md names), in words."""

FIGURE_ON = {
    ("builder", "road"): _("builder on the road"),
    ("builder", "city"): _("builder on the city"),
    ("pig", "field"): _("pig on the field"),
}
"""A figure other than a follower, named with the feature it stands on (move lists)."""

EXPANSION_NAMES = {
    "river": _("The River"),
    "inns_cathedrals": _("Inns & Cathedrals"),
    "traders_builders": _("Traders & Builders"),
    "king_robber": _("King & Robber"),
    "count": _("The Count of Carcassonne"),
}
"""The expansions as published in each language."""

OPTION_TEXT = {
    "river": (EXPANSION_NAMES["river"],
              _("River tiles are drawn first and must continue the river; no two bends the same way.")),
    "inns_cathedrals": (EXPANSION_NAMES["inns_cathedrals"],
                        _("18 tiles; a large follower counting as two; inns and cathedrals score more when "
                          "complete and nothing when not; a 6th player.")),
    "traders_builders": (EXPANSION_NAMES["traders_builders"],
                         _("24 tiles; a builder that gives a double turn, a pig that fattens a farm, and goods "
                           "tokens for completing cities (10 points per kind to the majority).")),
    "king_robber": (EXPANSION_NAMES["king_robber"],
                    _("5 tiles; the king goes to whoever completes the largest city so far, the robber to "
                      "the longest road: +1 per completed city or road at the end.")),
    "count": (EXPANSION_NAMES["count"],
              _("The City of Carcassonne replaces the start tile; followers placed in its quarters "
                "may reinforce roads, cities and cloisters as they are completed, and farms at the end.")),
    "farm_scoring": (_("Farm scoring"),
                     _("Current: 3 points per completed city bordering each farm. Classic (first edition): "
                       "4 points per city to the player with most farmers around it.")),
    "small_city": (_("Small cities score less"),
                   _("Old rule: a completed city of two tiles scores 1 per tile and pennant.")),
    "incomplete_score": (_("Incomplete features score at the end"),
                         _("Off: roads, cities and cloisters left incomplete score nothing at the end.")),
    "hole_bonus": (_("Hole bonus"), _("A tile placed with neighbours on all four sides gives an extra turn.")),
    "hand": (_("Tiles in hand"), _("Each player holds this many tiles and plays one of them each turn (empty: draw one "
                                   "tile per turn, as published).")),
    "hand_visible": (_("Hands are public"),
                     _("Everyone sees every hand (otherwise each hand is hidden from the other players).")),
}
"""Label and help of each engine rule option (``Rules.options()``), by name."""

CHOICE_LABELS = {
    ("farm_scoring", "current"): _("Current (3 per city and farm)"),
    ("farm_scoring", "classic"): _("Classic (4 per city)"),
}


def option_label(option) -> str:
    """The translated label of an engine rule option (the engine's English if unknown)."""
    return OPTION_TEXT.get(option.name, (option.label, option.help))[0]


def option_help(option) -> str:
    return OPTION_TEXT.get(option.name, (option.label, option.help))[1]


def option_choices(option) -> list[tuple]:
    return [(value, CHOICE_LABELS.get((option.name, value), label)) for value, label in option.choices]


def role_label(role: str) -> str:
    """'knight', 'thief', ... in the reader's language (``entries.follower_role``'s names)."""
    return str(ROLE_LABELS.get(role, role))


def color_label(color: str) -> str:
    return str(COLOR_LABELS.get(color, color))


def follower_on(spot: str | None) -> str:
    """'knight in the city (north)', 'monk in the cloister'; '' for none."""
    if not spot:
        return ""
    kind, _sep, where = spot.partition(":")
    text = str(FOLLOWER_ON.get(kind, spot))
    if where:
        return gettext("%(follower)s (%(side)s)") % {"follower": text, "side": DIRECTION_LABELS.get(where, where)}
    return text


def figure_on(figure: str, spot: str | None) -> str:
    """'builder on the road (east)', 'large follower: knight in the city (north)',
    'knight in the city (north)': a deployed figure and its spot; '' for none."""
    if not spot:
        return ""
    if figure == "follower":
        return follower_on(spot)
    if figure == "large":
        return gettext("large follower: %(follower)s") % {"follower": follower_on(spot)}
    kind, _sep, where = spot.partition(":")
    text = str(FIGURE_ON.get((figure, kind), FIGURE_LABELS.get(figure, figure)))
    if where:
        return gettext("%(follower)s (%(side)s)") % {"follower": text, "side": DIRECTION_LABELS.get(where, where)}
    return text


def rules_error(exc: Exception) -> str:
    """A sentence for the engine's refusal of a rule set (its detail stays in English)."""
    return gettext("These rules cannot be played: %(reason)s.") % {"reason": str(exc)}


ILLEGAL_MOVES = {
    "game_over": _("the game is over: there is no tile left to play"),
    "not_your_turn": _("it is %(current)s's turn, not %(player)s's"),
    "unknown_tile": _("unknown tile %(tile)s"),
    "wrong_tile": _("the drawn tile is %(drawn)s, not %(tile)s"),
    "no_tile_drawn": _("no tile has been drawn"),
    "bad_rotation": _("tile %(tile)s at (%(x)s,%(y)s): rotation %(rotation)s is not one of 0, 90, 180, 270"),
    "off_board": _("tile %(tile)s at (%(x)s,%(y)s) is off the board"),
    "cell_taken": _("tile %(tile)s at (%(x)s,%(y)s): the cell is already taken by tile %(taken)s"),
    "not_adjacent": _("tile %(tile)s at (%(x)s,%(y)s) touches no placed tile edge-to-edge"),
    "does_not_fit": _("tile %(tile)s at (%(x)s,%(y)s) rotation %(rotation)s does not fit: "
                      "its %(edge)s edge (%(terrain)s) meets %(met)s"),
    "cannot_discard": _("tile %(tile)s cannot be discarded: it fits, e.g. at (%(x)s,%(y)s) rotation %(rotation)s"),
    "no_spot": _("tile %(tile)s at rotation %(rotation)s has no spot %(spot)s (its spots: %(spots)s)"),
    "figure_not_in_rules": _("the figure %(figure)s is not part of this rule set"),
    "no_figure_left": _("%(player)s has no %(figure)s figure left in supply"),
    "no_follower_left": _("%(player)s has no follower left in supply"),
    "spot_occupied": _("the %(feature)s at %(spot)s already holds a follower"),
    "not_a_player": _("%(player)s does not play in this game"),
    "already_left": _("%(player)s has already left the game"),
    "river_not_continued": _("tile %(tile)s at (%(x)s,%(y)s) does not continue the river: "
                             "it flows on %(edge)s of (%(ex)s,%(ey)s)"),
    "river_not_taken_up": _("tile %(tile)s at (%(x)s,%(y)s) rotation %(rotation)s does not take up the river "
                            "on its %(edge)s edge"),
    # the game's set-up and its tiles
    "names_not_distinct": _("player names must be different"),
    "no_start_tile": _("this rule set has no start tile: the game starts from a fixed block of tiles"),
    "unknown_start_tile": _("unknown start tile %(tile)s"),
    "tile_not_in_rules": _("tile %(tile)s is not part of this rule set"),
    "tile_used_up": ngettext_lazy("no tile %(tile)s is left: %(count)s has been played",
                                  "no tile %(tile)s is left: all %(count)s have been played", "count"),
    "not_in_hand": _("%(player)s holds no tile %(tile)s"),
    "timeout_names_tile": _("with hands a timeout names no tile (the hand stays hidden)"),
    "hand_tile_fits_nowhere": _("tile %(tile)s of the hand fits nowhere: it must be discarded first"),
    # decisions (%(decision)s: one of DECISION_PHRASES)
    "entry_not_in_rules": _("%(entry)s entries are not part of this rule set"),
    "decision_not_tile_turn": _("it is %(decision)s, not a tile turn"),
    "no_such_decision": _("there is no decision of this kind to take now: it is %(decision)s"),
    "not_your_decision": _("it is %(decision)s, not %(player)s's"),
    "decision_needs_player": _("%(decision)s must name its player"),
    "not_a_reinforcement": _("it is %(decision)s, not a reinforcement"),
    "not_a_deployment": _("it is %(decision)s, not a deployment into the City"),
    # malformed entries (%(value)s: what the entry held, as JSON; the names are the notation's)
    "player_not_a_name": _("player must be a player's name, not %(value)s"),
    "move_not_an_object": _("a move must be a JSON object"),
    "no_tile_id": _("the move has no tile id"),
    "flag_not_boolean": _("%(flag)s must be true or false"),
    "placed_and_flagged": _("a placed tile cannot also be a %(flag)s"),
    "not_a_whole_number": _("the move's %(name)s must be a whole number, not %(value)s"),
    "figure_not_a_name": _("a figure is a name such as 'follower', not %(value)s"),
    "figure_without_spot": _('a figure needs a spot, e.g. {"spot": "road:E", "figure": "follower"}'),
    "meeple_not_a_spot": _("meeple must be a spot name such as 'road:E', or null"),
    "resign_not_true": _("resign must be true"),
    "resign_without_player": _("a resignation names its player"),
    "reinforce_not_an_object": _("reinforce must be an object with x, y and spot, or null to pass"),
    "reinforce_not_numbers": _("reinforce needs whole numbers x and y, not %(x)s and %(y)s"),
    "reinforce_without_spot": _("reinforce needs a spot such as 'city:N', not %(value)s"),
    "reinforce_bad_figure": _("a follower or a large follower leaves the City, not %(value)s"),
    "count_without_follower": _("the Count moves only after a follower was put into the City"),
    "bad_quarter": _("quarter must be one of %(quarters)s, not %(value)s"),
    "quarter_bad_figure": _("a follower or a large follower goes into the City, not %(value)s"),
    "bad_count": _("count must be one of %(quarters)s, not %(value)s"),
    # the Count's decisions (%(quarter)s: one of QUARTER_LABELS, %(follower)s: of FIGURE_LABELS)
    "no_large_follower_left": _("%(player)s has no large follower left in supply"),
    "count_already_there": _("the Count already stands in the %(quarter)s"),
    "no_tile_at": _("there is no tile at (%(x)s,%(y)s)"),
    "no_spot_at": _("tile %(tile)s at (%(x)s,%(y)s) has no spot %(spot)s"),
    "not_completed_here": _("%(spot)s at (%(x)s,%(y)s) is not on a road, city or cloister this tile completed"),
    "market_onto_farm": _("a market follower goes onto a farm, not onto %(spot)s"),
    "count_holds_quarter": _("followers in the %(quarter)s cannot leave it while the Count stands there"),
    "none_in_quarter": _("%(player)s has no %(follower)s in the %(quarter)s"),
    # the River (%(side)s: one of BEND_LABELS)
    "spring_first": _("tile %(tile)s is drawn too early: the spring (RV-S) comes first"),
    "river_tiles_first": ngettext_lazy("tile %(tile)s is drawn too early: the %(count)s river tile comes first",
                                       "tile %(tile)s is drawn too early: the %(count)s river tiles come first",
                                       "count"),
    "lake_last": _("the lake (RV-L) comes last of the river tiles"),
    "river_bends_twice": _("tile %(tile)s at (%(x)s,%(y)s) rotation %(rotation)s: "
                           "the river may not bend %(side)s twice in a row"),
    "spring_faces_taken_cell": _("tile %(tile)s at (%(x)s,%(y)s) rotation %(rotation)s: "
                                 "the spring's river must face an empty cell"),
    # Traders & Builders' figures
    "builder_not_on_road_or_city": _("a builder goes on a road or a city, not on %(spot)s"),
    "builder_without_follower": _("a builder joins a %(feature)s holding one of %(player)s's followers; "
                                  "the %(feature)s at %(spot)s holds none"),
    "pig_not_on_field": _("a pig goes on a field, not on %(spot)s"),
    "pig_without_farmer": _("a pig joins a farm holding one of %(player)s's farmers; the farm at %(spot)s holds none"),
}
"""The engine's reasons for an illegal move (``games.engine.errors``), by code."""

QUOTED = {"unknown_tile": ("tile",), "no_spot": ("spot",), "figure_not_in_rules": ("figure",),
          "unknown_start_tile": ("tile",), "no_spot_at": ("spot",)}
TERRAIN_LABELS = {"road": _("road"), "city": _("city"), "field": _("field"), "river": pgettext_lazy("terrain", "river")}
MET_LABELS = {"road": _("a road"), "city": _("a city"), "field": _("a field"), "river": _("the river")}
EDGE_LABELS = {"north": _("north"), "east": _("east"), "south": _("south"), "west": _("west")}
SPOT_FEATURES = {"road": _("road"), "city": _("city"), "cloister": _("cloister"), "farm": _("farm")}
BEND_LABELS = {"left": pgettext_lazy("river bend", "left"), "right": pgettext_lazy("river bend", "right")}
DECISION_PHRASES = {
    "turn": _("%(decider)s's turn"),
    "reinforce": _("%(decider)s's decision on moving a follower out of the City (reinforce)"),
    "quarter": _("%(decider)s's decision on putting a follower into the City (quarter)"),
    "market": _("%(decider)s's decision on moving a follower from the market onto a farm (market)"),
}
"""A pending decision (``Pending.describe``) by its action, for ``%(decision)s``."""
LABELS = (("edge", EDGE_LABELS), ("terrain", TERRAIN_LABELS), ("met", MET_LABELS), ("feature", SPOT_FEATURES),
          ("quarter", QUARTER_LABELS), ("follower", FIGURE_LABELS), ("side", BEND_LABELS))
"""Which parameter of a reason is said with which labels."""


def illegal_move_reason(exc: Exception) -> str:
    """The engine's reason (an ``IllegalMove``) in the reader's language: by its code, or
    for a rare reason without one, its English sentence."""
    template = ILLEGAL_MOVES.get(getattr(exc, "code", ""))
    if template is None:
        return str(exc)
    params = dict(getattr(exc, "params", {}))
    for key, labels in LABELS:
        if key in params:
            params[key] = labels.get(params[key], params[key])
    for key in QUOTED.get(exc.code, ()):  # shown as the engine shows them: 'road:X'
        params[key] = repr(params.get(key))
    if "action" in params:  # a decision: who decides what
        phrase = DECISION_PHRASES.get(params["action"])
        params["decision"] = str(phrase) % params if phrase else errors.decision(params["decider"], params["action"])
    try:
        return str(template % params)
    except (KeyError, TypeError, ValueError):  # a reason whose parameters changed: its English
        return str(exc)


def illegal_move_text(number: int, exc: Exception) -> str:
    """Why the engine refused move ``number``, in the reader's language."""
    return gettext("move %(number)d: %(reason)s") % {"number": number, "reason": illegal_move_reason(exc)}
