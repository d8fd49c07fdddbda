"""The River on the site: its words, its rule tag and its "How to play" example.

The board draws the river from the tiles' features (``games/board_svg/tile_art.py``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy, pgettext_lazy

from games.present.expansions.base import RuleWords, SiteExpansion, register

NAME = _("The River")


@register
class River(SiteExpansion):
    id = "river"
    name = NAME
    options = {
        "river": (NAME, _("River tiles are drawn first and must continue the river; no two bends the same way."))
    }
    words = {
        "river": RuleWords(
            "expansion", _("River"), _("The River: river tiles are drawn first and must continue the river."), NAME
        )
    }
    labels = {
        "terrain": {"river": pgettext_lazy("terrain", "river")},
        "met": {"river": _("the river")},
        "side": {"left": pgettext_lazy("river bend", "left"), "right": pgettext_lazy("river bend", "right")},
    }
    illegal_moves = {
        "river_not_continued": _(
            "tile %(tile)s at (%(x)s,%(y)s) does not continue the river: it flows on %(edge)s of (%(ex)s,%(ey)s)"
        ),
        "river_not_taken_up": _(
            "tile %(tile)s at (%(x)s,%(y)s) rotation %(rotation)s does not take up the river on its %(edge)s edge"
        ),
        # (%(side)s: one of the "side" labels)
        "spring_first": _("tile %(tile)s is drawn too early: the spring (RV-S) comes first"),
        "river_tiles_first": ngettext_lazy(
            "tile %(tile)s is drawn too early: the %(count)s river tile comes first",
            "tile %(tile)s is drawn too early: the %(count)s river tiles come first",
            "count",
        ),
        "lake_last": _("the lake (RV-L) comes last of the river tiles"),
        "river_bends_twice": _(
            "tile %(tile)s at (%(x)s,%(y)s) rotation %(rotation)s: the river may not bend %(side)s twice in a row"
        ),
        "spring_faces_taken_cell": _(
            "tile %(tile)s at (%(x)s,%(y)s) rotation %(rotation)s: the spring's river must face an empty cell"
        ),
    }
    # The spring first, then river tiles that continue it.
    examples = {"river": ({"expansions": ["river"]}, [])}

    def departures(self, rules: dict) -> list[str]:
        return []  # an expansion's tag comes from the rules' list of expansions
