"""A tile type's short name in words, built from its segments (``carcassonne.tiles``):
"city cap with a road", "cloister with a road", "crossroads of 3 roads", "straight
river with a cloister and a road".

A name is its main feature (the river, else the cloister, else the cities, else the
roads) "with" what else the tile holds (roads, a cloister, cities, a coat of arms, an
inn, a cathedral, goods). Each piece is translated whole: the main feature once as a
label (lists, pictures) and once as a sentence needs it ("Ann placed *a curved road*",
pgettext ``placed``); what follows "with" once, in the case "with" asks for.
"""

from __future__ import annotations

from functools import lru_cache

from django.utils.translation import get_language, npgettext, pgettext

from carcassonne.tiles import RIVER_END, RIVER_START, TILE_TYPES, Segment, TileType

GOODS = ("wine", "grain", "cloth")


def _opposite(segment: Segment) -> bool:
    return len(segment.edges) == 2 and abs(segment.edges[0] - segment.edges[1]) == 2


def _main(tile: TileType, placed: bool) -> str:
    """The tile's main feature: a label (``placed=False``) or a sentence's object."""
    kinds = [s.kind for s in tile.segments]
    if "river" in kinds:
        return _river(tile, placed)
    if "cloister" in kinds:
        return pgettext("tile placed", "a cloister") if placed else pgettext("tile", "cloister")
    cities = [s for s in tile.segments if s.kind == "city"]
    if cities:
        return _cities(cities, placed)
    roads = [s for s in tile.segments if s.kind == "road"]
    if roads:
        return _roads(roads, placed)
    return pgettext("tile placed", "a field") if placed else pgettext("tile", "field")


def _river(tile: TileType, placed: bool) -> str:
    river = next(s for s in tile.segments if s.kind == "river")
    if tile.id == RIVER_START:
        return pgettext("tile placed", "the river's spring") if placed else pgettext("tile", "river spring")
    if tile.id == RIVER_END or len(river.edges) < 2:
        return pgettext("tile placed", "the river's lake") if placed else pgettext("tile", "river lake")
    if _opposite(river):
        return pgettext("tile placed", "a straight river") if placed else pgettext("tile", "straight river")
    return pgettext("tile placed", "a river bend") if placed else pgettext("tile", "river bend")


def _cities(cities: list[Segment], placed: bool) -> str:
    count = len(cities)
    if count > 1:
        if all(len(c.edges) == 1 for c in cities):
            if placed:
                return npgettext("tile placed", "%(count)d city cap", "%(count)d city caps", count) % {"count": count}
            return npgettext("tile", "%(count)d city cap", "%(count)d city caps", count) % {"count": count}
        if placed:
            return npgettext("tile placed", "%(count)d city", "%(count)d cities", count) % {"count": count}
        return npgettext("tile", "%(count)d city", "%(count)d cities", count) % {"count": count}
    city = cities[0]
    sides = len(city.edges)
    if sides <= 1:
        return pgettext("tile placed", "a city cap") if placed else pgettext("tile", "city cap")
    if sides == 2 and _opposite(city):
        return pgettext("tile placed", "a city across the tile") if placed else pgettext("tile", "city across the tile")
    if sides == 2:
        return pgettext("tile placed", "a city corner") if placed else pgettext("tile", "city corner")
    if sides == 3:
        return pgettext("tile placed", "a three-sided city") if placed else pgettext("tile", "three-sided city")
    return pgettext("tile placed", "a city on all four sides") if placed else pgettext("tile", "city on all four sides")


def _roads(roads: list[Segment], placed: bool) -> str:
    count = len(roads)
    if count == 1 and len(roads[0].edges) == 2:
        if _opposite(roads[0]):
            return pgettext("tile placed", "a straight road") if placed else pgettext("tile", "straight road")
        return pgettext("tile placed", "a curved road") if placed else pgettext("tile", "curved road")
    if count >= 3 and all(len(r.edges) == 1 for r in roads):
        if placed:
            return npgettext(
                "tile placed", "a crossroads of %(count)d road", "a crossroads of %(count)d roads", count
            ) % {"count": count}
        return npgettext("tile", "crossroads of %(count)d road", "crossroads of %(count)d roads", count) % {
            "count": count
        }
    if count == 1:
        return pgettext("tile placed", "a road end") if placed else pgettext("tile", "road end")
    if placed:
        return npgettext("tile placed", "%(count)d road", "%(count)d roads", count) % {"count": count}
    return npgettext("tile", "%(count)d road", "%(count)d roads", count) % {"count": count}


def _extras(tile: TileType) -> list[str]:
    """What the tile holds besides its main feature, each as it reads after "with"."""
    segments = tile.segments
    kinds = [s.kind for s in segments]
    main = "river" if "river" in kinds else "cloister" if "cloister" in kinds else "city" if "city" in kinds else "road"
    extras = []
    if "cloister" in kinds and main == "river":
        extras.append(pgettext("tile with", "a cloister"))
    cities = kinds.count("city")
    if cities and main in ("river", "cloister"):
        extras.append(npgettext("tile with", "a city", "%(count)d cities", cities) % {"count": cities})
    roads = [s for s in segments if s.kind == "road"]
    if roads and main != "road":
        if len(roads) >= 3 and all(len(r.edges) == 1 for r in roads):
            extras.append(pgettext("tile with", "a crossroads"))
        else:
            extras.append(npgettext("tile with", "a road", "%(count)d roads", len(roads)) % {"count": len(roads)})
    pennants = sum(s.pennants for s in segments)
    if pennants:
        extras.append(
            npgettext("tile with", "a coat of arms", "%(count)d coats of arms", pennants) % {"count": pennants}
        )
    attributes = set().union(*(s.attributes for s in segments if s.kind != "field"))
    if "inn" in attributes:
        extras.append(pgettext("tile with", "an inn"))
    if "cathedral" in attributes:
        extras.append(pgettext("tile with", "a cathedral"))
    goods = {
        "wine": pgettext("tile with", "wine"),
        "grain": pgettext("tile with", "grain"),
        "cloth": pgettext("tile with", "cloth"),
    }
    extras.extend(goods[g] for g in GOODS if g in attributes)
    return extras


def _join(items: list[str]) -> str:
    """'a, b and c'."""
    if len(items) == 1:
        return items[0]
    return pgettext("tile with", "%(items)s and %(last)s") % {"items": ", ".join(items[:-1]), "last": items[-1]}


def _name(tile_id: str, placed: bool) -> str:
    tile = TILE_TYPES.get(tile_id)
    if tile is None:
        return tile_id or ""
    main, extras = _main(tile, placed), _extras(tile)
    if not extras:
        return main
    return pgettext("tile", "%(tile)s with %(extras)s") % {"tile": main, "extras": _join(extras)}


@lru_cache(maxsize=2048)
def _cached(tile_id: str, placed: bool, language: str | None) -> str:
    return _name(tile_id, placed)


def tile_name(tile_id: str | None) -> str:
    """The tile type's short name: 'city cap with a road' (its id if the engine has none)."""
    return _cached(tile_id or "", False, get_language())


def tile_phrase(tile_id: str | None) -> str:
    """The tile type as the object of a sentence: 'a city cap with a road'."""
    return _cached(tile_id or "", True, get_language())
