"""The bots: ``random``, ``beginner``, ``greedy``, ``answers`` and ``mcts`` (the named levels of play are in :mod:`carcassonne.bots.ladder`).

A bot has one method, ``decide(view) -> entry``: given a
:class:`~carcassonne.bots.view.PlayerView` it returns one of the legal entries that
:func:`~carcassonne.bots.options.options_of` lists for the decision the game waits for,
whatever its kind. Each bot has its own random generator, seeded by the caller, so
a fixed seed gives the same game (for ``mcts`` with a budget of answers, ``playouts``,
rather than a time budget, since a clock is never exactly repeatable).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from carcassonne import TILE_TYPES, Game, Move
from carcassonne.board import Board
from carcassonne.tiles import orientation

from .evaluate import Judge, Trials, advantage, learned, learns, potential, value_after
from .options import options_of
from .sim import copy_game, deal_guess, hidden_tiles, sample_bag
from .view import PlayerView

LEVELS = ("random", "beginner", "greedy", "answers", "mcts")


class RandomBot:
    """Uniform over the legal entries of each decision."""

    level = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: PlayerView) -> Any:
        return self.rng.choice(options_of(view))


class GreedyBot:
    """The entry with the best immediate value (see :mod:`carcassonne.bots.evaluate`): by
    default the score if the game ended now (``value_after``); ``judge=potential_after``
    looks at the expected final score instead. With ``noise`` it plays a random legal
    entry that share of the time (a weaker level)."""

    level = "greedy"

    def __init__(self, seed: int | None = None, judge: Judge = value_after, noise: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.judge = judge
        self.noise = noise

    def decide(self, view: PlayerView) -> Any:
        options = options_of(view)
        if len(options) == 1:
            return options[0]
        if self.noise and self.rng.random() < self.noise:
            return self.rng.choice(options)
        self.rng.shuffle(options)  # ties are broken at random, reproducibly
        judge = self.judge
        return max(options, key=lambda entry: judge(view.game, entry, view.seat))


class BeginnerBot(GreedyBot):
    """Level ``beginner``: now and then (``care``, a share of its decisions) the entry
    :class:`GreedyBot` plays, the most points it sees this turn; otherwise a tile
    placement anywhere it fits (each placement alike, not each entry), with a follower
    on one of its roads, cities or cloisters ``followers`` of the time and never a farmer
    (a beginner does not yet understand fields). Other decisions (an expansion's) are
    played at random. Weaker than ``casual`` (greedy half of the time), stronger than
    ``random``: see ``ladder.json`` and ``python -m carcassonne.bots calibrate``."""

    level = "beginner"
    care = 0.15
    followers = 0.5

    def decide(self, view: PlayerView) -> Any:
        options = options_of(view)
        if len(options) == 1:
            return options[0]
        rng = self.rng
        if rng.random() < self.care:
            rng.shuffle(options)  # ties are broken at random, reproducibly
            judge = self.judge
            return max(options, key=lambda entry: judge(view.game, entry, view.seat))
        placements: dict[tuple[str, int, int, int], list[Any]] = {}
        for entry in options:
            if type(entry) is not Move or entry.discard:
                return rng.choice(options)  # not a tile placement: any entry
            placements.setdefault((entry.tile, entry.x, entry.y, entry.rotation), []).append(entry)
        moves = placements[rng.choice(sorted(placements))]
        figures = [m for m in moves if m.meeple is not None and not m.meeple.startswith("field")]
        bare = [m for m in moves if m.meeple is None]
        if figures and (not bare or rng.random() < self.followers):
            return rng.choice(figures)
        return bare[0] if bare else rng.choice(moves)


@dataclass
class Child:
    """One root option of the search: its prior (the mover's advantage in the expected
    final score right after it) and the sampled answers' total."""

    entry: Any
    prior: float
    after: Game
    total: float = 0.0
    playouts: int = 0  # answers weighed (the exact expectation counts as one)
    values: tuple[float, ...] = ()  # each player's expected final score right after the entry

    @property
    def twin(self) -> tuple[Any, ...]:
        """Equal for two tile turns that leave the same position in all but the drawing
        (a symmetric tile's rotations, two spots on one farm): one of them is judged."""
        entry = self.entry
        if type(entry) is not Move:
            return (id(self),)
        return (entry.x, entry.y, entry.figure if entry.meeple else None, self.values)

    @property
    def mean(self) -> float:
        return self.total / self.playouts if self.playouts else self.prior


@dataclass
class Search:
    """What one decision's search did (``bench`` reports it)."""

    children: list[Child] = field(default_factory=list)
    playouts: int = 0  # answers judged: one per tile the next player may draw, per option (lines, for ``mcts``)
    seconds: float = 0.0
    depth: int = 1  # turns looked ahead after an option (the longest line of ``mcts``)


class AnswersBot:
    """Level ``answers`` (kept to duel against and for the analysis; :class:`MctsBot`,
    level ``mcts``, builds on it): the expected final score one answer deep, within a time
    (or answer) budget.

    The time budget counts the CPU seconds of the thread that searches
    (``time.thread_time``), so the bot thinks as much on a busy machine as on an idle one.

    Every option is first judged by the expected final score
    (:func:`~carcassonne.bots.evaluate.potential`: the score if the game ended now, plus what
    unfinished features are likely to add given the tiles left that fit their holes, plus
    the followers kept). Then, best first and as many as the budget allows, each option
    is judged by what the next player can do to it (:meth:`answer`): for every tile type
    still hidden, weighted by how many are left (the exact expectation over the next draw,
    never the real bag, which the view does not hold), their best move on a cell where it
    joins, closes or blocks a feature holding a figure, if that is worth more to them than
    a quiet move elsewhere. The option with the best expectation is played; options the
    budget did not reach are not. Measured in two-player games at 0.3 s a move against
    ``greedy`` (``duel --seed 0``, draws half): 34 of 40 base games (33 won, 2 drawn; the
    earlier playouts of four turns by a fill policy: 29; the expected final score alone,
    without answers: 33.5), 18.5 of 20 with all five expansions. The expected final
    score does most of the work; the answers add what it cannot see (a steal, a block).
    More time does not make it stronger (40 base games each: 36 at 0.1 s, 34 at 0.3 s,
    32 at 1 s, within the noise): the answers judge more options, not better ones.

    With hands (the ``hand`` house rule) the next player's hand is unknown as a whole:
    each round samples one deal of the hidden tiles for the best ``width`` options
    (common random numbers: the options meet the same deals), and sequential halving
    drops the worse half after each phase.
    """

    level = "answers"
    width = 8  # options searched with hands
    phase = 4  # rounds in the first phase with hands; each phase after a halving is twice as long
    quiet = 2.0  # what a move elsewhere is worth to the next player: an answer on a hot cell must beat it
    farms = False  # hot cells: only features holding a figure (``mcts`` adds the cities a farm waits for)
    trials = False  # the options' placements judged by Trials (the same values, faster; ``answers`` kept as it was)
    learned = False  # judge by the learned value where it applies (``mcts``), else by the expected final score

    def __init__(self, seed: int | None = None, seconds: float = 0.2, playouts: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.playouts = playouts
        self.last_search: Search | None = None

    def decide(self, view: PlayerView) -> Any:
        options = options_of(view)
        if len(options) == 1:
            return options[0]
        return self.best(self.search(view, options)).entry

    def best(self, search: Search) -> Child:
        """The option played: the best judged one (none judged: the best prior)."""
        return max(search.children, key=lambda c: (c.playouts > 0, c.mean, c.prior))

    def search(self, view: PlayerView, options: list[Any], keep: Any = None) -> Search:
        """Search the decision of ``view`` among ``options``; ``keep`` (an entry of them,
        the analysis's played move) is judged first and to the end whatever its prior."""
        started = time.thread_time()  # CPU seconds of this thread: the budget does not shrink on a busy machine
        self.rng.shuffle(options)  # ties are broken at random, reproducibly
        children = self.children(view, options)
        children.sort(key=lambda c: -c.prior)
        kept = next((c for c in children if keep is not None and c.entry == keep), None)
        if kept is not None:
            children.remove(kept)
            children.insert(0, kept)
        if view.game.rules.hand:  # hands, or hands dealt once the river ends: sampled deals
            search = self.sample(view, children, kept, started)
        else:
            search = self.expect(view, children, started)
        search.seconds = time.thread_time() - started
        self.last_search = search
        return search

    def children(self, view: PlayerView, options: list[Any]) -> list[Child]:
        """Every option played on its own copy of the game, judged by :func:`potential` (with
        ``trials``, a tile placement by :class:`Trials`: the same values to the last bit, in
        about half the time)."""
        trials = Trials(view.game) if self.trials else None
        children = []
        for entry in options:
            after = copy_game(view.game)
            after.play(entry)
            placed = type(entry) is Move and not entry.discard
            values = tuple(
                self.trial_values(trials, after, entry) if trials is not None and placed else self.values(after)
            )
            children.append(Child(entry, advantage(values, view.seat), after, values=values))
        return children

    def values(self, game: Game) -> list[float]:
        """Each player's value of ``game``: the learned one (with ``learned``, where it judges) or the expected final score."""
        return learned(game) if self.learned else potential(game)

    def trial_values(self, trials: Trials, trial: Game, move: Move) -> list[float]:
        """:meth:`values` of a trial move's copy, reusing what ``trials`` judged before the move."""
        return trials.learned(trial, move) if self.learned and learns(trial) else trials.potential(trial, move)

    def _spent(self, search: Search, started: float, ahead: float = 0.0) -> bool:
        """Whether the budget is spent (``ahead``: CPU seconds the next step will likely take)."""
        if self.playouts is not None:
            return search.playouts >= self.playouts
        return time.thread_time() + ahead >= started + self.seconds

    def expect(self, view: PlayerView, children: list[Child], started: float) -> Search:
        """The exact expectation of :meth:`answer` over the next player's tile for as many
        options as the budget allows, in order, stopping at the first whose prior is no
        better than the best expectation found (branch and bound). An option the clock
        stops halfway stays unjudged (if it is the first, the best prior is played)."""
        seen = (view.tile,) if view.tile else ()
        counts: dict[str, int] = {}
        for tile in hidden_tiles(view.game, seen):
            counts[tile] = counts.get(tile, 0) + 1
        total = sum(counts.values()) or 1
        search = Search(children)
        step = 0.0  # CPU seconds the last option took: one more is started only if it fits
        best = float("-inf")
        judged: set[tuple[Any, ...]] = set()
        deadline = started + self.seconds if self.playouts is None else float("inf")
        for index, child in enumerate(children):
            if index and (child.prior <= best or self._spent(search, started, step)):
                break  # an answer never raises a two-player option's value: none of the rest can win
            if child.twin in judged:
                continue
            judged.add(child.twin)
            began, value = time.thread_time(), 0.0
            for tile, n in counts.items():
                if time.thread_time() > deadline:
                    return search
                value += n * self.answer(child, view.seat, [tile], None)
            child.total = value / total if counts else child.prior
            child.playouts = 1
            best = max(best, child.total)
            search.playouts += max(1, len(counts))
            step = time.thread_time() - began
        return search

    def sample(self, view: PlayerView, children: list[Child], kept: Child | None, started: float) -> Search:
        """With hands: rounds of one sampled deal of the hidden tiles for the options still
        in the race (the best ``width``, ``kept`` among them), halving them after each phase."""
        rng = self.rng
        children = children[: self.width]
        search = Search(children)
        active, phase, rounds = list(children), self.phase, 0
        seen = view.hand + ((view.tile,) if view.tile else ())
        while len(active) > 1 and not self._spent(search, started):
            order = sample_bag(hidden_tiles(view.game, seen), rng)
            for child in active:
                bag, hands = deal_guess(child.after, view.seat, _kept(view.hand, child.entry), order)
                child.total += self.answer(child, view.seat, bag, hands)
                child.playouts += 1
                search.playouts += 1
            rounds += 1
            if rounds >= phase and len(active) > 2:
                active.sort(key=lambda c: -c.mean)
                dropped = active[(len(active) + 1) // 2 :]
                active = active[: (len(active) + 1) // 2] + [c for c in dropped if c is kept]
                phase, rounds = phase * 2, 0
        return search

    def answer(self, child: Child, seat: int, bag: list[str], hands: list[list[str]] | None) -> float:
        """``seat``'s advantage once the next player has answered ``child``'s entry with the
        first tile of ``bag`` (or their hand): their best move on a hot cell (joining,
        closing or blocking a feature that holds a figure, see :func:`_hot_cells`) if it is
        worth more to them than a quiet move elsewhere (``quiet`` points), else the
        position as the entry leaves it (judged with the tile drawn, like the answers)."""
        game = copy_game(child.after, bag, hands)
        values = self.values(game)
        if game.pending is None or game.pending.action != "turn" or game.current_player == seat:  # None: finished
            return advantage(values, seat)  # the mover decides again (an expansion's decision)
        mover = game.current_player
        best, value = advantage(values, mover) + self.quiet, advantage(values, seat)
        trials = Trials(game)
        for move in _hot_moves(game):
            trial = copy_game(game)
            trial.play(move)
            values = self.trial_values(trials, trial, move)
            theirs = advantage(values, mover)
            if theirs > best:
                best, value = theirs, advantage(values, seat)
        return value


class MctsBot(AnswersBot):
    """The strongest level (``mcts``): looks several turns ahead over sampled tile draws,
    further and wider with more time (or ``playouts``, lines played out: reproducible).

    Every option is first judged by the expected final score (the prior, as in
    :class:`AnswersBot`). The best ``width`` options by prior (twins aside) then meet the same
    sampled futures in rounds (common random numbers: a lucky draw favours no option): a
    round draws a tile for each of the next ``depth`` turns from the tiles still hidden
    (the first one in turn over every hidden tile, so the next player's draw is covered
    evenly) and each player in turn plays their best move on a hot cell (joining, closing
    or blocking a feature holding a figure, or closing a city a farmer's farm borders) if
    it is worth more to them than a quiet move elsewhere (``quiet`` points, the turn
    passing without a tile, which goes back among the hidden ones); the line's end is
    judged by the expected final score. Each line plays every turn it draws for (its copy
    of the game draws from a bag of the line's tiles). After each phase the worse half of the options is dropped
    (sequential halving), so more time gives the best options more futures and, once
    ``deepen`` rounds each are done, a line one turn longer. The option played is the best
    survivor by its mean, shrunk towards its prior by ``trust`` rounds' worth (with no
    round completed: the best prior). With hands (the ``hand`` house rule) the search of
    :class:`AnswersBot` is used. In two-player games of the default rules every judgement (the
    options' priors, the moves of the lines and their ends) is by the learned value
    (:func:`~carcassonne.bots.evaluate.learned`), not the expected final score.
    """

    level = "mcts"
    width = 8  # options that meet the sampled futures
    depth = 2  # turns played out after an option (the next player's, then the mover's)
    trust = 4.0  # the prior counts as this many rounds in an option's mean: a few noisy futures do not overrule it
    deepen = 32  # rounds an option must have had before its lines grow one turn longer
    farms = True  # hot cells include the open edges of cities bordering a farm with a farmer
    trials = True  # more of the budget for lines
    learned = True  # two-player games of the default rules: judged by the learned value

    def expect(self, view: PlayerView, children: list[Child], started: float) -> Search:
        """Rounds of sampled futures for the best ``width`` options, halving them after each phase."""
        rng = self.rng
        seen = (view.tile,) if view.tile else ()
        hidden = hidden_tiles(view.game, seen)
        twins: set[tuple[Any, ...]] = set()
        active: list[Child] = []
        for child in children:
            if child.twin not in twins and len(active) < self.width:
                twins.add(child.twin)
                active.append(child)
        search = Search(children)
        if not hidden or len(active) < 2:
            return search
        firsts = sample_bag(hidden, rng)
        phase, rounds, done = self.phase, 0, 0
        while not self._spent(search, started):
            order = sample_bag(hidden, rng)
            first = firsts[done % len(firsts)]
            order.remove(first)
            depth = self.depth + done // self.deepen
            tiles = [first] + order[: depth - 1]
            values = []
            for child in active:
                if self._spent(search, started):
                    return search  # an unfinished round is dropped: every option meets the same futures
                values.append(self.line(child, view.seat, tiles))
                search.playouts += 1
            for child, value in zip(active, values):
                child.total += value
                child.playouts += 1
            search.depth = depth
            rounds, done = rounds + 1, done + 1
            if rounds >= phase and len(active) > 2:
                active.sort(key=lambda c: -self.shrunk(c))
                active = active[: (len(active) + 1) // 2]
                phase, rounds = phase * 2, 0
        return search

    def shrunk(self, child: Child) -> float:
        """The option's mean over its rounds, its prior counting as ``trust`` rounds."""
        return (child.prior * self.trust + child.total) / (self.trust + child.playouts)

    def line(self, child: Child, seat: int, tiles: list[str]) -> float:
        """``seat``'s advantage once each player in turn has drawn the next of ``tiles``
        after ``child``'s entry and played their best hot move, or a quiet one."""
        return advantage(self.playout(child, tiles)[1], seat)

    def playout(self, child: Child, tiles: list[str]) -> tuple[Game, list[float]]:
        """The line of :meth:`line`: the game at its end and each player's expected final
        score there (a quiet turn adds ``quiet`` points to its player's)."""
        # the copy draws the whole line's tiles (a bag of the next tile only would end the game after one turn)
        game = copy_game(child.after, tiles)
        bonus = [0.0] * len(game.players)
        values = None
        for _ in tiles:
            if game.finished or game.pending is None or game.pending.action != "turn":
                break
            values = self.values(game)
            mover = game.current_player
            best, chosen = advantage(values, mover) + self.quiet, None
            trials = Trials(game)
            for move in _hot_moves(game, self.farms, unique=True):
                trial = copy_game(game)
                trial.play(move)
                trial_values = self.trial_values(trials, trial, move)
                theirs = advantage(trial_values, mover)
                if theirs > best:
                    best, chosen, values = theirs, move, trial_values
            if chosen is None:
                bonus[mover] += self.quiet
                game.play(game.timeout_entry("skip"))
            else:
                game.play(chosen)
        if values is None:
            values = self.values(game)
        return game, [v + b for v, b in zip(values, bonus)]

    def best(self, search: Search) -> Child:
        """The option played: the survivor with the most rounds and the best shrunk mean."""
        most = max(c.playouts for c in search.children)
        if not most:
            return max(search.children, key=lambda c: c.prior)
        return max((c for c in search.children if c.playouts == most), key=self.shrunk)


def _hot_cells(board: Board, farms: bool = False) -> set[int]:
    """The empty cells where a tile changes an unfinished feature that holds a figure:
    next to an open road or city edge, or around a cloister (where players fight); with
    ``farms`` (level ``mcts``) also next to the open edges of the unfinished cities a farm
    with a farmer borders (closing one gives the farm's owner points at the end)."""
    hot: set[int] = set()
    for root in board.occupied_features():
        kind = board.kind(root)
        if kind in ("road", "city"):
            hot |= board.open_cells(root)
        elif kind == "cloister":
            hot.update(board.cloister_cells(root))
        elif farms and kind == "field":
            for city in board.bordering_cities(root):
                if not board.is_complete(city):
                    hot |= board.open_cells(city)
    return hot


def _hot_moves(game: Game, farms: bool = False, unique: bool = False) -> list[Move]:
    """The moves of the player on turn on a hot cell, with each tile they may play (river
    tiles aside: the River module restricts where they go), without and with each figure;
    none when a tile of their hand fits nowhere (it must be discarded first: a quiet turn).
    With ``unique`` a rotation that turns the tile into one before it (a cloister turned
    a quarter, a straight road a half) is left out: it would leave the same position."""
    if game.unplaceable() is not None:
        return []
    board = game.board
    hot = _hot_cells(board, farms)
    moves = []
    for tile in dict.fromkeys(game.turn_tiles):
        if tile in RIVER:
            continue
        repeated = _repeated_rotations(tile) if unique else frozenset()
        for key in hot:
            for p in board.placements_at(key, tile):
                if p.rotation in repeated or game.action_required(p, tile):
                    continue  # a move that must take an action (a princess's) is no quiet answer
                moves.append(Move(tile, p.x, p.y, p.rotation))
                moves += [
                    Move(tile, p.x, p.y, p.rotation, spot, figure=kind) for spot, kind in game.legal_figures(p, tile)
                ]
    return moves


_REPEATED: dict[str, frozenset[int]] = {}


def _repeated_rotations(tile: str) -> frozenset[int]:
    """The rotations of ``tile`` that look like a smaller one: the same segments on the
    same edges and halves, with the same pennants, spots, cities and attributes (cached).

    >>> sorted(_repeated_rotations("B")), sorted(_repeated_rotations("U")), sorted(_repeated_rotations("E"))
    ([90, 180, 270], [180, 270], [])
    """
    found = _REPEATED.get(tile)
    if found is None:
        seen: set[tuple[Any, ...]] = set()
        repeated = set()
        for rotation in (0, 90, 180, 270):
            segments = orientation(tile, rotation).segments
            edges = {s.index: s.edges for s in segments}
            shape = tuple(
                sorted(
                    (
                        s.kind,
                        s.edges,
                        s.halves,
                        s.pennants,
                        s.spot,
                        tuple(sorted(edges[c] for c in s.cities)),
                        tuple(sorted(s.attributes)),
                    )
                    for s in segments
                )
            )
            if shape in seen:
                repeated.add(rotation)
            seen.add(shape)
        found = _REPEATED[tile] = frozenset(repeated)
    return found


def _kept(hand: tuple[str, ...], entry: Any) -> list[str]:
    """The tiles of ``hand`` still held after ``entry`` (a placed or discarded tile leaves it)."""
    kept = list(hand)
    if isinstance(entry, Move) and entry.tile in kept:
        kept.remove(entry.tile)
    return kept


RIVER = frozenset(t for t, kind in TILE_TYPES.items() if kind.expansion == "river")


Bot = RandomBot | GreedyBot | AnswersBot
"""Any level's bot: ``bot.decide(view)`` gives its entry."""


def make_bot(level: str, seed: int | None = None, seconds: float = 0.2, playouts: int | None = None) -> Bot:
    """A bot of ``level`` (one of :data:`LEVELS`)."""
    if level == "random":
        return RandomBot(seed)
    if level == "beginner":
        return BeginnerBot(seed)
    if level == "greedy":
        return GreedyBot(seed)
    if level == "answers":
        return AnswersBot(seed, seconds=seconds, playouts=playouts)
    if level == "mcts":
        return MctsBot(seed, seconds=seconds, playouts=playouts)
    raise ValueError(f"unknown bot level {level!r}: choose one of {', '.join(LEVELS)}")
