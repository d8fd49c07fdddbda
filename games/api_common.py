"""What the APIs of games and of the apps above it (archive, tournaments, ratings) share
without importing the site: the pages of their lists, as the settings name them, and the
board's content negotiation.

Every list of every API comes in the site's pages (``REST_FRAMEWORK["DEFAULT_PAGINATION_CLASS"]``,
``carcassonne_site.rest.Pages``). The site is the top layer: games, archive, tournaments and
ratings may not import it (pyproject.toml's layers), so they ask DRF's settings for the class."""

from __future__ import annotations

from typing import Any

from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.settings import api_settings


def pages_class() -> Any:
    """The class of the API's pages (a view's ``pagination_class``, which the schema reads)."""
    return api_settings.DEFAULT_PAGINATION_CLASS


class AnyContent(BaseContentNegotiation):
    """The board is SVG whatever the Accept header says (errors are JSON): the game's board
    (``/api/games/<id>/board.svg``) and the archive's (``/api/archive/games/<id>/board.svg``)."""

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type

    def select_parser(self, request, parsers):
        return parsers[0] if parsers else None
