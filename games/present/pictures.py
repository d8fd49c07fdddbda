"""The board pictures' words: every label and tooltip of :mod:`games.board_svg` goes
through the site's translation.

The pictures stay free of Django: the games app hands Django's gettext to
:func:`use_translation` at start-up; without it, as in a plain script, the words stay English.
"""

from __future__ import annotations

from collections.abc import Callable

_gettext: Callable[[str], str] = str


def _english_ngettext(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


_ngettext: Callable[[str, str, int], str] = _english_ngettext


def _english_figure(figure: str, spot: str) -> str:
    return f"{figure} on {spot}"


_figure_words: Callable[[str, str], str] = _english_figure


def use_translation(
    gettext: Callable[[str], str],
    ngettext: Callable[[str, str, int], str],
    figure_words: Callable[[str, str], str] | None = None,
) -> None:
    """Translate the pictures' words with these functions (the games app passes Django's at
    start-up, and ``figure_words``: a figure on its spot in the reader's words; without
    them, as in a plain script, the words stay English and spots are their codes)."""
    global _gettext, _ngettext, _figure_words
    _gettext, _ngettext = gettext, ngettext
    if figure_words is not None:
        _figure_words = figure_words


def figure_words(figure: str, spot: str) -> str:
    """A figure on a spot in the reader's words ('knight in the city (north)')."""
    return _figure_words(figure, spot)


def _(message: str) -> str:
    """``message`` in the active language (marked for ``makemessages``)."""
    return _gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural ``message`` for ``n`` in the active language (marked for ``makemessages``)."""
    return _ngettext(singular, plural, n)
