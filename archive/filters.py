"""What an archive search asks for: the filters of the list page, the API and the exports,
read from a query string by a django-filter FilterSet (a bad value is reported by
parameter, in words a person understands, never a crash). The queries themselves are
archive.search's: they read the archive's own index tables."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

import django_filters as df
from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from carcassonne import Rules

from .models import GameResult

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
        form = ArchiveFilterSet(query, queryset=GameResult.objects.none()).form
        form.is_valid()
        errors = {name: _message(name) for name in form.errors}
        given = {name: value for name, value in form.cleaned_data.items() if value not in (None, "")}
        players = given.pop("player", [])
        if len(players) > MAX_PLAYER_FILTER:  # the first ones still apply
            errors["player"] = _message("player")
        f = cls(
            status=given.pop("status", "finished"),
            players=players[:MAX_PLAYER_FILTER],
            winner=given.pop("winner", ""),
            finished_after=given.pop("finished_after", None),
            finished_before=given.pop("finished_before", None),
            player_count=given.pop("players", None),
            tournament=given.pop("tournament", None),
            round=given.pop("round", None),
            sort=given.pop("sort", "-finished"),
        )
        f.rules = {option.name: given[option.name] for option in RULE_OPTIONS if option.name in given}
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


class PlayerNames(forms.Field):
    """Every ``?player=``, each one or more names apart by commas or spaces."""

    widget = forms.MultipleHiddenInput

    def to_python(self, value) -> list[str]:
        raws = [value] if isinstance(value, str) else value or []
        return list(dict.fromkeys(name for raw in raws for name in raw.replace(",", " ").split()))


class YesNo(forms.Field):
    """yes/no (also true/false, on/off, 1/0); nothing given is no filter."""

    def to_python(self, value) -> bool | None:
        word = (value or "").strip().lower()
        if not word:
            return None
        if word in _TRUE or word in _FALSE:
            return word in _TRUE
        raise forms.ValidationError("not yes or no", code="invalid")


class PlayersFilter(df.Filter):
    field_class = PlayerNames


class YesNoFilter(df.Filter):
    field_class = YesNo


class WholeNumberFilter(df.Filter):
    field_class = forms.IntegerField


def _rule_filter(option) -> df.Filter:
    if is_choice(option):
        return df.ChoiceFilter(choices=_choices(choice_values(option)))
    return YesNoFilter()


def _choices(values) -> list[tuple[str, str]]:
    return [(value, value) for value in values]


class _FormOnce(df.FilterSet):
    """A FilterSet whose form class is made once: django-filter makes it anew for every
    search (a class of 19 fields, about 1.5 ms of a list page); the fields are the same,
    and each form copies them for its own use."""

    _form_class: type[forms.Form] | None = None

    def get_form_class(self) -> type[forms.Form]:
        made = type(self).__dict__.get("_form_class")
        if made is None:
            made = super().get_form_class()
            type(self)._form_class = made
        return made


ArchiveFilterSet = type(
    "ArchiveFilterSet",
    (_FormOnce,),
    {
        "status": df.ChoiceFilter(choices=_choices(STATUSES)),
        "player": PlayersFilter(),
        "winner": df.CharFilter(),
        "finished_after": df.DateFilter(),
        "finished_before": df.DateFilter(),
        "players": WholeNumberFilter(min_value=2, max_value=6),
        "tournament": WholeNumberFilter(min_value=1, max_value=2**31),
        "round": WholeNumberFilter(min_value=1, max_value=2**31),
        "sort": df.ChoiceFilter(choices=_choices(SORTS)),
        **{option.name: _rule_filter(option) for option in RULE_OPTIONS},
        "__doc__": "The archive's search parameters, each parsed and checked by its form field.",
    },
)


def _message(name: str) -> str:
    """What is wrong with parameter ``name``, in the words of the page and the API."""
    if name == "status":
        return _("status must be one of %(values)s") % {"values": ", ".join(STATUSES)}
    if name == "player":
        return ngettext("give at most %(count)d player", "give at most %(count)d players", MAX_PLAYER_FILTER) % {
            "count": MAX_PLAYER_FILTER
        }
    if name in ("finished_after", "finished_before"):
        return _("%(name)s must be a date such as 2024-05-31") % {"name": name}
    if name == "players":
        return _("players must be a number from 2 to 6")
    if name == "tournament":
        return _("tournament must be a tournament number")
    if name == "round":
        return _("round must be a round number, from 1")
    if name == "sort":
        return _("sort must be one of %(values)s") % {"values": ", ".join(SORTS)}
    option = next(option for option in RULE_OPTIONS if option.name == name)
    if is_choice(option):
        return _("%(name)s must be one of %(values)s") % {"name": name, "values": ", ".join(choice_values(option))}
    return _("%(name)s must be yes or no") % {"name": name}
