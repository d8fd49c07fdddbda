"""A record entry, stored as the JSON text the engine wrote, byte for byte.

PostgreSQL's ``jsonb`` (Django's JSONField) reorders an object's keys; a record entry
must come back exactly as written (an exported record is the stored entries), so it
is kept as compact JSON text and read back as a dict with its keys in their order.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.db import models


def dumps(entry: dict[str, Any]) -> str:
    """The stored text of an entry: compact JSON, keys in the engine's order."""
    return json.dumps(entry, separators=(",", ":"), ensure_ascii=False)


if TYPE_CHECKING:  # for django-stubs: a model's entry is set and read as a dict (the stubs' TextField is generic)
    _TextField = models.TextField[dict[str, Any] | str, dict[str, Any]]
else:
    _TextField = models.TextField


class EntryField(_TextField):
    description = "A record entry (JSON object text, key order kept)"

    def from_db_value(self, value, expression, connection):
        return None if value is None else json.loads(value)

    def to_python(self, value):
        if value is None or isinstance(value, dict):
            return value
        try:
            data = json.loads(value)
        except (TypeError, ValueError):
            raise ValidationError("a record entry must be a JSON object") from None
        if not isinstance(data, dict):
            raise ValidationError("a record entry must be a JSON object")
        return data

    def get_prep_value(self, value):
        if value is None or isinstance(value, str):
            return value
        return dumps(value)

    def value_to_string(self, obj):
        return self.get_prep_value(self.value_from_object(obj))
