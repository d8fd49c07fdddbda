"""Celery application. Settings come from Django settings prefixed CELERY_."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "carcassonne_site.settings")

app = Celery("carcassonne_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
