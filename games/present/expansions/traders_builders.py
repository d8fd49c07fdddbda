"""Traders & Builders on the site: the builder, the pig and the goods in words, the goods
each player holds (the score list, the API), their category of points and the rule tag.

The board draws the goods symbols from the tiles' features (``games/board_svg/tile_marks.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _
from django.utils.translation import npgettext_lazy, pgettext_lazy

from games.present.expansions.base import Mark, RuleWords, SiteExpansion, register

NAME = _("Traders & Builders")

GOODS = {"wine": _("wine"), "grain": _("grain"), "cloth": _("cloth")}
"""The goods tokens, by kind."""

TOOK_GOODS = {
    "wine": npgettext_lazy("move", "took %(count)d wine token", "took %(count)d wine tokens", "count"),
    "grain": npgettext_lazy("move", "took %(count)d grain token", "took %(count)d grain tokens", "count"),
    "cloth": npgettext_lazy("move", "took %(count)d cloth token", "took %(count)d cloth tokens", "count"),
}
"""The goods tokens a move's completed cities brought its player, by kind."""


@register
class TradersBuilders(SiteExpansion):
    id = "traders_builders"
    name = NAME
    options = {
        "traders_builders": (
            NAME,
            _(
                "24 tiles; a builder that gives a double turn, a pig that fattens a farm, and goods "
                "tokens for completing cities (10 points per kind to the majority)."
            ),
        )
    }
    words = {
        "traders_builders": RuleWords(
            "expansion",
            _("Traders & Builders"),
            _("Traders & Builders: goods tokens, the builder's double turn, the pig."),
            NAME,
        )
    }
    labels = {
        "figure": {"builder": _("builder"), "pig": _("pig")},
        "figure_on": {
            ("builder", "road"): _("builder on the road"),
            ("builder", "city"): _("builder on the city"),
            ("pig", "field"): _("pig on the field"),
        },
        "figure_put": {
            ("builder", "road"): pgettext_lazy("move", "put the builder on the road"),
            ("builder", "city"): pgettext_lazy("move", "put the builder in the city"),
            ("pig", "field"): pgettext_lazy("move", "put the pig in the field"),
        },
        "category": {"goods": _("Goods")},
        "goods": GOODS,
    }
    illegal_moves = {
        "builder_not_on_road_or_city": _("a builder goes on a road or a city, not on %(spot)s"),
        "builder_without_follower": _(
            "a builder joins a %(feature)s holding one of %(player)s's followers; "
            "the %(feature)s at %(spot)s holds none"
        ),
        "pig_not_on_field": _("a pig goes on a field, not on %(spot)s"),
        "pig_without_farmer": _(
            "a pig joins a farm holding one of %(player)s's farmers; the farm at %(spot)s holds none"
        ),
    }
    categories = ("goods",)

    def move_clauses(self, changed: dict[str, tuple[Any, Any]], player: str) -> list[str]:
        """'took 2 wine tokens': the goods of the cities the move completed."""
        before, after = changed.get("goods", ({}, {}))
        mine, had = (after or {}).get(player, {}), (before or {}).get(player, {})
        gained = {good: n - had.get(good, 0) for good, n in mine.items() if n > had.get(good, 0)}
        return [TOOK_GOODS[good] % {"count": n} for good, n in gained.items() if good in TOOK_GOODS]

    def player_marks(self, state: dict[str, Any], player: str) -> list[Mark]:
        """The goods tokens ``player`` holds, one mark per kind held."""
        return [
            Mark(f"goods-count goods-{good}", f"goods-{good}", capfirst(str(label)), str(n), str(label), "goods-icon")
            for good, label in GOODS.items()
            if (n := state.get("goods", {}).get(player, {}).get(good, 0))
        ]

    def state(self, module: Any, names: Sequence[str]) -> dict[str, Any]:
        """The goods tokens each player holds, by kind."""
        rename = dict(zip(module.game.players, names))
        return {"goods": {rename.get(k, k): v for k, v in module.summary().get("goods", {}).items()}}
