"""Hills & Sheep (RULES.md, Hills & Sheep): its 18 tiles, the shepherd and the bag of sheep
and wolves, the hill's tie break, the vineyards.

*Written, not yet played* (``supported = False``): the site does not offer it yet.

- 18 tiles (TILES.md, ``HS-01`` to ``HS-16``) in the bag; 8 with a hill, 8 with a vineyard.
- **The shepherd** (one per player, not a follower) is placed instead of a figure with the
  move's action :class:`ShepherdAction` (``"shepherd": "field:SSE"``) on a field of the tile
  just placed whose farm has no shepherd (farmers may be there, and may join it later). At
  once a token is drawn from the bag (:data:`BAG`: sheep of 1 to 4, two wolves): a sheep joins
  the flock, a wolf sends the farm's shepherds home and their sheep back into the bag.
- **The flock**: when a later tile of the shepherd's owner extends the shepherd's farm, the
  owner is asked (``flock``, :class:`Flock`) to expand it (draw a token) or to lead it to the
  stable (the pass, a timeout's default): every shepherd on the farm scores all the farm's
  sheep, goes home and the sheep go back into the bag. A farm with shepherds that is closed
  (no open side left) scores so at once. At the end flocks score nothing.
- **The draw is chance, and the record says what came out**: a game with a bag draws with a
  generator of its own (hidden, like the tiles' order); the entry that drew is recorded with
  its token (``"shepherd": {"spot": "field:SSE", "sheep": 3}``, ``{"player": "Ann", "flock":
  "expand", "sheep": "wolf"}``), which a replay takes instead of drawing.
- **The hill**: a tie for the majority of a road, city, cloister or farm goes to the tied
  players with a follower on a hill tile of it (setting ``hill_tiebreak``:
  ``at_least_one``, JCloisterZone's default, or ``number_of_followers``: most followers on
  hills).
- **The vineyards**: a completed cloister scores 3 more for each vineyard tile of the eight
  around it.
- Settings ``hills`` and ``vineyards`` (both on by default) leave the hills or the vineyards
  out, as JCloisterZone's game elements may (the tiles stay).

>>> from carcassonne import Game, Move, Rules
>>> with supported():
...     game = Game(["Ann", "Bob"], Rules(expansions=("hills_sheep",)))
...     _ = game.play(Move("HS-13", 0, 1, 90, action=ShepherdAction("field:NNE", 3)))
>>> game.reserve[0][SHEPHERD], game.modules[0].flocks
(0, ((0, (0, 1), 'field:NNW', (3,)),))
"""

from __future__ import annotations

import random
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, NamedTuple

from ..board import DELTA, key_of, xy_of
from ..errors import Reason, said
from ..figures import FIGURE_KINDS, FigureKind, add_kind
from ..hooks import RuleModule, playable, register
from ..moves import ENTRY_READERS, MOVE_ACTIONS, IllegalMove, Move, player_of, shown
from ..rules import Option
from ..scoring import Scoring
from ..tiles import TILE_TYPES, orientation

if TYPE_CHECKING:
    from ..board import Figure
    from ..decisions import Asked, TileTurn
    from ..game import Game
    from ..moves import Placement

NAME = "hills_sheep"
SHEPHERD = "shepherd"
add_kind(FigureKind(SHEPHERD, 0, False))  # not a follower: in supply, on a farm through the module
WOLF = 0
"""A wolf token (sheep tokens are their number of sheep, 1 to 4)."""
BAG = (1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, WOLF, WOLF)
"""The 18 tokens, in JCloisterZone's order (a bag's tokens are drawn by their index in it)."""
AROUND = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
VINEYARD_POINTS = 3

TEMPLATES = {
    "bad_shepherd": "shepherd must be a field spot of the tile placed (or an object with spot and sheep), not {value}",
    "bad_flock": 'flock must be "expand", or null to lead the flock to the stable, not {value}',
    "bad_sheep": 'sheep must be 1, 2, 3, 4 or "wolf", not {value}',
    "shepherd_and_figure": "a shepherd is placed instead of a figure, not with one",
    "no_shepherd_left": "{player} has no shepherd left",
    "shepherd_not_on_a_field": "a shepherd goes on a field of the tile placed, not on {spot}",
    "shepherd_on_shepherd": "that farm already has a shepherd",
    "shepherd_not_a_figure": "a shepherd is placed with the move's shepherd, not on {spot}",
    "sheep_not_in_bag": "no {sheep} token is left in the bag",
    "sheep_is_drawn": "the token is drawn from the bag, not chosen: {sheep} is not the one drawn",
}
"""The English sentence of each of this module's reasons (codes a site may translate)."""


def refusal(code: str, **params: Any) -> Reason:
    """One of this module's reasons, as :func:`carcassonne.errors.reason` makes the core's."""
    return said(code, params, TEMPLATES[code])


def _token_of(value: Any) -> int:
    """A token of the record (1 to 4, ``"wolf"``) as this module keeps it."""
    if value == "wolf":
        return WOLF
    if type(value) is int and 1 <= value <= 4:
        return value
    raise IllegalMove(refusal("bad_sheep", value=shown(value)))


def token_json(token: int) -> int | str:
    """A token as the record writes it: its sheep, or ``"wolf"``."""
    return "wolf" if token == WOLF else token


class ShepherdAction(NamedTuple):
    """A tile move's action ``"shepherd": "field:SSE"``: instead of a figure, the player's
    shepherd on that field of the tile placed; the record adds the token it drew,
    ``"shepherd": {"spot": "field:SSE", "sheep": 2}``.

    >>> ShepherdAction.from_json({"spot": "field:SSE", "sheep": "wolf"}).to_json()
    {'shepherd': {'spot': 'field:SSE', 'sheep': 'wolf'}}
    >>> ShepherdAction.from_json("field:SSE").to_json()
    {'shepherd': 'field:SSE'}
    """

    spot: str
    sheep: int | None = None  # the token drawn (None: not drawn yet)

    def to_json(self) -> dict[str, Any]:
        if self.sheep is None:
            return {"shepherd": self.spot}
        return {"shepherd": {"spot": self.spot, "sheep": token_json(self.sheep)}}

    @classmethod
    def from_json(cls, value: Any) -> ShepherdAction:
        if isinstance(value, str) and value.startswith("field:"):
            return cls(value)
        if isinstance(value, dict) and isinstance(value.get("spot"), str) and value["spot"].startswith("field:"):
            return cls(value["spot"], _token_of(value["sheep"]) if value.get("sheep") is not None else None)
        raise IllegalMove(refusal("bad_shepherd", value=shown(value)))


class Flock(NamedTuple):
    """``{"player": "Ann", "flock": "expand"}``: Ann, whose tile extended her shepherd's farm,
    draws a token for the flock (recorded with it: ``"sheep": 3``); ``{"player": "Ann",
    "flock": null}`` leads the flock to the stable: it scores (the pass, a timeout's default)."""

    player: str | None
    expand: bool = False
    sheep: int | None = None  # the token an expansion drew

    @property
    def passes(self) -> bool:
        return not self.expand

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"flock": "expand" if self.expand else None}
        if self.sheep is not None:
            data["sheep"] = token_json(self.sheep)
        return {"player": self.player, **data} if self.player is not None else data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Flock:
        player = player_of(data)
        value = data.get("flock")
        if value not in ("expand", None):
            raise IllegalMove(refusal("bad_flock", value=shown(value)))
        sheep = _token_of(data["sheep"]) if value == "expand" and data.get("sheep") is not None else None
        return cls(player, value == "expand", sheep)


MOVE_ACTIONS["shepherd"] = ShepherdAction.from_json
ENTRY_READERS["flock"] = Flock.from_json

Shepherd = tuple[int, int, int, tuple[int, ...]]
"""A shepherd on the board: its owner, its tile's cell, the field segment, its flock's tokens."""


@register
class HillsSheep(RuleModule):
    name = NAME
    order = 78
    supported = False
    option = Option.expansion(
        NAME,
        "Hills & Sheep",
        "18 tiles; the shepherd, whose flock grows with sheep drawn from a bag until a wolf "
        "comes or it is led to the stable; hills break ties; vineyards add to cloisters.",
    )
    action_kinds = (ShepherdAction,)
    entry_kinds = (Flock,)
    settings = (
        Option(
            "hill_tiebreak",
            "choice",
            "at_least_one",
            "The hill breaks a tie",
            "For the tied players with at least one follower on a hill tile of the feature "
            "(JCloisterZone's default), or for those with the most followers on hills.",
            (("at_least_one", "At least one follower on a hill"), ("number_of_followers", "Most followers on hills")),
        ),
        Option(
            "hills",
            "bool",
            True,
            "Hills",
            "Whether the hills break ties (JCloisterZone may leave the hill out of a game with the tiles).",
        ),
        Option(
            "vineyards",
            "bool",
            True,
            "Vineyards",
            "Whether vineyards add to the cloisters beside them (JCloisterZone may leave them out).",
        ),
    )
    shepherds: tuple[Shepherd, ...] = ()
    due: tuple[tuple[int, int], ...] = ()  # (cell, segment) of the owner's flocks still to be asked this turn
    rng: random.Random | None = None  # the bag's generator (a game with a bag only)
    rng_shared = False  # rng is another game's too: cloned before this one draws

    # --- set-up --------------------------------------------------------------------------

    def tiles(self) -> dict[str, int]:
        return {t.id: t.count for t in TILE_TYPES.values() if t.expansion == NAME}

    def figures(self) -> dict[str, int]:
        return {SHEPHERD: 1}

    def arrange_bag(self, order: list[str], rng: random.Random) -> None:
        """A game with a bag draws its sheep with a generator of its own, seeded from the game's."""
        self.rng = random.Random(rng.getrandbits(64))

    def copy(self, game: Game) -> RuleModule:
        other = super().copy(game)
        if self.rng is not None:  # shared until one of them draws (a search copies thousands)
            self.rng_shared = True
            assert isinstance(other, HillsSheep)
            other.rng_shared = True
        return other

    # --- what a player sees --------------------------------------------------------------

    @property
    def flocks(self) -> tuple[tuple[int, tuple[int, int], str, tuple[int, ...]], ...]:
        """Each shepherd on the board: its owner's seat, its cell, its spot and its flock."""
        cells = self.game.board.cells
        return tuple(
            (seat, xy_of(key), cells[key].orientation.segments[index].spot or "", tokens)
            for seat, key, index, tokens in self.shepherds
        )

    def bag(self) -> list[int]:
        """The tokens in the bag, in JCloisterZone's order: all but those of the flocks."""
        left = list(BAG)
        for *_rest, tokens in self.shepherds:
            for token in tokens:
                left.remove(token)
        return left

    def summary(self) -> dict[str, Any]:
        names = self.game.players
        return {
            "flocks": [
                {"player": names[seat], "x": xy[0], "y": xy[1], "spot": spot, "sheep": sum(tokens)}
                for seat, xy, spot, tokens in self.flocks
            ]
        }

    # --- the hill and the vineyards ---------------------------------------------------------

    def break_tie(self, figures: list[Figure], winners: tuple[int, ...]) -> tuple[int, ...]:
        if not self.game.rules.setting("hills"):
            return winners
        cells = self.game.board.cells
        on_hills = dict.fromkeys(winners, 0)
        for f in figures:
            if f.player in on_hills and FIGURE_KINDS[f.kind].occupies and "hill" in cells[f.key].orientation.tile.marks:
                on_hills[f.player] += 1
        if self.game.rules.setting("hill_tiebreak") == "at_least_one":
            on_hills = {seat: min(n, 1) for seat, n in on_hills.items()}
        best = max(on_hills.values())
        return tuple(seat for seat in winners if on_hills[seat] == best) if best else winners

    def feature_points(self, root: int, complete: bool, points: int) -> int:
        """A completed cloister: 3 more for each vineyard of the eight tiles around it."""
        board = self.game.board
        if not complete or board.kind(root) != "cloister" or not self.game.rules.setting("vineyards"):
            return points
        ((x, y),) = board.tiles(root)
        for dx, dy in AROUND:
            placed = board.cells.get(key_of(x + dx, y + dy))
            if placed is not None and "vineyard" in placed.orientation.tile.marks:
                points += VINEYARD_POINTS
        return points

    # --- the shepherd: where it goes -----------------------------------------------------------

    def figure_spots(self, kind: str, key: int, o: Any, player: int) -> list[int]:
        return []  # placed with the move's action

    def figure_error(self, kind: str, key: int, o: Any, index: int, player: int) -> str | None:
        return refusal("shepherd_not_a_figure", spot=o.segments[index].spot)

    def _roots(self) -> set[int]:
        board = self.game.board
        return {board.find(board.cells[key].base + index) for _seat, key, index, _tokens in self.shepherds}

    def _spot_error(self, tile: str, placement: Placement, spot: str) -> str | None:
        o = orientation(tile, placement.rotation)
        index = o.spot_index.get(spot)
        if index is None or o.segments[index].kind != "field":
            return refusal("shepherd_not_on_a_field", spot=spot)
        if self.shepherds and self.game.board.joined_roots(key_of(placement.x, placement.y), o, index) & self._roots():
            return refusal("shepherd_on_shepherd")
        return None

    def actions(self, tile: str, placement: Placement) -> list[Any]:
        if not self.game.reserve[self.game.current_player].get(SHEPHERD):
            return []
        o = orientation(tile, placement.rotation)
        return [
            ShepherdAction(seg.spot)
            for seg in o.segments
            if seg.kind == "field" and seg.spot is not None and self._spot_error(tile, placement, seg.spot) is None
        ]

    def action_error(self, move: Move) -> str | None:
        action: ShepherdAction = move.action
        if move.meeple is not None:
            return refusal("shepherd_and_figure")
        seat = self.game.current_player
        if not self.game.reserve[seat].get(SHEPHERD):
            return refusal("no_shepherd_left", player=self.game.players[seat])
        error = self._spot_error(move.tile, move.placement, action.spot)
        if error is None and action.sheep is not None:
            error = self._sheep_error(action.sheep)
        return error

    def act(self, turn: TileTurn) -> None:
        """The shepherd goes on its field and draws its first token at once."""
        move = turn.move
        action: ShepherdAction = move.action
        index = turn.placed.orientation.spot_index[action.spot]
        self.shepherds = (*self.shepherds, (turn.player, turn.key, index, ()))
        self.game.reserve[turn.player][SHEPHERD] -= 1
        token = self._draw(action.sheep)
        self.game.record_as(move._replace(action=ShepherdAction(action.spot, token)))
        self._add(len(self.shepherds) - 1, token)
        turn.notes[NAME] = True  # the shepherd just placed: no flock decision this turn

    # --- the bag ------------------------------------------------------------------------------

    def _sheep_error(self, token: int) -> str | None:
        """Why ``token`` cannot be the one drawn now (a record's, or a player's claim)."""
        if token not in self.bag():
            return refusal("sheep_not_in_bag", sheep=token_json(token))
        if self.rng is not None and self.game.has_bag and token != self._peek():
            return refusal("sheep_is_drawn", sheep=token_json(token))
        return None

    def _generator(self) -> random.Random:
        rng = self.rng
        assert rng is not None, "only a game with a bag draws"
        if self.rng_shared:
            clone = random.Random()
            clone.setstate(rng.getstate())
            self.rng, self.rng_shared = clone, False
            return clone
        return rng

    def _peek(self) -> int:
        """The token the bag's generator gives next, without drawing it."""
        probe = random.Random()
        probe.setstate(self._generator().getstate())
        bag = self.bag()
        return bag[probe.randrange(len(bag))]

    def _draw(self, given: int | None) -> int:
        """A token drawn from the bag: the generator's, or the record's (a game without a bag)."""
        if self.rng is None:
            if given is not None:
                return given
            # no bag's generator (a bot's view of the game, a record without its token): one of
            # its own, which knows nothing of the real bag's
            self.rng = random.Random(len(self.game.history))
        bag = self.bag()
        return bag[self._generator().randrange(len(bag))]

    def _add(self, i: int, token: int) -> None:
        """Shepherd ``i``'s flock gets ``token``: a sheep joins, a wolf scatters the farm's flocks."""
        if token == WOLF:
            self._home(self._root(i), None)
            return
        seat, key, index, tokens = self.shepherds[i]
        shepherds = list(self.shepherds)
        shepherds[i] = (seat, key, index, (*tokens, token))
        self.shepherds = tuple(shepherds)

    def _root(self, i: int) -> int:
        board = self.game.board
        _seat, key, index, _tokens = self.shepherds[i]
        return board.find(board.cells[key].base + index)

    def _home(self, root: int, points: int | None) -> None:
        """The shepherds of the farm ``root`` go home with their sheep back into the bag; with
        ``points`` (the flock led to the stable) each owner scores them."""
        board, game = self.game.board, self.game
        here = [i for i in range(len(self.shepherds)) if self._root(i) == root]
        if points is not None:
            seats = tuple(dict.fromkeys(self.shepherds[i][0] for i in here))
            game.award("flock", points, seats, Scoring("flock", points, seats, True, board.tiles(root)))
        for i in here:
            game.reserve[self.shepherds[i][0]][SHEPHERD] += 1
        self.shepherds = tuple(s for i, s in enumerate(self.shepherds) if i not in here)

    def _score(self, root: int) -> None:
        total = sum(sum(tokens) for i, (*_rest, tokens) in enumerate(self.shepherds) if self._root(i) == root)
        self._home(root, total)

    # --- the turn -----------------------------------------------------------------------------

    def _closed(self, root: int) -> bool:
        """Whether the farm ``root`` has no side left open."""
        board = self.game.board
        cells, find = board.cells, board.find
        for key, placed in cells.items():
            for seg in placed.orientation.segments:
                if seg.kind == "field" and find(placed.base + seg.index) == root:
                    if any(key + DELTA[h >> 1] not in cells for h in seg.halves):
                        return False
        return True

    def _score_closed(self, turn: TileTurn) -> None:
        """Every farm with shepherds that the tile (or one beside it) closed scores its flocks."""
        if not self.shepherds:
            return
        board = self.game.board
        near = [turn.key, *(turn.key + d for d in DELTA)]
        touched: set[int] = set()
        for key in near:
            placed = board.cells.get(key)
            if placed is not None:
                touched.update(
                    board.find(placed.base + s.index) for s in placed.orientation.segments if s.kind == "field"
                )
        for root in sorted(self._roots() & touched):
            if self._closed(root):
                self._score(root)

    def before_scoring(self, turn: TileTurn) -> None:
        """The owner's flocks on a farm the tile extended are asked for (expand or score),
        unless a shepherd was placed this turn; then closed farms' flocks score."""
        if not self.shepherds:
            return
        if not turn.notes.get(NAME):
            board = self.game.board
            extended = {
                board.find(turn.placed.base + s.index) for s in turn.placed.orientation.segments if s.kind == "field"
            }
            due: dict[int, tuple[int, int]] = {}  # one question a farm: two shepherds there are one flock
            for i, s in enumerate(self.shepherds):
                if s[0] == turn.player and self._root(i) in extended:
                    due.setdefault(self._root(i), (s[1], s[2]))
            self.due = tuple(due.values())
            if self._ask_next(turn.player):
                return
        self._score_closed(turn)

    def _ask_next(self, seat: int) -> bool:
        """Ask ``seat`` about its next flock due that is still on the board (a score or a wolf
        takes every flock of its farm)."""
        standing = {(s[1], s[2]) for s in self.shepherds}
        while self.due and seat not in self.game.out:
            spot, self.due = self.due[0], self.due[1:]
            if spot in standing:
                self.game.ask(seat, "flock", self, spot)
                return True
        self.due = ()
        return False

    def _asked_index(self, asked: Asked) -> int:
        key, index = asked.data
        return next(i for i, s in enumerate(self.shepherds) if s[1] == key and s[2] == index)

    def options(self, asked: Asked) -> list[Any]:
        name = self.game.players[asked.pending.player]
        return [Flock(name), Flock(name, True)]

    def decision_error(self, entry: Any, asked: Asked) -> str | None:
        if entry.expand and entry.sheep is not None:
            return self._sheep_error(entry.sheep)
        return None

    def decide(self, entry: Any, asked: Asked) -> None:
        i = self._asked_index(asked)
        seat = asked.pending.player
        if entry.expand:
            token = self._draw(entry.sheep)
            self.game.record_as(entry._replace(sheep=token))
            self._add(i, token)
        else:
            self._score(self._root(i))
        if not self._ask_next(seat):
            turn = self.game._turn
            if turn is not None:
                self._score_closed(turn)


def supported() -> AbstractContextManager[None]:
    """``with supported():`` rule sets may name ``hills_sheep`` inside the block (see
    :func:`carcassonne.hooks.playable`)."""
    return playable(HillsSheep)


__all__ = ["BAG", "SHEPHERD", "WOLF", "Flock", "HillsSheep", "ShepherdAction", "supported"]
