"""The e-mail that tells a person their data is ready to download (sent by the task that
prepared it, :func:`carcassonne_site.tasks.prepare_data_export`)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from accounts import language
from games import dates
from notifications.models import Category, Notification
from notifications.outbox import notify


def tell_ready(export) -> None:
    """E-mail the owner that the file is ready, with its link (in their language; sent
    whatever their e-mail settings: they asked for it)."""
    user = export.user
    path = reverse("your-data-download", args=[export.token])
    with language.override_for(user):
        data = {
            "subject": _("Your data is ready to download"),
            "lines": [
                _("The file with your data is ready."),
                _("The link works until %(date)s, for you only (you may be asked to log in).")
                % {"date": dates.long_date(export.expires_at, with_time=True) + " UTC"},
            ],
            "path": path,
            "button": _("Download your data"),
        }
    notify(
        Notification.Kind.MESSAGE,
        Category.GAME,
        key=f"data-export:{export.pk}",
        user=user,
        data=data,
        quiet_when_active=False,
        always=True,
    )
