"""King & Robber on the site: who holds the king and the robber (the score list, the API),
their categories of points and the rule tag.

The board draws the awards under the board (``games/board_svg/expansion_art.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext, pgettext_lazy

from games.present.expansions.base import RuleWords, SiteExpansion, register

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

    def move_clauses(self, changed: dict[str, tuple[Any, Any]], player: str) -> list[str]:
        """'took the king' (the largest city so far), 'took the robber' (the longest road)."""
        clauses = []
        if changed.get("king", (None, None))[1] == player:
            clauses.append(pgettext("move", "took the king"))
        if changed.get("robber", (None, None))[1] == player:
            clauses.append(pgettext("move", "took the robber"))
        return clauses

    def state(self, module: Any, names: Sequence[str]) -> dict[str, Any]:
        """The holders of the king and the robber (``None``: not awarded yet)."""
        rename = dict(zip(module.game.players, names))
        summary = module.summary()
        return {award: rename.get(summary.get(award), summary.get(award)) for award in ("king", "robber")}
