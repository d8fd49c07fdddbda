import gc
import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "carcassonne_site.settings")

application = get_wsgi_application()
# Import every view now, not in a worker's first request (about a second): a fresh worker
# answers its first request, a health probe say, as fast as the next ones.
get_resolver().resolve("/health/")

# Replaying a game allocates many small objects; keep the garbage collector's full
# passes off everything loaded at start-up (long-lived, never garbage).
gc.freeze()
