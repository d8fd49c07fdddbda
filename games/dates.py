"""Dates and moments in the reader's language, as its readers write them: "1 dicembre 2026",
"1er décembre 2026 à 20 h 24", "1. Dezember 2026"; "vor 3 Tagen", "il y a 3 jours", "3 giorni fa".

The formats themselves are per language in ``carcassonne_site/formats/<lang>/formats.py``
(``FORMAT_MODULE_PATH``); the month names are the site's catalogue's (it is read before
Django's own, whose Italian months are capitalised: "Dicembre"). What a format string cannot
say is said here: the French first of the month ("1er"), and a moment as "so long ago" in
one whole phrase (Django's ``timesince`` gives "3 Tage", which "vor %s" cannot decline).
"""

from __future__ import annotations

from datetime import date, datetime

from django.utils import formats, timezone
from django.utils.translation import get_language, gettext, gettext_noop, ngettext

MONTHS = [
    gettext_noop("January"),
    gettext_noop("February"),
    gettext_noop("March"),
    gettext_noop("April"),
    gettext_noop("May"),
    gettext_noop("June"),
    gettext_noop("July"),
    gettext_noop("August"),
    gettext_noop("September"),
    gettext_noop("October"),
    gettext_noop("November"),
    gettext_noop("December"),
]
"""Django's month names (``django.utils.dates.MONTHS``), marked here so that the site's
catalogue gives each language's spelling: lower case in French and Italian."""

FIRST_OF_THE_MONTH = {"fr": r"j\e\r", "it": "jº"}
"""The first day of a month where a language writes it as an ordinal: "1er décembre", "1º dicembre"."""


def _local(value: date | datetime) -> date | datetime:
    if isinstance(value, datetime) and timezone.is_aware(value):
        return timezone.localtime(value)
    return value


def long_date(value: date | datetime | None, with_time: bool = False) -> str:
    """The day (and with ``with_time`` the time) written out: "1er décembre 2026"."""
    if value is None:
        return ""
    value = _local(value)
    pattern = str(formats.get_format("DATETIME_FORMAT" if with_time else "DATE_FORMAT"))
    first = FIRST_OF_THE_MONTH.get((get_language() or "en").split("-")[0])
    if first and value.day == 1:
        pattern = pattern.replace("j", first, 1)
    return formats.date_format(value, pattern)


def ago(value: datetime | None, now: datetime | None = None) -> str:
    """How long ago ``value`` was, in its largest unit, as one phrase: "3 days ago"."""
    if value is None:
        return ""
    seconds = max(0, int(((now or timezone.now()) - value).total_seconds()))
    days, hours, minutes = seconds // 86400, seconds // 3600, seconds // 60
    if days:
        return ngettext("%(count)d day ago", "%(count)d days ago", days) % {"count": days}
    if hours:
        return ngettext("%(count)d hour ago", "%(count)d hours ago", hours) % {"count": hours}
    if minutes:
        return ngettext("%(count)d minute ago", "%(count)d minutes ago", minutes) % {"count": minutes}
    return gettext("just now")
