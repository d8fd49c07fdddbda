from django import forms
from django.utils.translation import gettext_lazy as _

from .models import MAX_REPORT_NOTE, Report


class ReportForm(forms.Form):
    reason = forms.ChoiceField(label=_("Why?"), choices=Report.Reason.choices, widget=forms.RadioSelect)
    note = forms.CharField(
        label=_("Anything the moderators should know"),
        required=False,
        max_length=MAX_REPORT_NOTE,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    block = forms.BooleanField(
        label=_("Also block this player"),
        required=False,
        help_text=_(
            "They cannot invite you, are never seated with you from the lobby, and you no longer see their chat."
        ),
    )
