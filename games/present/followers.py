"""The base game's words that the expansions' words build on: directions and followers
by the spot they stand on. ``games.present.vocabulary`` holds every word of the site; the
expansions' modules (``games.present.expansions``) use these to say where their figures go."""

from __future__ import annotations

import re

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

DIRECTION_LABELS = {
    "N": _("north"),
    "E": _("east"),
    "S": _("south"),
    "W": _("west"),
    "NE": _("north-east"),
    "NW": _("north-west"),
    "SE": _("south-east"),
    "SW": _("south-west"),
}


def side_label(where: str) -> str:
    """A spot's side in words: 'north' for ``N``; a field's half edge (``NNE``: the north
    edge's eastern half, ``ENE``: the east edge's northern half) as the nearest of the eight
    directions, 'north-east' (``ESE``, the east edge's other half, is 'south-east')."""
    if len(where) == 3:  # the edge, then the corner its half lies towards
        letters = set(where)
        where = "".join(c for c in "NS" if c in letters) + "".join(c for c in "EW" if c in letters)
    return str(DIRECTION_LABELS.get(where, where))


FOLLOWER_ON = {
    "road": _("thief on the road"),
    "city": _("knight in the city"),
    "cloister": _("monk in the cloister"),
    "field": _("farmer in the field"),
}
"""A follower as it is named by the feature it stands on (move lists, e-mails)."""


FOLLOWER_PUT = {
    "road": _("a thief on the road"),
    "city": _("a knight in the city"),
    "cloister": _("a monk in the cloister"),
    "field": _("a farmer in the field"),
}
"""A follower as the object of "placed ... and put": 'Ann placed a curved road and put a thief on the road'."""


def follower_put(spot: str) -> str:
    """'a knight in the city (north)', 'a monk in the cloister'."""
    kind, _sep, where = spot.partition(":")
    text = str(FOLLOWER_PUT.get(kind, spot))
    if where:
        return gettext("%(follower)s (%(side)s)") % {"follower": text, "side": side_label(where)}
    return text


def follower_on(spot: str | None) -> str:
    """'knight in the city (north)', 'monk in the cloister'; '' for none."""
    if not spot:
        return ""
    kind, _sep, where = spot.partition(":")
    text = str(FOLLOWER_ON.get(kind, spot))
    if where:
        return gettext("%(follower)s (%(side)s)") % {"follower": text, "side": side_label(where)}
    return text


# The notation's spots (NOTATION.md: ``city:N``, ``large city:N``) in the words of German,
# French and Italian, as turn e-mails and refusals show them and as a reply may write them back.
NOTATION_FIGURES = ("follower", "large", "builder", "pig", "mayor", "wagon")
"""The figures' words in the notation (``follower`` is the default and not written)."""
SHOWN_FEATURES = {
    "de": {"city": "Stadt", "road": "Straße", "field": "Wiese", "cloister": "Kloster"},
    "fr": {"city": "ville", "road": "route", "field": "pré", "cloister": "abbaye"},
    "it": {"city": "città", "road": "strada", "field": "campo", "cloister": "monastero"},
}
SHOWN_SIDES = {"de": str.maketrans("E", "O"), "fr": str.maketrans("W", "O"), "it": str.maketrans("W", "O")}
SHOWN_FIGURES = {
    "de": {"large": "großer", "builder": "Baumeister", "pig": "Schwein", "mayor": "Bürgermeister", "wagon": "Wagen"},
    "fr": {"large": "grand", "builder": "bâtisseur", "pig": "cochon", "mayor": "maire", "wagon": "chariot"},
    "it": {"large": "grande", "builder": "costruttore", "pig": "maiale", "mayor": "borgomastro", "wagon": "carro"},
}
_SHOWN_FIGURE = r"(?:(?P<figure>" + "|".join(NOTATION_FIGURES[1:]) + r") )?"
SHOWN_SPOT_RE = re.compile(r"\b" + _SHOWN_FIGURE + r"(?P<feature>city|road|field|cloister)(?::(?P<side>\w+))?\b")


def local_spots(text: str, language: str) -> str:
    """The notation's spots in ``text`` as ``language`` shows them, in words a reply may use
    (read back by ``notifications.replies.parse.english_spots``): ``road:E`` → ``Straße:O``,
    ``field:WNW`` → ``pré:ONO``, ``large city:N`` → ``grande ville:N`` (``grand pré``);
    English text is left as it is."""
    features = SHOWN_FEATURES.get(language)
    if not features:
        return text

    def shown(m: re.Match) -> str:
        figure = SHOWN_FIGURES[language].get(m["figure"] or "", m["figure"])
        if figure == "grand" and m["feature"] != "field":  # French: grande ville, route, abbaye
            figure = "grande"
        side = m["side"]
        if side and not side.startswith("inner"):
            side = side.translate(SHOWN_SIDES[language])
        word = features[m["feature"]] + (f":{side}" if side else "")
        return f"{figure} {word}" if figure else word

    return SHOWN_SPOT_RE.sub(shown, text)
