"""Celery tasks of the site as a whole: preparing a person's data ("Download my data",
:mod:`accounts.exports`), which gathers what every app holds of them."""

from __future__ import annotations

import logging

from celery import shared_task
from django.db import transaction

from accounts import exports
from accounts.models import DataExport

from .export_mail import tell_ready

log = logging.getLogger(__name__)


@shared_task(ignore_result=True, acks_late=True, reject_on_worker_lost=True)
def prepare_data_export(export_id: int) -> bool:
    """Gather the data of one export and tell its owner (a late or repeated task does nothing)."""
    try:
        done = exports.prepare(export_id)
    except Exception:
        log.exception("could not prepare data export %s", export_id)
        DataExport.objects.filter(pk=export_id, state=DataExport.State.QUEUED).update(state=DataExport.State.FAILED)
        return False
    if done:
        with transaction.atomic():
            tell_ready(DataExport.objects.select_related("user").get(pk=export_id))
    return done


def queue(export_id: int) -> None:
    """Queue the preparation; a broker that is down leaves the export queued, to be asked again."""
    try:
        prepare_data_export.delay(export_id)
    except Exception:
        log.exception("could not queue data export %s", export_id)
