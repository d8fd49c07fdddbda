"""Abbey & Mayor on the site: its options, the abbey (a tile move of the tile ``AM-A``
instead of the drawn one; after the last tile, a turn whose pass is ``{"abbey": null}``),
the mayor, the wagon (its move is a decision answered ``{"wagon": {"x": 0, "y": 0,
"spot": "road:E"}}`` or ``{"wagon": null}``), the barn (a tile move's action ``"barn":
"SE"`` instead of a figure), the abbey each player still holds (the score list, the API)
and its rule tag. A barn's points are the engine's ``farms``: no category of its own.

The board draws the abbey tile with a precinct wall (its edges meet anything), and the
mayor, the wagon and the barn (on its corner) as figures (``games/board_svg/figures.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from carcassonne.tiles import TILE_TYPES
from games.board_svg.expansion_art import ExpansionArt
from games.board_svg.palette import PALETTE
from games.board_svg.svg import Drawn, element
from games.present.expansions.base import Mark, RuleWords, SiteExpansion, register
from games.present.followers import follower_on

if TYPE_CHECKING:
    from games.board_svg.shapes import TileShapes

NAME = _("Abbey & Mayor")

CORNERS = {
    "NE": pgettext_lazy("corner", "north-east"),
    "SE": pgettext_lazy("corner", "south-east"),
    "SW": pgettext_lazy("corner", "south-west"),
    "NW": pgettext_lazy("corner", "north-west"),
}
"""A tile's corners, where a barn goes: 'put a barn on the *south-east* corner'."""


def _where(target: dict[str, Any]) -> dict[str, Any]:
    return {"spot": follower_on(target.get("spot")), "x": target.get("x"), "y": target.get("y")}


def _precinct(sh: TileShapes) -> Drawn:
    """The abbey tile's mark (TILES.md mark ``abbey``): a stone precinct wall round the
    tile, since its edges meet any terrain and close every road and city they touch."""
    return [
        element(
            "rect",
            {"class": "abbey-precinct", "x": "4", "y": "4", "width": "92", "height": "92", "rx": "3"},
            fill="none",
            stroke=PALETTE["wall"],
            **{"stroke-width": "6", "stroke-dasharray": "9 2.5"},
        ),
        element(
            "rect",
            {"x": "1", "y": "1", "width": "98", "height": "98", "rx": "3"},
            fill="none",
            stroke=PALETTE["meeple_line"],
            **{"stroke-width": "1", "stroke-opacity": "0.6"},
        ),
    ]


ABBEY_TILES: dict[str, Callable[[TileShapes], Drawn]] = {
    t.id: _precinct for t in TILE_TYPES.values() if "abbey" in t.marks
}


@register
class AbbeyMayor(SiteExpansion):
    id = "abbey_mayor"
    name = NAME
    options = {
        "abbey_mayor": (
            NAME,
            _(
                "12 tiles; an abbey per player, placed instead of a drawn tile into a hole closed on "
                "all sides; the mayor, worth one per pennant of its city; the wagon, which moves on "
                "when its feature scores; the barn, on a corner where four fields meet."
            ),
        ),
        "barn_on_barn": (
            _("A barn on a farm with a barn"),
            _(
                "Whether a barn may be placed on a farm that already has one (JCloisterZone offers it); "
                "by the rules it may not."
            ),
        ),
    }
    words = {
        "abbey_mayor": RuleWords(
            "expansion",
            _("Abbey & Mayor"),
            _("Abbey & Mayor: the abbey, the mayor, the wagon and the barn."),
            NAME,
        )
    }
    labels = {
        "figure": {"mayor": _("mayor"), "wagon": _("wagon"), "barn": _("barn")},
        "figure_on": {
            ("mayor", "city"): _("mayor in the city"),
            ("wagon", "road"): _("wagon on the road"),
            ("wagon", "city"): _("wagon in the city"),
            ("wagon", "cloister"): _("wagon in the cloister"),
            ("barn", "field"): _("barn on the field"),
        },
        "figure_put": {
            ("mayor", "city"): pgettext_lazy("move", "put the mayor in the city"),
            ("wagon", "road"): pgettext_lazy("move", "put the wagon on the road"),
            ("wagon", "city"): pgettext_lazy("move", "put the wagon in the city"),
            ("wagon", "cloister"): pgettext_lazy("move", "put the wagon in the cloister"),
        },
    }
    decisions = {"wagon": (_("Wagon"), _("%(decider)s's decision on where their wagon moves (wagon)"))}
    illegal_moves = {
        "abbey_not_in_hole": _("an abbey goes only into a hole closed on all four sides, not at (%(x)s,%(y)s)"),
        "abbey_rotation": _("an abbey is placed at rotation 0, not %(rotation)s"),
        "abbey_discard": _("an abbey is never discarded: play it or the drawn tile"),
        "mayor_not_in_city": _("a mayor goes only into a city, not on %(spot)s"),
        "no_abbey_turn": _("%(player)s may pass their abbey only after the last tile, on their turn to place it"),
        "bad_abbey_pass": _("abbey takes null (the pass of the end's abbey), not %(value)s"),
        "wagon_not_on_a_feature": _("a wagon goes on a road, city or cloister, not on %(spot)s"),
        "wagon_cannot_go": _(
            "the wagon cannot move to (%(x)s,%(y)s) %(spot)s: an unoccupied, incomplete road, city or cloister "
            "on its tile or one of the eight around it"
        ),
        "bad_wagon": _("wagon must be an object with x, y and spot, or null to pass, not %(value)s"),
        "bad_barn": _("barn must be a corner of the tile placed (NE, SE, SW or NW), not %(value)s"),
        "barn_and_figure": _("a barn is placed instead of a figure, not with one"),
        "no_barn_left": _("%(player)s has no barn left"),
        "barn_not_at_corner": _(
            "a barn goes on a corner where four tiles' fields meet, not at the %(corner)s corner of (%(x)s,%(y)s)"
        ),
        "barn_on_barn": _("that farm already has a barn (the option barn_on_barn allows a second)"),
        "barn_not_a_figure": _("a barn is placed on a corner with the move's barn, not on %(spot)s"),
    }
    entry_kinds = ("wagon", "abbey")
    how_to_play = _(
        "Each player holds an abbey: on your turn you may place it instead of the drawn tile, into a "
        "hole with tiles on all four sides; it is a cloister and closes every road and city it "
        "touches. After the last tile, whoever still holds one may place it. The mayor goes into a "
        "city and counts as many followers as the city has coats of arms. When the wagon's feature "
        "scores, its owner may move it to an unoccupied, unfinished road, city or cloister on its "
        "tile or one of the eight around it. Instead of a figure you may put your barn on a corner "
        "of your tile where four fields meet: the farmers there score at once (3 points a city) and "
        "go home; at the end the barn scores 4 points a city."
    )
    art = ExpansionArt(tile_marks=ABBEY_TILES)

    def describe_entry(self, entry: dict[str, Any], who: str) -> str:
        if "abbey" in entry:
            return gettext("%(who)s did not place their abbey") % {"who": who}
        target = entry.get("wagon")
        if isinstance(target, dict):
            return gettext("%(who)s moved their wagon to the %(spot)s at (%(x)s,%(y)s)") % {
                "who": who,
                **_where(target),
            }
        return gettext("%(who)s let their wagon go home") % {"who": who}

    def advise_entry(self, entry: dict[str, Any]) -> str | None:
        if "abbey" in entry:
            return gettext("Keep your abbey (pass)")
        target = entry.get("wagon")
        if isinstance(target, dict):
            return gettext("Move your wagon to the %(spot)s at (%(x)s,%(y)s)") % _where(target)
        return gettext("Let your wagon go home")

    def move_clauses(self, changed: dict[str, tuple[Any, Any]], player: str) -> list[str]:
        """'played their abbey instead of the drawn tile' (the tile move spent the player's abbey)."""
        before, after = changed.get("abbeys", ({}, {}))
        if (before or {}).get(player, 0) > (after or {}).get(player, 0):
            return [pgettext("move", "played their abbey")]
        return []

    def action_clauses(self, entry: dict[str, Any]) -> list[str]:
        corner = entry.get("barn")
        if corner in CORNERS:
            return [pgettext("move", "put the barn on the %(corner)s corner") % {"corner": CORNERS[corner]}]
        return []

    def offer_label(self, entry: dict[str, Any]) -> str:
        corner = entry.get("barn")
        if corner in CORNERS:
            return gettext("Put your barn on the %(corner)s corner") % {"corner": CORNERS[corner]}
        if "abbey" in entry and entry["abbey"] is None:
            return gettext("Keep your abbey (pass)")
        return ""

    def before_turn_text(self, entry: dict[str, Any]) -> str:
        if "abbey" in entry:
            return gettext("The tiles are all placed: place your abbey into a highlighted hole, or keep it.")
        return ""

    def decision_text(self, engine: Any, names: Sequence[str], viewer: int | None) -> str:
        pending = engine.pending
        if viewer != pending.player:
            return gettext("Waiting for %(player)s to decide where their wagon moves.") % {
                "player": names[pending.player]
            }
        return gettext(
            "Your wagon's feature has scored: move the wagon to a free, unfinished feature nearby, or let it go home."
        )

    def option_text(self, engine: Any, answer: dict[str, Any]) -> str:
        return gettext("Move the wagon to the %(spot)s at (%(x)s,%(y)s)") % _where(answer.get("wagon") or {})

    def option_target(self, answer: dict[str, Any]) -> dict[str, Any] | None:
        target = answer.get("wagon")
        if not isinstance(target, dict):
            return None
        return {"x": target["x"], "y": target["y"], "spot": target["spot"], "figure": "wagon"}

    def player_marks(self, state: dict[str, Any], player: str) -> list[Mark]:
        """The abbey ``player`` still holds."""
        held = ((state.get("abbey_mayor") or {}).get("abbeys") or {}).get(player)
        if not held:
            return []
        title = ngettext("%(count)d abbey to place", "%(count)d abbeys to place", held) % {"count": held}
        return [Mark("abbey-count", "abbeys", title, str(held), gettext("abbey"), "abbey-icon")]

    def state(self, module: Any, names: Sequence[str]) -> dict[str, Any]:
        """The abbey each player still holds (1 or 0)."""
        rename = dict(zip(module.game.players, names))
        return {"abbey_mayor": {"abbeys": {rename.get(k, k): v for k, v in module.summary()["abbeys"].items()}}}
