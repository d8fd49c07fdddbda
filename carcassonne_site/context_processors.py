from django.conf import settings


def site(request):
    return {
        "site_name": settings.SITE_NAME,
        # The brand in the page frame. Not "site_name": Django's auth views (log in,
        # password reset) put the host name there.
        "brand_name": settings.SITE_NAME,
        # True when the /outbox/ page is available (DEBUG and no SMTP server).
        "outbox_enabled": settings.DEBUG and settings.OUTBOX_ENABLED,
    }
