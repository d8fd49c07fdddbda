"""The language of a signed-in user's pages (after ``LocaleMiddleware``, which chose the
visitor's language from the cookie or ``Accept-Language``)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils import translation

from .language import supported


class UserLanguageMiddleware:
    """A saved language wins over the browser's; without one, the language the user reads
    the site in is remembered (one write when it changes) for their e-mails."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            saved = supported(user.language)
            if saved:
                translation.activate(saved)
                request.LANGUAGE_CODE = saved
            elif supported(request.LANGUAGE_CODE) != user.last_language:
                user.last_language = supported(request.LANGUAGE_CODE)
                get_user_model().objects.filter(pk=user.pk).update(last_language=user.last_language)
        return self.get_response(request)
