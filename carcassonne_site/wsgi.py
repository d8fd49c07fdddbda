import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "carcassonne_site.settings")

application = get_wsgi_application()

# Replaying a game allocates many small objects; keep the garbage collector's full
# passes off everything loaded at start-up (long-lived, never garbage).
gc.freeze()
