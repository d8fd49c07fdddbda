"""A small server-rendered SVG line chart of every player's score over a game."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

WIDTH, HEIGHT = 640, 260
LEFT, RIGHT, TOP, BOTTOM = 44, 16, 16, 34
SPREAD = 2.5  # px between the lines of two players with the same score
DASHES = ["", "7 4", "2 3", "9 3 2 3", "4 2"]


def _nice_step(top: int) -> int:
    for step in (5, 10, 20, 25, 50, 100, 200, 250, 500):
        if top / step <= 6:
            return step
    return 1000


def _at_the_end(names: Sequence[str], scores: Sequence[int]) -> str:
    """The chart in words (its description): each player's points at the end."""
    return "; ".join(
        ngettext("%(name)s: %(points)d point at the end", "%(name)s: %(points)d points at the end", points)
        % {"name": name, "points": points}
        for name, points in zip(names, scores)
    )


def score_chart(
    series: Sequence[Sequence[int]],
    names: Sequence[str],
    colors: Sequence[str],
    *,
    current: int | None = None,
    final: Sequence[int] | None = None,
) -> str:
    """``series[k][seat]`` is the score after move k; ``final`` (if any) is drawn one step
    after the last move, labelled "end". ``current`` gets a vertical marker line
    (``class="chart-marker"``, moved by replay.js). Returns an ``<svg>`` element."""
    points = [list(row) for row in series]
    if final is not None:
        points.append(list(final))
    steps = max(len(points) - 1, 1)
    top = max([1] + [v for row in points for v in row])
    step = _nice_step(top)
    top = ((top + step - 1) // step) * step
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def px(i: float) -> float:
        return round(LEFT + plot_w * i / steps, 1)

    def py(v: float) -> float:
        return round(TOP + plot_h * (1 - v / top), 1)

    # outside the f-strings, where makemessages finds them
    title = escape(_("Scores over the game"))
    end, move = escape(pgettext("score chart, x axis", "end")), escape(pgettext("score chart, x axis", "move"))
    out = [
        f'<svg class="score-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="chart-title chart-desc"'
        f' data-left="{LEFT}" data-width="{plot_w}" data-steps="{steps}" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="chart-title">{title}</title>',
        f'<desc id="chart-desc">{escape(_at_the_end(names, points[-1]))}</desc>',
        '<g class="chart-grid" stroke="currentColor" stroke-opacity="0.15" font-size="11" fill="currentColor">',
    ]
    for v in range(0, top + 1, step):
        y = py(v)
        out.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y}" y2="{y}"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y + 4}" text-anchor="end" stroke="none" fill-opacity="0.7">{v}</text>')
    tick = 10 if steps > 30 else 5
    for i in range(0, len(series), tick):
        out.append(
            f'<text x="{px(i)}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle" stroke="none" fill-opacity="0.7">{i}</text>'
        )
    if final is not None:
        out.append(
            f'<text x="{px(steps)}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle" stroke="none" fill-opacity="0.7">{end}</text>'
        )
    out.append(
        f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 4}" text-anchor="middle" stroke="none" fill-opacity="0.7">{move}</text>'
    )
    out.append("</g>")
    # Lines that coincide (equal scores) stay visible: each seat is shifted a little
    # (SPREAD px apart, around the true value) and the later seats are dashed.
    middle = (len(names) - 1) / 2
    for seat, name in enumerate(names):
        shift = round((seat - middle) * SPREAD, 1)
        coords = " ".join(f"{px(i)},{round(py(row[seat]) + shift, 1)}" for i, row in enumerate(points))
        color = colors[seat]
        dash = f' stroke-dasharray="{DASHES[seat % len(DASHES)]}"' if DASHES[seat % len(DASHES)] else ""
        out.append(
            f'<polyline class="chart-line" data-seat="{seat}" fill="none" stroke="{color}" stroke-width="2.5"'
            f' stroke-linejoin="round"{dash} points="{coords}"><title>{escape(name)}</title></polyline>'
        )
    if current is not None:
        x = px(min(current, steps))
        out.append(
            f'<line class="chart-marker" x1="{x}" x2="{x}" y1="{TOP}" y2="{HEIGHT - BOTTOM}"'
            ' stroke="currentColor" stroke-width="1.5" stroke-dasharray="4 3"/>'
        )
    out.append("</svg>")
    return "".join(out)
