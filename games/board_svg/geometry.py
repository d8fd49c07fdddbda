"""Small geometry of a tile in 0..100 units: turning, curves, polylines, path text.

Geometry follows ``docs/rules/NOTATION.md``: ``x`` grows east, ``y`` grows south.

>>> turn((25, 0), 1)
(100, 25)
>>> path_data([(0, 0), (12.345, 50)], closed=True)
'M0,0 L12.3,50 Z'
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from games.board_svg.palette import UNIT

Point = tuple[float, float]

EDGE_MID: tuple[Point, ...] = ((50, 0), (100, 50), (50, 100), (0, 50))
HALF_ANCHOR: tuple[Point, ...] = ((25, 0), (75, 0), (100, 25), (100, 75), (75, 100), (25, 100), (0, 75), (0, 25))
CENTRE: Point = (50, 50)


def turn(p: Point, quarter_turns: int) -> Point:
    """``p`` turned clockwise about the tile centre by ``quarter_turns`` × 90°."""
    x, y = p
    for _turns in range(quarter_turns & 3):
        x, y = UNIT - y, x
    return x, y


def turned(points: Iterable[Point], quarter_turns: int) -> list[Point]:
    return [turn(p, quarter_turns) for p in points]


def cubic(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 12) -> list[Point]:
    out = []
    for i in range(n + 1):
        t = i / n
        a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t**3
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return out


def quad(p0: Point, p1: Point, p2: Point, n: int = 12) -> list[Point]:
    out = []
    for i in range(n + 1):
        t = i / n
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def fmt(v: float) -> str:
    r = round(v, 1)
    return str(int(r)) if r == int(r) else str(r)


def path_data(points: list[Point], closed: bool = False) -> str:
    d = "M" + " L".join(f"{fmt(x)},{fmt(y)}" for x, y in points)
    return d + " Z" if closed else d


def inside(p: Point, polygon: list[Point]) -> bool:
    """Whether ``p`` lies inside ``polygon`` (even-odd rule)."""
    x, y = p
    within = False
    j = len(polygon) - 1
    for i in range(len(polygon)):
        xi, yi = polygon[i]
        xj, yj = polygon[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            within = not within
        j = i
    return within


def distance_to_line(p: Point, line: list[Point]) -> float:
    best = math.inf
    px, py = p
    for (ax, ay), (bx, by) in zip(line, line[1:]):
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
        cx, cy = ax + t * dx, ay + t * dy
        best = min(best, math.hypot(px - cx, py - cy))
    return best


def along(line: list[Point], distance: float) -> Point:
    """The point ``distance`` units along a polyline from its first point."""
    for (ax, ay), (bx, by) in zip(line, line[1:]):
        step = math.hypot(bx - ax, by - ay)
        if step >= distance and step > 0:
            t = distance / step
            return ax + t * (bx - ax), ay + t * (by - ay)
        distance -= step
    return line[-1]


def wiggle(line: list[Point], amplitude: float) -> list[Point]:
    """Bend a polyline sideways by a sine that is zero at both ends (a river's meander)."""
    out = [line[0]]
    n = len(line) - 1
    for i in range(1, n):
        (ax, ay), (bx, by) = line[i - 1], line[i + 1]
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy) or 1.0
        s = amplitude * math.sin(2 * math.pi * i / n)
        x, y = line[i]
        out.append((x - dy / length * s, y + dx / length * s))
    out.append(line[-1])
    return out


def between(a: int, b: int, n: int = 12) -> list[Point]:
    """A line from the middle of edge ``a`` to the middle of edge ``b`` (curved if they meet at a corner)."""
    pa, pb = EDGE_MID[a], EDGE_MID[b]
    if (a + 2) & 3 == b:
        return [(pa[0] + (pb[0] - pa[0]) * i / n, pa[1] + (pb[1] - pa[1]) * i / n) for i in range(n + 1)]
    return quad(pa, CENTRE, pb, n)


def stub(a: int, end: Point, n: int = 6) -> list[Point]:
    pa = EDGE_MID[a]
    return [(pa[0] + (end[0] - pa[0]) * i / n, pa[1] + (end[1] - pa[1]) * i / n) for i in range(n + 1)]


def stub_from(a: Point, b: Point, n: int = 4) -> list[Point]:
    return [(a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n) for i in range(1, n + 1)]


def bounding_box(line: list[Point], margin: float) -> tuple[float, float, float, float]:
    """The bounding box of a polyline, grown by ``margin`` (a quick test before measuring)."""
    xs, ys = [p[0] for p in line], [p[1] for p in line]
    return min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin


def chains(edges: list[tuple[tuple[int, int], tuple[int, int]]]) -> list[list[tuple[int, int]]]:
    """Join unit segments sharing end points into polylines."""
    links: dict[tuple[int, int], list[int]] = {}
    for k, (a, b) in enumerate(edges):
        links.setdefault(a, []).append(k)
        links.setdefault(b, []).append(k)
    used = [False] * len(edges)
    found = []
    starts = [p for p, ks in links.items() if len(ks) != 2] + list(links)
    for start in starts:
        for k in links[start]:
            if used[k]:
                continue
            chain, at = [start], start
            while True:
                used[k] = True
                a, b = edges[k]
                at = b if a == at else a
                chain.append(at)
                nxt = [m for m in links[at] if not used[m]]
                if len(links[at]) != 2 or not nxt:
                    break
                k = nxt[0]
            found.append(chain)
    return found


def chaikin(points: list[Point]) -> list[Point]:
    """One round of corner cutting (the ends stay where they are)."""
    if len(points) < 3:
        return points
    out = [points[0]]
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        out.append((0.75 * ax + 0.25 * bx, 0.75 * ay + 0.25 * by))
        out.append((0.25 * ax + 0.75 * bx, 0.25 * ay + 0.75 * by))
    out[1:2] = []
    out[-1] = points[-1]
    return out


def circle_path(cx: float, cy: float, r: float) -> str:
    f = fmt
    return f"M{f(cx + r)},{f(cy)} a{f(r)},{f(r)} 0 1 0 {f(-2 * r)},0 a{f(r)},{f(r)} 0 1 0 {f(2 * r)},0 Z"
