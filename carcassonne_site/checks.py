"""System checks of the site's own settings."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.core.checks import Error, Tags, register


@register(Tags.security, deploy=False)
def site_url_check(app_configs=None, **kwargs):
    """Links in e-mails are absolute: production needs SITE_URL (e.g. https://example.org)."""
    if settings.DEBUG:
        return []
    url = getattr(settings, "SITE_URL", "")
    parts = urlsplit(url)
    if not url or parts.scheme not in ("http", "https") or not parts.hostname:
        return [
            Error(
                "SITE_URL must be set when DEBUG is off, e.g. SITE_URL=https://example.org",
                hint="Links in e-mails (turns, invitations, password resets) start with it.",
                id="carcassonne.E001",
            )
        ]
    return []
