from django.conf import settings


def games_waiting(user) -> int:
    """Active games where it is ``user``'s turn (one query; the nav shows the count)."""
    if not settings.HAS_GAMES_APP or not user.is_authenticated:
        return 0
    from django.db.models import F

    from games.models import Game, Seat

    return Game.objects.filter(
        status=Game.Status.ACTIVE,
        seats__user=user,
        seats__state=Seat.State.JOINED,
        seats__position=F("current_seat"),
    ).count()


def site(request):
    user = getattr(request, "user", None)
    return {
        # Called by the template only where it is shown (a callable is evaluated lazily).
        "games_waiting": (lambda: games_waiting(user)) if user is not None else 0,
        "your_turn_poll_ms": int(getattr(settings, "YOUR_TURN_POLL_SECONDS", 30) * 1000),
        "site_name": settings.SITE_NAME,
        # The brand in the page frame. Not "site_name": Django's auth views (log in,
        # password reset) put the host name there.
        "brand_name": settings.SITE_NAME,
        # True when the /outbox/ page is available (DEBUG and no SMTP server).
        "outbox_enabled": settings.DEBUG and settings.OUTBOX_ENABLED,
        # The footer's language menu names each language in itself ("English", "Deutsch", ...),
        # never through the catalogue ({% get_available_languages %} would say "Englisch").
        "languages_in_themselves": settings.LANGUAGES,
    }
