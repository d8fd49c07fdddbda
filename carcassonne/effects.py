"""What a placed tile did to the board's roads, cities and cloisters, for words about a move.

:func:`placement_effects` asks the board *before* the tile is placed; it changes nothing.
Each road or city the tile's pieces belong to once it lies there is one :class:`Effect`:

- ``started``: the piece meets no placed road or city (a new one begins on the tile);
- ``extended``: its pieces meet one placed feature, which goes on over the tile;
- ``joined``: they meet two or more placed features and make them one;
- ``completed``: the feature has no open edge left (whether it started, grew or joined).

A cloister completes when its eighth neighbour comes: the tile's own cloister if it lands
in a hole, and each cloister around it that waited for this tile. A new cloister is not
told as ``started``: the tile's name says it already ("a cloister with a road").

``towards`` says where an extended feature went: the side of the feature on which the
tile lies, i.e. the opposite of the tile's sides that meet it. The start tile's road runs
west-east through (0,0); a straight road laid at (1,0) meets it with its west side, so it
lies east of that road: it extended the road east. A tile meeting one feature on two
adjacent sides lies diagonally from it (west and north met: south-east); on two opposite
sides (it fills a gap in a road that runs round) no one direction is right: ``""``.

>>> from .moves import Move
>>> game = Game(["Ann", "Bob"])  # the start tile D at (0,0): a city north, a road west-east
>>> placement_effects(game.board, Move("U", 1, 0, 0))  # a straight road east of it
(Effect(kind='road', did='extended', towards='E', joined=1, tiles=((0, 0), (1, 0)), spots=('road:E',)),)
>>> placement_effects(game.board, Move("E", 0, -1, 180))  # a city cap closing the start's city
(Effect(kind='city', did='completed', towards='N', joined=1, tiles=((0, -1), (0, 0)), spots=('city:S',)),)
>>> placement_effects(game.board, Move("A", 0, 1, 0))  # a cloister south of it, its road going south
(Effect(kind='road', did='started', towards='', joined=0, tiles=((0, 1),), spots=('road:S',)),)
>>> for move in (Move("V", -1, 0, 180), Move("V", 1, 0, 90), Move("V", -1, -1, 270), Move("V", 1, -1, 0)):
...     _ = game.play(move)  # four curves: the start's road goes round to (-1,-1) and (1,-1)
>>> [[(e.kind, e.did, e.towards) for e in turn.features] for turn in history_effects(game)]
[[('road', 'extended', 'W')], [('road', 'extended', 'E')], [('road', 'extended', 'N')], [('road', 'extended', 'N')]]
>>> [(e.kind, e.did, len(e.tiles)) for e in placement_effects(game.board, Move("D", 0, -1, 180))]  # the loop's last tile
[('city', 'completed', 2), ('road', 'completed', 6)]

With King & Robber, completing the first city takes the king: the rule modules' summaries
tell what an entry changed besides the board.

>>> from .rules import Rules
>>> crowned = Game(["Ann", "Bob"], Rules(expansions=("king_robber",)))
>>> _ = crowned.play(Move("E", 0, -1, 180))
>>> history_effects(crowned)
[TurnEffects(player='Ann', features=(Effect(kind='city', ...),), changed={'king': (None, 'Ann')})]
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .board import AROUND, DELTA, Board, key_of, xy_of
from .game import Game
from .moves import Move
from .tiles import EDGES, Orientation, OrientedSegment, orientation

CORNERS = {frozenset("NE"): "NE", frozenset("ES"): "SE", frozenset("SW"): "SW", frozenset("NW"): "NW"}


class Effect(NamedTuple):
    """What placing a tile did to one road, city or cloister.

    ``did``: ``started``, ``extended``, ``joined`` or ``completed``; ``towards``: for a
    feature the tile met, the side of it where the tile lies (``N`` … ``NW``, ``""`` when
    no one side); ``joined``: how many placed features the tile met in it; ``tiles``: its
    cells once the tile lies there (a completed one's scoring names the same cells);
    ``spots``: the tile's own spots on it (a cloister around it: none)."""

    kind: str
    did: str
    towards: str
    joined: int
    tiles: tuple[tuple[int, int], ...]
    spots: tuple[str, ...]


def placement_effects(board: Board, move: Move) -> tuple[Effect, ...]:
    """The :class:`Effect` s of placing ``move``'s tile on ``board`` (the board before it):
    the tile's roads and cities in the order of their pieces, then the cloisters it completes."""
    o = orientation(move.tile, move.rotation)
    key = key_of(move.x, move.y)
    groups: list[
        tuple[frozenset[int], list[OrientedSegment]]
    ] = []  # the placed features met, the tile's pieces on them
    for segment in o.segments:
        if segment.kind not in ("road", "city"):
            continue
        roots = frozenset(board.joined_roots(key, o, segment.index))
        group = next((g for g in groups if roots and g[0] == roots), None)
        if group is None:
            groups.append((roots, [segment]))
        else:
            group[1].append(segment)
    effects = [_feature(board, key, roots, pieces) for roots, pieces in groups]
    return tuple(effects) + _cloisters(board, key, o)


def _feature(board: Board, key: int, roots: frozenset[int], pieces: list[OrientedSegment]) -> Effect:
    """One road or city of the tile: what it met, which way it went, whether it is complete."""
    met = [e for piece in pieces for e in piece.edges if key + DELTA[e] in board.cells]
    open_edges = sum(board.open_edges(r) for r in roots) + sum(len(p.edges) for p in pieces) - 2 * len(met)
    tiles = {xy_of(key)}
    for root in roots:
        tiles.update(board.tiles(root))
    if open_edges == 0:
        did = "completed"
    else:
        did = "started" if not roots else "extended" if len(roots) == 1 else "joined"
    return Effect(
        pieces[0].kind,
        did,
        _towards(met) if roots else "",
        len(roots),
        tuple(sorted(tiles)),
        tuple(p.spot for p in pieces if p.spot is not None),  # every road and city a tile turn places has one
    )


def _towards(met: list[int]) -> str:
    """Where the tile lies from what it met on its sides ``met`` (edge indexes)."""
    sides = frozenset(EDGES[(e + 2) & 3] for e in met)
    if len(sides) == 1:
        return next(iter(sides))
    return CORNERS.get(sides, "")


def _cloisters(board: Board, key: int, o: Orientation) -> tuple[Effect, ...]:
    """The cloisters the tile completes: those around waiting for it, and its own in a hole."""
    done = []
    for delta in AROUND:
        cell = key + delta
        if cell in board.cloisters and board.neighbours[cell] == 7:
            done.append(Effect("cloister", "completed", "", 1, (xy_of(cell),), ()))
    own = next((s for s in o.segments if s.kind == "cloister"), None)
    if own is not None and own.spot is not None and all(key + delta in board.cells for delta in AROUND):
        done.append(Effect("cloister", "completed", "", 0, (xy_of(key),), (own.spot,)))
    return tuple(sorted(done, key=lambda e: e.tiles))


class TurnEffects(NamedTuple):
    """What one entry of a game's history did besides its points: ``player`` (its name in
    the game) played it; ``features``: its tile's :class:`Effect` s (none for an entry that
    places no tile); ``changed``: the fields of the rule modules' summaries (NOTATION.md:
    ``king``, ``robber``, ``goods``, the Count's City) it changed, each as (before, after)."""

    player: str
    features: tuple[Effect, ...]
    changed: dict[str, tuple[Any, Any]]


class EffectsLog:
    """What each entry did, noted while the game plays it (the game's ``observer``, see
    :func:`noting`): the same as :func:`history_effects` finds, without a second replay.
    ``first``: the number of the first entry noted (the entries before it were not)."""

    def __init__(self, game: Game) -> None:
        self.first = len(game.history) + 1
        self.found: list[TurnEffects] = []
        self._summary = _summary(game)
        self._features: tuple[Effect, ...] = ()

    def before(self, game: Game, entry: object) -> None:
        self._features = placement_effects(game.board, entry) if isinstance(entry, Move) and _places(entry) else ()

    def after(self, game: Game, turn: Any) -> None:
        after = _summary(game)
        before = self._summary
        changed = {k: (before.get(k), v) for k, v in after.items() if before.get(k) != v}
        self.found.append(TurnEffects(game.players[turn.player], self._features, changed))
        self._summary = after


def noting(game: Game) -> Game:
    """``game`` noting what each entry does from now on (its entries played so far are
    not), so that :func:`turn_effects` and :func:`history_effects` need no second replay.

    >>> game = noting(Game(["Ann", "Bob"]))
    >>> _ = game.play(Move("U", 1, 0, 0))
    >>> history_effects(game) == game.observer.found == [turn_effects(game, 1)]
    True
    """
    game.observer = EffectsLog(game)
    return game


def turn_effects(game: Game, number: int) -> TurnEffects | None:
    """What entry ``number`` (from 1) of ``game``'s history did, if it was noted as it
    played (see :func:`noting`); else ``None``."""
    log = game.observer
    if not isinstance(log, EffectsLog) or not log.first <= number < log.first + len(log.found):
        return None
    if log.first + len(log.found) != len(game.history) + 1:  # not every entry since was noted
        return None
    return log.found[number - log.first]


def _places(entry: object) -> bool:
    return isinstance(entry, Move) and not (entry.discard or entry.skip or entry.forfeit)


def history_effects(game: Game) -> list[TurnEffects]:
    """What every entry of ``game``'s history did, in order: as noted while it played (see
    :func:`noting`), or else found by playing its entries again on a game without a bag (it
    raises :class:`IllegalMove` where that fails)."""
    log = game.observer
    if isinstance(log, EffectsLog) and log.first == 1 and len(log.found) == len(game.history):
        return list(log.found)
    shadow = Game(list(game.players), game.rules, game.start)
    found: list[TurnEffects] = []
    before = _summary(shadow)
    for turn in game.history:
        move = turn.move
        features = placement_effects(shadow.board, move) if _places(move) else ()
        shadow.play(move)
        after = _summary(shadow)
        changed = {k: (before.get(k), v) for k, v in after.items() if before.get(k) != v}
        found.append(TurnEffects(game.players[turn.player], features, changed))
        before = after
    return found


def _summary(game: Game) -> dict[str, Any]:
    return {k: v for module in game.modules for k, v in module.summary().items()}


__all__ = ["Effect", "EffectsLog", "TurnEffects", "history_effects", "noting", "placement_effects", "turn_effects"]
