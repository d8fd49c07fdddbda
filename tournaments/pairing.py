"""Swiss pairing: one round at a time, by maximum-weight matching. No Django here.

The players come in ranking order (best first, as :mod:`tournaments.standings`
ranks them). :func:`pair_round` returns who plays whom, who starts, and the bye:

* every player is in at most one pair, or has the bye (odd numbers only);
* no rematch while one can be avoided: rematch edges only enter the graph when the
  complete graph of fresh opponents has no perfect matching;
* the bye goes to the lowest-ranked player who has had the fewest byes (so byes
  rotate), unless that would force a rematch that another choice avoids;
* players are paired inside their score group where possible: an edge's weight
  falls with the square of the score difference, so a float crosses as few
  groups as it can;
* the starting player is balanced the way chess balances colours: the one who has
  started fewer times (relative to going second) starts; then the one who did not
  start last time; then the higher-ranked one.

Speed: a dense 1000-node graph is too much for a pure-Python blossom algorithm, so
the ranking is cut into blocks of about ``block`` players (between score groups
where possible) and in a block each player first gets edges to its ``neighbours``
closest-ranked fresh opponents only; if that graph has no perfect matching the
neighbourhood doubles, up to the complete graph, and a block that still has none
is merged with the next (finally the whole field). A 1000-player round takes well under a second (``python -m
tournaments.bench``).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

import networkx as nx

# Edge weight terms, from the most to the least important. maxcardinality=True
# makes the matching perfect first; then fewer rematches beats anything else, then
# smaller score differences, then starting-player balance. (No rank-distance term:
# distinct weights everywhere make the blossom algorithm several times slower.)
_BASE = 10**15
_REMATCH = 10**13
_SCORE = 10**5  # per squared half-point of score difference
_COLOUR = 2_000
_COLOUR_CAP = 20_000


@dataclass(frozen=True)
class Player:
    """What the pairing needs to know about one player, before this round."""

    id: Hashable
    score: float = 0
    opponents: frozenset = frozenset()
    byes: int = 0
    starts: int = 0  # games as the starting player
    seconds: int = 0  # games as the second player
    last_started: bool | None = None  # None: no game yet

    @property
    def balance(self) -> int:
        return self.starts - self.seconds


@dataclass
class Pairing:
    """A round: ``pairs`` of (starting player, second player) ids, and the bye."""

    pairs: list[tuple[Hashable, Hashable]] = field(default_factory=list)
    bye: Hashable | None = None
    rematches: int = 0


class PairingError(ValueError):
    pass


def first_player(a: Player, b: Player, a_rank: int = 0, b_rank: int = 1) -> bool:
    """True when ``a`` should start against ``b`` (chess colour allocation)."""
    if a.balance != b.balance:
        return a.balance < b.balance
    if a.last_started is not None and b.last_started is not None and a.last_started != b.last_started:
        return not a.last_started
    return a_rank <= b_rank


def _weight(a: Player, b: Player) -> int:
    diff = round(abs(a.score - b.score) * 2)
    w = _BASE - _SCORE * diff * diff
    if (a.balance > 0 and b.balance > 0) or (a.balance < 0 and b.balance < 0):
        w -= min(_COLOUR * min(abs(a.balance), abs(b.balance)), _COLOUR_CAP)
    elif a.balance == 0 and b.balance == 0 and a.last_started is not None and a.last_started == b.last_started:
        w -= _COLOUR // 4
    if b.id in a.opponents:
        w -= _REMATCH
    return w


def _match(players: list[Player], ranks: list[int], neighbours: int, allow_rematch: bool):
    """A perfect matching of ``players`` (indices into it), or None."""
    n = len(players)
    if n == 0:
        return []
    g = nx.Graph()
    g.add_nodes_from(range(n))
    full = neighbours >= n - 1
    for i, a in enumerate(players):
        found = 0
        # Outward from i: i+1, i-1, i+2, i-2, ...
        for step in range(1, n):
            if not full and found >= neighbours:
                break
            for j in (i + step, i - step):
                if 0 <= j < n and (allow_rematch or players[j].id not in a.opponents):
                    found += 1
                    if not g.has_edge(i, j):
                        g.add_edge(i, j, weight=_weight(a, players[j]))
            if i + step >= n and i - step < 0:
                break
    matching = nx.max_weight_matching(g, maxcardinality=True)
    if 2 * len(matching) != n:
        return None
    return sorted(tuple(sorted(pair)) for pair in matching)


def _pair_all(players: list[Player], ranks: list[int], neighbours: int, allow_rematch: bool):
    """Widen the neighbourhood until a perfect matching appears (or the graph is complete)."""
    k = max(1, neighbours)
    while True:
        result = _match(players, ranks, k, allow_rematch)
        if result is not None or k >= len(players) - 1:
            return result
        k *= 2


def _blocks(players: list[Player], size: int) -> list[tuple[int, int]]:
    """Cut the ranking into runs of even length, about ``size`` long, preferably
    between score groups (a score group is cut only once it reaches ``1.5 * size``)."""
    cuts, start, n = [], 0, len(players)
    for i in range(1, n):
        length = i - start
        if length >= size and length % 2 == 0 and n - i >= size:
            if players[i].score != players[i - 1].score or length >= size + size // 2:
                cuts.append((start, i))
                start = i
    cuts.append((start, n))
    return cuts


def _pair_blocks(players: list[Player], ranks: list[int], neighbours: int, block: int):
    """Pair block by block; a block without a rematch-free perfect matching is merged
    with the next one (finally the whole field, so nothing avoidable is missed)."""
    spans = _blocks(players, block)
    result: list[tuple[int, int]] = []
    i = 0
    while i < len(spans):
        start, end = spans[i]
        while True:
            sub = _pair_all(players[start:end], ranks[start:end], neighbours, allow_rematch=False)
            if sub is not None:
                break
            if i + 1 < len(spans):
                i += 1
                end = spans[i][1]
            elif result:  # the last block: undo the previous ones and start over merged
                return _pair_all(players, ranks, neighbours, allow_rematch=False)
            else:
                return None
        result.extend((start + a, start + b) for a, b in sub)
        i += 1
    return result


def pair_round(players: Sequence[Player], *, neighbours: int = 16, block: int = 40) -> Pairing:
    """Pair one Swiss round. ``players`` are in ranking order, best first."""
    players = list(players)
    ids = [p.id for p in players]
    if len(set(ids)) != len(ids):
        raise PairingError("player ids must be unique")
    if len(players) < 2:
        return Pairing(bye=players[0].id if players else None)
    ranks = list(range(len(players)))

    bye_candidates: list[int | None] = [None]  # None: no bye (an even number of players)
    if len(players) % 2:
        fewest = min(p.byes for p in players)
        # Lowest-ranked first among those with the fewest byes, then the others.
        order = sorted(range(len(players)), key=lambda i: (players[i].byes != fewest, players[i].byes, -i))
        bye_candidates = [*order]

    def attempt(bye_index, allow_rematch):
        rest = [i for i in range(len(players)) if i != bye_index]
        sub_players, sub_ranks = [players[i] for i in rest], [ranks[i] for i in rest]
        if allow_rematch:
            matching = _pair_all(sub_players, sub_ranks, neighbours, allow_rematch=True)
        else:
            matching = _pair_blocks(sub_players, sub_ranks, neighbours, block)
        if matching is None:
            return None
        return bye_index, [(rest[a], rest[b]) for a, b in matching]

    result = None
    # Try every bye candidate without rematches; big fields almost always succeed at once.
    limit = len(bye_candidates) if len(players) <= 200 else 4
    for bye_index in bye_candidates[:limit]:
        result = attempt(bye_index, allow_rematch=False)
        if result is not None:
            break
    if result is None:
        result = attempt(bye_candidates[0], allow_rematch=True)
    bye_index, pairs = result

    out = Pairing(bye=players[bye_index].id if bye_index is not None else None)
    for i, j in pairs:
        a, b = players[i], players[j]
        if b.id in a.opponents:
            out.rematches += 1
        out.pairs.append((a.id, b.id) if first_player(a, b, i, j) else (b.id, a.id))
    position = {pid: i for i, pid in enumerate(ids)}
    out.pairs.sort(key=lambda pair: min(position[pair[0]], position[pair[1]]))
    return out
