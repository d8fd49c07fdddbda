"""Download my data (the EU's rights of access and portability): one zip file with
everything the site holds of a person, prepared by a worker (``carcassonne_site.tasks``),
offered by a link until it expires (``DATA_EXPORT_DAYS``), then deleted by housekeeping.

The account's own data is ``profile.json``; every app above accounts adds its files as a
receiver of :data:`accounts.signals.personal_data` (games as NOTATION.md records,
``games/<id>.json``, each replays with ``python -m carcassonne replay``)."""

from __future__ import annotations

import io
import json
import secrets
import zipfile
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import ngettext

from . import erasure, language, signals
from .models import DataExport, User

STALE_AFTER = timedelta(minutes=30)
"""A file being prepared this long (its worker died, its task was lost) may be asked for again."""
FORGET_AFTER = timedelta(days=30)
"""Rows of old exports (without their file) are kept this long: they count in the daily limit."""


class TooManyExports(Exception):
    """Past ``DATA_EXPORTS_PER_DAY``; ``str()`` says so, for a person."""


def days() -> int:
    return int(getattr(settings, "DATA_EXPORT_DAYS", 7))


def latest(user) -> DataExport | None:
    return DataExport.objects.filter(user=user).defer("content").first()


def request_export(user) -> tuple[DataExport, bool]:
    """The export being prepared for ``user``, or a new one (``True``: queue its task)."""
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=user.pk).first()  # one request at a time per person
        pending = DataExport.objects.filter(
            user=user, state=DataExport.State.QUEUED, requested_at__gte=timezone.now() - STALE_AFTER
        ).first()
        if pending is not None:
            return pending, False
        limit = int(getattr(settings, "DATA_EXPORTS_PER_DAY", 3))
        if DataExport.objects.filter(user=user, requested_at__gte=timezone.now() - timedelta(days=1)).count() >= limit:
            raise TooManyExports(
                ngettext(
                    "You can ask for your data %(count)d time a day: use the file you have, or try again tomorrow.",
                    "You can ask for your data %(count)d times a day: use the file you have, or try again tomorrow.",
                    limit,
                )
                % {"count": limit}
            )
        return DataExport.objects.create(user=user, token=secrets.token_urlsafe(32)), True


def prepare(export_id: int) -> bool:
    """Gather the data of a queued export into its zip file; ``False`` when there is nothing
    to do (done already, or gone)."""
    export = DataExport.objects.filter(pk=export_id, state=DataExport.State.QUEUED).select_related("user").first()
    if export is None:
        return False
    content = zip_of(export.user)
    now = timezone.now()
    return bool(
        DataExport.objects.filter(pk=export_id, state=DataExport.State.QUEUED).update(
            content=content,
            size=len(content),
            state=DataExport.State.READY,
            ready_at=now,
            expires_at=now + timedelta(days=days()),
        )
    )


def files_of(user) -> dict[str, object]:
    """Every file of ``user``'s export, by path."""
    files: dict[str, object] = {"profile.json": profile(user)}
    for _receiver, found in signals.personal_data.send(sender=User, user=user):
        if isinstance(found, dict):
            files.update(found)
    with language.override_for(user):
        files["README.txt"] = render_to_string(
            "accounts/export_readme.txt", {"user": user, "site_name": settings.SITE_NAME, "files": sorted(files)}
        )
    return files


def zip_of(user) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, content in sorted(files_of(user).items()):
            if not isinstance(content, bytes | str):
                content = json.dumps(content, indent=2, ensure_ascii=False, default=str) + "\n"
            archive.writestr(path, content)
    return buffer.getvalue()


def redact(old_name: str, addresses: list[str], neutral_name: str) -> int:
    """Files already prepared for others that name a deleted person take the neutral name, and
    lose the person's addresses, as the rest of the site does; returns how many changed."""
    changed = 0
    for export in DataExport.objects.filter(state=DataExport.State.READY, content__isnull=False):
        content = _redacted_zip(bytes(export.content or b""), old_name, addresses, neutral_name)
        if content is not None:
            DataExport.objects.filter(pk=export.pk).update(content=content, size=len(content))
            changed += 1
    return changed


def _redacted_zip(content: bytes, old_name: str, addresses: list[str], neutral_name: str) -> bytes | None:
    """``content`` (a zip) with the person's name and addresses replaced, or None if none is in it."""
    needles = [n.lower() for n in (old_name, *addresses) if n]
    files = {}
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        for info in archive.infolist():
            files[info.filename] = archive.read(info)
    found = False
    for path, data in files.items():
        try:
            text = data.decode()
        except UnicodeDecodeError:  # no text, so no name in it
            continue
        if any(needle in text.lower() for needle in needles):
            found = True
            text = erasure.blank_addresses(erasure.replace_name(text, old_name, neutral_name), addresses)
            files[path] = text.encode()
    if not found:
        return None
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in files.items():
            archive.writestr(path, data)
    return buffer.getvalue()


def profile(user) -> dict:
    return {
        "username": user.username,
        "email": user.email,
        "email_waiting_for_confirmation": user.pending_email,
        "first_name": user.first_name,
        "last_name": user.last_name,
        "date_joined": user.date_joined,
        "last_login": user.last_login,
        "language": user.language,
        "last_language_used": user.last_language,
        "blocked_players": list(user.blocks.order_by("blocked__username").values_list("blocked__username", flat=True)),
    }


def ready(user, token: str) -> DataExport | None:
    """``user``'s file behind the link ``token``, while it may be downloaded."""
    return DataExport.objects.filter(
        user=user, token=token, state=DataExport.State.READY, expires_at__gt=timezone.now()
    ).first()


def filename(export: DataExport) -> str:
    return f"{settings.SITE_NAME.lower().replace(' ', '-')}-data-{export.requested_at:%Y-%m-%d}.zip"


def expire(now=None) -> dict:
    """Housekeeping: files past their time are deleted; old rows are forgotten."""
    now = now or timezone.now()
    expired = (
        DataExport.objects.filter(expires_at__lte=now)
        .exclude(state=DataExport.State.EXPIRED)
        .update(content=None, size=0, state=DataExport.State.EXPIRED)
    )
    forgotten = DataExport.objects.filter(requested_at__lt=now - FORGET_AFTER).delete()[0]
    return {"data_exports_expired": expired, "data_exports_forgotten": forgotten}


def describe(export: DataExport | None) -> dict:
    """What the page and the API say of an export (no file)."""
    if export is None:
        return {"state": "none", "requested_at": None, "ready_at": None, "expires_at": None, "size": 0}
    if export.state == DataExport.State.READY and export.expires_at and export.expires_at <= timezone.now():
        export.state = DataExport.State.EXPIRED
    return {
        "state": export.state,
        "requested_at": export.requested_at,
        "ready_at": export.ready_at,
        "expires_at": export.expires_at,
        "size": export.size,
    }
