"""Forms of the tournament pages; the rules of a valid tournament stay in services."""

from __future__ import annotations

from django import forms

from games.forms import RulesFormMixin

from .models import Tournament
from .standings import TIEBREAKS


class TournamentForm(RulesFormMixin, forms.ModelForm):
    tiebreak_chain = forms.CharField(
        label="Tiebreaks, in order",
        required=False,
        initial="buchholz, sonneborn_berger, head_to_head, game_points",
        help_text="Comma-separated, from: " + ", ".join(TIEBREAKS),
    )

    class Meta:
        model = Tournament
        fields = [
            "name", "description", "format", "table_size", "double_round", "table_rounds", "swiss_rounds",
            "knockout_top", "seeding", "third_place", "registration", "min_finished_games", "max_players",
            "late_entries", "start_date", "move_days", "timeout_rule", "vacation_allowed", "round_days",
            "league", "season", "division", "promote", "relegate",
        ]
        widgets = {
            "start_date": forms.DateTimeInput(attrs={"type": "datetime-local"}),
            "description": forms.Textarea(attrs={"rows": 3}),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.add_rule_fields()

    def clean(self):
        cleaned = super().clean()
        if not self.errors:
            self.clean_rules()
        return cleaned

    def clean_tiebreak_chain(self):
        raw = self.cleaned_data.get("tiebreak_chain") or ""
        chain = [part.strip() for part in raw.replace(";", ",").split(",") if part.strip()]
        bad = [c for c in chain if c not in TIEBREAKS]
        if bad:
            raise forms.ValidationError(f"Unknown tiebreak: {', '.join(bad)}")
        if len(set(chain)) != len(chain):
            raise forms.ValidationError("A tiebreak appears twice.")
        return chain

    def service_fields(self) -> dict:
        data = {name: self.cleaned_data.get(name) for name in self.Meta.fields}
        for key in ("table_rounds", "max_players", "move_days", "season", "division", "start_date"):
            if data.get(key) in ("",):
                data[key] = None
        for key in ("promote", "relegate", "min_finished_games", "knockout_top"):
            data[key] = data.get(key) or 0
        data["tiebreaks"] = self.cleaned_data["tiebreak_chain"]
        data["rules"] = self.rules()
        data["description"] = data.get("description") or ""
        data["league"] = data.get("league") or ""
        return data
