"""The PNG pictures of e-mails (most mail clients show no SVG), drawn from the site's own
SVG: the board and the drawn tile.

libvips (``pyvips``, its library shipped in the ``pyvips-binary`` wheel) draws them: a
board of about 60 tiles at 1,120 px takes it some 45 ms of CPU, where cairosvg took some
190, the same picture but for the smoothing of edges (``manage.py bench_email``,
tests/notifications/test_email_pictures.py). cairosvg stays the way when libvips cannot be
loaded. A tile's picture is kept by the process (a few dozen tile
types); a board's picture that several people receive (the game over) is kept a few
minutes in the shared cache, so that it is drawn once whichever worker builds which
e-mail.
"""

from __future__ import annotations

import hashlib
import logging
import re
from functools import cache, lru_cache

from django.core.cache import cache as shared_cache

logger = logging.getLogger(__name__)

SHARED_SECONDS = 600
"""How long a picture several e-mails show is kept (they are built within seconds)."""

_SVG_WIDTH = re.compile(r'<svg[^>]*?\swidth="([\d.]+)(?:px)?"')


@cache
def _vips():
    """The pyvips module with its library loaded, or ``None`` (cairosvg draws then)."""
    try:
        import pyvips

        pyvips.cache_set_max(0)  # every picture is new: nothing to keep between operations
        logging.getLogger("pyvips").setLevel(logging.WARNING)  # not a line per picture in the worker's log
        return pyvips
    except Exception:  # noqa: BLE001 - a missing library (ImportError, OSError, cffi's errors)
        logger.warning("libvips could not be loaded: e-mail pictures are drawn by cairosvg")
        return None


def png(svg: str, width: int | None = None, *, shared: bool = False) -> bytes:
    """``svg`` as a PNG ``width`` pixels wide (its own width if ``None``). ``shared``: the
    same picture goes into several e-mails: drawn once, then taken from the shared cache."""
    if not shared:
        return _draw(svg, width)
    key = "email-png:" + hashlib.sha256(f"{width}:{svg}".encode()).hexdigest()
    try:
        kept = shared_cache.get(key)
    except Exception:  # noqa: BLE001 - without the cache the picture is drawn again
        kept = None
    if kept is not None:
        return kept
    drawn = _draw(svg, width)
    try:
        shared_cache.set(key, drawn, SHARED_SECONDS)
    except Exception:  # noqa: BLE001  (whatever the cache raises, the picture is drawn: it is only kept)
        logger.warning("could not keep an e-mail picture in the cache")
    return drawn


@lru_cache(maxsize=256)
def tile_png(svg: str) -> bytes:
    """A tile's picture, kept by the process (``svg``: its drawing, at the size wanted)."""
    return _draw(svg, None)


def _draw(svg: str, width: int | None) -> bytes:
    vips = _vips()
    if vips is None:
        import cairosvg

        return cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=width)
    scale = 1.0
    match = _SVG_WIDTH.search(svg)
    if width and match:
        scale = width / float(match.group(1))
    return vips.Image.svgload_buffer(svg.encode("utf-8"), scale=scale).pngsave_buffer()
