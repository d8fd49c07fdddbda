"""House rules (RULES.md, House rules): options that change a scoring or a turn.

- ``small_city`` (old rule): a completed city of exactly two tiles scores 1 per tile and
  1 per pennant instead of 2 + 2.
- ``incomplete_score: false``: roads, cities and cloisters left incomplete at the end
  score nothing (farms, goods and the king and robber still do).
- ``hole_bonus``: a tile placed with neighbours on all four sides gives one extra turn
  (at most one extra turn per ordinary turn, from all sources together).
- ``hand: 3``: each player holds three tiles and plays one of them each turn (River tiles
  are drawn one at a time first, then the hands are dealt); ``hand_visible`` makes the
  hands public (the engine tells anyone any hand: hiding them is the site's job).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from .. import errors
from ..board import DELTA
from ..hooks import RuleModule, register
from ..rules import Rules
from ..tiles import TILE_TYPES

if TYPE_CHECKING:
    from ..decisions import TileTurn

RIVER_TILES = tuple(t.id for t in TILE_TYPES.values() if t.expansion == "river")


@mypyc_attr(native_class=False)  # as RuleModule: its subclasses are registered by a decorator
class HouseRule(RuleModule):
    """A house rule is on when its option (``name``, a field of :class:`Rules`) differs
    from the published rules. House rules run last (they adjust what the expansions
    decided), in the order of this file."""

    order = 90
    published: bool | None = False

    @classmethod
    def enabled(cls, rules: Rules) -> bool:
        return bool(getattr(rules, cls.name) != cls.published)


@register
class SmallCity(HouseRule):
    name = "small_city"

    def feature_points(self, root: int, complete: bool, points: int) -> int:
        board = self.game.board
        if complete and board.kind(root) == "city" and board.size(root) == 2:
            return 2 + board.pennants(root)
        return points


@register
class IncompleteScoresNothing(HouseRule):
    name = "incomplete_score"
    published = True

    def feature_points(self, root: int, complete: bool, points: int) -> int:
        return points if complete else 0


@register
class HoleBonus(HouseRule):
    name = "hole_bonus"

    def extra_turn(self, turn: TileTurn) -> bool:
        cells = self.game.board.cells
        return all(turn.key + delta in cells for delta in DELTA)


@register
class Hand(HouseRule):
    """The ``hand`` house rule (RULES.md, House rules).

    With a bag (a game being played) the hands are known tiles; without one (a replay of
    a record, which never stores the bag) only their sizes are, and a move may name any
    tile still in the game. Leaving the game (resign, forfeit) puts a hand back in the bag.

    >>> from carcassonne.game import Game
    >>> game = Game.new(["Ann", "Bob"], Rules(hand=3), seed=7)
    >>> game.hand(0), game.hand(1), game.hand_sizes(), game.tile, game.tiles_left
    (('U', 'W', 'A'), ('O', 'F', 'V'), (3, 3), None, 65)
    """

    name = "hand"
    published = None
    hands: tuple[tuple[str, ...], ...] | None = None  # with a bag: the tiles per seat
    sizes: tuple[int, ...] | None = None  # None until the hands are dealt
    refill: int | None = None  # the seat that placed a tile and draws one at the next draw

    def draw(self) -> bool | None:
        game = self.game
        if self.sizes is None:
            if not self._deal():
                return None  # River tiles are drawn one at a time, as usual
        else:
            for seat in game.out:  # a player who left gives their tiles back
                while self.sizes[seat]:
                    tile = self._take(seat, self.hands[seat][-1] if self.hands else None)
                    if tile:
                        game.put_back(tile)
            if self.refill is not None:
                self._give(self.refill)
                self.refill = None
        seat, n = game.current_player, len(game.players)
        sizes = self.sizes or ()  # dealt by now
        for _ in range(n):  # a player with an empty hand is skipped
            if sizes[seat] and seat not in game.out:
                game.current_player = seat
                return True
            seat = (seat + 1) % n
        return False

    def _deal(self) -> bool:
        """Deal the hands (3 each, in seat order) unless River tiles are still to come."""
        game = self.game
        if any(game.remaining.get(t) for t in RIVER_TILES):
            return False
        n = len(game.players)
        self.sizes = (0,) * n
        if game.has_bag:
            self.hands = ((),) * n
        for seat in range(n):
            if seat not in game.out:
                for _ in range(game.rules.hand or 0):
                    self._give(seat)
        return True

    def played(self, seat: int, tile: str, discarded: bool) -> None:
        if self.sizes is None:
            return  # a River tile, drawn as usual
        self._take(seat, tile)
        if discarded:
            self._give(seat)  # a discarded tile is replaced at once
        else:
            self.refill = seat  # after the turn's decisions, before an extra turn

    def hand(self, seat: int) -> tuple[str, ...] | None:
        return self.hands[seat] if self.hands is not None else None

    def hand_sizes(self) -> tuple[int, ...] | None:
        if self.sizes is None and not self.game.has_bag and not self.game.history:
            self._deal()  # a replay deals (hands of unknown tiles) before its first entry
        return self.sizes

    def deal(self, hands: list[list[str]]) -> None:
        self.hands = tuple(tuple(h) for h in hands)
        self.sizes = tuple(len(h) for h in hands)

    def move_error(self, move: Any) -> str | None:
        hand = self.hand(self.game.current_player) if self.sizes is not None else None
        if not hand or move.discard:
            return None
        stuck = self.game.unplaceable(dict.fromkeys(hand))
        return errors.reason("hand_tile_fits_nowhere", tile=stuck) if stuck is not None else None

    def _give(self, seat: int) -> None:
        """``seat`` draws one tile into their hand, if any is left."""
        game = self.game
        if game.has_bag:
            tile = game.take_from_bag()
            if tile is None:
                return
            hands = list(self.hands or ())
            hands[seat] += (tile,)
            self.hands = tuple(hands)
        elif not game.tiles_left:
            return
        self.sizes = tuple(size + (s == seat) for s, size in enumerate(self.sizes or ()))

    def _take(self, seat: int, tile: str | None) -> str | None:
        """Take ``tile`` out of ``seat``'s hand (a tile of unknown hands: just one fewer)."""
        if self.hands is not None:
            hand = list(self.hands[seat])
            if tile in hand:
                hand.remove(tile)
            hands = list(self.hands)
            hands[seat] = tuple(hand)
            self.hands = tuple(hands)
        self.sizes = tuple(size - (s == seat) for s, size in enumerate(self.sizes or ()))
        return tile
