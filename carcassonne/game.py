"""The game: players, scores, the bag, and the turn played one record entry at a time.

A :class:`Game` always knows what is pending (:attr:`Game.pending`) and what is legal:
:meth:`Game.legal_placements` for the drawn tile, :meth:`Game.legal_spots` for one
placement, and :meth:`Game.check` says in words why an entry is illegal.

>>> game = Game.new(["Ann", "Bob"], seed=7)
>>> game.tile, game.tiles_left, game.move_number, game.pending
('U', 70, 1, Pending(player=0, action='turn'))
>>> place = game.legal_placements()[0]
>>> place
Placement(x=-1, y=0, rotation=0)
>>> game.legal_spots(place)
['road:E', 'field:NNW', 'field:ESE']
>>> turn = game.play(Move(game.tile, place.x, place.y, place.rotation, "road:E"))
>>> turn.points, game.supply, game.current_player
((0, 0), [6, 7], 1)

Two ways to feed tiles:

- ``Game.new(players, rules, seed)`` keeps a shuffled hidden bag and draws from it
  (:attr:`Game.tile` is the drawn tile, and a move must use it);
- ``Game(players, rules)`` has no bag: each move names its tile, which must still be
  in the set (this is how records are replayed, see :mod:`carcassonne.record`).

The board and its features live in :mod:`carcassonne.board`, points in
:mod:`carcassonne.scoring`; every expansion and house rule is a module of
:mod:`carcassonne.expansions`, registered on :mod:`carcassonne.hooks`, whose hooks this
class calls at fixed points of a turn.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple, Protocol

from . import errors
from .board import Board, Figure, PlacedTile, key_of
from .decisions import Asked, Pending, TileTurn
from .figures import FOLLOWERS, weight
from .hooks import RuleModule, hooks_of, modules_for, overrides, weak
from .moves import Entry, IllegalMove, Move, Placement, Resign, parse_entry
from .outcome import Outcome, outcome_of
from .rules import COLORS, Rules
from .scoring import CATEGORIES, CATEGORY, Scoring, farms, feature_points, figure_majority, majority
from .tiles import BASE_START, TILE_TYPES, Orientation, orientation

__all__ = ["CATEGORIES", "Game", "Pending", "PlacedTile", "Scoring", "Turn"]


_BASE_SET = {t.id: t.count for t in TILE_TYPES.values() if t.expansion == "base"}


class Turn(NamedTuple):
    """A played entry with what it did: ``points[seat]`` scored by it."""

    number: int
    player: int
    move: Entry
    points: tuple[int, ...]
    scored: tuple[Scoring, ...] = ()


class Observer(Protocol):
    """Told of every entry the game plays, discards included (see :attr:`Game.observer`)."""

    def before(self, game: Game, entry: Entry) -> None: ...

    def after(self, game: Game, turn: Turn) -> None: ...


_HOOKS = (
    "restricts",
    "after_place",
    "deploy_error",
    "action_required",
    "feature_points",
    "draw_error",
    "before_scoring",
    "after_scoring",
    "extra_turn",
    "final_decisions",
    "final_scoring",
    "farm_cities",
    "farm_points",
    "draw",
    "played",
    "move_error",
    "hand_sizes",
    "own_tiles",
    "figure_weight",
    "break_tie",
    "shape",
)
_PLANS: dict[tuple[type, ...], dict[str, tuple[int, ...]]] = {}


def _plan_of(mods: list[RuleModule]) -> dict[str, tuple[int, ...]]:
    """Per hook of :data:`_HOOKS`, the indexes of the modules that override it (a search
    binds the hooks of thousands of copies: the overrides are looked up once per set of types)."""
    types = tuple(map(type, mods))
    plan = _PLANS.get(types)
    if plan is None:
        plan = _PLANS[types] = {name: tuple(i for i, m in enumerate(mods) if overrides(m, name)) for name in _HOOKS}
    return plan


_SEED_ZERO = random.Random(0)
"""The generator of a copy given a bag without one of its own: shared, never drawn from."""


class _CorePhases:
    """The core's own phases of a tile turn, held among the modules' hooks and like them
    bound to the game weakly (see :class:`RuleModule`)."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        self.game = weak(game)

    def score_tile(self, turn: TileTurn) -> None:
        self.game._score_tile(turn)

    def end_tile_turn(self, turn: TileTurn) -> None:
        self.game._end_tile_turn(turn)

    def act(self, turn: TileTurn) -> None:
        """The move's action instead of a figure (if any), by the module of its kind."""
        action = turn.move.action
        if action is not None:
            self.game._actors[type(action)].act(turn)


class Game:
    """A game of Carcassonne in progress (or finished).

    Public state: :attr:`players`, :attr:`rules`, :attr:`scores`, :attr:`supply`,
    :attr:`breakdown`, :attr:`history`, :attr:`current_player`, :attr:`tile`,
    :attr:`finished`, :attr:`final_points`, :attr:`out`; the board through
    :meth:`placed_tiles` and :attr:`board`; the result through :attr:`outcome`.
    """

    def __init__(
        self,
        players: list[str],
        rules: Rules | None = None,
        start: tuple[str, int, int, int] | None = None,
    ) -> None:
        self.rules: Rules = rules or Rules()
        reason = self.rules.players_error(len(players))
        if reason:
            raise IllegalMove(reason)
        if len(set(players)) != len(players):
            raise IllegalMove(errors.reason("names_not_distinct"))
        self.players: list[str] = list(players)
        n = len(players)
        self.scores: list[int] = [0] * n
        self.supply: list[int] = [FOLLOWERS] * n
        self.breakdown: list[dict[str, int]] = [dict.fromkeys(CATEGORIES, 0) for _ in range(n)]
        self.history: list[Turn] = []
        self.current_player = 0
        self.tile: str | None = None
        self.finished = False
        self.ending: str | None = None  # see outcome.ENDINGS
        self.out: set[int] = set()  # seats that forfeited or resigned: figures stay, weigh and score nothing
        self._asked: list[Asked] = []  # decisions modules asked for, first asked first
        self._phases = 0  # phases of the tile turn in progress not run yet (see _run_phases)
        self._turn: TileTurn | None = None
        self._closing = False  # ending: nobody is asked anything any more
        self._acc: tuple[list[int], list[Scoring]] = ([], [])  # points and scorings of the entry being played
        self._recorded: Entry | None = None  # the entry being played as the record keeps it (see record_as)
        self._final: tuple[list[int], list[Scoring]] | None = None
        self._bag: list[str] | None = None
        self._rng: random.Random | None = None
        self._rng_shared = False  # _rng may be another game's too: cloned before the first draw (see _generator)
        self.observer: Observer | None = None  # e.g. effects.EffectsLog: what each entry did, noted as it plays
        self.board = Board()
        self.modules: list[RuleModule] = modules_for(self.rules, self)
        self._bind_hooks()
        # figures other than followers in each player's supply (large, builder, pig)
        self.reserve: list[dict[str, int]] = [{} for _ in range(n)]
        for hook in hooks_of(self.modules, "figures"):
            for reserve in self.reserve:
                reserve.update(hook())
        self.remaining: dict[str, int] = dict(_BASE_SET)
        for hook in hooks_of(self.modules, "tiles"):
            self.remaining.update(hook())
        block = None
        for hook in hooks_of(self.modules, "start_block"):
            block = hook()
        self.start: tuple[str, int, int, int] | None = None
        if block is not None:  # a fixed block of tiles instead of a start tile (the Count's City)
            if start is not None:
                raise IllegalMove(errors.reason("no_start_tile"))
            for tile_id, x, y, rotation in block:
                self._place(key_of(x, y), orientation(tile_id, rotation))
            return
        if start is None:
            start = (BASE_START, 0, 0, 0)
            for hook in hooks_of(self.modules, "start"):
                start = hook() or start
        tile_id, x, y, rotation = start
        if self.remaining.get(tile_id, 0) < 1:
            raise IllegalMove(errors.reason("unknown_start_tile", tile=tile_id))
        self.start = start
        self.remaining[tile_id] -= 1
        self._place(key_of(x, y), orientation(tile_id, rotation))

    def _bind_hooks(self) -> None:
        """Collect the hooks the enabled modules override (the hot path checks empty lists)."""
        mods = self.modules
        core = _CorePhases(self)
        if not mods:  # the base game: the core's phases only (a search binds thousands of copies)
            self._bind_core(core)
            return
        plan = _plan_of(mods)  # which modules override each hook: worked out once per set of module types

        def hooks(name: str) -> list[Any]:
            return [getattr(mods[i], name) for i in plan[name]]

        self._restrictors = [mods[i] for i in plan["restricts"]]
        self._after_place = hooks("after_place")
        self._deploy_checks = hooks("deploy_error")
        self._action_musts = hooks("action_required")
        self._points_hooks = hooks("feature_points")
        self._draw_checks = hooks("draw_error")
        # a tile turn's phases, in order; a turn in progress keeps how many are left
        self._tile_phases = hooks("before_scoring") + [core.score_tile] + hooks("after_scoring") + [core.end_tile_turn]
        self._actors = {kind: m for m in mods for kind in m.action_kinds}
        if self._actors:  # an action instead of a figure is the turn's first phase
            self._tile_phases.insert(0, core.act)
        self._turn_entries = {kind: m for m in mods for kind in m.turn_entry_kinds}
        self._extra_turn = hooks("extra_turn")
        self._phased = len(self._tile_phases) > 2 or bool(self._extra_turn)
        self._final_decisions = hooks("final_decisions")
        self._final_scoring = hooks("final_scoring")
        self._deciders = {kind: m for m in mods for kind in m.entry_kinds}
        self._figure_modules = {kind: m for m in mods for kind in m.figures()}
        self._farm_cities = hooks("farm_cities")
        self._farm_points = hooks("farm_points")
        self._drawers = hooks("draw")
        self._played = hooks("played")
        self._move_checks = hooks("move_error")
        self._holders = [mods[i] for i in plan["hand_sizes"]]
        self._owners = [mods[i] for i in plan["own_tiles"]]
        self._weighers = {kind: mods[i] for i in plan["figure_weight"] for kind in mods[i].figures()}
        self._tie_breaks = hooks("break_tie")
        self._shapers = hooks("shape")

    def _bind_core(self, core: _CorePhases) -> None:
        """:meth:`_bind_hooks` without modules: every list of hooks empty."""
        self._restrictors, self._after_place, self._points_hooks, self._draw_checks = [], [], [], []
        self._deploy_checks, self._action_musts = [], []
        self._tile_phases = [core.score_tile, core.end_tile_turn]
        self._extra_turn, self._final_decisions, self._final_scoring = [], [], []
        self._phased = False
        self._deciders, self._figure_modules, self._actors, self._turn_entries = {}, {}, {}, {}
        self._farm_cities, self._farm_points, self._drawers, self._played, self._move_checks = [], [], [], [], []
        self._holders = []
        self._owners = []
        self._weighers = {}
        self._tie_breaks = []
        self._shapers = []

    # --- set-up -------------------------------------------------------------------

    @classmethod
    def new(cls, players: list[str], rules: Rules | None = None, seed: int | None = None) -> Game:
        """A game with a shuffled hidden bag, its first tile drawn.

        The same seed gives the same bag; modules may order it (the River's tiles first).
        """
        game = cls(players, rules)
        rng = random.Random(seed)
        tiles = [t for t, c in game.remaining.items() for _ in range(c)]
        order = None
        for hook in hooks_of(game.modules, "order_bag"):
            order = hook(tiles, rng)
        if order is None:
            rng.shuffle(tiles)
            order = tiles
        for hook in hooks_of(game.modules, "arrange_bag"):
            hook(order, rng)
        order.reverse()  # drawn from the end
        game._bag = order
        game._rng = rng
        game._draw()
        return game

    def copy(self, bag: list[str] | None = None, hands: list[list[str]] | None = None) -> Game:
        """An independent copy of the game (for search: bots try moves on copies).

        With ``bag`` (tile ids, first drawn first) the copy draws from it instead of the
        game's own bag or the record: its first tile becomes the drawn tile. With ``hands``
        (tiles per seat) the seats hold those tiles instead (the ``hand`` house rule).
        """
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.observer = None  # a search's copies play thousands of entries: nobody notes them
        other.scores = list(self.scores)
        other.supply = list(self.supply)
        other.reserve = [dict(r) for r in self.reserve]
        other.breakdown = [dict(b) for b in self.breakdown]
        other.history = list(self.history)
        other.out = set(self.out)
        other._asked = [Asked(a.pending, a.module, a.data) for a in self._asked]
        other.board = self.board.copy(share=not self._deciders)  # only decisions stand figures on older tiles
        if self._turn is not None:
            t = self._turn
            placed = other.board.cells[t.key]  # the copy's own tile (its figures are the copy's)
            other._turn = TileTurn(
                t.player, t.move, t.key, placed, list(t.completed), t.extra, list(t.points), dict(t.notes)
            )
        other.remaining = dict(self.remaining)
        other.modules = [m.copy(other) for m in self.modules]
        other._bind_hooks()
        mapping = dict(zip(map(id, self.modules), other.modules))
        for a in other._asked:
            a.module = mapping[id(a.module)]
        if self._bag is not None:
            other._bag = list(self._bag)
            if self._rng is not None:  # a bag is drawn with its own generator: shared until one of them draws
                self._rng_shared = other._rng_shared = True
            else:
                other._rng = random.Random()
        if hands is not None:
            for module in other._holders:
                module.deal(hands)
        elif bag is not None and self._bag is None and any(self.hand_sizes()):
            raise ValueError("a copy with a bag needs the hands too: the players hold tiles")
        if bag is not None:
            other._bag = list(reversed(bag))
            if other._rng is None:
                other._rng, other._rng_shared = _SEED_ZERO, True
            if not other.finished and not other._asked and not other._phases:
                other._draw()
        return other

    # --- what a player sees --------------------------------------------------------

    @property
    def move_number(self) -> int:
        """The number the next entry will get (1 for the first)."""
        return len(self.history) + 1

    @property
    def has_bag(self) -> bool:
        """Whether the game draws from a bag it knows (a game being played), not a replay."""
        return self._bag is not None

    @property
    def tiles_left(self) -> int:
        """Tiles still to be drawn, not counting the drawn tile or the tiles in hands."""
        if self._bag is not None:
            return len(self._bag)
        return sum(self.remaining.values()) - sum(self.hand_sizes())

    def hand(self, seat: int) -> tuple[str, ...] | None:
        """The tiles ``seat`` holds (the ``hand`` house rule): ``None`` without hands, or in
        a game without a bag (a replay), where nobody knows them.

        Hidden information: show a player only their own hand unless ``rules.hand_visible``.
        """
        for module in self._holders:
            return module.hand(seat)
        return None

    def hand_sizes(self) -> tuple[int, ...]:
        """How many tiles each seat holds (all 0 without hands)."""
        for module in self._holders:
            sizes = module.hand_sizes()
            if sizes is not None:
                return sizes
        return (0,) * len(self.players)

    @property
    def turn_tiles(self) -> tuple[str, ...]:
        """The tiles the player on turn may play: the drawn tile, or their hand (``()``
        when a decision is pending, in a replay, or once the game is over).

        >>> Game.new(["Ann", "Bob"], Rules(hand=3), seed=7).turn_tiles
        ('U', 'W', 'A')
        """
        if self.tile is not None:
            return (self.tile,)
        if self._holders and not self._asked and not self.finished:
            return self.hand(self.current_player) or ()
        return ()

    @property
    def own_tiles(self) -> tuple[str, ...]:
        """The tiles of the player on turn's own that they may play instead of the drawn
        tile (Abbey & Mayor's abbey), or on a turn without one (the end's abbeys); ``()``
        while a decision is pending or once the game is over."""
        if not self._owners or self._asked or self.finished:
            return ()
        return self._own_tiles(self.current_player)

    def timeout_entry(self, flag: str) -> Move:
        """The entry of the player on turn running out of time: ``flag`` is ``skip`` or
        ``forfeit``. With hands it names the player and no tile (the hand stays hidden)."""
        if self._holding:
            return Move("", player=self.players[self.current_player], skip=flag == "skip", forfeit=flag == "forfeit")
        return Move(self.tile or "", skip=flag == "skip", forfeit=flag == "forfeit")

    @property
    def _holding(self) -> bool:
        """Whether players hold their tiles in hands now (not while River tiles are drawn)."""
        return any(module.hand_sizes() is not None for module in self._holders)

    @property
    def colors(self) -> list[str]:
        return list(COLORS[: len(self.players)])

    def placed_tiles(self) -> Iterator[PlacedTile]:
        """The tiles on the board, in the order they were placed."""
        return iter(self.board.cells.values())

    def tile_at(self, x: int, y: int) -> PlacedTile | None:
        return self.board.get(x, y)

    @property
    def last_placed(self) -> PlacedTile | None:
        """The tile of the last tile turn (``None`` before the first)."""
        for turn in reversed(self.history):
            move = turn.move
            if type(move) is Move and move.places_tile:
                return self.board.get(move.x, move.y)
        return None

    @property
    def final_points(self) -> tuple[int, ...] | None:
        """Points of the final scoring per seat, from the end of the last tile's turn on
        (while the market round is pending: the incomplete features only)."""
        return tuple(self._final[0]) if self._final is not None else None

    @property
    def final_scored(self) -> tuple[Scoring, ...]:
        return tuple(self._final[1]) if self._final is not None else ()

    @property
    def pending(self) -> Pending | None:
        """Who must act next and how (``Pending(seat, "turn")``); ``None`` once finished."""
        if self.finished:
            return None
        if self._asked:
            return self._asked[0].pending
        return Pending(self.current_player, "turn")

    def ask(self, seat: int, action: str, module: RuleModule, data: object = None) -> None:
        """A module asks ``seat`` for a decision (answered after those asked before it).

        Nobody is asked anything while the game is being ended (``finish``): an unasked
        decision counts as a pass. Players who left the game are never asked."""
        if not self._closing and seat not in self.out:
            self._asked.append(Asked(Pending(seat, action), module, data))

    @property
    def asked(self) -> Asked | None:
        """The module decision the game waits for (with the module's data), if any."""
        return self._asked[0] if self._asked else None

    @property
    def outcome(self) -> Outcome | None:
        """Winners, ranks, scores and breakdown once the game is finished, else ``None``."""
        if not self.finished:
            return None
        return outcome_of(self.players, self.scores, self.breakdown, self.ending or "complete", self.out)

    # --- legality -------------------------------------------------------------------

    def legal_placements(self, tile: str | None = None) -> list[Placement]:
        """Every legal ``(x, y, rotation)`` of the drawn tile (or of ``tile``), sorted by x, y, rotation.

        An empty list means the tile fits nowhere and must be discarded.
        """
        tile = self._tile_for(tile)
        for module in self._restrictors:
            if module.restricts(tile):
                return module.placements(tile)
        return self.board.placements(tile)

    def can_place(self, tile: str | None = None) -> bool:
        """Whether the tile fits anywhere (cheaper than listing every placement)."""
        tile = self._tile_for(tile)
        for module in self._restrictors:
            if module.restricts(tile):
                return bool(module.placements(tile))
        return self.board.can_place(tile)

    def unplaceable(self, tiles: Iterable[str] | None = None) -> str | None:
        """The first of ``tiles`` (by default :attr:`turn_tiles`) that fits nowhere: it must
        be discarded (with hands, before anything is placed); ``None`` when every one fits."""
        for tile in self.turn_tiles if tiles is None else tiles:
            if not self.can_place(tile):
                return tile
        return None

    def legal_spots(self, placement: Placement, tile: str | None = None) -> list[str]:
        """Canonical spots where the current player may put a follower after ``placement``.

        The placement itself is assumed legal (see :meth:`check`). Empty when the
        player's supply is empty.
        """
        if not self.supply[self.current_player]:
            return []
        if self._deploy_checks and self._deploy_error(self._tile_for(tile), placement):
            return []
        o = orientation(self._tile_for(tile), placement.rotation)
        busy = self.board.occupied_segments(key_of(placement.x, placement.y), o)
        return [s.spot for s in o.segments if s.spot is not None and s.index not in busy]

    def legal_figures(self, placement: Placement, tile: str | None = None) -> list[tuple[str, str]]:
        """``(spot, figure kind)`` for every figure the current player may deploy after
        ``placement``: followers (as :meth:`legal_spots`), then the expansions' figures."""
        result = [(spot, "follower") for spot in self.legal_spots(placement, tile)]
        if self._figure_modules and not (self._deploy_checks and self._deploy_error(self._tile_for(tile), placement)):
            player = self.current_player
            reserve = self.reserve[player]
            o = orientation(self._tile_for(tile), placement.rotation)
            key = key_of(placement.x, placement.y)
            for kind, module in self._figure_modules.items():
                if reserve.get(kind):
                    spots = [o.segments[i].spot for i in module.figure_spots(kind, key, o, player)]
                    result.extend((spot, kind) for spot in spots if spot is not None)  # each has one
        return result

    def legal_actions(self, placement: Placement, tile: str | None = None) -> list[Move]:
        """The tile moves of ``placement`` that take a module's action instead of a
        figure (the Tower's tower piece; see ``RuleModule.actions``)."""
        if not self._actors:
            return []
        tile = self._tile_for(tile)
        x, y, rotation = placement
        modules = dict.fromkeys(self._actors.values())
        return [Move(tile, x, y, rotation, action=a) for m in modules for a in m.actions(tile, placement)]

    def action_required(self, placement: Placement, tile: str | None = None) -> str | None:
        """Why the tile move of ``placement`` must take a module's action, neither a figure
        nor nothing (a princess who must act; see ``RuleModule.action_required``)."""
        return self._action_required(self._tile_for(tile), placement) if self._action_musts else None

    def turn_entries(self) -> list[Entry]:
        """The entries the player on turn may play before their tile move, unasked (the
        Tower's ransom; see ``RuleModule.turn_entries``); none while a decision is asked."""
        if not self._turn_entries or self._asked or self.finished:
            return []
        seat = self.current_player
        return [e for m in dict.fromkeys(self._turn_entries.values()) for e in m.turn_entries(seat)]

    def is_turn_entry(self, entry: Entry) -> bool:
        """Whether ``entry`` is of a kind the player on turn plays unasked before their tile
        move (the Tower's ransom; see :meth:`turn_entries`), legal now or not."""
        return type(entry) in self._turn_entries

    def options(self, tile: str | None = None) -> list[Entry]:
        """Every legal entry for the pending decision, as :meth:`play` takes it.

        A tile turn: each placement of the drawn tile (or ``tile``) without a figure and
        with each figure :meth:`legal_figures` allows, or the discard when it fits nowhere;
        a module's decision: its answers, passes included. A tile turn lists too the
        moves taking a module's action instead of a figure (:meth:`legal_actions`), then,
        when no ``tile`` is named, those of the player's own tiles (:attr:`own_tiles`: the
        abbey) and, last, the entries the player may play before the tile move
        (:meth:`turn_entries`).
        Resignations are always legal and not listed.

        >>> game = Game.new(["Ann", "Bob"], seed=7)
        >>> len(game.options()), game.options()[0]
        (24, Move(tile='U', x=-1, y=0, rotation=0, meeple=None, discard=False, skip=False, forfeit=False, figure='follower', player=None, action=None))
        """
        if self.finished:
            return []
        if self._asked:
            asked = self._asked[0]
            return asked.module.options(asked)
        own = self._own_tiles(self.current_player) if self._owners and tile is None else ()
        if tile is None and self.tile is None and own and not any(self.remaining.values()):
            tiles: tuple[str, ...] = ()  # the end: a module's own tiles only (the abbeys)
        elif tile is not None or not self._holding:
            tiles = (self._tile_for(tile),)
        else:
            tiles = tuple(dict.fromkeys(self.turn_tiles))
            stuck = self.unplaceable(tiles)
            if stuck is not None:  # with hands, a tile that fits nowhere is discarded first
                return [Move.discard_of(stuck)]
        result: list[Entry] = []
        for tile in (*tiles, *(t for t in own if t not in tiles)):  # own tiles (the abbey) last
            placements = self.legal_placements(tile)
            if not placements:
                if self._owners and self._owner_of(tile) is not None:
                    continue  # an own tile (the abbey) with nowhere to go is never discarded
                return [Move.discard_of(tile)]  # the drawn tile fits nowhere: it is discarded
            for p in placements:
                if not (self._action_musts and self._action_required(tile, p)):
                    result.append(Move(tile, p.x, p.y, p.rotation))
                    result.extend(
                        Move(tile, p.x, p.y, p.rotation, spot, figure=kind)
                        for spot, kind in self.legal_figures(p, tile)
                    )
                if self._actors:
                    result.extend(self.legal_actions(p, tile))
        if self._turn_entries:
            result.extend(self.turn_entries())
        return result

    def legal_moves(self) -> list[tuple[Placement, list[str]]]:
        """Each legal placement of the drawn tile with its legal follower spots."""
        return [(p, self.legal_spots(p)) for p in self.legal_placements()]

    def check(self, move: Entry) -> None:
        """Raise :class:`IllegalMove` with the reason if the entry ``move`` is not legal now."""
        if self.finished:
            raise IllegalMove(errors.reason("game_over"))
        if type(move) is not Move:
            if type(move) is Resign:
                self._check_resign(move)
                return
            module = self._deciders.get(type(move))
            if module is None:
                self._check_turn_entry(move)
                return
            self._check_decision(move, module)
            return
        if self._asked:
            raise IllegalMove(errors.reason("decision_not_tile_turn", **self._asked[0].pending.params(self.players)))
        if move.player is not None and move.player != self.players[self.current_player]:
            raise IllegalMove(
                errors.reason("not_your_turn", current=self.players[self.current_player], player=move.player)
            )
        tile = move.tile
        if move.skip or move.forfeit:
            self._check_timeout(move)
            return
        if not (self._owners and self._owner_of(tile) is not None):
            self._check_tile(tile)
        for hook in self._move_checks:
            reason = hook(move)
            if reason:
                raise IllegalMove(reason)
        if move.discard:
            placements = self.legal_placements(tile)
            if placements:
                p = placements[0]
                raise IllegalMove(errors.reason("cannot_discard", tile=tile, x=p.x, y=p.y, rotation=p.rotation))
            return
        reason = self.board.placement_error(tile, move.x, move.y, move.rotation)
        if reason is None and self._restrictors:
            for module in self._restrictors:
                if module.restricts(tile):
                    reason = module.placement_error(tile, move.x, move.y, move.rotation)
                    break
        if reason:
            raise IllegalMove(reason)
        if self._deploy_checks or self._action_musts:
            self._check_deploy(tile, move)
        if move.meeple is not None:
            self._check_figure(tile, move)
        if move.action is not None:
            self._check_action(move)

    def _deploy_error(self, tile: str, placement: Placement) -> str | None:
        """Why a module bars figures from the tile just placed (see ``RuleModule.deploy_error``)."""
        for hook in self._deploy_checks:
            reason: str | None = hook(tile, placement)
            if reason:
                return reason
        return None

    def _action_required(self, tile: str, placement: Placement) -> str | None:
        """Why a module requires an action of this tile move (``RuleModule.action_required``)."""
        for hook in self._action_musts:
            reason: str | None = hook(tile, placement)
            if reason:
                return reason
        return None

    def _check_deploy(self, tile: str, move: Move) -> None:
        """A figure where a module bars them, or a move without the action a module requires."""
        placement = move.placement
        reason = self._deploy_error(tile, placement) if move.meeple is not None else None
        if reason is None and move.action is None:
            reason = self._action_required(tile, placement)
        if reason:
            raise IllegalMove(reason)

    def _check_action(self, move: Move) -> None:
        """The action a tile move takes instead of a figure is of an enabled module, which allows it."""
        module = self._actors.get(type(move.action))
        if module is None:
            raise IllegalMove(errors.reason("entry_not_in_rules", entry=type(move.action).__name__))
        reason = module.action_error(move)
        if reason:
            raise IllegalMove(reason)

    def _check_turn_entry(self, entry: Entry) -> None:
        """An unasked entry of a module (the Tower's ransom): by the player on turn, before the tile move."""
        module = self._turn_entries.get(type(entry))
        if module is None:
            raise IllegalMove(errors.reason("entry_not_in_rules", entry=type(entry).__name__))
        if self._asked:
            raise IllegalMove(errors.reason("decision_not_tile_turn", **self._asked[0].pending.params(self.players)))
        seat = self.current_player
        if entry.player is not None and entry.player != self.players[seat]:
            raise IllegalMove(errors.reason("not_your_turn", current=self.players[seat], player=entry.player))
        reason = module.turn_entry_error(entry, seat)
        if reason:
            raise IllegalMove(reason)

    # --- playing ------------------------------------------------------------------------

    def play(self, move: Entry) -> Turn:
        """Check and play one record entry; return the :class:`Turn` it became.

        Completed features are scored at once; after the last tile the final scoring
        is done and :attr:`finished` is set.
        """
        self.check(move)
        if self.observer is not None:
            return self._observed(move)
        if type(move) is Move:
            return self._apply(move)
        if type(move) is Resign:
            return self._resign(self.players.index(move.player))
        return self._decide(move)

    def _observed(self, move: Entry) -> Turn:
        """Play the checked ``move`` between the observer's ``before`` and ``after``."""
        observer = self.observer
        observer.before(self, move)  # type: ignore[union-attr]
        if type(move) is Move:
            turn = self._apply(move)
        elif type(move) is Resign:
            turn = self._resign(self.players.index(move.player))
        else:
            turn = self._decide(move)
        observer.after(self, turn)  # type: ignore[union-attr]
        return turn

    def play_json(self, data: object) -> Turn:
        """Read and play one record entry given as JSON data (see :func:`parse_entry`)."""
        return self.play(parse_entry(data))

    def discard_unplaceable(self) -> list[Turn]:
        """Discard the drawn tile while it fits nowhere (the same player draws again); with
        hands, every tile of the hand that fits nowhere (each is replaced at once)."""
        turns = []
        while not self.finished:
            stuck = self.unplaceable()
            if stuck is None:
                break
            discard = Move.discard_of(stuck)
            turns.append(self._observed(discard) if self.observer is not None else self._apply(discard))
        return turns

    def finish(self, ending: str = "ended_early") -> None:
        """End the game now: score incomplete roads, cities and cloisters, then farms.

        ``ending`` says why (see :data:`carcassonne.outcome.ENDINGS`); the engine passes
        ``complete`` after the last tile and ``one_left`` when all others have left.
        """
        if self.finished:
            return
        self._closing = True
        self._asked.clear()  # unanswered decisions count as passes
        if self._phases:  # the tile turn in progress ends: its tile is scored
            self._run_phases()
        self._end_of_tiles()
        self._conclude(ending)

    def _end_of_tiles(self) -> None:
        """After the last tile's turn: incomplete roads, cities and cloisters score at once,
        then modules may ask the last decisions (the Count's market round)."""
        if self._final is not None:
            return
        self.tile = None
        self._final = ([0] * len(self.players), [])
        points, scored = self._final
        board = self.board
        for root in list(board.occupied_features()):
            if board.kind(root) != "field":
                self._score(root, False, points, scored)
        for hook in self._final_decisions:
            hook()

    def _conclude(self, ending: str) -> None:
        """Farms and the modules' final bonuses; the game is over."""
        assert self._final is not None, "the end's scoring (_final_phase) comes first"
        points, scored = self._final
        self._score_farms(points, scored)
        for hook in self._final_scoring:
            hook(points, scored)
        self.finished = True
        self.ending = ending
        self.tile = None

    # --- records ------------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """The NOTATION.md game record of the entries so far (never the bag)."""
        record = {
            "format": "carcassonne-record/1",
            "rules": self.rules.to_json(),
            "players": list(self.players),
        }
        if self.start is not None:  # with a fixed block (the Count) there is no start tile
            tile, x, y, rotation = self.start
            record["start"] = {"tile": tile, "x": x, "y": y, "rotation": rotation}
        record["moves"] = [turn.move.to_json() for turn in self.history]
        return record

    # --- internals ------------------------------------------------------------------

    def _tile_for(self, tile: str | None) -> str:
        tile = tile or self.tile
        if tile is None:
            raise IllegalMove(errors.reason("no_tile_drawn"))
        if tile not in TILE_TYPES:
            raise IllegalMove(errors.reason("unknown_tile", tile=tile))
        return tile

    def _draw(self) -> None:
        for hook in self._drawers:
            holding = hook()
            if isinstance(holding, str):  # the module's tile for the player on turn (a bazaar's)
                self.tile = holding
                return
            if holding is not None:
                self.tile = None
                if not holding:
                    self._last_tile_played()
                return
        bag = self._bag
        if bag is None:
            self.tile = None
            if not any(self.remaining.values()):
                self._last_tile_played()
            return
        if bag:
            self.tile = bag.pop()
        else:
            self._last_tile_played()

    def _last_tile_played(self) -> None:
        self._end_of_tiles()
        if not self._asked:
            self._conclude("complete")

    def _check_timeout(self, move: Move) -> None:
        """A skip or forfeit names the drawn tile, or with hands no tile at all."""
        if self._holding:
            if move.tile:
                raise IllegalMove(errors.reason("timeout_names_tile"))
            return
        self._check_tile(move.tile)

    def _check_tile(self, tile: str) -> None:
        """The tile a tile entry names is the drawn one, one of the hand, or (in a replay)
        one still in the game."""
        if tile not in TILE_TYPES:
            raise IllegalMove(errors.reason("unknown_tile", tile=tile))
        if self._bag is None:
            if not self.remaining.get(tile) or self._draw_checks:
                self._check_available(tile)
        elif self.tile is not None:
            if tile != self.tile:
                raise IllegalMove(errors.reason("wrong_tile", drawn=self.tile, tile=tile))
        elif tile not in self.turn_tiles:
            raise IllegalMove(errors.reason("not_in_hand", player=self.players[self.current_player], tile=tile))

    def _check_available(self, tile: str) -> None:
        left = self.remaining.get(tile)
        if left is None:
            raise IllegalMove(errors.reason("tile_not_in_rules", tile=tile))
        if left < 1:
            raise IllegalMove(errors.reason("tile_used_up", tile=tile, count=TILE_TYPES[tile].count))
        for hook in self._draw_checks:
            reason = hook(tile)
            if reason:
                raise IllegalMove(reason)

    def _check_figure(self, tile: str, move: Move) -> None:
        kind = move.figure
        module = self._figure_modules.get(kind) if kind != "follower" else None
        if kind != "follower" and module is None:
            raise IllegalMove(errors.reason("figure_not_in_rules", figure=kind))
        o = orientation(tile, move.rotation)
        index = o.spot_index.get(move.meeple or "")
        player = self.current_player
        name = self.players[player]
        if index is None:
            raise IllegalMove(
                errors.reason("no_spot", tile=tile, rotation=move.rotation, spot=move.meeple, spots=", ".join(o.spots))
            )
        if module is not None:
            if not self.reserve[player].get(kind):
                raise IllegalMove(errors.reason("no_figure_left", player=name, figure=kind))
            reason = module.figure_error(kind, key_of(move.x, move.y), o, index, player)
            if reason:
                raise IllegalMove(reason)
            return
        if not self.supply[player]:
            raise IllegalMove(errors.reason("no_follower_left", player=name))
        if self.board.occupied(key_of(move.x, move.y), o, index):
            seg = o.segments[index]
            feature = "farm" if seg.kind == "field" else seg.kind
            raise IllegalMove(errors.reason("spot_occupied", feature=feature, spot=move.meeple))

    def _check_resign(self, entry: Resign) -> None:
        if entry.player not in self.players:
            raise IllegalMove(errors.reason("not_a_player", player=entry.player))
        if self.players.index(entry.player) in self.out:
            raise IllegalMove(errors.reason("already_left", player=entry.player))

    def _apply(self, move: Move) -> Turn:
        player = self.current_player
        n = len(self.players)
        points = [0] * n
        scored: list[Scoring] = []
        if move.skip or move.forfeit:
            self._turn = None  # an extra turn due is lost with it
            if move.tile:
                self.put_back(move.tile)
            if move.forfeit:
                self.out.add(player)
            self.current_player = self._next_seat(player)
        else:
            owner = self._owner_of(move.tile) if self._owners else None
            if owner is not None:  # a tile of the player's own (the abbey): the drawn one goes back
                owner.take_own_tile(player, move.tile)
                if self.tile is not None:
                    self.put_back(self.tile)
                    self.tile = None
            else:
                self.remaining[move.tile] -= 1
                for hook in self._played:
                    hook(player, move.tile, move.discard)
            if not move.discard:
                o = orientation(move.tile, move.rotation)
                for shaper in self._shapers:  # a module's more to the tile (a bridge)
                    o = shaper(move, o)
                key = key_of(move.x, move.y)
                placed, done = self.board.place(key, o)
                for hook in self._after_place:
                    hook(placed)
                if move.meeple is not None:
                    self.board.add_figure(key, o.spot_index[move.meeple], player, move.figure)
                    if move.figure == "follower":
                        self.supply[player] -= 1
                    else:
                        self.reserve[player][move.figure] -= 1
                if self._phased:
                    self._acc = (points, scored)
                    extra = self._turn is not None and self._turn.player == player  # see _end_tile_turn
                    self._turn = TileTurn(player, move, key, self.board.cells[key], done, extra, [0] * n)
                    self._phases = len(self._tile_phases)
                    return self._entry_done(
                        Turn(len(self.history) + 1, player, move, tuple(points), tuple(scored)), points, scored
                    )
                for root in done:
                    self._score(root, True, points, scored)
                self.current_player = self._next_seat(player) if self.out else (player + 1) % n
        turn = Turn(len(self.history) + 1, player, move, tuple(points), tuple(scored))
        self.history.append(turn)
        if len(self.out) >= n - 1:
            self.finish("one_left")
        else:
            self._draw()
        return turn

    def _entry_done(self, turn: Turn, points: list[int], scored: list[Scoring]) -> Turn:
        """Run what is left of the tile turn until a decision is asked; log the entry."""
        self._acc = (points, scored)
        if not self._asked:
            self._run_phases()
        move, self._recorded = self._recorded or turn.move, None
        turn = Turn(turn.number, turn.player, move, tuple(points), tuple(scored))
        self.history.append(turn)
        if len(self.out) >= len(self.players) - 1:
            self.finish("one_left")
        elif not self._asked and not self._phases:
            self._draw()
        return turn

    def _run_phases(self) -> None:
        """Run the tile turn's remaining phases until one asks for a decision."""
        phases, turn = self._tile_phases, self._turn
        while self._phases and not self._asked:
            phase = phases[-self._phases]
            self._phases -= 1
            phase(turn)

    def _score_tile(self, turn: TileTurn) -> None:
        """Score everything the tile completed (figures moved in by decisions included)."""
        if not turn.completed:
            return
        points, scored = self._acc
        before = list(points)
        for root in turn.completed:
            self._score(root, True, points, scored)
        for p, (a, b) in enumerate(zip(before, points)):
            turn.points[p] += b - a

    def _end_tile_turn(self, turn: TileTurn) -> None:
        """The same player's extra turn if a module grants one (never a third in a row),
        else the next player's turn."""
        player = turn.player
        if not turn.extra and not self._closing and player not in self.out:
            for hook in self._extra_turn:
                if hook(turn):
                    self.current_player = player  # TileTurn.extra is set from this when it is played
                    return
        self._turn = None
        self.current_player = self._next_seat(player) if self.out else (player + 1) % len(self.players)

    def _check_decision(self, entry: Entry, module: RuleModule) -> None:
        asked = self._asked[0] if self._asked else None
        if asked is None or asked.module is not module:
            pending = asked.pending if asked is not None else Pending(self.current_player, "turn")  # not finished
            raise IllegalMove(errors.reason("no_such_decision", **pending.params(self.players)))
        name = self.players[asked.pending.player]
        if entry.player is not None and entry.player != name:
            raise IllegalMove(
                errors.reason("not_your_decision", **asked.pending.params(self.players), player=entry.player)
            )
        reason = module.decision_error(entry, asked)
        if reason:
            raise IllegalMove(reason)

    def _decide(self, entry: Entry) -> Turn:
        if self._turn_entries and type(entry) in self._turn_entries and type(entry) not in self._deciders:
            return self._play_turn_entry(entry)
        asked = self._asked.pop(0)
        n = len(self.players)
        points: list[int] = [0] * n
        scored: list[Scoring] = []
        self._acc = (points, scored)
        if self._final is not None:
            self._acc = self._final
            points, scored = self._final
        asked.module.decide(entry, asked)
        turn = Turn(len(self.history) + 1, asked.pending.player, entry, tuple([0] * n))
        if self._final is not None:  # the end's decisions: what they bring is final scoring
            self.history.append(turn)
            if not self._asked:
                self._conclude("complete")
            return turn
        return self._entry_done(turn, points, scored)

    def _play_turn_entry(self, entry: Entry) -> Turn:
        """Play an unasked entry of the player on turn (checked); the turn stays theirs."""
        seat = self.current_player
        points: list[int] = [0] * len(self.players)
        scored: list[Scoring] = []
        self._acc = (points, scored)
        module = self._turn_entries[type(entry)]
        module.play_turn_entry(entry, seat)
        turn = Turn(len(self.history) + 1, seat, entry, tuple(points), tuple(scored))
        self.history.append(turn)
        if module.ends_turn(entry):  # as a tile move would (an abbey's pass at the end)
            self._draw()
        return turn

    def _own_tiles(self, seat: int) -> tuple[str, ...]:
        """The tiles of modules' own ``seat`` may play instead of the drawn one (the abbey)."""
        return tuple(t for module in self._owners for t in module.own_tiles(seat))

    def _owner_of(self, tile: str) -> RuleModule | None:
        """The module whose own tile ``tile`` the player on turn may play, if any."""
        seat = self.current_player
        return next((m for m in self._owners if tile in m.own_tiles(seat)), None)

    def _place(self, key: int, o: Orientation) -> list[int]:
        placed, done = self.board.place(key, o)
        for hook in self._after_place:
            hook(placed)
        return done

    def _resign(self, seat: int) -> Turn:
        """``seat`` leaves the game: its decisions are passes; on turn, its tile goes back."""
        self.out.add(seat)
        n = len(self.players)
        points: list[int] = [0] * n
        scored: list[Scoring] = []
        turn = Turn(len(self.history) + 1, seat, Resign(self.players[seat]), tuple(points))
        self._asked = [a for a in self._asked if a.pending.player != seat]
        if len(self.out) < n - 1 and self._phases:  # a tile turn waits for decisions
            return self._entry_done(turn, points, scored)
        self.history.append(turn)
        if len(self.out) >= n - 1:
            self.finish("one_left")
        elif self._final is not None:
            if not self._asked:
                self._conclude("complete")
        elif seat == self.current_player:
            if self.tile is not None:
                self.put_back(self.tile)
            self._turn = None
            self.current_player = self._next_seat(seat)
            self._draw()
        return turn

    def _next_seat(self, seat: int) -> int:
        """The next seat in turn order still in the game."""
        n = len(self.players)
        for step in range(1, n + 1):
            if (seat + step) % n not in self.out:
                return (seat + step) % n
        return seat

    def put_back(self, tile: str) -> None:
        """Return a drawn tile into the bag at a random place (the bag stays secret)."""
        if self._bag is not None and self._rng is not None:
            self._bag.insert(self._generator().randrange(len(self._bag) + 1), tile)

    def _generator(self) -> random.Random:
        """The bag's generator, this game's own: a shared one is cloned first (copies share
        theirs until they draw: seeding a fresh one cost a tenth of a copy)."""
        rng = self._rng
        assert rng is not None, "only a game with a bag draws"
        if self._rng_shared:
            clone = random.Random.__new__(random.Random)  # unseeded: its state is set at once
            clone.setstate(rng.getstate())
            self._rng, self._rng_shared = clone, False
            return clone
        return rng

    def take_from_bag(self) -> str | None:
        """Draw one tile from the bag for a module (``None`` when empty or without a bag)."""
        return self._bag.pop() if self._bag else None

    def record_as(self, entry: Entry) -> None:
        """A module's word that the entry being played (a tile move, or a decision's answer)
        is recorded as ``entry``: the same entry completed by what chance gave it (the
        sheep token drawn), so that a replay reads it rather than drawing again."""
        self._recorded = entry

    def award(self, category: str, value: int, winners: tuple[int, ...], what: Scoring | None = None) -> None:
        """Give ``value`` points to each seat of ``winners`` in a breakdown ``category``
        (modules score through this); counted in the entry being played."""
        points, scored = self._acc if self._final is None or self.finished else self._final
        self._award(category, value, winners, points)
        if what is not None:
            scored.append(what)

    def _award(self, category: str, value: int, winners: tuple[int, ...], points: list[int]) -> None:
        for p in winners:
            if p in self.out:
                continue
            self.scores[p] += value
            breakdown = self.breakdown[p]
            breakdown[category] = breakdown.get(category, 0) + value
            points[p] += value

    def _score(self, root: int, complete: bool, points: list[int], scored: list[Scoring]) -> None:
        """Score one road, city or cloister for its majority; on completion figures go home."""
        board = self.board
        figures = board.figures(root)
        if not figures:
            return
        winners = self._winners(root, figures)
        value = self.feature_value(root, complete)
        kind = board.kind(root)
        self._award(CATEGORY[kind], value, winners, points)
        scored.append(Scoring(kind, value, winners, complete, board.tiles(root)))
        if complete:
            for f in board.remove_figures(root):
                if f.kind == "follower":
                    self.supply[f.player] += 1
                else:
                    self.reserve[f.player][f.kind] += 1

    def _winners(self, root: int, figures: list[Figure]) -> tuple[int, ...]:
        """The majority of the road, city or cloister ``root`` (its ``figures``), a module's
        figure weighing what its module says there (the mayor: its city's pennants)."""
        weighers = self._weighers
        if weighers and any(f.kind in weighers for f in figures):
            winners = majority(
                (
                    (f.player, weighers[f.kind].figure_weight(f.kind, root) if f.kind in weighers else weight(f.kind))
                    for f in figures
                ),
                len(self.players),
                self.out,
            )
        else:
            winners = figure_majority(figures, len(self.players), self.out)
        if len(winners) > 1 and self._tie_breaks:  # a tie a module may break (the hill)
            for hook in self._tie_breaks:
                winners = hook(figures, winners)
        return winners

    def feature_value(self, root: int, complete: bool) -> int:
        """What the road, city or cloister ``root`` is worth to its majority now, complete
        or (``complete=False``) scored at the end as it is, under the rule set."""
        value = feature_points(self.board, root, complete)
        for hook in self._points_hooks:
            value = hook(root, complete, value)
        return value

    def _score_farms(self, points: list[int], scored: list[Scoring]) -> None:
        """Final farm scoring under the rule set's ``farm_scoring`` (RULES.md, Farms):
        ``current``: each farm's owners score 3 per completed city it borders; ``classic``:
        each completed city gives 4 to the players with most farmers around it. Modules may
        change a winner's points per city (the pig) and add cities (the Count's City)."""
        for value, seats in self._farm_awards():
            self._award("farms", value, seats, points)
            scored.append(Scoring("field", value, seats, False))

    def _farm_awards(self) -> Iterator[tuple[int, tuple[int, ...]]]:
        """The points of the final farm scoring (see :meth:`_score_farms`), in order: each
        as the points and the seats that get them (the board is not changed)."""
        board, n, out = self.board, len(self.players), self.out
        found = farms(board)
        for hook in self._farm_cities:
            hook(found)

        def weights(farms_: list[int]) -> Iterator[tuple[int, int]]:
            return ((f.player, weight(f.kind)) for farm in farms_ for f in board.figures(farm))

        def award(farms_: list[int], cities: int, per_city: int) -> Iterator[tuple[int, tuple[int, ...]]]:
            if len(farms_) == 1:  # one farm's own figures (every farm, under the current rules)
                winners = figure_majority(board.figures(farms_[0]), n, out)
            else:
                winners = majority(weights(farms_), n, out)
            if len(winners) > 1 and self._tie_breaks:  # a tie a module may break (the hill)
                standing = [f for farm in farms_ for f in board.figures(farm)]
                for hook in self._tie_breaks:
                    winners = hook(standing, winners)
            by_value: dict[int, list[int]] = {}
            for seat in winners:
                value = per_city
                for hook in self._farm_points:
                    value = hook(farms_, seat, value)
                by_value.setdefault(value * cities, []).append(seat)
            for value, seats in by_value.items():
                yield value, tuple(seats)

        if self.rules.farm_scoring == "current":
            for farm, cities in found.items():
                if cities:
                    yield from award([farm], len(cities), 3)
            return
        by_city: dict[object, list[int]] = {}  # a city root, or the Count's City
        for farm, bordered in found.items():
            for city in bordered:
                by_city.setdefault(city, []).append(farm)
        for key in sorted(by_city, key=lambda c: (0, c, "") if isinstance(c, int) else (1, 0, str(c))):
            yield from award(by_city[key], 1, 4)

    def scores_if_ended(self) -> list[int] | None:
        """Each seat's score if the game ended now (as :meth:`finish` would leave it),
        worked out without ending it: a search judges thousands of positions and need not
        copy one to end it. ``None`` when only ending the game tells: a tile turn's phases
        still to run, or modules' end decisions and bonuses (the market, goods, king)."""
        if self.finished:
            return list(self.scores)
        if self._final is not None or self._phases or self._final_decisions or self._final_scoring:
            return None
        board, out = self.board, self.out
        scores = list(self.scores)
        for root in board.occupied_features():  # as _end_of_tiles scores them (incomplete: nobody goes home)
            figures = board.figures(root)
            if figures and board.kind(root) != "field":
                value = self.feature_value(root, False)
                for p in self._winners(root, figures):
                    if p not in out:
                        scores[p] += value
        for value, seats in self._farm_awards():
            for p in seats:
                if p not in out:
                    scores[p] += value
        return scores
