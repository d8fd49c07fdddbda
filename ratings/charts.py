"""A small server-rendered SVG chart of one player's rating over their rated games."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 48, 16, 16, 30


def rating_chart(values: Sequence[int], start: int) -> str:
    """A line from ``start`` through ``values`` (the rating after each game); ``""`` without games."""
    if not values:
        return ""
    points = [start, *values]
    low, high = min(points), max(points)
    step = 50 if high - low <= 300 else 100 if high - low <= 600 else 250
    low, high = (low // step) * step, -(-high // step) * step
    if high == low:
        high = low + step
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def px(i: int) -> float:
        return round(LEFT + plot_w * i / max(1, len(points) - 1), 1)

    def py(v: float) -> float:
        return round(TOP + plot_h * (high - v) / (high - low), 1)

    title = escape(_("Rating after each rated game"))
    parts = [
        f'<svg class="rating-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{title}" '
        f'xmlns="http://www.w3.org/2000/svg"><title>{title}</title>'
    ]
    for v in range(low, high + 1, step):
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{py(v)}" y2="{py(v)}" stroke="#ddd"/>'
            f'<text x="{LEFT - 6}" y="{py(v) + 4}" text-anchor="end" font-size="11">{v}</text>'
        )
    path = " ".join(f"{px(i)},{py(v)}" for i, v in _drawn(points, plot_w // 2))  # a 2-pixel line: every other pixel
    parts.append(f'<polyline fill="none" stroke="#2a6f97" stroke-width="2" points="{path}"/>')
    games = escape(ngettext("%(games)s rated game", "%(games)s rated games", len(values)) % {"games": len(values)})
    parts.append(
        f'<text x="{(LEFT + WIDTH - RIGHT) / 2}" y="{HEIGHT - 8}" text-anchor="middle" font-size="11">{games}</text></svg>'
    )
    return "".join(parts)


def _drawn(points: Sequence[int], columns: int) -> list[tuple[int, int]]:
    """``(index, value)`` of the points the line needs at ``columns`` pixels: all of them if
    they are at most two a column, else the lowest and highest of each pixel's column in
    their order, and the first and last point (a line through thousands of games looks the
    same, in a fraction of the bytes).

    >>> _drawn([5, 1, 9, 4], 2)
    [(0, 5), (1, 1), (2, 9), (3, 4)]
    >>> _drawn([5, 1, 9, 4, 6, 2, 8, 3], 2)
    [(0, 5), (1, 1), (2, 9), (5, 2), (6, 8), (7, 3)]
    >>> len(_drawn(list(range(10_000)), 100)) <= 2 * 100 + 2
    True
    """
    if len(points) <= 2 * columns:
        return list(enumerate(points))
    kept = {0, len(points) - 1}
    per_column = len(points) / columns
    for column in range(columns):
        indexes = range(int(column * per_column), int((column + 1) * per_column))
        if indexes:
            kept |= {min(indexes, key=points.__getitem__), max(indexes, key=points.__getitem__)}
    return [(i, points[i]) for i in sorted(kept)]
