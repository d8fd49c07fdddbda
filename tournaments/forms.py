"""Forms of the tournament pages; the rules of a valid tournament stay in creation.validate."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.forms import RulesFormMixin

from .creation import EDITABLE
from .models import TIEBREAK_LABELS, Tournament
from .standings import TIEBREAKS

TIEBREAK_SLOTS = 4
DEFAULT_MOVE_DAYS = 3  # the form's time per move: a player who lets it run out loses by timeout
ORDINALS = [_("First tiebreak"), _("Second tiebreak"), _("Third tiebreak"), _("Fourth tiebreak")]

# Which fields matter for which format (the page shows only those, static/js/tournament_form.js);
# "knockout_top" fields also show when a main stage ends in a knockout.
FORMAT_FIELDS = {
    "table_size": ["round_robin"],
    "double_round": ["round_robin"],
    "table_rounds": ["round_robin"],
    "swiss_rounds": ["swiss"],
    "late_entries": ["swiss"],
    "knockout_top": ["round_robin", "swiss"],
    "seeding": ["knockout", "knockout_top"],
    "third_place": ["knockout", "knockout_top"],
    "league": ["round_robin"],
    "season": ["round_robin"],
    "division": ["round_robin"],
    "promote": ["round_robin"],
    "relegate": ["round_robin"],
    # a knockout ranks by the round reached: no tiebreak to choose (unless a main stage comes first)
    **{f"tiebreak_{i + 1}": ["round_robin", "swiss"] for i in range(TIEBREAK_SLOTS)},
}


class TournamentForm(RulesFormMixin, forms.ModelForm):
    class Meta:
        model = Tournament
        # every editable field but the rules and the tiebreaks, which the form asks for its own way
        fields = [f for f in EDITABLE if f not in ("rules", "tiebreaks")]
        widgets = {
            "start_date": forms.DateTimeInput(attrs={"type": "datetime-local"}),
            "description": forms.Textarea(attrs={"rows": 3}),
        }
        labels = {
            "name": _("Name"),
            "description": _("Description"),
            "format": _("Format"),
            "table_size": _("Table size"),
            "double_round": _("Double round"),
            "table_rounds": _("Table rounds"),
            "swiss_rounds": _("Swiss rounds"),
            "knockout_top": _("Knockout of the top"),
            "seeding": _("Seeding"),
            "third_place": _("Third-place game"),
            "registration": _("Registration"),
            "min_finished_games": _("Finished games needed to enter"),
            "max_players": _("Most players"),
            "late_entries": _("Late entries"),
            "start_date": _("Start date"),
            "move_days": _("Days per move"),
            "timeout_rule": _("When time runs out"),
            "vacation_allowed": _("Allow vacations"),
            "round_days": _("Days per round"),
            "league": _("League"),
            "season": _("Season"),
            "division": _("Division"),
            "promote": _("Promoted per division"),
            "relegate": _("Relegated per division"),
        }
        help_texts = {
            "table_size": _("Players per game: 2, or tables of 3-5"),
            "table_rounds": _("Tables of 3-5: rounds to play (empty: until everyone has met everyone)"),
            "knockout_top": _("Top N to a knockout after the main stage (0: none)"),
            "late_entries": _("Swiss: players may join after round 1"),
            "move_days": _("Days per move (empty: unlimited)"),
            "round_days": _("Round deadline, in days"),
        }

    stay_out = forms.BooleanField(
        label=_("Stay out: I direct this event but do not play in it"),
        required=False,
        initial=False,
        help_text=_("Left unticked, you are entered as its first player."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.order_fields(["name", "description", "stay_out"])
        # The defaults agree with each other: a clock a timeout can end, in rounds that last longer.
        self.fields["move_days"].initial = DEFAULT_MOVE_DAYS
        self.add_rule_fields()
        choices = [("", _("(none)"))] + [(name, TIEBREAK_LABELS[name][0]) for name in TIEBREAKS]
        for i in range(TIEBREAK_SLOTS):
            self.fields[f"tiebreak_{i + 1}"] = forms.ChoiceField(
                label=ORDINALS[i],
                choices=choices,
                required=False,
                initial="",
                help_text=_(
                    "Ties in the standings are broken by these, in order. All left empty: the format's usual "
                    "order (round robin: head-to-head, Sonneborn-Berger, game points; Swiss: Buchholz, "
                    "Sonneborn-Berger, head-to-head, game points; knockout: none needed)."
                )
                if i == 0
                else "",
            )
        for name, formats in FORMAT_FIELDS.items():
            if name in self.fields:
                self.fields[name].widget.attrs["data-formats"] = " ".join(formats)

    def tiebreak_chain(self) -> list[str]:
        # An API-style "tiebreak_chain" (comma-separated names) is still understood.
        raw = self.data.get("tiebreak_chain")
        if raw is not None and not any(f"tiebreak_{i + 1}" in self.data for i in range(TIEBREAK_SLOTS)):
            return [part.strip() for part in raw.replace(";", ",").split(",") if part.strip()]
        return [name for i in range(TIEBREAK_SLOTS) if (name := self.cleaned_data.get(f"tiebreak_{i + 1}"))]

    def clean(self):
        cleaned = super().clean()
        if not self.errors:
            self.clean_rules()
        chain = self.tiebreak_chain()
        bad = [c for c in chain if c not in TIEBREAKS]
        if bad:
            raise forms.ValidationError(_("Unknown tiebreak: %(names)s") % {"names": ", ".join(bad)})
        if len(set(chain)) != len(chain):
            raise forms.ValidationError(_("Each tiebreak can be chosen once."))
        cleaned["tiebreak_chain"] = chain
        return cleaned

    def service_fields(self) -> dict:
        data = {name: self.cleaned_data.get(name) for name in self.Meta.fields}
        for key in ("table_rounds", "max_players", "move_days", "season", "division", "start_date"):
            if data.get(key) in ("",):
                data[key] = None
        for key in ("promote", "relegate", "min_finished_games", "knockout_top"):
            data[key] = data.get(key) or 0
        if self.cleaned_data["tiebreak_chain"]:  # none chosen: creation takes the format's usual order
            data["tiebreaks"] = self.cleaned_data["tiebreak_chain"]
        data["rules"] = self.rules()
        data["description"] = data.get("description") or ""
        data["league"] = data.get("league") or ""
        return data
