"""The game's words in the reader's language: the engine's names (colours, features,
followers, directions, rule options) as the site shows them.

The engine is pure Python and speaks English (its CLI and records); the site translates
its names here, by key, with the vocabulary players of each language know from the
published rules (see ``locale/GLOSSARY.md``). The base game's words are written here (and
in ``games.present.followers``), each expansion's in its module of ``games.present.expansions``; the
tables below hold them all."""

from __future__ import annotations

from django.utils.translation import get_language, gettext, ngettext_lazy, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.present import expansions
from games.present.followers import follower_on, local_spots, side_label

COLOR_LABELS = {
    "yellow": pgettext_lazy("seat colour", "yellow"),
    "red": pgettext_lazy("seat colour", "red"),
    "green": pgettext_lazy("seat colour", "green"),
    "blue": pgettext_lazy("seat colour", "blue"),
    "black": pgettext_lazy("seat colour", "black"),
    "grey": pgettext_lazy("seat colour", "grey"),
}

CATEGORY_LABELS = {
    "roads": _("Roads"),
    "cities": _("Cities"),
    "cloisters": _("Cloisters"),
    "farms": _("Farms"),
    **expansions.table("category"),
}
"""The categories of a player's breakdown: the engine's ``CATEGORIES``, then the expansions'."""

QUARTER_LABELS = expansions.table("quarter")
"""The quarters of the City of Carcassonne, by their NOTATION.md names."""

GOODS_LABELS = expansions.table("goods")
"""The goods tokens."""

FIGURE_LABELS = {"follower": _("follower"), **expansions.table("figure")}
"""The figures a player may deploy (NOTATION.md names), in words."""

FIGURE_ON = expansions.table("figure_on")
"""A figure other than a follower, named with the feature it stands on (move lists)."""

OPTION_TEXT = expansions.merged("options")
"""Label and help of each engine rule option (``Rules.options()``), by name."""

CHOICE_LABELS = expansions.merged("choices")


def option_label(option) -> str:
    """The translated label of an engine rule option (the engine's English if unknown)."""
    return OPTION_TEXT.get(option.name, (option.label, option.help))[0]


def option_help(option) -> str:
    return OPTION_TEXT.get(option.name, (option.label, option.help))[1]


def option_choices(option) -> list[tuple]:
    return [(value, CHOICE_LABELS.get((option.name, value), label)) for value, label in option.choices]


def color_label(color: str) -> str:
    return str(COLOR_LABELS.get(color, color))


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
        return gettext("%(follower)s (%(side)s)") % {"follower": text, "side": side_label(where)}
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
    "does_not_fit": _(
        "tile %(tile)s at (%(x)s,%(y)s) rotation %(rotation)s does not fit: "
        "its %(edge)s edge (%(terrain)s) meets %(met)s"
    ),
    "cannot_discard": _("tile %(tile)s cannot be discarded: it fits, e.g. at (%(x)s,%(y)s) rotation %(rotation)s"),
    "no_spot": _("tile %(tile)s at rotation %(rotation)s has no spot %(spot)s (its spots: %(spots)s)"),
    "figure_not_in_rules": _("the figure %(figure)s is not part of this rule set"),
    "no_figure_left": _("%(player)s has no %(figure)s figure left in supply"),
    "no_follower_left": _("%(player)s has no follower left in supply"),
    "spot_occupied": _("the %(feature)s at %(spot)s already holds a follower"),
    "not_a_player": _("%(player)s does not play in this game"),
    "already_left": _("%(player)s has already left the game"),
    # the game's set-up and its tiles
    "names_not_distinct": _("player names must be different"),
    "no_start_tile": _("this rule set has no start tile: the game starts from a fixed block of tiles"),
    "unknown_start_tile": _("unknown start tile %(tile)s"),
    "tile_not_in_rules": _("tile %(tile)s is not part of this rule set"),
    "tile_used_up": ngettext_lazy(
        "no tile %(tile)s is left: %(count)s has been played",
        "no tile %(tile)s is left: all %(count)s have been played",
        "count",
    ),
    # decisions (%(decision)s: one of DECISION_PHRASES)
    "entry_not_in_rules": _("%(entry)s entries are not part of this rule set"),
    "decision_not_tile_turn": _("it is %(decision)s, not a tile turn"),
    "no_such_decision": _("there is no decision of this kind to take now: it is %(decision)s"),
    "not_your_decision": _("it is %(decision)s, not %(player)s's"),
    "decision_needs_player": _("%(decision)s must name its player"),
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
    **expansions.merged("illegal_moves"),
}
"""The engine's reasons for an illegal move (``carcassonne.errors``), by code."""

QUOTED: dict[str, tuple[str, ...]] = {
    "unknown_tile": ("tile",),
    "no_spot": ("spot",),
    "figure_not_in_rules": ("figure",),
    "unknown_start_tile": ("tile",),
    "no_spot_at": ("spot",),
}
TERRAIN_LABELS = {"road": _("road"), "city": _("city"), "field": _("field"), **expansions.table("terrain")}
MET_LABELS = {"road": _("a road"), "city": _("a city"), "field": _("a field"), **expansions.table("met")}
EDGE_LABELS = {"north": _("north"), "east": _("east"), "south": _("south"), "west": _("west")}
SPOT_FEATURES = {"road": _("road"), "city": _("city"), "cloister": _("cloister"), "farm": _("farm")}
BEND_LABELS = expansions.table("side")
DECISION_PHRASES = {
    "turn": _("%(decider)s's turn"),
    **{action: phrase for action, (_label, phrase) in expansions.merged("decisions").items()},
}
"""A pending decision (``Pending.describe``) by its action, for ``%(decision)s``."""
UNNAMED_DECISION = _("%(decider)s's decision")
"""A decision of an engine module the site does not name yet: no English code in brackets."""
LABELS = (
    ("edge", EDGE_LABELS),
    ("terrain", TERRAIN_LABELS),
    ("met", MET_LABELS),
    ("feature", SPOT_FEATURES),
    ("quarter", QUARTER_LABELS),
    ("follower", FIGURE_LABELS),
    ("figure", FIGURE_LABELS),
    ("side", BEND_LABELS),
)
"""Which parameter of a reason is said with which labels."""


def illegal_move_reason(exc: Exception) -> str:
    """The engine's reason (an ``IllegalMove``) in the reader's language: by its code, or
    for a rare reason without one, its English sentence."""
    code = getattr(exc, "code", "")
    template = ILLEGAL_MOVES.get(code)
    if template is None:
        return str(exc)
    params = dict(getattr(exc, "params", {}))
    for key, labels in LABELS:
        if key in params:
            params[key] = labels.get(params[key], params[key])
    language = get_language() or "en"
    for key in ("spot", "spots"):  # the notation's spots in the reader's words: Straße:O, pré:NNO
        if isinstance(params.get(key), str):
            params[key] = local_spots(params[key], language)
    for key in QUOTED.get(code, ()) if language == "en" else ():  # as the engine shows them: 'road:X'
        params[key] = repr(params.get(key))
    if "action" in params and "decider" in params:  # a decision: who decides what (else a move's action)
        phrase = DECISION_PHRASES.get(params["action"])
        params["decision"] = str(phrase if phrase else UNNAMED_DECISION) % params
    try:
        return str(template % params)
    except (KeyError, TypeError, ValueError):  # a reason whose parameters changed: its English
        return str(exc)


def illegal_move_text(number: int, exc: Exception) -> str:
    """Why the engine refused move ``number``, in the reader's language."""
    return gettext("move %(number)d: %(reason)s") % {"number": number, "reason": illegal_move_reason(exc)}
