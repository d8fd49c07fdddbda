"""Tournament standings: points, tiebreaks and ranks. No Django here.

Tournament points of one game (a table of k = 2..5 players) come from the places:
each opponent you outscore is worth 2/(k-1), each you tie with 1/(k-1). So a
2-player game gives win 2, draw 1, loss 0, and a table of 3-5 gives 2 to the winner
down to 0 for the last, tied players splitting the points of their places (a table
of 4: 2, 1 1/3, 2/3, 0). A player who forfeits scores 0 and is beaten by everyone
present; a game decided without being played (``scores=None``) ties the players
present. A bye is worth ``bye_points`` (a win, by default).

Tiebreaks (chosen before round 1, applied in order after the points):

``buchholz``          sum over games of the mean points of the opponents at the table
``buchholz_cut1``     the same without the lowest game
``sonneborn_berger``  sum over games and opponents of result x opponent's points / (k-1)
``head_to_head``      points scored in games among the players still tied (None: tied with nobody)
``score_difference``  sum over games of own score minus the opponents' mean score
``game_points``       sum of own game scores

Unplayed games (forfeits without a game, byes) count for neither Buchholz nor
Sonneborn-Berger; a game a player left (resigned, lost on time) was played, and lost.
Players equal on points and the whole chain share a rank.

A knockout has no points table: :func:`knockout` ranks by the round reached (the
champion, the runner-up, the losers of the semi-finals with the third-place game's
winner first, ...), then by the points scored in the games.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

TIEBREAKS = {
    "buchholz": "Buchholz",
    "buchholz_cut1": "Buchholz cut-1",
    "sonneborn_berger": "Sonneborn-Berger",
    "head_to_head": "Head-to-head",
    "score_difference": "Score difference",
    "game_points": "Game points",
}


@dataclass(frozen=True)
class Result:
    """One finished game (or decided table) of the event."""

    players: tuple  # ids in seat order
    scores: tuple | None = None  # game scores, aligned with players; None: not played
    forfeited: frozenset = frozenset()  # players who lost by forfeit
    round: int = 0

    @property
    def played(self) -> bool:
        """A game took place (it may have ended by a player leaving it)."""
        return self.scores is not None


@dataclass
class Row:
    player: Hashable
    rank: int = 0
    points: float = 0.0
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    game_points: int = 0
    tiebreaks: dict = field(default_factory=dict)
    reached: int | None = None  # knockout: the last round reached (0: the first; the champion: one more than the final)

    def as_dict(self) -> dict:
        return {
            "player": self.player,
            "rank": self.rank,
            "points": round(self.points, 2),
            "played": self.played,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "byes": self.byes,
            "game_points": self.game_points,
            "reached": self.reached,
            "tiebreaks": {k: None if v is None else round(v, 2) for k, v in self.tiebreaks.items()},
        }


def pairwise(result: Result, a_index: int, b_index: int) -> float:
    """1, 0.5 or 0: how player ``a_index`` of the table fared against ``b_index``."""
    a, b = result.players[a_index], result.players[b_index]
    fa, fb = a in result.forfeited, b in result.forfeited
    if fa or fb:
        return 0.0 if fa else 1.0
    if result.scores is None:
        return 0.5
    sa, sb = result.scores[a_index], result.scores[b_index]
    return 1.0 if sa > sb else 0.5 if sa == sb else 0.0


def _matrix(result: Result) -> list[list[float]]:
    """``m[i][j]``: :func:`pairwise` for every pair of the table."""
    k = len(result.players)
    scores, forfeited = result.scores, result.forfeited
    if k == 2 and not forfeited and scores is not None:  # the common case, fast
        a, b = scores
        r = 1.0 if a > b else 0.5 if a == b else 0.0
        return [[0.0, r], [1.0 - r, 0.0]]
    return [[pairwise(result, i, j) if i != j else 0.0 for j in range(k)] for i in range(k)]


def _points(result: Result, matrix: list[list[float]]) -> list[float]:
    k = len(result.players)
    if k < 2:
        return [0.0] * k
    return [0.0 if p in result.forfeited else 2.0 * sum(matrix[i]) / (k - 1) for i, p in enumerate(result.players)]


def table_points(result: Result) -> list[float]:
    """Tournament points of each player of a table (see the module docstring)."""
    return _points(result, _matrix(result))


def compute(
    players: Sequence[Hashable],
    results: Iterable[Result],
    byes: Iterable[Hashable] = (),
    tiebreaks: Sequence[str] = (),
    bye_points: float = 2.0,
) -> list[Row]:
    """Standings of ``players`` (their order breaks complete ties) after ``results``."""
    for name in tiebreaks:
        if name not in TIEBREAKS:
            raise ValueError(f"unknown tiebreak {name!r}")
    rows = {p: Row(p) for p in players}
    results = [r for r in results if all(p in rows for p in r.players)]
    matrices = [_matrix(r) for r in results]
    _count_games(rows, results, matrices)
    for p in byes:
        if p in rows:
            rows[p].points += bye_points
            rows[p].byes += 1
    total = {p: row.points for p, row in rows.items()}
    _game_tiebreaks(rows, results, matrices, total, set(tiebreaks))
    groups = _ranked_groups(players, rows, results, matrices, total, tiebreaks)
    return _standings(rows, groups, tiebreaks)


def _count_games(rows: dict, results: list[Result], matrices: list) -> None:
    """Points, games played, wins, draws, losses and game points of every row."""
    for result, matrix in zip(results, matrices):
        pts = _points(result, matrix)
        k = len(result.players)
        for i, p in enumerate(result.players):
            row = rows[p]
            row.points += pts[i]
            if result.scores is not None:  # played
                row.played += 1
                row.game_points += result.scores[i]
            if pts[i] >= 2.0 - 1e-9 and k > 1:
                row.wins += 1
            elif pts[i] <= 1e-9:
                row.losses += 1
            elif k == 2:
                row.draws += 1


def _game_tiebreaks(rows: dict, results: list[Result], matrices: list, total: dict, wanted: set) -> None:
    """The tiebreaks summed over each player's games (all but head-to-head), when chosen."""
    if wanted & {"buchholz", "buchholz_cut1", "sonneborn_berger", "score_difference"}:
        bh: dict = {p: [] for p in rows}
        sb: dict = {p: 0.0 for p in rows}
        diff: dict = {p: 0.0 for p in rows}
        for result, matrix in zip(results, matrices):
            if result.scores is None:  # not played
                continue
            k = len(result.players)
            tp = [total[q] for q in result.players]
            sum_tp, sum_scores = sum(tp), sum(result.scores)
            for i, p in enumerate(result.players):
                row = matrix[i]
                bh[p].append((sum_tp - tp[i]) / (k - 1))
                sb[p] += sum(row[j] * tp[j] for j in range(k)) / (k - 1)
                diff[p] += result.scores[i] - (sum_scores - result.scores[i]) / (k - 1)
        for p, row in rows.items():
            if "buchholz" in wanted:
                row.tiebreaks["buchholz"] = sum(bh[p])
            if "buchholz_cut1" in wanted:
                row.tiebreaks["buchholz_cut1"] = sum(bh[p]) - (min(bh[p]) if bh[p] else 0.0)
            if "sonneborn_berger" in wanted:
                row.tiebreaks["sonneborn_berger"] = sb[p]
            if "score_difference" in wanted:
                row.tiebreaks["score_difference"] = diff[p]
    if "game_points" in wanted:
        for row in rows.values():
            row.tiebreaks["game_points"] = float(row.game_points)


def _head_to_head(group: list, results: list[Result], matrices: list, by_player: dict) -> dict:
    """Points of each player of ``group`` in the games among them only."""
    members = set(group)
    out = {p: 0.0 for p in group}
    seen = set()
    for p in group:
        for index in by_player.get(p, ()):
            if index in seen:
                continue
            seen.add(index)
            result = results[index]
            inside = [i for i, q in enumerate(result.players) if q in members]
            if len(inside) < 2:
                continue
            k = len(result.players)
            matrix = matrices[index]
            for i in inside:
                out[result.players[i]] += 2.0 * sum(matrix[i][j] for j in inside) / (k - 1)
    return out


def _ranked_groups(players, rows: dict, results: list[Result], matrices: list, total: dict, tiebreaks) -> list[list]:
    """Groups of equal players, best first: split by points, then criterion by criterion."""
    by_player: dict = {}
    if "head_to_head" in tiebreaks:
        for index, result in enumerate(results):
            for p in result.players:
                by_player.setdefault(p, []).append(index)
    order = {p: i for i, p in enumerate(players)}
    groups = _split(sorted(rows, key=order.__getitem__), lambda p: total[p])
    for name in tiebreaks:
        new_groups = []
        for group in groups:
            if len(group) == 1:
                new_groups.append(group)
                continue
            if name == "head_to_head":
                values = _head_to_head(group, results, matrices, by_player)
                for p in group:
                    rows[p].tiebreaks[name] = values[p]
                new_groups.extend(_split(group, values.__getitem__))
            else:
                new_groups.extend(_split(group, lambda p, name=name: rows[p].tiebreaks[name]))
        groups = new_groups
    return groups


def _standings(rows: dict, groups: list[list], tiebreaks) -> list[Row]:
    """The rows in order, each group sharing a rank, tiebreaks in the chosen order."""
    standings: list[Row] = []
    for group in groups:
        rank = len(standings) + 1
        for p in group:
            rows[p].rank = rank
            for n in tiebreaks:  # head-to-head of a player tied with nobody by then: not needed
                rows[p].tiebreaks.setdefault(n, None)
            rows[p].tiebreaks = {n: rows[p].tiebreaks[n] for n in tiebreaks}
            standings.append(rows[p])
    return standings


def knockout(players: Sequence[Hashable], bracket, game_points: Mapping | None = None) -> list[Row]:
    """Standings of a knockout ``bracket`` (a :class:`tournaments.bracket.Bracket`): by the
    round reached, the third-place game's winner before its loser, then by ``game_points``
    (points scored, by player); ``players`` order breaks complete ties. Games played, won
    and lost are the bracket's matches decided over the board (byes are not games)."""
    game_points = game_points or {}
    rows = {p: Row(p, game_points=game_points.get(p, 0)) for p in players}
    rounds = bracket.rounds
    for m in bracket.matches():
        if not m.third_place:
            for p in (m.a, m.b):
                if p in rows:
                    rows[p].reached = max(rows[p].reached or 0, m.round)
        if m.winner is None:
            continue
        if m.bye:
            if m.winner in rows:
                rows[m.winner].byes += 1
            continue
        for p, won in ((m.winner, True), (m.loser, False)):
            if p in rows:
                rows[p].played += 1
                rows[p].wins += won
                rows[p].losses += not won
                rows[p].points += 2.0 * won
    if bracket.champion in rows:
        rows[bracket.champion].reached = len(rounds)
    third = bracket.third_place.winner if bracket.third_place else None

    def key(p) -> tuple:
        row = rows[p]
        return (row.reached if row.reached is not None else -1, p == third, row.game_points)

    order = {p: i for i, p in enumerate(players)}
    ranked = sorted(rows, key=lambda p: (tuple(-v for v in key(p)), order[p]))
    for i, p in enumerate(ranked):
        before = ranked[i - 1] if i else None
        rows[p].rank = rows[before].rank if before is not None and key(before) == key(p) else i + 1
    return [rows[p] for p in ranked]


def _split(group: list, key) -> list[list]:
    """Stable split of ``group`` into runs of equal ``key``, highest key first."""
    ordered = sorted(group, key=lambda p: -round(key(p), 9))
    out: list[list] = []
    last = None
    for p in ordered:
        value = round(key(p), 9)
        if out and value == last:
            out[-1].append(p)
        else:
            out.append([p])
        last = value
    return out
