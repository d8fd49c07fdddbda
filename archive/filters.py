"""What an archive search asks for: the filters of the list page, the API and the exports,
read from a query string (a bad value is reported by parameter, never a crash)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engine import Rules

MAX_PLAYER_FILTER = 2
STATUSES = ("finished", "active")
SORTS = {"-finished": ("-finished_at", "-game_id"), "finished": ("finished_at", "game_id")}


class FilterError(ValueError):
    """A filter value that cannot be understood; ``field`` names the parameter."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        super().__init__(message)


RULE_OPTIONS = Rules.options()
"""Every rule option of the engine is a filter: an expansion or house rule by yes/no
(``incomplete_score`` is yes in the published game, ``hand`` is yes with any hand size),
a choice (``farm_scoring``) by its value."""


def is_choice(option) -> bool:
    return option.kind == "choice"


def choice_values(option) -> list[str]:
    return [str(value) for value, _label in option.choices]


_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


@dataclass
class Filters:
    """The archive's search parameters (query string of the list page and the API).

    ``tournament`` is a tournament id and ``round`` a round number (of any tournament
    unless ``tournament`` is given too).
    """

    status: str = "finished"
    players: list[str] = field(default_factory=list)
    winner: str = ""
    finished_after: dt.date | None = None
    finished_before: dt.date | None = None
    rules: dict[str, Any] = field(default_factory=dict)  # by option: yes (True), no (False) or a choice's value
    player_count: int | None = None
    tournament: int | None = None
    round: int | None = None
    sort: str = "-finished"

    @classmethod
    def from_query(cls, query) -> tuple[Filters, dict[str, str]]:
        """Read a QueryDict; returns the filters and ``{param: message}`` for bad values
        (a bad value is left out rather than failing the whole search)."""
        f, errors = cls(), {}

        def get(name: str) -> str:
            return (query.get(name) or "").strip()

        status = get("status") or "finished"
        if status in STATUSES:
            f.status = status
        else:
            errors["status"] = _("status must be one of %(values)s") % {"values": ", ".join(STATUSES)}
        names: list[str] = []
        for raw in query.getlist("player") if hasattr(query, "getlist") else [query.get("player") or ""]:
            names.extend(n for n in raw.replace(",", " ").split() if n)
        unique = list(dict.fromkeys(names))
        if len(unique) > MAX_PLAYER_FILTER:
            errors["player"] = ngettext(
                "give at most %(count)d player", "give at most %(count)d players", MAX_PLAYER_FILTER
            ) % {"count": MAX_PLAYER_FILTER}
        f.players = unique[:MAX_PLAYER_FILTER]
        f.winner = get("winner")
        for name in ("finished_after", "finished_before"):
            value = get(name)
            if value:
                try:
                    setattr(f, name, dt.date.fromisoformat(value))
                except ValueError:
                    errors[name] = _("%(name)s must be a date such as 2024-05-31") % {"name": name}
        for option in RULE_OPTIONS:
            value, error = _rule_value(option, get(option.name))
            if error:
                errors[option.name] = error
            elif value is not None:
                f.rules[option.name] = value
        count = get("players")
        if count:
            try:
                f.player_count = int(count)
                if not 2 <= f.player_count <= 6:
                    raise ValueError
            except ValueError:
                f.player_count = None
                errors["players"] = _("players must be a number from 2 to 6")
        for name, label in (
            ("tournament", _("tournament must be a tournament number")),
            ("round", _("round must be a round number, from 1")),
        ):
            value = get(name)
            if value:
                if value.isdigit() and 1 <= int(value) <= 2**31:
                    setattr(f, name, int(value))
                else:
                    errors[name] = label
        sort = get("sort") or "-finished"
        if sort in SORTS:
            f.sort = sort
        else:
            errors["sort"] = _("sort must be one of %(values)s") % {"values": ", ".join(SORTS)}
        return f, errors

    def is_default(self) -> bool:
        return self == Filters()

    def query_items(self) -> list[tuple[str, str]]:
        """The filters as query-string pairs (pagination and export links)."""
        items: list[tuple[str, str]] = []
        if self.status != "finished":
            items.append(("status", self.status))
        items += [("player", p) for p in self.players]
        if self.winner:
            items.append(("winner", self.winner))
        for name in ("tournament", "round"):
            if getattr(self, name) is not None:
                items.append((name, str(getattr(self, name))))
        for name in ("finished_after", "finished_before"):
            if getattr(self, name):
                items.append((name, getattr(self, name).isoformat()))
        for option in RULE_OPTIONS:
            value = self.rules.get(option.name)
            if value is not None:
                items.append((option.name, value if is_choice(option) else ("yes" if value else "no")))
        if self.player_count:
            items.append(("players", str(self.player_count)))
        if self.sort != "-finished":
            items.append(("sort", self.sort))
        return items


def _rule_value(option, raw: str) -> tuple[Any, str | None]:
    """The filter value of ``option`` from the query string: ``(value, None)``, ``(None,
    None)`` when not given, or ``(None, message)`` for a value that cannot be understood."""
    if not raw:
        return None, None
    if is_choice(option):
        if raw in choice_values(option):
            return raw, None
        return None, _("%(name)s must be one of %(values)s") % {
            "name": option.name,
            "values": ", ".join(choice_values(option)),
        }
    if raw.lower() in _TRUE:
        return True, None
    if raw.lower() in _FALSE:
        return False, None
    return None, _("%(name)s must be yes or no") % {"name": option.name}
