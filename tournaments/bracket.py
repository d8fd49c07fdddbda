"""Single-elimination brackets: seeding, byes, advancing winners, and an SVG drawing.
No Django here.

Seeds are given best first. The bracket has the next power of two of slots; the
standard seeding puts seed 1 and seed 2 in opposite halves, and so on (1-8, 4-5,
2-7, 3-6 for 8). Empty slots are byes: with the standard order they fall to the
top seeds, and a player facing a bye goes through without a game.

A bracket is rebuilt from the seeds and the winners decided so far (a mapping
``(round, index) -> winner``); match ``(r, i)`` feeds its winner into match
``(r + 1, i // 2)``. The optional third-place game is ``(last round, 1)`` between
the losers of the semi-finals.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from html import escape


def seed_order(size: int) -> list[int]:
    """Seed numbers (1-based) slot by slot, for a bracket of ``size`` (a power of two)."""
    if size < 1 or size & (size - 1):
        raise ValueError("the bracket size must be a power of two")
    order = [1]
    while len(order) < size:
        n = 2 * len(order)
        order = [x for seed in order for x in (seed, n + 1 - seed)]
    return order


def bracket_size(players: int) -> int:
    size = 1
    while size < players:
        size *= 2
    return size


@dataclass
class Match:
    round: int
    index: int
    a: Hashable | None = None
    b: Hashable | None = None
    winner: Hashable | None = None
    bye: bool = False  # decided without a game (one side empty)
    third_place: bool = False

    @property
    def key(self) -> tuple[int, int]:
        return (self.round, self.index)

    @property
    def ready(self) -> bool:
        """Both players known and no winner yet: a game to play."""
        return self.a is not None and self.b is not None and self.winner is None

    @property
    def loser(self):
        if self.winner is None or self.bye:
            return None
        return self.b if self.winner == self.a else self.a


@dataclass
class Bracket:
    seeds: list
    rounds: list[list[Match]]
    third_place: Match | None = None

    @property
    def final(self) -> Match | None:
        return self.rounds[-1][0] if self.rounds else None

    @property
    def champion(self):
        return self.final.winner if self.final else None

    def matches(self) -> list[Match]:
        out = [m for rnd in self.rounds for m in rnd]
        if self.third_place:
            out.append(self.third_place)
        return out

    def playable(self) -> list[Match]:
        return [m for m in self.matches() if m.ready]

    @property
    def finished(self) -> bool:
        return all(m.winner is not None for m in self.matches()) if self.rounds else True


def build(
    seeds: Sequence[Hashable], winners: Mapping[tuple[int, int], Hashable] | None = None, third_place: bool = False
) -> Bracket:
    """The bracket of ``seeds`` (best first) with the ``winners`` decided so far."""
    seeds = list(seeds)
    if len(set(seeds)) != len(seeds):
        raise ValueError("seeds must be distinct")
    winners = dict(winners or {})
    if len(seeds) < 2:
        return Bracket(seeds, [])
    size = bracket_size(len(seeds))
    slots = [seeds[s - 1] if s <= len(seeds) else None for s in seed_order(size)]
    rounds: list[list[Match]] = []
    r = 0
    feed = slots
    while len(feed) > 1:
        current = []
        for i in range(len(feed) // 2):
            m = Match(r, i, feed[2 * i], feed[2 * i + 1])
            _decide(m, winners, first_round=(r == 0))
            current.append(m)
        rounds.append(current)
        feed = [m.winner for m in current]
        r += 1
    bracket = Bracket(seeds, rounds)
    if third_place and len(rounds) >= 2:
        semis = rounds[-2]
        m = Match(len(rounds) - 1, 1, semis[0].loser, semis[1].loser, third_place=True)
        # A semi-final won on a bye has no loser: the other loser is third by default.
        decided = all(s.winner is not None for s in semis)
        _decide(m, winners, first_round=decided)
        bracket.third_place = m
    return bracket


def _decide(m: Match, winners: Mapping, first_round: bool) -> None:
    if first_round and (m.a is None) != (m.b is None):
        m.winner, m.bye = (m.a if m.a is not None else m.b), True
        return
    if m.a is not None and m.b is not None:
        w = winners.get(m.key)
        if w is not None:
            if w not in (m.a, m.b):
                raise ValueError(f"match {m.key}: {w!r} is not playing in it")
            m.winner = w


WORDS = {
    "final": "Final",
    "semi": "Semi-finals",
    "quarter": "Quarter-finals",
    "round_of_16": "Round of 16",
    "round_of_32": "Round of 32",
    "round_of_64": "Round of 64",
    "round_of": "Round of {players}",
    "third": "Third place",
    "bracket": "Knockout bracket",
    "empty": "Empty bracket",
    "none": "No bracket yet",
}
"""The drawing's words; the site passes them in the reader's language (this module is pure Python)."""


def rounds_names(count: int, words: Mapping[str, str] = WORDS) -> list[str]:
    """Each round's name, the first round first. Up to the round of 64 each has its own
    words: languages name them by their matches (French "huitièmes de finale", German
    "Achtelfinale": 8 matches), which ``{players}`` cannot say."""
    names = []
    for r in range(count):
        left = count - r
        named = {1: "final", 2: "semi", 3: "quarter", 4: "round_of_16", 5: "round_of_32", 6: "round_of_64"}
        key = named.get(left, "")
        names.append(words[key] if key in words else words["round_of"].format(players=2**left))
    return names


def svg(
    bracket: Bracket,
    name: Callable[[Hashable], str] = str,
    link: Callable | None = None,
    words: Mapping[str, str] = WORDS,
) -> str:
    """The bracket drawn as an SVG document (a string): a column per round, winners bold.

    ``link(match)`` may return a URL for a match (its game)."""
    if not bracket.rounds:
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40" role="img" '
            f'aria-label="{escape(words["empty"])}"><text x="10" y="25">{escape(words["none"])}</text></svg>'
        )
    box_w, box_h, gap_x, gap_y, top = 180, 44, 50, 16, 30
    first = len(bracket.rounds[0])
    height = top + first * (box_h + gap_y) + (box_h + 60 if bracket.third_place else 0)
    width = len(bracket.rounds) * (box_w + gap_x) + 20
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        # a group, not an image: its names and links (the matches' games) stay readable and reachable
        f'role="group" aria-label="{escape(words["bracket"])}" class="bracket" font-family="system-ui, sans-serif" font-size="13">'
    ]
    positions: dict = {}
    names = rounds_names(len(bracket.rounds), words)
    for r, rnd in enumerate(bracket.rounds):
        x = 10 + r * (box_w + gap_x)
        parts.append(f'<text x="{x}" y="18" font-weight="600" fill="currentColor">{escape(names[r])}</text>')
        for m in rnd:
            span = (box_h + gap_y) * (2**r)
            y = top + m.index * span + (span - box_h - gap_y) / 2
            positions[m.key] = (x, y)
            parts.append(_box(m, x, y, box_w, box_h, name, link))
            if r > 0:
                for child in (2 * m.index, 2 * m.index + 1):
                    cx, cy = positions[(r - 1, child)]
                    mid = x - gap_x / 2
                    parts.append(
                        f'<path d="M{cx + box_w},{cy + box_h / 2} H{mid} V{y + box_h / 2} H{x}" '
                        'fill="none" stroke="#999" stroke-width="1.5"/>'
                    )
    if bracket.third_place:
        m = bracket.third_place
        x = 10 + (len(bracket.rounds) - 1) * (box_w + gap_x)
        y = height - box_h - 10
        parts.append(f'<text x="{x}" y="{y - 8}" font-weight="600" fill="currentColor">{escape(words["third"])}</text>')
        parts.append(_box(m, x, y, box_w, box_h, name, link))
    parts.append("</svg>")
    return "".join(parts)


def _box(m: Match, x, y, w, h, name, link) -> str:
    rows = []
    for i, p in enumerate((m.a, m.b)):
        label = "bye" if p is None and m.bye else ("—" if p is None else name(p))
        bold = ' font-weight="700"' if p is not None and p == m.winner else ""
        fill = "currentColor" if p is not None else "#999"
        rows.append(f'<text x="{x + 8}" y="{y + 17 + i * 20}"{bold} fill="{fill}">{escape(str(label))[:28]}</text>')
    body = (
        f'<g class="match" data-match="{m.round}-{m.index}"><rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" '
        f'fill="none" stroke="#999"/><line x1="{x}" y1="{y + h / 2}" x2="{x + w}" y2="{y + h / 2}" stroke="#ccc"/>'
        + "".join(rows)
        + "</g>"
    )
    url = link(m) if link else None
    if url:
        return f'<a href="{escape(url)}">{body}</a>'
    return body
