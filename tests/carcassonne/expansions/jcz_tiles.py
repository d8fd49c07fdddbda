"""A tile's features in terms both our tiles and JCloisterZone's tile definitions
(``tiles.json``) can be put in, to check an expansion's tiles against JCloisterZone's."""

from carcassonne.tiles import EDGES, HALVES

JCZ_HALF = {"NL": "NNW", "NR": "NNE", "EL": "ENE", "ER": "ESE", "SL": "SSE", "SR": "SSW", "WL": "WSW", "WR": "WNW"}
"""JCloisterZone's half edges, in our names."""


def features_of(tile):
    """Our ``tile``'s features: fields by their half edges ({"I"} inside) and the cities they
    border, other features by their edges and pennants."""
    cities = tile.segments
    out = set()
    for seg in tile.segments:
        if seg.kind == "field":
            halves = frozenset(HALVES[h] for h in seg.halves) or frozenset({"I"})
            borders = frozenset(frozenset(EDGES[e] for e in cities[i].edges) for i in seg.cities)
            out.add(("field", halves, borders))
        else:
            out.add((seg.kind, frozenset(EDGES[e] for e in seg.edges), seg.pennants))
    return out
