"""Which language a person reads the site and their e-mails in.

A signed-in user's saved setting wins; without one, the site follows the browser
(the footer's switcher, else ``Accept-Language``) and remembers the last language the
user read it in, so that e-mails sent while they are away are written in it too."""

from __future__ import annotations

from django.conf import settings
from django.utils import translation


def supported(code: str | None) -> str:
    """``code`` if it is one of the site's languages (``de-at`` counts as ``de``), else ``""``."""
    if not code:
        return ""
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return ""


def for_user(user) -> str:
    """The language to write to ``user`` in: their setting, else the one they last used."""
    if user is None:
        return settings.LANGUAGE_CODE
    return supported(user.language) or supported(user.last_language) or settings.LANGUAGE_CODE


def override_for(user):
    """A context manager: strings inside it are translated for ``user`` (e-mails)."""
    return translation.override(for_user(user))
