"""The value of a position for one player: what ``greedy`` and ``mcts`` judge by.

Two estimates. :func:`final_estimate` (``greedy``) is the score each player would have if
the game ended now (the engine's final scoring on a copy: incomplete roads, cities and
cloisters at their current value, farms by the completed cities they border) minus the
cost of the figures each has standing on the board. A figure out is worth
:data:`FIGURE_COST` points of future use for each third of the game still to play,
since it cannot score elsewhere.

:func:`potential` (``mcts`` and the analysis) is the expected final score: the same score
if the game ended now, plus what each unfinished feature is likely to add. A road or city
is completed with the chance that every empty cell next to its open edges gets a tile;
a cell's chance comes from the tiles still to come that fit what its neighbours demand
(:class:`Outlook`: a hole no remaining tile fits never closes). Cloisters gain their
likely neighbours, farms the bordering cities likely to be completed, and each follower
in the supply (or likely to come home) is worth :func:`supply_value`. Measured in
two-player games: choosing the move with the best ``potential`` wins about 4 games in 5
against ``greedy``.

A player's value is judged against the best of the others (:func:`advantage`), so helping
an opponent counts against a move.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterator, Sequence
from collections.abc import Set as AbstractSet
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from carcassonne import TILE_TYPES, Game, Rules
from carcassonne.board import DELTA, Board, Figure, fits_pattern, key_of
from carcassonne.moves import Entry, Move
from carcassonne.rules import FOLLOWERS
from carcassonne.scoring import figure_majority

from .sim import copy_game

FIGURE_COST = 1.5
TILES_IN_GAME = 72


def final_estimate(game: Game, disposable: bool = False) -> list[float]:
    """Each player's score if the game ended now, less the cost of figures still out."""
    supply = list(game.supply)
    left = sum(game.remaining.values())
    scores = ended_scores(game, disposable)
    weight = FIGURE_COST * min(1.0, 3 * left / TILES_IN_GAME)
    return [score - weight * (FOLLOWERS - s) for score, s in zip(scores, supply)]


def ended_scores(game: Game, disposable: bool = False) -> list[int]:
    """Each player's score if the game ended now (``disposable``: ``game`` may be ended
    to tell, where the engine cannot work it out without ending one)."""
    scores = game.scores_if_ended()
    if scores is None:
        ended = game if disposable else copy_game(game)
        ended.finish("ended_early")
        scores = ended.scores
    return scores


def advantage(values: Sequence[float], seat: int) -> float:
    """``seat``'s value less the best other player's (positive when ahead)."""
    others = [v for p, v in enumerate(values) if p != seat]
    return values[seat] - (max(others) if others else 0.0)


Judge = Callable[[Game, Entry, int], float]
"""A seat's value after an entry played on a copy of the game (:func:`value_after`, :func:`potential_after`)."""


def value_after(game: Game, entry: Entry, seat: int) -> float:
    """``seat``'s advantage after playing ``entry`` on a copy of ``game``."""
    trial = copy_game(game)
    trial.play(entry)
    return advantage(final_estimate(trial, disposable=True), seat)


# --- the expected final score (``potential``): what ``mcts`` and the stronger levels judge by ---
# The six weights below were tuned by self-play: ``tune --steps 60
# --games 6 --seed 1`` from REACH 0.75, DRAWS 0.6, UNOWNED 0.7, SUPPLY_VALUE 3.0, GROWTH 0.3,
# RETURN_SHARE 0.5; on new deals the tuned weights took 65.5 of 100 games from those
# (``tune --check`` seeds 3301 and 3302: 24 of 40, 41.5 of 60). The records are in
# ``research/duels/tune-s1/``.

REACH = 0.4061
"""Chance that a player bothers to fill an open cell of a feature when tiles that fit it come."""
DRAWS = 0.2695
"""Share of the tiles still to come that could go to one given cell (the owner's draws,
and not every one of them)."""
UNOWNED = 0.4998
"""A city nobody stands in is completed less often (for the farms that border it)."""
SUPPLY_VALUE = 3.2701
"""Points a follower in the supply is worth while a third of the game or more remains
(it will score somewhere); falls to 0 with the last tile."""
GROWTH = 0.1286
"""Tiles a road or city is expected to gain per open cell before it is closed."""
RETURN_SHARE = 0.3833
"""Share of a follower's supply value counted back when its feature will likely complete."""

WEIGHTS = ("REACH", "DRAWS", "UNOWNED", "SUPPLY_VALUE", "GROWTH", "RETURN_SHARE")
"""The weights of :func:`potential` (module constants) that ``tune`` moves and a duel may set per side."""


def weights() -> dict[str, float]:
    """The weights :func:`potential` judges with now."""
    return {name: float(globals()[name]) for name in WEIGHTS}


@contextmanager
def using(chosen: dict[str, float]) -> Iterator[None]:
    """Judge with ``chosen`` weights inside the block (unknown names are refused)."""
    unknown = set(chosen) - set(WEIGHTS)
    if unknown:
        raise ValueError(f"unknown weights: {', '.join(sorted(unknown))}")
    before = weights()
    _set(chosen)
    try:
        yield
    finally:
        _set(before)


def _set(chosen: dict[str, float]) -> None:
    globals().update(chosen)
    _BY_TILES_LEFT.clear()  # the chance per pattern depends on the weights


_FILLERS: dict[int, tuple[str, ...]] = {}


def fillers(pattern: int) -> tuple[str, ...]:
    """The tile types some rotation of which fits an empty cell of ``pattern`` (cached)."""
    found = _FILLERS.get(pattern)
    if found is None:
        found = _FILLERS[pattern] = tuple(t for t in TILE_TYPES if fits_pattern(t, pattern))
    return found


_BY_TILES_LEFT: dict[tuple[int, ...], dict[int, float]] = {}


class Outlook:
    """The chance that each empty cell of a board gets a tile before the end, from the
    tiles still to come that fit it (a hole no remaining tile fits never closes)."""

    def __init__(self, game: Game) -> None:
        self.board = game.board
        self.patterns = game.board.patterns
        self.remaining = game.remaining
        self.left = sum(self.remaining.values())
        self.cells: dict[int, float] = {}
        # the chance per pattern depends on the tiles left only: shared by every position with the same ones
        key = tuple(self.remaining.values())
        by_pattern = _BY_TILES_LEFT.get(key)
        if by_pattern is None:
            if len(_BY_TILES_LEFT) > 4096:
                _BY_TILES_LEFT.clear()
            by_pattern = _BY_TILES_LEFT[key] = {}
        self.by_pattern: dict[int, float] = by_pattern
        self.features: dict[int, tuple[float, int]] = {}
        self.open: dict[int, set[int]] = {}  # the open cells of each feature of features

    def fill(self, cell: int) -> float:
        chance = self.cells.get(cell)
        if chance is None:
            pattern = self.patterns.get(cell, 0)
            chance = self.by_pattern.get(pattern)
            if chance is None:
                left = self.left
                if not left:
                    chance = 0.0
                else:
                    remaining = self.remaining
                    fit = sum(remaining.get(t, 0) for t in fillers(pattern)) if pattern else left
                    chance = REACH * (1.0 - (1.0 - fit / left) ** (DRAWS * left))
                self.by_pattern[pattern] = chance
            self.cells[cell] = chance
        return chance

    def completion(self, root: int) -> tuple[float, int]:
        """The chance that the road or city ``root`` gets completed, and its open cells."""
        known = self.features.get(root)
        if known is None:
            chance = 1.0
            cells = self.open[root] = self.board.open_cells(root)
            for cell in cells:
                chance *= self.fill(cell)
            known = self.features[root] = (chance, len(cells))
        return known


def supply_value(left: int) -> float:
    """What one follower in the supply is worth with ``left`` tiles to come.

    >>> supply_value(72), round(supply_value(12), 3), supply_value(0)
    (3.2701, 1.635, 0.0)
    """
    return SUPPLY_VALUE * min(1.0, 3 * left / TILES_IN_GAME)


def unfinished_bonus(game: Game, known: Known | None = None, near: AbstractSet[int] = frozenset()) -> list[float]:
    """Per seat, the points its unfinished features are expected to add to their value at
    the end as they are: roads and cities by their chance of completion, cloisters by the
    neighbours likely to come, farms by the bordering cities likely to be completed; plus
    the followers in the supply and those likely to come home.

    With ``known`` (the features of the position before a trial move, see :class:`Trials`)
    a feature the move left as it was (``near``: the cells where it changed what an empty
    cell demands) adds what it added there, judged once."""
    board = game.board
    judge = _Judge(game, known, near)
    per_follower = judge.per_follower
    bonus = [per_follower * s for s in game.supply]
    for root in board.occupied_features():
        for seat, value in judge.feature(root).adds:
            bonus[seat] += value
    return bonus


class Judged(NamedTuple):
    """What one feature adds to the bonus (``adds``: seat and points, in the order they add
    up), with what a trial move must leave as it was for the feature to add the same."""

    figures: list[Figure]
    cells: Collection[int]  # the empty cells whose chance of a tile the value depends on
    adds: list[tuple[int, float]]
    cities: tuple[int, ...] | None = None  # a farm's bordering cities in the order they add up (None: not a farm)
    gains: int = 0  # the first ``gains`` of ``adds`` are the feature's points; the rest followers coming home


CityState = tuple[list[Figure], Collection[int], float]
"""A city a farm borders: its figures, its open cells and the chance it adds to the farm."""


class _Judge:
    """The features of one position judged one at a time (see :func:`unfinished_bonus`);
    a city a farm borders that the trial move left as it was (``known``, ``near``) adds
    the chance it added before."""

    def __init__(self, game: Game, known: Known | None = None, near: AbstractSet[int] = frozenset()) -> None:
        self.game, self.board, self.out, self.players = game, game.board, game.out, len(game.players)
        self.outlook = Outlook(game)
        left = self.outlook.left
        self.per_follower = supply_value(left)
        self.per_city = 3 if game.rules.farm_scoring == "current" else 4
        self.share = min(1.0, left / TILES_IN_GAME * 3)  # of the growth still to come
        self.cities: dict[int, CityState] = {}  # city root -> its state and chance of completion for a farm
        self.known = known
        self.known_cities = known.cities if known is not None else {}
        self.near = near

    def feature(self, root: int) -> Judged:
        """The feature ``root`` judged, or as judged before the trial move if it adds the same."""
        figures = self.board.figures(root)
        judged = None if self.known is None else self.known.still(root, figures, self.near, self.board)
        return self.judge(root, figures) if judged is None else judged

    def judge(self, root: int, figures: list[Figure]) -> Judged:
        board, outlook = self.board, self.outlook
        winners = figure_majority(figures, self.players, self.out)
        kind = board.kind(root)
        if kind == "field":
            if not winners:
                return Judged(figures, (), [], ())  # the figures alone say it adds nothing
            bordering = tuple(board.bordering_cities(root))
            chance = 0.0
            for city in bordering:
                chance += self._city(city)
            return Judged(figures, (), [(seat, self.per_city * chance) for seat in winners], bordering, len(winners))
        cells: Collection[int]
        if kind == "cloister":
            cells = board.cloister_cells(root)
            fills = [outlook.fill(cell) for cell in cells]
            gain = sum(fills)
            chance = 1.0
            for fill in fills:
                chance *= fill
        else:
            chance, count = outlook.completion(root)
            cells = outlook.open[root]
            now = self.game.feature_value(root, False)
            done = self.game.feature_value(root, True)
            grow = 1.0 + GROWTH * count * self.share / board.size(root)
            gain = chance * done * grow + (1.0 - chance) * now * (1.0 + (grow - 1.0) / 2) - now
        adds = [(seat, gain) for seat in winners]
        back = chance * RETURN_SHARE * self.per_follower
        adds += [(f.player, back) for f in figures if f.kind == "follower"]
        return Judged(figures, cells, adds, gains=len(winners))

    def _city(self, city: int) -> float:
        """The chance the city ``city`` adds to a farm it borders."""
        state = self.cities.get(city)
        if state is None:
            board = self.board
            owners = board.figures(city)
            state = self.known_cities.get(city)
            if state is None or state[0] != owners or not self.near.isdisjoint(state[1]):
                value = 0.0
                cells: Collection[int] = ()
                if not board.is_complete(city):  # complete ones count in the score if it ended now
                    value = (1.0 if owners else UNOWNED) * self.outlook.completion(city)[0]
                    cells = self.outlook.open[city]
                state = (owners, cells, value)
            self.cities[city] = state
        return state[2]


class Known:
    """The features of a position judged once for the positions one tile after it (a
    turn's trial moves): each one's :class:`Judged`, and the chance each city adds to
    the farms it borders (a farm judged again adds up its cities' kept chances)."""

    def __init__(self, game: Game) -> None:
        judge = _Judge(game)
        board = game.board
        self.features = {root: judge.judge(root, board.figures(root)) for root in board.occupied_features()}
        self.cities = judge.cities

    def still(self, root: int, figures: list[Figure], near: AbstractSet[int], board: Board) -> Judged | None:
        """The feature ``root`` as judged before the move if it adds the same after it: the
        same figures, none of the empty cells it counts on at or next to the tile (``near``),
        and for a farm the same cities, none of them changed either; else ``None``."""
        judged = self.features.get(root)
        if judged is None or figures != judged.figures:
            return None
        if judged.cities is None:  # a road, city or cloister (one with no empty cell is complete: judged again)
            return judged if judged.cells and near.isdisjoint(judged.cells) else None
        if judged.adds:  # a farm with owners (the tile may have joined it, and cities to it)
            if tuple(board.bordering_cities(root)) != judged.cities:
                return None
            for city in judged.cities:
                owners, cells, _chance = self.cities[city]
                if board.figures(city) != owners or not near.isdisjoint(cells):
                    return None
        return judged


class Trials:
    """The :func:`potential` of the positions one tile turn after ``game`` (a turn's trial
    moves, each played on its own copy). A trial's tile changes only the features it
    joins, closes or comes next to: the others add what they add before it, judged once
    per set of tiles left (a copy of ``game`` whose features' cells are kept in the order
    each trial's copy keeps them, so the chances multiply up in the same order)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.known: dict[tuple[int, ...], Known] = {}

    def potential(self, trial: Game, move: Move) -> list[float]:
        """:func:`potential` of ``trial``, ``game`` after ``move`` (a tile placement)."""
        known, near = self._before(trial, move)
        bonus = unfinished_bonus(trial, known, near)
        return [score + b for score, b in zip(ended_scores(trial, True), bonus)]

    def learned(self, trial: Game, move: Move) -> list[float]:
        """:func:`learned` of ``trial``, ``game`` after ``move`` (a tile placement)."""
        known, near = self._before(trial, move)
        return weigh(parts(trial, known, near, disposable=True), trial)

    def _before(self, trial: Game, move: Move) -> tuple[Known, set[int]]:
        """The features before the move judged with ``trial``'s tiles left, and the cells the move changed."""
        left = tuple(trial.remaining.values())
        known = self.known.get(left)
        if known is None:
            before = copy_game(self.game)
            before.remaining = dict(trial.remaining)
            known = self.known[left] = Known(before)
        cell = key_of(move.x, move.y)
        return known, {cell, *(cell + delta for delta in DELTA)}  # a tile changes what its 4 neighbours demand


def potential(game: Game, disposable: bool = False) -> list[float]:
    """Each player's expected final score: the score if the game ended now (the engine's
    final scoring, expansions' bonuses included) plus :func:`unfinished_bonus`."""
    bonus = unfinished_bonus(game)
    return [score + b for score, b in zip(ended_scores(game, disposable), bonus)]


def potential_after(game: Game, entry: Entry, seat: int) -> float:
    """``seat``'s advantage in :func:`potential` after playing ``entry`` on a copy of ``game``."""
    trial = copy_game(game)
    trial.play(entry)
    return advantage(potential(trial, disposable=True), seat)


# --- the learned value: potential moved by a network of its parts and the stage ---

PARTS = (
    "score",
    "roads",
    "cities",
    "cloisters",
    "farms",
    "returning",
    "supply",
    "roads_held",
    "cities_held",
    "cloisters_held",
    "farms_held",
    "out",
    "farmers",
    "open_cells",
    "farm_cities",
)
"""What :func:`parts` counts per seat: the score if the game ended now; what its unfinished
roads, cities, cloisters and farms are expected to add, what its followers likely to come
home and those in the supply are worth (these seven add up to :func:`potential`); then
the unfinished roads, cities, cloisters and farms it holds (alone or tied), its figures
on the board, its farmers, the open cells of the roads and cities it holds and the
cities its farms border."""
SUMMED = 7
"""The first parts, which :func:`potential` adds up as they are."""


def parts(
    game: Game, known: Known | None = None, near: AbstractSet[int] = frozenset(), disposable: bool = False
) -> list[list[float]]:
    """Per seat, the :data:`PARTS` of its value (``known`` and ``near`` as for :func:`unfinished_bonus`).

    >>> from carcassonne import Game
    >>> game = Game.new(["Ann", "Bob"], seed=1)
    >>> [round(sum(row[:SUMMED]), 6) for row in parts(game)] == [round(v, 6) for v in potential(game)]
    True
    """
    board = game.board
    judge = _Judge(game, known, near)
    rows = [[0.0] * len(PARTS) for _ in game.players]
    for row, score, supply in zip(rows, ended_scores(game, disposable), game.supply):
        row[0], row[6], row[11] = score, judge.per_follower * supply, FOLLOWERS - supply
    for root in board.occupied_features():
        judged = judge.feature(root)
        kind = _KIND_PART[board.kind(root)]
        for index, (seat, value) in enumerate(judged.adds):
            if index < judged.gains:
                row = rows[seat]
                row[kind] += value
                row[kind + 6] += 1.0  # held: the feature's points go to the seat
                if kind == 4:
                    row[14] += len(judged.cities or ())
                elif kind < 3:
                    row[13] += len(judged.cells)
            else:
                rows[seat][5] += value
        if kind == 4:
            for figure in judged.figures:
                rows[figure.player][12] += 1.0
    return rows


_KIND_PART = {"road": 1, "city": 2, "cloister": 3, "field": 4}


class Learned:
    """The learned value's network, fitted where it was learned (``players``, the default
    rules): a seat's value is its :func:`potential` (the first :data:`SUMMED` parts added
    up) plus half of ``r``, the other seat's minus half, where ``r = h(mine, theirs) -
    h(theirs, mine)`` and ``h(x, y) = out · tanh(me x + other y + stage t + bias)`` of the
    two seats' :data:`PARTS` and ``t``, the share of the 72 tiles still to come (``hidden``
    units; the inputs' scale is folded into ``me`` and ``other``).

    >>> net = Learned({"me": [[0.0]] * len(PARTS), "other": [[0.0]] * len(PARTS),
    ...                "stage": [0.0], "bias": [0.0], "out": [1.0]}, players=2, trained={})
    >>> rows = [[10.0] + [0.0] * (len(PARTS) - 1), [4.0] + [0.0] * (len(PARTS) - 1)]
    >>> net.judge(rows, 0.5)  # every weight 0: potential, the score here
    [10.0, 4.0]
    """

    def __init__(self, network: dict[str, list[Any]], players: int, trained: dict[str, object]) -> None:
        self.network = network
        self.players, self.trained = players, trained
        self.hidden = len(network["out"])
        self.inputs = np.hstack([np.array(network["me"], dtype=float), np.array(network["other"], dtype=float)])
        self.stage = np.array(network["stage"], dtype=float)
        self.bias = np.array(network["bias"], dtype=float)
        self.out = np.array(network["out"], dtype=float)

    def judge(self, rows: Sequence[Sequence[float]], t: float) -> list[float]:
        """Each of two seats' value from their :func:`parts` ``rows`` with a share ``t`` of the tiles to come."""
        k = self.hidden
        mine, theirs = rows
        products = np.array(rows) @ self.inputs  # per seat: its parts through ``me`` | through ``other``
        base = self.bias + self.stage * t
        both = np.tanh(np.stack([base + products[0, :k] + products[1, k:], base + products[1, :k] + products[0, k:]]))
        h = both @ self.out
        half = float(h[0] - h[1]) / 2
        return [sum(mine[:SUMMED]) + half, sum(theirs[:SUMMED]) - half]

    @classmethod
    def from_fit(cls, data: dict[str, Any]) -> Learned:
        """The network a fit stored (``python -m carcassonne.bots learn``), refused if fitted for other parts."""
        if tuple(data["parts"]) != PARTS:
            raise ValueError(f"learned for other parts: {data['parts']}")
        network = data["network"]
        for name in ("me", "other"):
            if len(network[name]) != len(PARTS) or any(len(row) != len(network["out"]) for row in network[name]):
                raise ValueError(f"the network's {name!r} weights do not match the parts")
        return cls(network, int(data["players"]), dict(data["trained"]))


# Beside the package's sources: a compiled module's __file__ is its extension, under build/.
LEARNED_PATH = Path(str(resources.files("carcassonne.bots") / "learned.json"))


def load_learned(path: Path = LEARNED_PATH) -> Learned:
    """The network ``python -m carcassonne.bots learn --write`` stored."""
    try:
        return Learned.from_fit(json.loads(path.read_text(encoding="utf-8")))
    except (KeyError, ValueError) as error:
        raise ValueError(f"{path}: {error}") from error


def _stored() -> Learned | None:
    try:
        return load_learned()
    except ValueError:  # learned for other parts: ``learn --write`` fits them again
        return None


LEARNED = _stored()


def learns(game: Game) -> bool:
    """Whether :func:`learned` judges ``game`` (the games it was learned on: two players,
    the default rules); :func:`potential` judges the others."""
    return LEARNED is not None and len(game.players) == LEARNED.players and game.rules == _DEFAULT_RULES


_DEFAULT_RULES = Rules()


def weigh(rows: list[list[float]], game: Game) -> list[float]:
    """Each seat's learned value from its :func:`parts` in ``game``."""
    assert LEARNED is not None  # learns(game) said so
    return LEARNED.judge(rows, sum(game.remaining.values()) / TILES_IN_GAME)


def learned(game: Game, disposable: bool = False) -> list[float]:
    """Each seat's learned value: :func:`potential` moved by a small network of both seats'
    :func:`parts` and the stage of the game (:data:`LEARNED`, from ``python -m carcassonne.bots
    learn``). Where :func:`learns` says no, :func:`potential`."""
    if not learns(game):
        return potential(game, disposable)
    return weigh(parts(game, disposable=disposable), game)


def learned_after(game: Game, entry: Entry, seat: int) -> float:
    """``seat``'s advantage in the learned value after playing ``entry`` on a copy of ``game``."""
    trial = copy_game(game)
    trial.play(entry)
    return advantage(learned(trial, disposable=True), seat)
