"""The "Your data" page (the account menu): download my data (:mod:`accounts.exports`, the
file prepared by :func:`carcassonne_site.tasks.prepare_data_export`, offered by an expiring
link, also e-mailed), and the way to delete the account; and the privacy page (what is
kept, why and for how long)."""

from __future__ import annotations

from datetime import timedelta
from functools import partial

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts import exports
from games import durations

from . import tasks
from .middleware import uncompressed


def ask_for_data(user):
    """A new or pending export of ``user``'s data, its task queued after the commit;
    raises :class:`accounts.exports.TooManyExports` past the daily limit."""
    export, new = exports.request_export(user)
    if new:
        transaction.on_commit(partial(tasks.queue, export.pk))
    return export


@login_required
@require_http_methods(["GET", "POST"])
@uncompressed  # the page shows the download link (its token) and echoes the query string
def your_data(request):
    status = 200
    if request.method == "POST":
        try:
            ask_for_data(request.user)
        except exports.TooManyExports as exc:
            messages.error(request, str(exc))
            status = 429
        else:
            messages.success(request, _("Your data is being prepared: this page and an e-mail give you the link."))
            return redirect("your-data")
    export = exports.latest(request.user)
    context = {
        "export": exports.describe(export),
        "download_url": reverse("your-data-download", args=[export.token]) if export else "",
        "days": exports.days(),
    }
    return render(request, "privacy/your_data.html", context, status=status)


def zip_response(export) -> HttpResponse:
    response = HttpResponse(bytes(export.content), content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="{exports.filename(export)}"'
    response["Cache-Control"] = "private, no-store"
    return response


@login_required
def download(request, token: str):
    export = exports.ready(request.user, token)
    if export is None:
        context = {"title": _("This link has expired"), "text": _("Ask for your data again on the page “Your data”.")}
        return render(request, "privacy/gone.html", context, status=404)
    return zip_response(export)


def privacy_page(request):
    """What the site keeps of a person, why and for how long (the spans from the settings)."""
    day = 24 * 3600
    seconds = {
        "outbox": settings.OUTBOX_BODY_DAYS * day,
        "inbound": settings.INBOUND_ADDRESS_DAYS * day,
        "session": settings.SESSION_COOKIE_AGE,
        "login_link": settings.NOTIFICATIONS_LOGIN_LINK_MAX_AGE,
        "login_log": settings.LOGIN_LOG_DAYS * day,
        "cooloff": settings.AXES_COOLOFF_TIME.total_seconds(),
        "export": exports.days() * day,
        "language_cookie": settings.LANGUAGE_COOKIE_AGE,
    }
    spans = {name: durations.describe(timedelta(seconds=value)) for name, value in seconds.items()}
    return render(request, "privacy/privacy.html", {"spans": spans})
