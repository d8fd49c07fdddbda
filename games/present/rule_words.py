"""A rule set in words, written once: the small tags of lists and pages, and the
one-line description (farm scoring, expansions, small cities, then the time per move).

The lobby, the game page, the tournament page and the archive's rows all read these.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import Game
from games.present import expansions

WORDS = expansions.merged("words")
"""Each expansion and house rule in words, by key (NOTATION.md names; ``classic``: farms)."""


def _departures(rules: dict) -> list[str]:
    """The keys of ``WORDS`` a rules object uses: its expansions, then each house rule that
    differs from the published game."""
    return list(rules.get("expansions", [])) + [key for e in expansions.REGISTRY for key in e.departures(rules)]


def rule_tags(rules: dict | None) -> list[dict]:
    """The tags of a NOTATION.md rules object: each expansion, and each house rule that
    differs from the published game, as ``{"key", "label", "title", "kind"}``."""
    rules = rules or {}
    tags = [
        {"key": key, "label": WORDS[key].tag, "title": WORDS[key].title, "kind": WORDS[key].kind}
        for key in _departures(rules)
        if key in WORDS
    ]
    return tags + [tag for e in expansions.REGISTRY for tag in e.tags(rules)]


def rules_line(rules: dict | None) -> list[str]:
    """The rule set in a few words: farm scoring, each expansion, the small-city rule (each
    module of ``games.present.expansions`` says its own)."""
    rules = rules or {}
    parts = [word for e in expansions.REGISTRY for word in e.line_head(rules)]
    for key in _departures(rules):
        words = WORDS.get(key)
        if words is None:  # an expansion the site has no words for: its id
            parts.append(key)
        elif words.name is not None:
            parts.append(str(words.name))
    return parts


def on_timeout(game) -> str:
    """What happens when a player's time runs out, in the words of a sentence (the page's
    clock and the e-mails say it alike)."""
    return {
        Game.TimeoutRule.SKIP: _("skip the turn when time runs out"),
        Game.TimeoutRule.BOT: _("a bot takes over when time runs out"),
    }.get(game.timeout_rule, _("lose on time"))


def timing_line(game) -> list[str]:
    """The time per move, what happens when it runs out, and vacations."""
    if not game.move_days:
        return [_("no time limit")]
    return [
        ngettext("%(count)d day per move", "%(count)d days per move", game.move_days) % {"count": game.move_days},
        on_timeout(game),
        _("vacations allowed") if game.vacation_allowed else _("no vacations"),
    ]


def rules_text(game) -> list[str]:
    """A game's rules and timing in words (lobby and game page: joined with " · ")."""
    return rules_line(game.rules) + timing_line(game)
