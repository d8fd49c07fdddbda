from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from carcassonne import IllegalMove, RecordError
from carcassonne.record import parse, replay
from games.present.vocabulary import illegal_move_reason
from games.text import has_lone_surrogate

MAX_RECORD_BYTES = 1_000_000


class RecordUploadForm(forms.Form):
    """A NOTATION.md record to check: a file or pasted text (the file wins)."""

    file = forms.FileField(required=False, label=_("Record file"), help_text=_("A .json record (up to 1 MB)."))
    text = forms.CharField(
        required=False,
        label=_("…or paste the record"),
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false", "class": "mono"}),
    )

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload is not None:
            if upload.size > MAX_RECORD_BYTES:
                raise forms.ValidationError(_("the file is larger than 1 MB"))
            raw = upload.read()
            try:
                text = raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError(_("the file is not UTF-8 text")) from None
        else:
            text = (data.get("text") or "").strip()
        if not text:
            raise forms.ValidationError(_("choose a record file or paste a record"))
        if len(text.encode()) > MAX_RECORD_BYTES:
            raise forms.ValidationError(_("the record is larger than 1 MB"))
        self.record_error = None
        try:
            record = parse(text)
            if has_lone_surrogate(record):  # no page could show its names
                raise forms.ValidationError(
                    _("The record is not valid: %(reason)s")
                    % {"reason": _("it contains a lone surrogate (an escape such as \\ud800 without its pair)")}
                )
            engine = replay(record)
        except RecordError as exc:
            if isinstance(exc.__context__, IllegalMove):  # the engine's reason, in the reader's language
                exc.reason = illegal_move_reason(exc.__context__)
            self.record_error = exc
            if exc.move_number is not None:
                message = _("Move %(number)d is illegal: %(reason)s") % {
                    "number": exc.move_number,
                    "reason": exc.reason,
                }
            else:
                message = _("The record is not valid: %(reason)s") % {"reason": exc.reason}
            raise forms.ValidationError(message) from None
        data["record"] = record
        data["record_text"] = text
        data["engine"] = engine
        return data
