"""Inns & Cathedrals on the site: its large follower in words and its rule tag.

The board draws inns and cathedrals from the tiles' features (``games/board_svg/tile_marks.py``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.present.expansions.base import RuleWords, SiteExpansion, register

NAME = _("Inns & Cathedrals")


@register
class InnsCathedrals(SiteExpansion):
    id = "inns_cathedrals"
    name = NAME
    options = {
        "inns_cathedrals": (
            NAME,
            _(
                "18 tiles; a large follower counting as two; inns and cathedrals score "
                "more when complete and nothing when not; a 6th player."
            ),
        )
    }
    words = {
        "inns_cathedrals": RuleWords(
            "expansion",
            _("Inns & Cathedrals"),
            _("Inns & Cathedrals: inns, cathedrals, the large follower, a 6th player."),
            NAME,
        )
    }
    labels = {
        "figure": {"large": _("large follower")},
        "figure_put": {
            ("large", "road"): pgettext_lazy("move", "put a large follower on the road"),
            ("large", "city"): pgettext_lazy("move", "put a large follower in the city"),
            ("large", "cloister"): pgettext_lazy("move", "put a large follower in the cloister"),
            ("large", "field"): pgettext_lazy("move", "put a large follower in the field"),
        },
    }
