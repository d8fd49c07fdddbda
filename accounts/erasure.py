"""Helpers for erasing a person: their name replaced in stored texts, and the keyed digest
under which a deleted name is remembered (so that it is never given out again) without
keeping the name itself.

Every app's receiver of :data:`accounts.signals.account_deleted` uses them on its own
tables; nothing here knows those tables."""

from __future__ import annotations

import re
from typing import Any

from django.conf import settings
from django.utils.crypto import salted_hmac

from .names import skeleton

DIGEST_SALT = "accounts.retired-name"


def name_digests(name: str) -> list[str]:
    """The digests of ``name``'s skeleton under the secret key and its fallbacks (a key
    rotated with ``SECRET_KEY_FALLBACKS`` still recognises the names retired before)."""
    secrets = [settings.SECRET_KEY, *getattr(settings, "SECRET_KEY_FALLBACKS", [])]
    return [
        salted_hmac(DIGEST_SALT, skeleton(name), secret=secret, algorithm="sha256").hexdigest() for secret in secrets
    ]


def name_pattern(old: str) -> re.Pattern:
    """``old`` as a whole word (not inside a longer name), any case."""
    return re.compile(rf"(?<![\w.@+-]){re.escape(old)}(?![\w@+-]|\.\w)", re.IGNORECASE)


def replace_name(text: str, old: str, new: str) -> str:
    """``text`` with every mention of the name ``old`` replaced by ``new``."""
    if not old or not isinstance(text, str) or old.lower() not in text.lower():
        return text
    return name_pattern(old).sub(new.replace("\\", r"\\"), text)


def replace_in_json(value: Any, old: str, new: str) -> Any:
    """A JSON value (dicts, lists, strings) with the name ``old`` replaced by ``new``
    in every string, keys included."""
    if isinstance(value, str):
        return replace_name(value, old, new)
    if isinstance(value, list):
        return [replace_in_json(item, old, new) for item in value]
    if isinstance(value, dict):
        return {replace_name(k, old, new): replace_in_json(v, old, new) for k, v in value.items()}
    return value


def mentions(value: Any, needles: list[str]) -> bool:
    """Whether any string in the JSON ``value`` holds one of ``needles`` (any case)."""
    if isinstance(value, str):
        low = value.lower()
        return any(n and n.lower() in low for n in needles)
    if isinstance(value, list):
        return any(mentions(item, needles) for item in value)
    if isinstance(value, dict):
        return any(mentions(k, needles) or mentions(v, needles) for k, v in value.items())
    return False


def blank_addresses(value: Any, addresses: list[str], replacement: str = "") -> Any:
    """A JSON value with every string equal to one of ``addresses`` (any case) blanked,
    and the addresses inside longer strings replaced."""
    lowered = {a.lower() for a in addresses if a}
    if not lowered:
        return value
    if isinstance(value, str):
        if value.lower() in lowered:
            return replacement
        for address in lowered:
            value = re.sub(re.escape(address), replacement, value, flags=re.IGNORECASE)
        return value
    if isinstance(value, list):
        return [blank_addresses(item, addresses, replacement) for item in value]
    if isinstance(value, dict):
        return {k: blank_addresses(v, addresses, replacement) for k, v in value.items()}
    return value
