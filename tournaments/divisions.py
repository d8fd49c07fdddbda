"""Promotion and relegation between a league's divisions, season to season. No Django here."""

from __future__ import annotations

from collections.abc import Hashable, Sequence


def next_divisions(
    standings: Sequence[Sequence[Hashable]], promote: Sequence[int], relegate: Sequence[int]
) -> list[list[Hashable]]:
    """``standings[d]``: division d's players in final order (0 is the top division).
    The first ``promote[d]`` of division d > 0 go up one division, the last
    ``relegate[d]`` of division d < last go down one. Returns the new divisions."""
    n = len(standings)
    if not (len(promote) == len(relegate) == n):
        raise ValueError("one promote and one relegate count per division")
    up = [list(standings[d][: promote[d]]) if d > 0 else [] for d in range(n)]
    down = [
        list(standings[d][len(standings[d]) - relegate[d] :]) if d < n - 1 and relegate[d] else [] for d in range(n)
    ]
    out = []
    for d in range(n):
        leaving = set(up[d]) | set(down[d])
        stay = [p for p in standings[d] if p not in leaving]
        arriving = (down[d - 1] if d > 0 else []) + (up[d + 1] if d < n - 1 else [])
        out.append(stay + arriving)
    return out
