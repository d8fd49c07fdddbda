"""A rule set in words, written once: the small tags of lists and pages, and the
one-line description (farm scoring, expansions, small cities, then the time per move).

The lobby, the game page, the tournament page and the archive's rows all read these.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.models import Game
from games.vocabulary import EXPANSION_NAMES


@dataclass(frozen=True)
class RuleWords:
    """One expansion or house rule in words."""

    kind: str  # "expansion" or "house"
    tag: str  # the short tag of lists
    title: str  # the tag's one-sentence explanation
    name: str | None = None  # in the one-line description; None: tag only


WORDS = {
    "river": RuleWords("expansion", gettext_lazy("River"), gettext_lazy(
        "The River: river tiles are drawn first and must continue the river."), EXPANSION_NAMES["river"]),
    "inns_cathedrals": RuleWords("expansion", gettext_lazy("Inns & Cathedrals"), gettext_lazy(
        "Inns & Cathedrals: inns, cathedrals, the large follower, a 6th player."), EXPANSION_NAMES["inns_cathedrals"]),
    "traders_builders": RuleWords("expansion", gettext_lazy("Traders & Builders"), gettext_lazy(
        "Traders & Builders: goods tokens, the builder's double turn, the pig."), EXPANSION_NAMES["traders_builders"]),
    "king_robber": RuleWords("expansion", gettext_lazy("King & Robber"), gettext_lazy(
        "King & Robber: the king for the largest city, the robber for the longest road."), EXPANSION_NAMES["king_robber"]),
    "count": RuleWords("expansion", gettext_lazy("Count"), gettext_lazy(
        "The Count of Carcassonne: the City's quarters and their followers."), EXPANSION_NAMES["count"]),
    "classic": RuleWords("house", gettext_lazy("Classic farms"), gettext_lazy(
        "Farms score 4 per city to the player with most farmers around it.")),
    "small_city": RuleWords("house", gettext_lazy("Small cities"), gettext_lazy(
        "A completed city of two tiles scores 1 per tile and pennant."), gettext_lazy("Small-city rule")),
    "incomplete_score": RuleWords("house", gettext_lazy("Unfinished scores 0"), gettext_lazy(
        "Roads, cities and cloisters left incomplete score nothing.")),
    "hole_bonus": RuleWords("house", gettext_lazy("Hole bonus"), gettext_lazy(
        "A tile with neighbours on all four sides gives an extra turn.")),
    "hand_visible": RuleWords("house", gettext_lazy("public hands"), gettext_lazy("Everyone sees every hand.")),
}
"""Each expansion and house rule in words, by key (NOTATION.md names; ``classic``: farms)."""

FARM_SCORING = {"classic": gettext_lazy("Classic farm scoring"), "current": gettext_lazy("Current farm scoring")}


def _departures(rules: dict) -> list[str]:
    """The keys of ``WORDS`` a rules object uses: its expansions, then each house rule that
    differs from the published game."""
    keys = list(rules.get("expansions", []))
    if rules.get("farm_scoring") == "classic":
        keys.append("classic")
    keys += [key for key in ("small_city", "hole_bonus") if rules.get(key)]
    if rules.get("incomplete_score") is False:
        keys.append("incomplete_score")
    return keys


def rule_tags(rules: dict | None) -> list[dict]:
    """The tags of a NOTATION.md rules object: each expansion, and each house rule that
    differs from the published game, as ``{"key", "label", "title", "kind"}``."""
    rules = rules or {}
    tags = [{"key": key, "label": WORDS[key].tag, "title": WORDS[key].title, "kind": WORDS[key].kind}
            for key in _departures(rules) if key in WORDS]
    if rules.get("hand"):
        n = rules["hand"]
        label = ngettext("Hand of %(n)d", "Hand of %(n)d", n) % {"n": n}
        title = ngettext("Each player holds %(n)d tile and plays it.", "Each player holds %(n)d tiles and plays one of them.", n) % {"n": n}
        if rules.get("hand_visible"):
            title = f"{title} {WORDS['hand_visible'].title}"
        tags.append({"key": "hand", "label": label, "title": title, "kind": "house"})
    return tags


def rules_line(rules: dict | None) -> list[str]:
    """The rule set in a few words: farm scoring, each expansion, the small-city rule."""
    rules = rules or {}
    parts = [str(FARM_SCORING["classic" if rules.get("farm_scoring") == "classic" else "current"])]
    for key in _departures(rules):
        words = WORDS.get(key)
        if words is None:  # an expansion the site has no words for: its id
            parts.append(key)
        elif words.name is not None:
            parts.append(str(words.name))
    return parts


def timing_line(game) -> list[str]:
    """The time per move, what happens when it runs out, and vacations."""
    if not game.move_days:
        return [_("no time limit")]
    on_timeout = {Game.TimeoutRule.SKIP: _("skip the turn when time runs out"),
                  Game.TimeoutRule.BOT: _("a bot takes over when time runs out")}.get(game.timeout_rule, _("lose on time"))
    return [
        ngettext("%(count)d day per move", "%(count)d days per move", game.move_days) % {"count": game.move_days},
        on_timeout,
        _("vacations allowed") if game.vacation_allowed else _("no vacations"),
    ]


def rules_text(game) -> list[str]:
    """A game's rules and timing in words (lobby and game page: joined with " · ")."""
    return rules_line(game.rules) + timing_line(game)
