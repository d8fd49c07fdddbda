"""The house rules on the site (farm scoring, small cities, incomplete features, the hole
bonus, tiles in hand): their options in words, their tags and the head of a rule set's
one-line description (the farm scoring)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.present.expansions.base import RuleWords, SiteExpansion, register

FARM_SCORING = {"classic": _("Classic farm scoring"), "current": _("Current farm scoring")}


@register
class HouseRules(SiteExpansion):
    options = {
        "farm_scoring": (
            _("Farm scoring"),
            _(
                "Current: 3 points per completed city bordering each farm. Classic (first edition): "
                "4 points per city to the player with most farmers around it."
            ),
        ),
        "small_city": (
            _("Small cities score less"),
            _("Old rule: a completed city of two tiles scores 1 per tile and pennant."),
        ),
        "incomplete_score": (
            _("Incomplete features score at the end"),
            _("Off: roads, cities and cloisters left incomplete score nothing at the end."),
        ),
        "hole_bonus": (_("Hole bonus"), _("A tile placed with neighbours on all four sides gives an extra turn.")),
        "hand": (
            _("Tiles in hand"),
            _(
                "Each player holds this many tiles and plays one of them each turn (empty: "
                "draw one tile per turn, as published)."
            ),
        ),
        "hand_visible": (
            _("Hands are public"),
            _("Everyone sees every hand (otherwise each hand is hidden from the other players)."),
        ),
    }
    choices = {
        ("farm_scoring", "current"): _("Current (3 per city and farm)"),
        ("farm_scoring", "classic"): _("Classic (4 per city)"),
    }
    words = {
        "classic": RuleWords(
            "house", _("Classic farms"), _("Farms score 4 per city to the player with most farmers around it.")
        ),
        "small_city": RuleWords(
            "house",
            _("Small cities"),
            _("A completed city of two tiles scores 1 per tile and pennant."),
            _("Small-city rule"),
        ),
        "incomplete_score": RuleWords(
            "house", _("Unfinished scores 0"), _("Roads, cities and cloisters left incomplete score nothing.")
        ),
        "hole_bonus": RuleWords(
            "house", _("Hole bonus"), _("A tile with neighbours on all four sides gives an extra turn.")
        ),
        "hand_visible": RuleWords("house", _("public hands"), _("Everyone sees every hand.")),
    }
    illegal_moves = {
        "not_in_hand": _("%(player)s holds no tile %(tile)s"),
        "timeout_names_tile": _("with hands a timeout names no tile (the hand stays hidden)"),
        "hand_tile_fits_nowhere": _("tile %(tile)s of the hand fits nowhere: it must be discarded first"),
    }

    def departures(self, rules: dict) -> list[str]:
        """Each house rule that differs from the published game (``classic``: farms)."""
        keys = ["classic"] if rules.get("farm_scoring") == "classic" else []
        keys += [key for key in ("small_city", "hole_bonus") if rules.get(key)]
        if rules.get("incomplete_score") is False:
            keys.append("incomplete_score")
        return keys

    def tags(self, rules: dict) -> list[dict]:
        """The size of a hand of tiles (and whether hands are public)."""
        n = rules.get("hand")
        if not n:
            return []
        label = ngettext("Hand of %(n)d", "Hand of %(n)d", n) % {"n": n}
        title = ngettext(
            "Each player holds %(n)d tile and plays it.", "Each player holds %(n)d tiles and plays one of them.", n
        ) % {"n": n}
        if rules.get("hand_visible"):
            title = f"{title} {self.words['hand_visible'].title}"
        return [{"key": "hand", "label": label, "title": title, "kind": "house"}]

    def line_head(self, rules: dict) -> list[str]:
        return [str(FARM_SCORING["classic" if rules.get("farm_scoring") == "classic" else "current"])]
