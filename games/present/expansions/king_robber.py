"""King & Robber on the site: who holds the king and the robber (the score list, the API),
their categories of points, the rule tag, and the awards' lines under the board."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.board_svg.expansion_art import ExpansionArt, LegendLine
from games.board_svg.geometry import fmt
from games.board_svg.palette import PALETTE
from games.board_svg.svg import Drawn, element
from games.present.expansions.base import Mark, RuleWords, SiteExpansion, register

if TYPE_CHECKING:
    from carcassonne.game import Game

NAME = _("King & Robber")


@register
class KingRobber(SiteExpansion):
    id = "king_robber"
    name = NAME
    options = {
        "king_robber": (
            NAME,
            _(
                "5 tiles; the king goes to whoever completes the largest city so far, the robber to "
                "the longest road: +1 per completed city or road at the end."
            ),
        )
    }
    words = {
        "king_robber": RuleWords(
            "expansion",
            _("King & Robber"),
            _("King & Robber: the king for the largest city, the robber for the longest road."),
            NAME,
        )
    }
    labels = {
        "category": {
            "king": pgettext_lazy("score category", "King"),
            "robber": pgettext_lazy("score category", "Robber"),
        }
    }
    categories = ("king", "robber")
    art = ExpansionArt(
        legend=lambda game, m: award_lines(game, m),
        legend_icons={
            "king": lambda x, y: _award_icon("king", x, y),
            "robber": lambda x, y: _award_icon("robber", x, y),
        },
    )

    def move_clauses(self, changed: dict[str, tuple[Any, Any]], player: str) -> list[str]:
        """'took the king' (the largest city so far), 'took the robber' (the longest road)."""
        clauses = []
        if changed.get("king", (None, None))[1] == player:
            clauses.append(pgettext("move", "took the king"))
        if changed.get("robber", (None, None))[1] == player:
            clauses.append(pgettext("move", "took the robber"))
        return clauses

    def player_marks(self, state: dict[str, Any], player: str) -> list[Mark]:
        """A badge for the king or the robber, if ``player`` holds it."""
        marks = []
        if state.get("king") == player:
            marks.append(
                Mark(
                    "badge badge-award",
                    "king",
                    gettext("The king: +1 per completed city at the end"),
                    pgettext("award", "King"),
                )
            )
        if state.get("robber") == player:
            marks.append(
                Mark(
                    "badge badge-award",
                    "robber",
                    gettext("The robber: +1 per completed road at the end"),
                    pgettext("award", "Robber"),
                )
            )
        return marks

    def state(self, module: Any, names: Sequence[str]) -> dict[str, Any]:
        """The holders of the king and the robber (``None``: not awarded yet)."""
        rename = dict(zip(module.game.players, names))
        summary = module.summary()
        return {award: rename.get(summary.get(award), summary.get(award)) for award in ("king", "robber")}


def award_lines(game: Game, m: Any) -> list[LegendLine]:
    """The lines under the board: who holds the king and the robber, and how big their
    city and road are (``m``: the game's rule module of the awards)."""
    return [
        _award_line(
            game,
            "king",
            m.king,
            m.largest_city,
            (
                gettext("King: not awarded yet"),
                gettext("The king goes to whoever completes the largest city so far."),
                gettext("King: %(player)s"),
                lambda n: ngettext(
                    "%(player)s holds the king: the largest city completed so far has %(size)d tile.",
                    "%(player)s holds the king: the largest city completed so far has %(size)d tiles.",
                    n,
                ),
            ),
        ),
        _award_line(
            game,
            "robber",
            m.robber,
            m.longest_road,
            (
                gettext("Robber: not awarded yet"),
                gettext("The robber goes to whoever completes the longest road so far."),
                gettext("Robber: %(player)s"),
                lambda n: ngettext(
                    "%(player)s holds the robber: the longest road completed so far has %(size)d tile.",
                    "%(player)s holds the robber: the longest road completed so far has %(size)d tiles.",
                    n,
                ),
            ),
        ),
    ]


def _award_line(
    game: Game, award: str, holder: int | None, size: int, words: tuple[str, str, str, Callable[[int], str]]
) -> LegendLine:
    """One award's line: nobody's yet (and how to win it), or its holder and their feature's size."""
    nobody, how, held, why = words
    if holder is None:
        return LegendLine(award, nobody, None, how)
    values = {"player": game.players[holder], "size": size}
    return LegendLine(award, held % values, holder, why(size) % values)


def _award_icon(award: str, x: float, y: float) -> Drawn:
    """The crown or the robber's masked face, centred on (x, y)."""
    f = fmt
    if award == "king":
        return [
            element(
                "path",
                d=f"M{f(x - 8)},{f(y + 5)} L{f(x - 9)},{f(y - 6)} L{f(x - 4)},{f(y - 1)} L{f(x)},{f(y - 8)} "
                f"L{f(x + 4)},{f(y - 1)} L{f(x + 9)},{f(y - 6)} L{f(x + 8)},{f(y + 5)} Z",
                fill=PALETTE["crown"],
                stroke=PALETTE["crown_line"],
                **{"stroke-width": "1.4", "stroke-linejoin": "round"},
            )
        ]
    return [  # the robber: a masked face
        element(
            "circle",
            cx=f(x),
            cy=f(y),
            r="8",
            fill=PALETTE["robber"],
            stroke=PALETTE["meeple_line"],
            **{"stroke-width": "1.2"},
        ),
        element("path", d=f"M{f(x - 8)},{f(y - 2)} h16 v4 h-16 Z", fill=PALETTE["meeple_line"]),
        element(
            "path",
            d=f"M{f(x - 3.2)},{f(y)} h0.1 M{f(x + 3.1)},{f(y)} h0.1",
            stroke="#ffffff",
            **{"stroke-width": "2", "stroke-linecap": "round"},
        ),
    ]
