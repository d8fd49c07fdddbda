from __future__ import annotations

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo, available_timezones

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext_lazy

from games import clock, durations
from games.models import PlayPreference, Vacation

from . import held
from .models import Mode, Preference

# Real places, grouped by region (no "Etc/GMT+5", "US/Eastern", "EST5EDT" aliases).
REGIONS = ("Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia", "Europe", "Indian", "Pacific")
_ZONES = sorted(z for z in available_timezones() if z.split("/")[0] in REGIONS and "/" in z)
_LISTED = {"UTC", *_ZONES}
"""Every zone the list offers: UTC first, on its own, then the places."""


# The regions and the places whose names differ in German, French or Italian, in the reader's
# words ("Europa", "Wien", "Zürich"); the other places keep the database's name.
REGION_NAMES = {
    "Africa": pgettext_lazy("time zone region", "Africa"),
    "America": pgettext_lazy("time zone region", "America"),
    "Antarctica": pgettext_lazy("time zone region", "Antarctica"),
    "Arctic": pgettext_lazy("time zone region", "Arctic"),
    "Asia": pgettext_lazy("time zone region", "Asia"),
    "Atlantic": pgettext_lazy("time zone region", "Atlantic"),
    "Australia": pgettext_lazy("time zone region", "Australia"),
    "Europe": pgettext_lazy("time zone region", "Europe"),
    "Indian": pgettext_lazy("time zone region", "Indian Ocean"),
    "Pacific": pgettext_lazy("time zone region", "Pacific"),
}
PLACE_NAMES = {
    "Europe/Vienna": pgettext_lazy("time zone", "Vienna"),
    "Europe/Zurich": pgettext_lazy("time zone", "Zurich"),
    "Europe/Rome": pgettext_lazy("time zone", "Rome"),
    "Europe/London": pgettext_lazy("time zone", "London"),
    "Europe/Brussels": pgettext_lazy("time zone", "Brussels"),
    "Europe/Lisbon": pgettext_lazy("time zone", "Lisbon"),
    "Europe/Prague": pgettext_lazy("time zone", "Prague"),
    "Europe/Warsaw": pgettext_lazy("time zone", "Warsaw"),
    "Europe/Athens": pgettext_lazy("time zone", "Athens"),
    "Europe/Copenhagen": pgettext_lazy("time zone", "Copenhagen"),
    "Europe/Moscow": pgettext_lazy("time zone", "Moscow"),
    "Europe/Bucharest": pgettext_lazy("time zone", "Bucharest"),
    "Europe/Belgrade": pgettext_lazy("time zone", "Belgrade"),
    "Europe/Kyiv": pgettext_lazy("time zone", "Kyiv"),
    "Europe/Vilnius": pgettext_lazy("time zone", "Vilnius"),
    "Europe/Luxembourg": pgettext_lazy("time zone", "Luxembourg"),
    "Europe/Monaco": pgettext_lazy("time zone", "Monaco"),
    "Europe/Vatican": pgettext_lazy("time zone", "Vatican"),
    "Europe/Zagreb": pgettext_lazy("time zone", "Zagreb"),
    "Europe/Nicosia": pgettext_lazy("time zone", "Nicosia"),
    "Europe/Sofia": pgettext_lazy("time zone", "Sofia"),
    "Europe/Stockholm": pgettext_lazy("time zone", "Stockholm"),
    "Europe/Helsinki": pgettext_lazy("time zone", "Helsinki"),
    "Europe/Istanbul": pgettext_lazy("time zone", "Istanbul"),
    "Africa/Algiers": pgettext_lazy("time zone", "Algiers"),
    "Africa/Cairo": pgettext_lazy("time zone", "Cairo"),
    "Africa/Tunis": pgettext_lazy("time zone", "Tunis"),
    "America/Mexico_City": pgettext_lazy("time zone", "Mexico City"),
    "America/New_York": pgettext_lazy("time zone", "New York"),
    "America/Havana": pgettext_lazy("time zone", "Havana"),
    "Asia/Tokyo": pgettext_lazy("time zone", "Tokyo"),
    "Asia/Jerusalem": pgettext_lazy("time zone", "Jerusalem"),
    "Asia/Singapore": pgettext_lazy("time zone", "Singapore"),
}


def zone_choices() -> list:
    """UTC, then one group per region (A to Z in the reader's words), each listing its places A to Z."""
    groups: dict[str, list] = {}
    for zone in _ZONES:
        region, _, place = zone.partition("/")
        name = str(PLACE_NAMES[zone]) if zone in PLACE_NAMES else place.replace("_", " ").replace("/", " / ")
        groups.setdefault(region, []).append((zone, name))
    named = sorted(groups, key=lambda region: str(REGION_NAMES[region]).casefold())
    return [("UTC", "UTC")] + [
        (str(REGION_NAMES[region]), sorted(groups[region], key=lambda c: c[1].casefold())) for region in named
    ]


class PreferenceForm(forms.ModelForm):
    time_zone = forms.ChoiceField(
        label=_("Time zone"), choices=zone_choices, help_text=_("Your local time for the digest hour and vacations.")
    )
    digest_hour = forms.TypedChoiceField(
        coerce=int, choices=[(h, f"{h:02d}:00") for h in range(24)], label=_("Digest hour")
    )

    class Meta:
        model = Preference
        fields = [
            "turn",
            "invitation",
            "game",
            "reminder",
            "timeout",
            "chat",
            "email_when_active",
            "digest_hour",
            "time_zone",
        ]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk and self.instance.time_zone not in _LISTED:
            # an old alias stays selectable until the user picks a real zone
            self.fields["time_zone"].choices = [(self.instance.time_zone, self.instance.time_zone)] + zone_choices()
        if not self.instance.pk or self.instance.time_zone == "UTC":
            self.fields["time_zone"].widget.attrs["data-browser-zone"] = "1"  # static/js/timezone.js
        no_digest = [(m.value, m.label) for m in Mode if m != Mode.DIGEST]
        for name in ("invitation", "game", "reminder", "timeout"):
            self.fields[name].choices = no_digest
        self.fields["turn"].help_text = _("The digest lists every game where it is your turn, least time left first.")
        minutes = max(1, round(held.hold().total_seconds() / 60))
        self.fields["email_when_active"].help_text = ngettext(
            "Off: while you are on the site, a turn e-mail or reminder waits %(count)d minute and goes"
            " only if you have not seen the turn by then. On: it goes at once, unless you are looking at"
            " that game.",
            "Off: while you are on the site, a turn e-mail or reminder waits %(count)d minutes and goes"
            " only if you have not seen the turn by then. On: it goes at once, unless you are looking at"
            " that game.",
            minutes,
        ) % {"count": minutes}
        self.fields["chat"].required = False  # forms saved before the chat existed keep the default
        self.fields["chat"].help_text = _(
            "What the other players wrote in your games' chats (never in the turn e-mails)."
        )

    def clean_chat(self):
        return self.cleaned_data.get("chat") or (self.instance.chat if self.instance.pk else Mode.DIGEST)


class VacationForm(forms.Form):
    start = forms.DateField(label=_("Start"), widget=forms.DateInput(attrs={"type": "date"}))
    end = forms.DateField(label=_("End"), widget=forms.DateInput(attrs={"type": "date"}), help_text=_("First day back"))

    def __init__(self, *args, user=None, prefs=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.user, self.prefs = user, prefs

    def clean(self):
        data = super().clean()
        start, end = data.get("start"), data.get("end")
        if not start or not end:
            return data
        if end <= start:
            raise forms.ValidationError(_("The vacation must end after it starts."))
        zone = ZoneInfo(self.prefs.time_zone) if self.prefs else timezone.get_current_timezone()
        data["start_at"] = max(datetime.combine(start, time(0), zone), timezone.now())
        data["end_at"] = datetime.combine(end, time(0), zone)
        if data["end_at"] <= data["start_at"]:
            raise forms.ValidationError(_("The vacation is already over."))
        days = (data["end_at"] - data["start_at"]) / timedelta(days=1)
        allowance = self.prefs.vacation_days_per_year if self.prefs else 14
        used = clock.vacation_days_used(self.user, data["start_at"].year)
        if used + days > allowance + 1e-6:
            raise forms.ValidationError(
                ngettext(
                    "That is %(asked)s; you have %(left)s of %(allowance)d day left this year.",
                    "That is %(asked)s; you have %(left)s of %(allowance)d days left this year.",
                    allowance,
                )
                % {
                    "asked": durations.describe_days(days),
                    "left": durations.describe_days(max(allowance - used, 0)),
                    "allowance": allowance,
                }
            )
        if Vacation.objects.filter(user=self.user, start__lt=data["end_at"], end__gt=data["start_at"]).exists():
            raise forms.ValidationError(_("This overlaps a vacation you already have."))
        return data


class PlayPreferenceForm(forms.ModelForm):
    """How the user plays (a games preference, shown with the e-mail settings)."""

    class Meta:
        model = PlayPreference
        fields = ["auto_pass_count"]
        labels = {"auto_pass_count": _("Pass the Count's decisions automatically")}
        help_texts = {
            "auto_pass_count": _(
                "In games with the Count of Carcassonne, you are not asked (and nobody waits for you) when a "
                "completed feature, your tile or the market round lets you move a follower into or out of the "
                "City: you pass at once."
            )
        }
