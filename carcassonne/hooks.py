"""The hooks of the core: what every rule module may override (:class:`RuleModule`), the
registry of the modules known (:data:`MODULES`, kept in hook order by :func:`register`
and :func:`unregister`), the expansions among them (:func:`expansions`,
:func:`expansion_ids`: :mod:`carcassonne.rules` reads their ids and options here) and the
modules a rule set enables (:func:`modules_for`). The core imports nothing of the
expansions: each expansion imports this module and registers itself
(:mod:`carcassonne.expansions` finds and imports them all)."""

from __future__ import annotations

import copy
import random
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, ClassVar

from mypy_extensions import mypyc_attr

if TYPE_CHECKING:
    from .board import Figure, PlacedTile
    from .decisions import Asked, TileTurn
    from .game import Game
    from .moves import Move, Placement
    from .rules import Option, Rules
    from .scoring import Scoring
    from .tiles import Orientation


# A plain Python class even when compiled: each expansion's class is registered by a decorator,
# and tests define their own modules, which compiled (native) classes could not be.
@mypyc_attr(native_class=False)
class RuleModule:
    """Hooks of one expansion or house rule; one instance per game, holding its state.

    State kept on the instance must be immutable values (numbers, tuples), so that
    :meth:`copy` (a shallow copy) gives an independent game.

    A module holds its game weakly (:func:`weakref.proxy`): the game holds its modules
    and their hooks, and without a cycle between them a finished game is freed at once
    rather than by the garbage collector (which cost a tenth of the random games' time).

    What a module class says about itself (class attributes, read by the registry):

    - ``name``: the expansion's id (a member of ``rules.expansions``) or the house rule's
      field of :class:`~carcassonne.rules.Rules`.
    - ``order``: its place in the hook order, lowest first: every hook runs module by
      module in this order (:data:`MODULES`), modules of equal ``order`` in the order they
      were registered (by module file name, then in the file). The published expansions
      run in the order of their publication (River 10, Inns & Cathedrals 20, Traders &
      Builders 30, King & Robber 40, the Count 50), house rules last (90: they adjust
      what the expansions decided); a module that does not say runs at 80.
    - ``option``: an expansion's :class:`~carcassonne.rules.Option` (name: its id, kind
      ``expansion``, its label and help), the one ``Rules.options()`` lists for it, in
      hook order. A module without one is not an expansion (the house rules' options are
      fields of ``Rules``, described in :data:`carcassonne.rules.CORE_OPTIONS`).
    - ``supported``: ``False`` for an expansion written but not yet played (not yet
      tested): its id is known and a rule set naming it is refused as not supported yet,
      and ``Rules.options()`` leaves it out.
    """

    name = ""
    order: ClassVar[int] = 80
    option: ClassVar[Option | None] = None
    supported: ClassVar[bool] = True
    settings: ClassVar[tuple[Option, ...]] = ()
    """An expansion's own options (kinds ``bool`` and ``choice``, e.g. when the dragon
    moves): ``Rules.options()`` lists them after the expansion's, a rule set takes them only
    with the expansion (``rules.setting(name)`` reads one) and a record's ``rules`` holds
    those not at their default."""

    def __init__(self, game: Game) -> None:
        self.game: Game = weak(game)  # a proxy that reads as the game

    @classmethod
    def enabled(cls, rules: Rules) -> bool:
        """Whether a rule set plays this module."""
        return cls.name in rules.expansions

    def copy(self, game: Game) -> RuleModule:
        other = copy.copy(self)
        other.game = weak(game)
        return other

    # --- the tiles ------------------------------------------------------------------

    def tiles(self) -> dict[str, int]:
        """Tile counts this module adds to the set."""
        return {}

    def start(self) -> tuple[str, int, int, int] | None:
        """The start tile ``(tile, x, y, rotation)`` instead of the base game's."""
        return None

    def start_block(self) -> list[tuple[str, int, int, int]] | None:
        """Tiles ``(tile, x, y, rotation)`` laid out at the start instead of a start tile."""
        return None

    def order_bag(self, tiles: list[str], rng: random.Random) -> list[str] | None:
        """The draw order (first drawn first) of a new game's tiles, or ``None`` to shuffle."""
        return None

    def arrange_bag(self, order: list[str], rng: random.Random) -> None:
        """Rearrange, in place, a new game's draw order (first drawn first) once it is made
        (shuffled or ordered by ``order_bag``), drawing from the game's generator ``rng``."""

    def draw_error(self, tile: str) -> str | None:
        """Why ``tile`` may not be the next tile of a game without a bag (a replay)."""
        return None

    # --- tiles held in hand (the ``hand`` house rule) ------------------------------------

    def draw(self) -> bool | str | None:
        """Take over the draw at the start of a tile turn (after the last one's decisions):
        ``True`` when the player on turn (``game.current_player``, which the hook may move
        on) holds tiles to play, ``False`` when no tile is left to play at all (the game
        ends), a tile id when that tile is the player on turn's instead of a drawn one (a
        bazaar's), ``None`` to draw one tile as usual."""
        return None

    def played(self, seat: int, tile: str, discarded: bool) -> None:
        """``seat`` placed (or discarded) ``tile``; it has left the game's tiles."""

    def hand(self, seat: int) -> tuple[str, ...] | None:
        """The tiles ``seat`` holds, ``None`` when they are not known (a game without a bag)."""
        return None

    def hand_sizes(self) -> tuple[int, ...] | None:
        """How many tiles each seat holds, ``None`` while nobody holds tiles (no hands yet)."""
        return None

    def deal(self, hands: list[list[str]]) -> None:
        """Put these tiles in the seats' hands instead (a bot's guess at hidden hands)."""

    # --- a player's own tiles (Abbey & Mayor's abbey) ------------------------------------

    def own_tiles(self, seat: int) -> tuple[str, ...]:
        """Tiles of this module, in no bag and no count of the set (the abbey), that
        ``seat``, on turn, may play instead of the drawn tile, which then goes back into the
        bag (with hands: instead of a tile of the hand, which stays there); also on a turn
        this module's :meth:`draw` gives without a tile (the abbeys at the end)."""
        return ()

    def take_own_tile(self, seat: int, tile: str) -> None:
        """``seat`` plays ``tile``, one of its :meth:`own_tiles`: it leaves their stock."""

    def move_error(self, move: Any) -> str | None:
        """Why a tile move (a placement or a discard) may not be played now, after the
        core's checks passed."""
        return None

    # --- placing a tile ---------------------------------------------------------------

    def restricts(self, tile: str) -> bool:
        """Whether this module limits where ``tile`` may go now (see the two hooks below)."""
        return False

    def placements(self, tile: str) -> list[Placement]:
        """Every legal placement of a tile this module restricts."""
        raise NotImplementedError

    def placement_error(self, tile: str, x: int, y: int, rotation: int) -> str | None:
        """Why a tile this module restricts may not go there (after the edges matched)."""
        return None

    def deploy_error(self, tile: str, placement: Placement) -> str | None:
        """Why no figure may be deployed on ``tile`` just placed at ``placement`` (a volcano,
        where the dragon lands), ``None`` if figures may go there as usual."""
        return None

    def action_required(self, tile: str, placement: Placement) -> str | None:
        """Why the tile move of ``tile`` at ``placement`` must take one of this module's
        actions (neither a figure nor nothing: a princess who must remove a follower)."""
        return None

    def after_place(self, placed: PlacedTile) -> None:
        """The tile is on the board (before any figure and scoring)."""

    def shape(self, move: Move, o: Orientation) -> Orientation:
        """The orientation ``move``'s tile is placed as, given ``o`` (its tile turned): another
        with more to it (a bridge's road); by default ``o`` itself."""
        return o

    # --- figures (RULES.md, Figures) --------------------------------------------------

    def figures(self) -> dict[str, int]:
        """Figures of this module's kinds in each player's supply at the start."""
        return {}

    def figure_spots(self, kind: str, key: int, o: Orientation, player: int) -> list[int]:
        """The segments (with a spot) of the tile ``o`` just placed at ``key`` where
        ``player`` may deploy a figure of this module's ``kind``; by default those
        :meth:`figure_error` allows (override with a cheaper way to list them)."""
        return [
            seg.index
            for seg in o.segments
            if seg.spot is not None and self.figure_error(kind, key, o, seg.index, player) is None
        ]

    def figure_error(self, kind: str, key: int, o: Orientation, index: int, player: int) -> str | None:
        """Why ``player`` may not deploy a figure of this module's ``kind`` on segment
        ``index`` of the tile ``o`` just placed at ``key`` (``None`` if they may)."""
        return None

    def figure_weight(self, kind: str, root: int) -> int:
        """The weight of a figure of this module's ``kind`` in the majority of the feature
        ``root`` it stands on, when it depends on the feature (the mayor: its city's
        pennants); a module that does not override this leaves its kinds' fixed weight."""
        raise NotImplementedError

    # --- scoring ------------------------------------------------------------------------

    def break_tie(self, figures: list[Figure], winners: tuple[int, ...]) -> tuple[int, ...]:
        """The winners of a tied majority (``winners``: two seats or more) among ``figures``,
        those of a road, city, cloister or farm (the farms around a city, in the classic farm
        scoring), after this module's tie break (the hill); by default the tie stands."""
        return winners

    def feature_points(self, root: int, complete: bool, points: int) -> int:
        """The points of a road, city or cloister, given what the core (and earlier modules) say."""
        return points

    def farm_cities(self, farms: dict[int, set[Any]]) -> None:
        """Add to each farm's completed cities (``farms``: farm root -> city keys) before
        farms score; a key may be anything hashable (the Count's City of Carcassonne)."""

    def farm_points(self, farms: list[int], seat: int, points: int) -> int:
        """Points per city for ``seat``, a winner of the farm(s) ``farms`` (the pig)."""
        return points

    # --- the turn (RULES.md, A turn with expansions) -------------------------------------
    # A tile turn runs: place the tile and deploy (the core), ``before_scoring`` (the Count's
    # reinforcement), the scoring of what the tile completed (the core), ``after_scoring``
    # (goods, king and robber, the Count's deployment into the City), then the end of the
    # turn (``extra_turn``). A phase that asks a decision (``game.ask``) holds the turn
    # until it is answered with an entry of one of the module's ``entry_kinds``.

    def before_scoring(self, turn: TileTurn) -> None:
        """After the tile is placed and a figure deployed, before its completions score."""

    def after_scoring(self, turn: TileTurn) -> None:
        """After the tile's completions scored (``turn.points``: what each seat got)."""

    def extra_turn(self, turn: TileTurn) -> bool:
        """Whether the player takes an extra turn after this ordinary turn."""
        return False

    entry_kinds: tuple[type, ...] = ()
    """Record entry classes this module's decisions are answered with."""

    def decision_error(self, entry: Any, asked: Asked) -> str | None:
        """Why ``entry`` does not answer the decision ``asked`` (``None`` if it does)."""
        return None

    def decide(self, entry: Any, asked: Asked) -> None:
        """Play an answer to a decision this module asked (already checked)."""
        raise NotImplementedError

    def options(self, asked: Asked) -> list[Any]:
        """Every legal answer to a decision this module asked (passes included)."""
        return []

    # --- actions instead of deploying a figure (RULES.md, A turn with expansions) -------------
    # After placing the tile the player may, instead of deploying a figure on it, take an
    # action a module offers (a tower piece onto any tower; a follower through the magic
    # portal): a tile move with ``Move.action``, an immutable value of one of the module's
    # ``action_kinds``. Its record notation is one key of the move, e.g. ``{"tile": "V", "x": 1,
    # "y": 0, "rotation": 0, "tower": {"x": 2, "y": 0}}``: ``action.to_json()`` gives that key
    # and its value, and the module registers a reader for the key in
    # :data:`carcassonne.moves.MOVE_ACTIONS` (on import, like ``ENTRY_READERS``). The core checks
    # the placement and any figure as usual, then asks the module (``action_error``); the
    # action is taken as the tile turn's first phase (``act``, before ``before_scoring``), and
    # it may ask decisions (``game.ask``: the Tower's capture) that hold the turn as any other.

    action_kinds: tuple[type, ...] = ()
    """Classes of the actions this module offers instead of a figure (``Move.action``)."""

    def actions(self, tile: str, placement: Placement) -> list[Any]:
        """Every action of this module the player on turn may take after placing ``tile``
        at ``placement`` (assumed legal); ``Game.options`` lists a move for each."""
        return []

    def action_error(self, move: Move) -> str | None:
        """Why the action of ``move`` (of one of this module's kinds; the tile not placed
        yet, its placement legal) may not be taken; a move with both an action and a figure
        is this module's to refuse or allow."""
        return None

    def act(self, turn: TileTurn) -> None:
        """Take the action of ``turn.move`` (this module's, checked): the tile is on the
        board, any figure on it; the tile turn's first phase."""

    # --- entries of the player on turn, unasked (RULES.md, A turn with expansions) -----------
    # A module may let the player on turn play entries of their own accord before the tile
    # move (the Tower's ransom): entries of its ``turn_entry_kinds`` (record entries like the
    # decisions' answers, read through ``ENTRY_READERS``), checked by ``turn_entry_error`` and
    # played by ``play_turn_entry`` (points through ``game.award``); the turn stays theirs.

    turn_entry_kinds: tuple[type, ...] = ()
    """Record entry classes the player on turn may play before the tile move, unasked."""

    def turn_entries(self, seat: int) -> list[Any]:
        """Every such entry ``seat``, on turn, may play now (``Game.options`` lists them
        after the tile moves)."""
        return []

    def turn_entry_error(self, entry: Any, seat: int) -> str | None:
        """Why ``seat``, on turn with no decision asked, may not play ``entry`` now."""
        return None

    def play_turn_entry(self, entry: Any, seat: int) -> None:
        """Play ``entry`` of ``seat`` (already checked)."""
        raise NotImplementedError

    def ends_turn(self, entry: Any) -> bool:
        """Whether ``entry`` (one of this module's ``turn_entry_kinds``, just played) ends
        the turn of the player on turn, as a tile move would (the pass of an abbey at the
        end): the next turn is drawn."""
        return False

    # --- the end (RULES.md, End of the game with expansions) ------------------------------

    def final_decisions(self) -> None:
        """After incomplete features scored at the end: ask the last decisions (the market)."""

    def final_scoring(self, points: list[int], scored: list[Scoring]) -> None:
        """After farms: the module's end bonuses (goods, king and robber)."""

    def summary(self) -> dict[str, Any]:
        """The module's fields of the CLI summary (NOTATION.md), by player name."""
        return {}


def overrides(module: RuleModule, name: str) -> bool:
    """Whether ``module`` overrides the hook ``name``."""
    return getattr(type(module), name) is not getattr(RuleModule, name)


MODULES: list[type[RuleModule]] = []
"""Every rule module, in the order their hooks run (by ``order``, see :class:`RuleModule`)."""


def register(cls: type[RuleModule]) -> type[RuleModule]:
    """Class decorator: make a rule module known to :func:`modules_for` (and an expansion's
    id and option to :class:`~carcassonne.rules.Rules`), in its place of the hook order.
    Registering a class again changes nothing; another class of a registered ``name`` is
    an error, as is an option that is not its module's expansion option."""
    if cls in MODULES:
        return cls
    if any(other.name == cls.name for other in MODULES):
        raise ValueError(f"a rule module named {cls.name!r} is already registered")
    option = cls.option
    if option is not None and (option.name, option.kind, option.default) != (cls.name, "expansion", False):
        raise ValueError(f"{cls.__name__}.option must be Option.expansion({cls.name!r}, label, help), not {option!r}")
    MODULES.append(cls)
    MODULES.sort(key=lambda module: module.order)  # stable: equal orders keep registration order
    return cls


def unregister(cls: type[RuleModule]) -> None:
    """Forget a rule module (a test's toy module, once the test is over); see :func:`registered`."""
    MODULES.remove(cls)


@contextmanager
def registered(cls: type[RuleModule]) -> Iterator[type[RuleModule]]:
    """``with registered(Toy):`` the rule module ``Toy`` is known inside the block only."""
    register(cls)
    try:
        yield cls
    finally:
        unregister(cls)


@contextmanager
def playable(cls: type[RuleModule]) -> Iterator[None]:
    """``with playable(Module):`` rule sets may name ``Module``'s expansion inside the block,
    whatever its ``supported`` says outside it (restored after): the tests of an expansion
    written but not yet offered."""
    before = cls.supported
    cls.supported = True
    try:
        yield
    finally:
        cls.supported = before


def expansions(supported_only: bool = False) -> list[type[RuleModule]]:
    """The registered expansions' modules (those with an ``option``), in hook order;
    ``supported_only``: without those written but not yet played."""
    return [cls for cls in MODULES if cls.option is not None and (cls.supported or not supported_only)]


def expansion_ids(supported_only: bool = False) -> tuple[str, ...]:
    """The ids of the registered expansions, in hook order (house rules are not expansions).

    >>> import carcassonne
    >>> expansion_ids(supported_only=True)
    ('river', 'inns_cathedrals', 'traders_builders', 'king_robber', 'count', 'tower', 'princess_dragon', 'abbey_mayor')
    """
    return tuple(cls.name for cls in expansions(supported_only))


def weak(game: Any) -> Any:
    """A weak reference to ``game`` that is used like the game (``None`` stays ``None``;
    a proxy stays itself)."""
    if game is None or type(game) in (weakref.ProxyType, weakref.CallableProxyType):
        return game
    return weakref.proxy(game)


def modules_for(rules: Rules, game: Any = None) -> list[RuleModule]:
    """The modules ``rules`` enables, each bound to ``game``."""
    return [cls(game) for cls in MODULES if cls.enabled(rules)]


def hooks_of(modules: list[RuleModule], name: str) -> list[Callable[..., Any]]:
    """The bound ``name`` hooks of the modules that override it."""
    return [getattr(m, name) for m in modules if overrides(m, name)]
