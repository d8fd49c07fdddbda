"""The Princess & the Dragon on the site: its options, the dragon's steps (a decision
answered ``{"dragon": "E"}``, or ``{"dragon": null}`` for the first legal step), the
fairy, the magic portal and the princess as a tile move's actions instead of a figure, the
fairy's category of points, where the dragon and the fairy stand (the score list, the
API, the lines under the board) and its rule tags.

The board draws the volcano, the dragon's, the portal's and the princess's marks of the
tiles from their features (``games/board_svg/tile_marks.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from carcassonne.tiles import TILE_TYPES
from games.board_svg.expansion_art import ExpansionArt, LegendLine
from games.board_svg.geometry import fmt
from games.board_svg.palette import PALETTE
from games.board_svg.svg import Drawn, element
from games.present.expansions.base import Mark, RuleWords, SiteExpansion, free_corner, radio, register
from games.present.followers import follower_on

if TYPE_CHECKING:
    from games.board_svg.shapes import TileShapes

NAME = _("The Princess & the Dragon")

DIRECTIONS = {
    "N": pgettext_lazy("dragon", "north"),
    "E": pgettext_lazy("dragon", "east"),
    "S": pgettext_lazy("dragon", "south"),
    "W": pgettext_lazy("dragon", "west"),
}
"""Where the dragon steps: 'moved the dragon *east*'."""

DRAGON_COLOUR = "#c62828"
FAIRY_COLOUR = "#ab47bc"


def _where(target: dict[str, Any]) -> dict[str, Any]:
    return {"spot": follower_on(target.get("spot")), "x": target.get("x"), "y": target.get("y")}


def _badge(kind: str) -> Callable[[TileShapes], Drawn]:
    """A tile's mark of this expansion (volcano, dragon, magic portal) in its north-west corner."""

    def draw(sh: TileShapes) -> Drawn:
        x, y = free_corner(sh)
        f = fmt
        out: Drawn = [
            element(
                "circle",
                {"class": f"mark-{kind}"},
                cx=f(x),
                cy=f(y),
                r="10",
                fill="#ffffff",
                **{"fill-opacity": "0.85"},
            )
        ]
        if kind == "volcano":
            out.append(
                element(
                    "path",
                    d=f"M{f(x - 9)},{f(y + 7)} L{f(x - 3)},{f(y - 5)} H{f(x + 3)} L{f(x + 9)},{f(y + 7)} Z",
                    fill="#6d4c41",
                )
            )
            out.append(
                element(
                    "path", d=f"M{f(x - 3)},{f(y - 5)} L{f(x)},{f(y - 10)} L{f(x + 3)},{f(y - 5)} Z", fill="#ff7043"
                )
            )
        elif kind == "portal":
            out.append(
                element(
                    "path",
                    d=f"M{f(x - 6)},{f(y + 8)} V{f(y - 1)} A6,6 0 0 1 {f(x + 6)},{f(y - 1)} V{f(y + 8)}",
                    fill="none",
                    stroke=FAIRY_COLOUR,
                    **{"stroke-width": "2.5"},
                )
            )
        else:
            out += dragon_icon(x, y)
        return out

    return draw


MARKED_TILES = {
    t.id: _badge(next(m for m in ("volcano", "portal", "dragon") if m in t.marks))
    for t in TILE_TYPES.values()
    if {"volcano", "portal", "dragon"} & set(t.marks)
}


@register
class PrincessDragon(SiteExpansion):
    id = "princess_dragon"
    name = NAME
    options = {
        "princess_dragon": (
            NAME,
            _(
                "30 tiles. Volcanoes call the dragon, dragon tiles make it walk six tiles, moved by the "
                "players in turn, eating every figure on its way; the fairy protects a follower and "
                "brings points, the magic portal deploys a follower anywhere, the princess sends a "
                "knight home."
            ),
        ),
        "dragon_move": (
            _("The dragon moves"),
            _(
                "Before scoring (as published today): a follower the dragon eats does not score. "
                "After scoring: the tile's features score first."
            ),
        ),
        "fairy_placement": (
            _("The fairy stands"),
            _(
                "Beside one follower (the current rules), or on a tile, for every follower on it "
                "(the first English editions)."
            ),
        ),
        "princess": (
            _("The princess"),
            _("May or must send a follower of her city home when her tile joins an occupied city."),
        ),
        "dragon_by_placer": (
            _("One player moves the dragon"),
            _(
                "House rule: the player who placed the dragon tile makes all six steps, so that a "
                "game by correspondence waits for one player, not six."
            ),
        ),
    }
    choices = {
        ("dragon_move", "before_scoring"): _("Before scoring"),
        ("dragon_move", "after_scoring"): _("After scoring"),
        ("fairy_placement", "beside"): _("Beside a follower"),
        ("fairy_placement", "on_tile"): _("On a tile"),
        ("princess", "may"): _("May remove a follower"),
        ("princess", "must"): _("Must remove a follower"),
    }
    words = {
        "princess_dragon": RuleWords(
            "expansion",
            _("Dragon"),
            _("The Princess & the Dragon: the dragon, the fairy, the magic portal and the princess."),
            NAME,
        ),
        "dragon_by_placer": RuleWords(
            "house", _("One dragon mover"), _("The player who placed the dragon tile makes all six steps.")
        ),
    }
    labels = {"category": {"fairy": pgettext_lazy("score category", "Fairy")}}
    decisions = {"dragon": (_("Dragon step"), _("%(decider)s's decision on where the dragon steps (dragon)"))}
    categories = ("fairy",)
    illegal_moves = {
        "dragon_not_a_direction": _("a dragon step is N, E, S, W or null, not %(value)s"),
        "dragon_cannot_step": _("the dragon cannot step %(direction)s (legal: %(legal)s)"),
        "action_not_an_object": _("%(action)s takes an object with x, y and a spot, not %(value)s"),
        "action_bad_figure": _("%(action)s: the figure is follower or large, not %(value)s"),
        "action_and_figure": _("a tile move either deploys a figure or takes the %(action)s action, not both"),
        "volcano_no_figure": _("no figure may be deployed on the volcano tile %(tile)s: the dragon lands there"),
        "princess_must_remove": _("the princess of tile %(tile)s must send a follower of its city home"),
        "princess_must_not_other": _("the princess of tile %(tile)s must send a follower home: no %(action)s now"),
        "no_tile_there": _("there is no tile at (%(x)s,%(y)s)"),
        "fairy_no_follower": _("%(player)s has no follower at (%(x)s,%(y)s) %(spot)s for the fairy"),
        "fairy_already_there": _("the fairy already stands there"),
        "portal_not_here": _("tile %(tile)s has no magic portal"),
        "portal_closed": _(
            "the portal reaches no follower spot at (%(x)s,%(y)s) %(spot)s: it must be a spot of another tile "
            "on an unoccupied, incomplete feature, not on the dragon's tile"
        ),
        "princess_not_here": _("tile %(tile)s has no princess"),
        "princess_no_knight": _("no follower the princess may send home stands at (%(x)s,%(y)s) %(spot)s"),
    }
    entry_kinds = ("dragon",)
    how_to_play = _(
        "A volcano brings the dragon onto it; a tile with the dragon's mark makes it walk up to six "
        "tiles, one step by each player in turn, eating every figure on its way. Instead of a "
        "follower you may move the fairy beside one of yours (1 point at the start of your turn, 3 "
        "when its feature scores; the dragon does not enter its tile), deploy a follower through a "
        "magic portal onto any free feature, or let a princess send a knight of her city home."
    )
    art = ExpansionArt(
        tile_marks=MARKED_TILES,
        legend=lambda game, m: figure_lines(game, m),
        legend_icons={"dragon": lambda x, y: dragon_icon(x, y), "fairy": lambda x, y: fairy_icon(x, y)},
    )

    def describe_entry(self, entry: dict[str, Any], who: str) -> str:
        direction = entry.get("dragon")
        if direction in DIRECTIONS:
            return gettext("%(who)s moved the dragon %(direction)s") % {
                "who": who,
                "direction": DIRECTIONS[direction],
            }
        return gettext("%(who)s let the dragon take its first free step") % {"who": who}

    def advise_entry(self, entry: dict[str, Any]) -> str | None:
        direction = entry.get("dragon")
        if direction in DIRECTIONS:
            return gettext("Move the dragon %(direction)s") % {"direction": DIRECTIONS[direction]}
        return None

    def action_clauses(self, entry: dict[str, Any]) -> list[str]:
        """'moved the fairy beside the thief on the road (east) at (1,0)', 'put a follower
        through the magic portal on …', 'sent the knight … home with the princess'."""
        fairy, portal, princess = entry.get("fairy"), entry.get("portal"), entry.get("princess")
        if isinstance(fairy, dict):
            if fairy.get("spot"):
                return [pgettext("move", "moved the fairy beside the %(spot)s at (%(x)s,%(y)s)") % _where(fairy)]
            return [pgettext("move", "moved the fairy onto the tile at (%(x)s,%(y)s)") % _where(fairy)]
        if isinstance(portal, dict):
            if portal.get("figure") == "large":
                text = pgettext("move", "put a large follower through the magic portal: %(spot)s at (%(x)s,%(y)s)")
            else:
                text = pgettext("move", "put a follower through the magic portal: %(spot)s at (%(x)s,%(y)s)")
            return [text % _where(portal)]
        if isinstance(princess, dict):
            return [pgettext("move", "let the princess send the %(spot)s at (%(x)s,%(y)s) home") % _where(princess)]
        return []

    def offer_label(self, entry: dict[str, Any]) -> str:
        fairy, portal, princess = entry.get("fairy"), entry.get("portal"), entry.get("princess")
        if isinstance(fairy, dict):
            if fairy.get("spot"):
                return gettext("Move the fairy beside your %(spot)s at (%(x)s,%(y)s)") % _where(fairy)
            return gettext("Move the fairy onto the tile at (%(x)s,%(y)s)") % _where(fairy)
        if isinstance(portal, dict):
            if portal.get("figure") == "large":
                return gettext("Put a large follower through the magic portal: %(spot)s at (%(x)s,%(y)s)") % _where(
                    portal
                )
            return gettext("Put a follower through the magic portal: %(spot)s at (%(x)s,%(y)s)") % _where(portal)
        if isinstance(princess, dict):
            return gettext("Let the princess send the %(spot)s at (%(x)s,%(y)s) home") % _where(princess)
        return ""

    def move_clauses(self, changed: dict[str, tuple[Any, Any]], player: str) -> list[str]:
        """'called the dragon' (a volcano brought it onto the board's tile just placed)."""
        before, after = changed.get("dragon", (None, None))
        if after is not None and before != after:
            return [pgettext("move", "called the dragon onto the volcano")]
        return []

    def departures(self, rules: dict) -> list[str]:
        """The house rule of one dragon mover, when a rule set takes it."""
        return ["dragon_by_placer"] if rules.get("dragon_by_placer") else []

    def decision_text(self, engine: Any, names: Sequence[str], viewer: int | None) -> str:
        pending = engine.pending
        if viewer != pending.player:
            return gettext("Waiting for %(player)s to move the dragon.") % {"player": names[pending.player]}
        return gettext("Move the dragon one tile: it eats every figure on the tile it enters.")

    def option_text(self, engine: Any, answer: dict[str, Any]) -> str:
        direction = answer.get("dragon")
        if direction in DIRECTIONS:
            return gettext("Move the dragon %(direction)s") % {"direction": DIRECTIONS[direction]}
        return gettext("The first free step")

    def decision_form(
        self, action: str, answers: list[dict[str, Any]], state: dict[str, Any], figures: dict[str, Any]
    ) -> dict[str, Any] | None:
        """Where the dragon steps: the legal directions, in the order N, E, S, W."""
        if action != "dragon":
            return None
        legal = [a["dragon"] for a in answers if a.get("dragon") in DIRECTIONS]
        if not legal:
            return None
        fields = [radio("dragon", gettext("Direction"), [(d, DIRECTIONS[d]) for d in DIRECTIONS if d in legal])]
        return {
            "id": "dragon-form",
            "fields": fields,
            "submit": gettext("Move the dragon"),
            "submit_testid": "dragon-submit",
        }

    def player_marks(self, state: dict[str, Any], player: str) -> list[Mark]:
        """The fairy's badge beside the player whose follower it stands with."""
        fairy = (state.get("princess_dragon") or {}).get("fairy") or {}
        if player not in (fairy.get("players") or ()):
            return []
        return [
            Mark("badge badge-fairy", "fairy", gettext("The fairy stands with one of your followers"), gettext("Fairy"))
        ]

    def state(self, module: Any, names: Sequence[str]) -> dict[str, Any]:
        """Where the dragon and the fairy stand (cells as [x, y]), and whose followers the fairy guards."""
        summary = module.summary()
        players = sorted({names[f.player] for f in module._fairy_followers()})
        fairy = {**summary["fairy"], "players": players}
        return {"princess_dragon": {"dragon": summary["dragon"], "fairy": fairy}}


def figure_lines(game: Any, m: Any) -> list[LegendLine]:
    """The lines under the board: where the dragon and the fairy stand."""
    from carcassonne.board import xy_of

    lines = []
    if m.dragon is None:
        text = gettext("Dragon: not on the board yet")
        lines.append(LegendLine("dragon", text, None, gettext("A volcano brings the dragon onto the board.")))
    else:
        x, y = xy_of(m.dragon)
        text = gettext("Dragon at (%(x)s,%(y)s)") % {"x": x, "y": y}
        lines.append(LegendLine("dragon", text, None, text))
    if m.fairy_tile is not None:
        x, y = xy_of(m.fairy_tile)
        guarded = sorted({f.player for f in m._fairy_followers()})
        seat = guarded[0] if len(guarded) == 1 else None
        text = gettext("Fairy at (%(x)s,%(y)s)") % {"x": x, "y": y}
        lines.append(LegendLine("fairy", text, seat, text))
    return lines


def dragon_icon(x: float, y: float) -> Drawn:
    """A red dragon's head in profile, centred on (x, y)."""
    f = fmt
    return [
        element(
            "path",
            d=f"M{f(x - 8)},{f(y + 6)} L{f(x - 6)},{f(y - 4)} L{f(x - 2)},{f(y - 8)} L{f(x)},{f(y - 4)} "
            f"L{f(x + 8)},{f(y - 2)} L{f(x + 8)},{f(y + 2)} L{f(x + 1)},{f(y + 2)} L{f(x - 1)},{f(y + 6)} Z",
            fill=DRAGON_COLOUR,
            stroke=PALETTE["meeple_line"],
            **{"stroke-width": "1", "stroke-linejoin": "round"},
        ),
        element("circle", cx=f(x - 1), cy=f(y - 2), r="1.2", fill="#ffffff"),
    ]


def fairy_icon(x: float, y: float) -> Drawn:
    """A small figure with two wings, centred on (x, y)."""
    f = fmt
    return [
        element("ellipse", cx=f(x - 4), cy=f(y - 2), rx="4", ry="6", fill="#e1bee7", stroke=FAIRY_COLOUR),
        element("ellipse", cx=f(x + 4), cy=f(y - 2), rx="4", ry="6", fill="#e1bee7", stroke=FAIRY_COLOUR),
        element("circle", cx=f(x), cy=f(y - 5), r="2.5", fill=FAIRY_COLOUR),
        element("path", d=f"M{f(x - 3)},{f(y + 8)} L{f(x)},{f(y - 3)} L{f(x + 3)},{f(y + 8)} Z", fill=FAIRY_COLOUR),
    ]
