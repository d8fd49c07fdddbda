"""The three bots: ``random``, ``greedy`` and ``mcts`` (the named levels of play are in :mod:`games.bots.ladder`).

A bot has one method, ``decide(view) -> entry``: given a
:class:`~games.bots.view.PlayerView` it returns one of the legal entries that
:func:`~games.bots.options.options_of` lists for the decision the game waits for,
whatever its kind. Each bot has its own random generator, seeded by the caller, so
a fixed seed gives the same game (for ``mcts`` with a playout budget rather than a
time budget, since a clock is never exactly repeatable).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from games.engine import TILE_TYPES, Game, Move
from games.engine.board import fits_pattern, key_of

from .evaluate import advantage, final_estimate, potential, potential_after, value_after
from .options import options_of
from .sim import copy_game, deal_guess, hidden_tiles, sample_bag
from .view import PlayerView

LEVELS = ("random", "greedy", "mcts")


class RandomBot:
    """Uniform over the legal entries of each decision."""

    level = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: PlayerView) -> Any:
        return self.rng.choice(options_of(view))


class GreedyBot:
    """The entry with the best immediate value (see :mod:`games.bots.evaluate`): by
    default the score if the game ended now (``value_after``); ``judge=potential_after``
    looks at the expected final score instead. With ``noise`` it plays a random legal
    entry that share of the time (a weaker level)."""

    level = "greedy"

    def __init__(self, seed: int | None = None, judge=value_after, noise: float = 0.0) -> None:
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
        return max(options, key=lambda entry: judge(view.board, entry, view.seat))


@dataclass
class Child:
    """One root option of the search with its statistics."""

    entry: Any
    prior: float
    after: Game
    total: float = 0.0
    playouts: int = 0

    @property
    def mean(self) -> float:
        return self.total / self.playouts if self.playouts else self.prior


@dataclass
class Search:
    """What one decision's search did (``bench`` reports it)."""

    children: list[Child] = field(default_factory=list)
    playouts: int = 0
    seconds: float = 0.0


class MctsBot:
    """Monte Carlo search with determinization, within a time (or playout) budget.

    The time budget counts the CPU seconds of the thread that searches
    (``time.thread_time``), so the bot thinks as much on a busy machine as on an idle one.

    Every option is first judged by the expected final score
    (:func:`~games.bots.evaluate.potential`: the score if the game ended now, plus what
    unfinished features are likely to add given the tiles left that fit their holes, plus
    the followers kept) and the best ``width`` are searched. Each round samples one order
    for the unknown tiles from the multiset still in the game (never the real bag, which
    the view does not hold) and plays one playout from every option still in the race
    with that same order and the same random choices (common random numbers: the options
    are compared on the same futures, so tile luck cancels out). A playout plays
    ``depth`` further turns for every player with a cheap policy that fills the holes of
    the board (placements touching most tiles, which is where features get completed) and
    places no figure (``figure_rate``); with ``reply`` the other players instead answer
    with their best move on a cell next to an unfinished feature holding a figure (slower;
    not measured stronger at 0.3 s). The position is then judged by the same expected
    final score. Sequential halving drops the worse half of the options after each phase;
    the option with the most playouts, then the best mean, is played.
    """

    level = "mcts"
    depth = 4
    width = 8
    phase = 4  # rounds in the first phase; each phase after a halving is twice as long
    fill_rate = 0.8  # chance that a playout move fills the most enclosed cell
    figure_rate = 0.0  # chance that a playout move places a figure (none: less noise, measured better)
    reply = False  # whether the other players answer a threat with their best move on the hot cells

    def __init__(self, seed: int | None = None, seconds: float = 0.2, playouts: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.playouts = playouts
        self.last_search: Search | None = None

    def decide(self, view: PlayerView) -> Any:
        options = options_of(view)
        if len(options) == 1:
            return options[0]
        search = self.search(view, options)
        best = max(search.children, key=lambda c: (c.playouts, c.mean, c.prior))
        return best.entry

    def search(self, view: PlayerView, options: list, keep: Any = None) -> Search:
        """Search the decision of ``view`` among ``options``; ``keep`` (an entry of them,
        the analysis's played move) stays searched to the end whatever its prior."""
        clock = time.thread_time  # CPU seconds of this thread: the budget does not shrink on a busy machine
        started = clock()
        deadline = started + self.seconds
        rng = self.rng
        rng.shuffle(options)
        children = []
        for entry in options:
            after = copy_game(view.board)
            after.play(entry)
            children.append(Child(entry, advantage(potential(after), view.seat), after))
        children.sort(key=lambda c: -c.prior)
        kept = next((c for c in children if keep is not None and c.entry == keep), None)
        children = children[: self.width]
        if kept is not None and all(c is not kept for c in children):
            children.append(kept)
        search = Search(children)
        active, phase, rounds = list(children), self.phase, 0
        while len(active) > 1:
            if self.playouts is not None:
                if search.playouts >= self.playouts:
                    break
            elif clock() >= deadline:
                break
            # one guess at what the viewer cannot see (the bag, the other hands) for all options
            seen = view.hand + ((view.tile,) if view.tile else ())
            order = sample_bag(hidden_tiles(view.board, seen), rng)
            seed = rng.randrange(2**32)
            for child in active:
                bag, hands = deal_guess(child.after, view.seat, _kept(view.hand, child.entry), order)
                child.total += self.playout(child.after, view.seat, bag, random.Random(seed), hands)
                child.playouts += 1
                search.playouts += 1
            rounds += 1
            if rounds >= phase and len(active) > 2:
                active.sort(key=lambda c: -c.mean)
                dropped = active[(len(active) + 1) // 2 :]
                active = active[: (len(active) + 1) // 2] + [c for c in dropped if c is kept]
                phase, rounds = phase * 2, 0
        search.seconds = clock() - started
        self.last_search = search
        return search

    def playout(
        self, after: Game, seat: int, bag: list[str], rng: random.Random, hands: list[list[str]] | None = None
    ) -> float:
        """One sampled future of ``after``: ``depth`` turns by the playout policy, then ``seat``'s advantage."""
        game = copy_game(after, bag, hands)
        for _ in range(self.depth):
            if game.finished:
                break
            if game.pending.action != "turn":  # an expansion's decision: any legal answer
                listed = game.options()
                game.play(listed[rng.randrange(len(listed))])
                continue
            tiles = game.turn_tiles  # the drawn tile, or the hand
            stuck = game.unplaceable(tiles) if len(tiles) > 1 else None  # a drawn tile: placements say it
            tile = stuck or (tiles[0] if len(tiles) == 1 else tiles[rng.randrange(len(tiles))])
            if self.reply and game.current_player != seat:
                placements = game.legal_placements(tile)
                move = _best_reply(game, tile, placements) if placements else None
                if move is not None:
                    game.play(move)
                    continue
            if rng.random() < self.fill_rate and tile not in RIVER:
                p = _most_enclosed(game.board, tile, rng)
                if p is None:  # it fits nowhere
                    game.play(Move.discard_of(tile))
                    continue
            else:
                placements = game.legal_placements(tile)
                if not placements:
                    game.play(Move.discard_of(tile))
                    continue
                p = placements[rng.randrange(len(placements))]
            spot = None
            if rng.random() < self.figure_rate:
                spots = game.legal_spots(p, tile)
                if spots:
                    spot = spots[rng.randrange(len(spots))]
            game.play(Move(tile, p.x, p.y, p.rotation, spot))
        return advantage(potential(game, disposable=True), seat)


def _hot_cells(board) -> set[int]:
    """The empty cells where a tile changes an unfinished feature that holds a figure:
    next to an open road or city edge, or around a cloister (where players fight)."""
    hot: set[int] = set()
    for root in board.occupied_features():
        kind = board.kind(root)
        if kind in ("road", "city"):
            hot |= board.open_cells(root)
        elif kind == "cloister":
            hot.update(board.cloister_cells(root))
    return hot


def _best_reply(game: Game, tile: str, placements: list):
    """The player on turn's best move of ``tile`` on a hot cell (joining, closing or
    blocking a feature), by the expected final score; ``None`` when no placement is hot."""
    hot = _hot_cells(game.board)
    seat = game.current_player
    best, value = None, None
    for p in placements:
        if key_of(p.x, p.y) not in hot:
            continue
        moves = [Move(tile, p.x, p.y, p.rotation)]
        moves += [Move(tile, p.x, p.y, p.rotation, spot, figure=kind) for spot, kind in game.legal_figures(p, tile)]
        for move in moves:
            trial = copy_game(game)
            trial.play(move)
            v = advantage(potential(trial, disposable=True), seat)
            if value is None or v > value:
                best, value = move, v
    return best


def _kept(hand: tuple[str, ...], entry: Any) -> list[str]:
    """The tiles of ``hand`` still held after ``entry`` (a placed or discarded tile leaves it)."""
    kept = list(hand)
    if isinstance(entry, Move) and entry.tile in kept:
        kept.remove(entry.tile)
    return kept


def _most_enclosed(board, tile: str, rng: random.Random):
    """A placement of ``tile`` on an empty cell with the most neighbours (ties at random),
    found cell first: ``None`` when it fits nowhere. Not for River tiles (the River
    module restricts where they go)."""
    best, count = [], -1
    for key, pattern in board.patterns.items():
        n = _SIDES.get(pattern)
        if n is None:
            n = _SIDES[pattern] = sum(1 for side in range(4) if pattern >> (3 * side) & 7)
        if n >= count and fits_pattern(tile, pattern):
            if n > count:
                best, count = [key], n
            else:
                best.append(key)
    if not best:
        return None
    options = board.placements_at(best[rng.randrange(len(best))], tile)
    return options[rng.randrange(len(options))]


_SIDES: dict[int, int] = {}  # an empty cell's pattern -> how many neighbours it has
RIVER = frozenset(t for t, kind in TILE_TYPES.items() if kind.expansion == "river")


def make_bot(level: str, seed: int | None = None, seconds: float = 0.2, playouts: int | None = None):
    """A bot of ``level`` (one of :data:`LEVELS`)."""
    if level == "random":
        return RandomBot(seed)
    if level == "greedy":
        return GreedyBot(seed)
    if level == "mcts":
        return MctsBot(seed, seconds=seconds, playouts=playouts)
    raise ValueError(f"unknown bot level {level!r}: choose one of {', '.join(LEVELS)}")
