"""The static files' storage in production (``STORAGES["staticfiles"]`` with DEBUG off).

WhiteNoise's compressed manifest storage: each file also under a name with its content's
hash, which browsers keep for a year. It also rewrites the imports between the site's ES
modules (static/js/) to those hashed names (Django's ``support_js_module_import_aggregation``):
without it, ``turn.<hash>.js`` would import ``./board.js`` while the page loads
``board.<hash>.js``, two copies of one module with a state each."""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True
