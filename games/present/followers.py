"""The base game's words that the expansions' words build on: directions and followers
by the spot they stand on. ``games.present.vocabulary`` holds every word of the site; the
expansions' modules (``games.present.expansions``) use these to say where their figures go."""

from __future__ import annotations

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
