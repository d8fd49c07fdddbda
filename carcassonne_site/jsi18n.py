"""The JavaScript catalogue (the turn controls' words), one URL per language.

The language is in the URL, not taken from the request's cookie or Accept-Language:
a page in German loads /jsi18n/de/, so after a change of language the browser asks
for a new URL at once instead of keeping the old language's catalogue for an hour.
"""

from django.conf import settings
from django.http import Http404
from django.utils import translation
from django.views.decorators.cache import cache_page
from django.views.i18n import JavaScriptCatalog

_view = JavaScriptCatalog.as_view()


@cache_page(3600)
def catalogue(request, language):
    if language not in dict(settings.LANGUAGES):
        raise Http404("No such language.")
    with translation.override(language):
        return _view(request)
