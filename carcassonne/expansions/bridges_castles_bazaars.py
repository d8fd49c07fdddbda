"""Bridges, Castles & Bazaars (RULES.md, Bridges, Castles & Bazaars): its 12 tiles, the bazaar
with its auction, the castles, bridges on the tile just placed (bridges on a neighbouring tile
are still to come).

*Written, not yet played* (``supported = False``): the site does not offer it yet.

- 12 tiles (TILES.md, ``BB-01`` to ``BB-11``) in the bag; 8 with a bazaar (mark ``bazaar``).
- **The bazaar**: after the turn of a placed bazaar tile (its scoring and what follows it), as
  many tiles as players are drawn and laid open (:attr:`BridgesCastlesBazaars.supply`); the
  players without a bazaar tile select in turn order from the player after the one on turn
  (decision ``bazaar``, :class:`BazaarSelect`: a tile and a bid), each other player without a
  tile raises or passes once (``bazaar_bid``, :class:`BazaarRaise`), the selector outbid buys
  or sells (``bazaar_keep``, :class:`BazaarKeep`), the last player takes the last tile for 0.
  Each player's bazaar tile is then their next tile (the :meth:`draw` hook gives it). Setting
  ``bazaar``: ``auction`` (the default), ``no_auction`` or ``off``.
- **The tiles laid open are chance, and the record says what came out**: the first entry of
  each bazaar is recorded with them (``"supply": ["V", "A"]``, :meth:`Game.record_as`), which a
  replay takes instead of drawing.
- **Castles** (3 a player, 2 with five or six): a small city (two tiles) just completed may be
  turned into a castle by its winner instead of scoring (decision ``castle``,
  :class:`CastleBuild`); the castle scores for its owner the points of the next road, city,
  cloister or castle completed in its fief (its two tiles and the two on each long side), and
  nothing at the end; a farm beside it gets one point more for it.
- **Bridges** (as many as castles): the move's action :class:`BridgeAction` (``"bridge": "EW"``)
  joins two field edges of the tile just placed, both facing empty cells, into a road: the tile
  is placed as :func:`bridged` shapes it (the core's ``shape`` hook).

>>> from carcassonne import Game, Rules
>>> with supported():
...     game = Game(["Ann", "Bob"], Rules(expansions=("bridges_castles_bazaars",)))
>>> sum(n for t, n in game.remaining.items() if t.startswith("BB-")), game.modules[0].castles_left
(12, (3, 3))
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, NamedTuple

from ..board import DELTA, key_of, xy_of
from ..errors import Reason, said
from ..figures import weight
from ..hooks import RuleModule, playable, register
from ..moves import ENTRY_READERS, MOVE_ACTIONS, IllegalMove, Move, player_of, shown
from ..rules import Option
from ..scoring import Scoring, farms, figure_majority, majority
from ..tiles import EDGES, TILE_TYPES, Orientation, OrientedSegment, orientation

if TYPE_CHECKING:
    from ..board import PlacedTile
    from ..decisions import Asked, TileTurn
    from ..game import Game
    from ..moves import Placement

NAME = "bridges_castles_bazaars"
BAZAAR = "bazaar"
NO_CASTLE = "no_castle"
BID_CHOICES = 10
"""How far over the standing bid the listed answers go (any higher bid is as legal)."""

TEMPLATES = {
    "bad_bazaar": "bazaar must be an open tile's id, or null for the first open tile at 0, not {value}",
    "bad_bid": "a bid is a whole number of points, 0 or more, not {value}",
    "bad_supply": "supply must be the list of the tiles laid open, not {value}",
    "bad_raise": "raise must be a whole number of points, or null to pass, not {value}",
    "bad_keep": "keep must be true (buy the tile) or null (sell it), not {value}",
    "bad_castle": "castle must be an object with x and y, or null to let the city score, not {value}",
    "not_open": "tile {tile} is not among the bazaar's open tiles ({supply})",
    "bid_without_auction": "this bazaar has no auction: a selector takes a tile without a bid",
    "raise_too_low": "a raise must be more than the highest bid, {high}, not {bid}",
    "supply_is_drawn": "the bazaar's tiles are laid open by the engine: {supply} are not the ones drawn",
    "supply_not_in_game": "the bazaar cannot lay open {supply}: those tiles are not all left in the game",
    "supply_late": "the bazaar's tiles were laid open already: only its first entry names them",
    "supply_unknown": "the bazaar's tiles are not known: its first entry must name them (supply)",
    "bazaar_tile_next": "{player} holds the bazaar tile {held}: it is their next tile, not {tile}",
    "not_this_answer": "that entry does not answer the bazaar's {action} decision",
    "bad_bridge": 'bridge must be "NS" or "EW" (the two opposite edges it joins), not {value}',
    "no_bridge_left": "{player} has no bridge left",
    "bridge_not_on_fields": "a bridge joins two field edges: the tile's {edges} edges are not both fields",
    "bridge_meets_tile": "a bridge's ends must face empty cells (a bridge on a tile placed before is not played yet): ({x},{y}) is taken",
    "castle_not_here": "({x},{y}) is not a tile of the small city asked about",
}
"""The English sentence of each of this module's reasons (codes a site may translate)."""


def refusal(code: str, **params: Any) -> Reason:
    """One of this module's reasons, as :func:`carcassonne.errors.reason` makes the core's."""
    return said(code, params, TEMPLATES[code])


def _points(value: Any, code: str) -> int:
    if type(value) is not int or value < 0:
        raise IllegalMove(refusal(code, value=shown(value)))
    return value


class BazaarSelect(NamedTuple):
    """``{"player": "Bob", "bazaar": "V", "bid": 2}``: Bob, the selector, chooses the open tile
    ``V`` and bids 2 (no bid without the auction); ``{"player": "Bob", "bazaar": null}`` is the
    pass: the first open tile at 0. The first entry of a bazaar is recorded with its open tiles
    (``"supply": ["V", "A"]``).

    >>> BazaarSelect.from_json({"player": "Bob", "bazaar": "V", "bid": 2, "supply": ["V", "A"]}).to_json()
    {'player': 'Bob', 'bazaar': 'V', 'bid': 2, 'supply': ['V', 'A']}
    """

    player: str | None
    tile: str | None = None
    bid: int | None = None
    supply: tuple[str, ...] | None = None

    @property
    def passes(self) -> bool:
        return self.tile is None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"bazaar": self.tile}
        if self.bid is not None:
            data["bid"] = self.bid
        if self.supply is not None:
            data["supply"] = list(self.supply)
        return {"player": self.player, **data} if self.player is not None else data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BazaarSelect:
        player = player_of(data)
        tile = data.get("bazaar")
        if tile is not None and tile not in TILE_TYPES:
            raise IllegalMove(refusal("bad_bazaar", value=shown(tile)))
        bid = _points(data["bid"], "bad_bid") if data.get("bid") is not None else None
        supply = data.get("supply")
        if supply is not None:
            if not isinstance(supply, list) or not supply or not all(t in TILE_TYPES for t in supply):
                raise IllegalMove(refusal("bad_supply", value=shown(supply)))
            supply = tuple(supply)
        return cls(player, tile, bid, supply)


class BazaarRaise(NamedTuple):
    """``{"player": "Cid", "raise": 3}``: Cid bids 3 for the selected tile, more than the
    highest bid; ``{"player": "Cid", "raise": null}`` passes (a timeout's default)."""

    player: str | None
    bid: int | None = None

    @property
    def passes(self) -> bool:
        return self.bid is None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"raise": self.bid}
        return {"player": self.player, **data} if self.player is not None else data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BazaarRaise:
        value = data.get("raise")
        return cls(player_of(data), _points(value, "bad_raise") if value is not None else None)


class BazaarKeep(NamedTuple):
    """``{"player": "Bob", "keep": true}``: Bob, the selector outbid, buys the tile (pays the
    highest bid to its bidder); ``{"player": "Bob", "keep": null}`` sells it (the highest
    bidder takes it and pays Bob; the pass, a timeout's default)."""

    player: str | None
    keep: bool = False

    @property
    def passes(self) -> bool:
        return not self.keep

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"keep": True if self.keep else None}
        return {"player": self.player, **data} if self.player is not None else data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BazaarKeep:
        value = data.get("keep")
        if value not in (True, None):
            raise IllegalMove(refusal("bad_keep", value=shown(value)))
        return cls(player_of(data), value is True)


class CastleBuild(NamedTuple):
    """``{"player": "Ann", "castle": {"x": 0, "y": -1}}``: Ann turns the small city just
    completed on that tile into her castle; ``{"player": "Ann", "castle": null}`` lets it
    score (the pass, a timeout's default)."""

    player: str | None
    x: int | None = None
    y: int | None = None

    @property
    def passes(self) -> bool:
        return self.x is None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"castle": None if self.passes else {"x": self.x, "y": self.y}}
        return {"player": self.player, **data} if self.player is not None else data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CastleBuild:
        player = player_of(data)
        target = data.get("castle")
        if target is None:
            return cls(player)
        if not isinstance(target, dict) or type(target.get("x")) is not int or type(target.get("y")) is not int:
            raise IllegalMove(refusal("bad_castle", value=shown(target)))
        return cls(player, target["x"], target["y"])


class BridgeAction(NamedTuple):
    """A tile move's ``"bridge": "NS"``: a bridge on the tile just placed joins its north and
    south field edges into a road (``"EW"``: east and west); with or without a figure."""

    edges: str

    def to_json(self) -> dict[str, Any]:
        return {"bridge": self.edges}

    @classmethod
    def from_json(cls, value: Any) -> BridgeAction:
        if value not in ("NS", "EW"):
            raise IllegalMove(refusal("bad_bridge", value=shown(value)))
        return cls(value)


MOVE_ACTIONS["bridge"] = BridgeAction.from_json

_BRIDGED: dict[tuple[str, int, str], Orientation] = {}
"""Each bridged orientation made, kept (the board caches layouts by an orientation's id)."""


def bridged(o: Orientation, edges: str) -> Orientation:
    """``o`` with a bridge: a road joining its two field edges ``edges`` (``"NS"`` or ``"EW"``),
    its fields as they were (a bridge separates no field)."""
    key = (o.tile.id, o.rotation, edges)
    found = _BRIDGED.get(key)
    if found is not None:
        return found
    a, b = (EDGES.index(e) for e in edges)
    index = len(o.segments)
    road = OrientedSegment(index, "road", (a, b), (), 0, (), f"road:{EDGES[a]}")
    terrain = list(o.edges)
    terrain[a] = terrain[b] = "R"
    edge_segment = list(o.edge_segment)
    edge_segment[a] = edge_segment[b] = index
    spots = dict(o.spot_index) | {f"road:{EDGES[a]}": index, f"road:{EDGES[b]}": index}
    made = _BRIDGED[key] = Orientation(
        o.tile,
        o.rotation,
        "".join(terrain),
        (*o.segments, road),
        tuple(edge_segment),
        o.half_segment,
        spots,
        o.river_edges,
    )
    return made


# "bazaar" before "raise": a selector's entry holds a "bid", never a "raise"
ENTRY_READERS["bazaar"] = BazaarSelect.from_json
ENTRY_READERS["raise"] = BazaarRaise.from_json
ENTRY_READERS["keep"] = BazaarKeep.from_json
ENTRY_READERS["castle"] = CastleBuild.from_json

Castle = tuple[int, int, tuple[int, ...], tuple[tuple[int, str], ...]]
"""A castle on the board: its owner's seat, its city's root, its two tiles' cells, the figures
on it (seat and kind: they left the city's board)."""


class Auction(NamedTuple):
    """The tile being auctioned: the selector, the tile, the highest bid and its bidder, the
    bidders still to be asked."""

    selector: int
    tile: str
    high: int
    bidder: int
    due: tuple[int, ...]


@register
class BridgesCastlesBazaars(RuleModule):
    name = NAME
    order = 77
    supported = False
    option = Option.expansion(
        NAME,
        "Bridges, Castles & Bazaars",
        "12 tiles; bazaars, where each player gets a tile laid open at auction; castles built on "
        "small cities that score the next feature completed beside them (bridges still to come).",
    )
    entry_kinds = (BazaarSelect, BazaarRaise, BazaarKeep, CastleBuild)
    action_kinds = (BridgeAction,)
    settings = (
        Option(
            "bazaar",
            "choice",
            "auction",
            "The bazaar",
            "With its auction (bids, buy or sell), without it (each selector takes a tile, as "
            "JCloisterZone's bazaar-no-auction), or no bazaar at all (the tiles stay).",
            (("auction", "With the auction"), ("no_auction", "Without the auction"), ("off", "No bazaar")),
        ),
    )
    supply: tuple[str, ...] | None = ()  # the open tiles not taken yet (None: a replay's, not read yet)
    in_bazaar = False  # a bazaar is being held
    announce = False  # its first entry, which names the open tiles, is still to come
    auction: Auction | None = None
    asking = 0  # the seat the bazaar asked last
    held: tuple[str | None, ...] = ()  # per seat: the bazaar tile they play next
    castles_left: tuple[int, ...] = ()
    bridges_left: tuple[int, ...] = ()
    castles: tuple[Castle, ...] = ()  # castles that have not scored yet
    built: tuple[int, ...] = ()  # the roots of every castle's city (for the farms)
    due: tuple[tuple[int, tuple[int, ...]], ...] = ()  # small cities to ask about: root, seats to ask

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        n = len(game.players)
        self.held = (None,) * n
        self.castles_left = self.bridges_left = (3 if n <= 4 else 2,) * n

    # --- set-up --------------------------------------------------------------------------

    def tiles(self) -> dict[str, int]:
        return {t.id: t.count for t in TILE_TYPES.values() if t.expansion == NAME}

    def summary(self) -> dict[str, Any]:
        names = self.game.players
        return {
            "bazaar": {"supply": list(self.supply or ()), "held": dict(zip(names, self.held))},
            "castles": [
                {"player": names[seat], "tiles": [list(xy_of(k)) for k in keys]}
                for seat, _root, keys, _figures in self.castles
            ],
            "castles_left": dict(zip(names, self.castles_left)),
            "bridges_left": dict(zip(names, self.bridges_left)),
        }

    # --- the bazaar: when ------------------------------------------------------------------

    def _in_game(self, after: int) -> list[int]:
        """The seats still in the game in turn order from the one after ``after``."""
        n = len(self.game.players)
        return [(after + step) % n for step in range(1, n + 1) if (after + step) % n not in self.game.out]

    def after_scoring(self, turn: TileTurn) -> None:
        """Castles triggered by what the tile completed score; then a bazaar tile holds a bazaar."""
        self._trigger_castles(turn)
        game = self.game
        if (
            BAZAAR not in turn.placed.orientation.tile.marks
            or game.rules.setting("bazaar") == "off"
            or game.rules.hand
            or self.in_bazaar
            or any(t is not None for t in self.held)
        ):
            return
        seats = self._in_game(turn.player)
        if len(seats) < 2 or game.tiles_left < len(seats):
            return  # fewer tiles left than players: no bazaar
        self.in_bazaar = self.announce = True
        if game.has_bag:
            drawn = [game.take_from_bag() for _ in seats]
            self.supply = tuple(t for t in drawn if t is not None)
        else:
            self.supply = None  # a replay: the first entry names them
        self._select(seats)

    def _ask(self, seat: int, action: str) -> None:
        self.asking = seat
        self.game.ask(seat, action, self)

    def _select(self, order: list[int]) -> None:
        """Ask the next selector (the first of ``order`` without a tile), or end the bazaar."""
        left = [s for s in order if self.held[s] is None and s not in self.game.out]
        if len(left) == 1 and self.supply is not None and len(self.supply) >= 1:
            self._give(left[0], self.supply[0])  # the last player takes the last tile for 0
            left = []
        if not left or (self.supply is not None and not self.supply):
            self._close()
            return
        self._ask(left[0], "bazaar")

    def _give(self, seat: int, tile: str) -> None:
        held = list(self.held)
        held[seat] = tile
        self.held = tuple(held)
        supply = list(self.supply or ())
        supply.remove(tile)
        self.supply = tuple(supply)

    def _close(self) -> None:
        """The bazaar is over; open tiles nobody took (a player left) go back into the bag."""
        for tile in self.supply or ():
            self.game.put_back(tile)
        self.supply, self.in_bazaar, self.announce, self.auction = (), False, False, None

    # --- the bazaar: its decisions ------------------------------------------------------------

    def options(self, asked: Asked) -> list[Any]:
        seat = asked.pending.player
        name = self.game.players[seat]
        action = asked.pending.action
        if action == "castle":
            keys = self._keys(asked.data)  # the tile placed, unless it only closed the city (an abbey)
            turn = self.game._turn
            x, y = xy_of(turn.key if turn is not None and turn.key in keys else keys[0])
            return [CastleBuild(name), CastleBuild(name, x, y)]
        if action == "bazaar_bid":
            assert self.auction is not None
            high = self.auction.high
            return [BazaarRaise(name), *(BazaarRaise(name, bid) for bid in range(high + 1, high + 1 + BID_CHOICES))]
        if action == "bazaar_keep":
            return [BazaarKeep(name), BazaarKeep(name, True)]
        tiles = list(dict.fromkeys(self.supply or ()))
        if self.game.rules.setting("bazaar") == "no_auction":
            return [BazaarSelect(name), *(BazaarSelect(name, t) for t in tiles[1:])]
        return [BazaarSelect(name)] + [
            BazaarSelect(name, t, bid) for i, t in enumerate(tiles) for bid in range(BID_CHOICES + 1) if i or bid
        ]

    def decision_error(self, entry: Any, asked: Asked) -> str | None:
        if isinstance(entry, CastleBuild):
            if entry.passes:
                return None
            root = asked.data
            if key_of(entry.x or 0, entry.y or 0) not in self._keys(root):
                return refusal("castle_not_here", x=entry.x, y=entry.y)
            return None
        if type(entry) is not _KINDS.get(asked.pending.action):
            return refusal("not_this_answer", action=asked.pending.action)
        if isinstance(entry, BazaarSelect):
            return self._select_error(entry)
        if isinstance(entry, BazaarRaise) and entry.bid is not None:
            assert self.auction is not None
            if entry.bid <= self.auction.high:
                return refusal("raise_too_low", high=self.auction.high, bid=entry.bid)
        return None

    def _select_error(self, entry: BazaarSelect) -> str | None:
        supply = self.supply
        if entry.supply is not None:
            if not self.announce:
                return refusal("supply_late")
            if supply is not None and self.game.has_bag and entry.supply != supply:
                return refusal("supply_is_drawn", supply=", ".join(entry.supply))
            if supply is None:
                error = self._supply_error(entry.supply)
                if error:
                    return error
            supply = entry.supply
        elif supply is None:
            return refusal("supply_unknown")
        if entry.tile is not None and entry.tile not in supply:
            return refusal("not_open", tile=entry.tile, supply=", ".join(supply))
        if entry.bid is not None and self.game.rules.setting("bazaar") == "no_auction":
            return refusal("bid_without_auction")
        return None

    def _supply_error(self, supply: tuple[str, ...]) -> str | None:
        """Why a replay's bazaar cannot lay ``supply`` open (not as many tiles as players, or
        not all of them left in the game)."""
        game = self.game
        if len(supply) != len(self._in_game(game.current_player)):
            return refusal("bad_supply", value=shown(list(supply)))
        wanted: dict[str, int] = {}
        for tile in (*supply, *(t for t in self.held if t is not None)):
            wanted[tile] = wanted.get(tile, 0) + 1
        if any(game.remaining.get(t, 0) < n for t, n in wanted.items()):
            return refusal("supply_not_in_game", supply=", ".join(supply))
        return None

    def decide(self, entry: Any, asked: Asked) -> None:
        seat = asked.pending.player
        if isinstance(entry, CastleBuild):
            self._castle_answered(entry, asked)
            return
        if isinstance(entry, BazaarSelect):
            if self.announce:
                if entry.supply is not None and self.supply is None:
                    self.supply = entry.supply
                assert self.supply is not None
                self.game.record_as(entry._replace(supply=self.supply))
                self.announce = False
            assert self.supply is not None
            tile = entry.tile or self.supply[0]
            if self.game.rules.setting("bazaar") == "no_auction":
                self._give(seat, tile)
                self._select(self._in_game(seat))
                return
            bid = entry.bid or 0
            due = tuple(s for s in self._in_game(seat) if s != seat and self.held[s] is None)
            self.auction = Auction(seat, tile, bid, seat, due)
        elif isinstance(entry, BazaarRaise):
            assert self.auction is not None
            if entry.bid is not None:
                self.auction = self.auction._replace(high=entry.bid, bidder=seat)
        else:  # BazaarKeep: the selector, outbid
            assert self.auction is not None
            selector, tile, high, bidder, _due = self.auction
            buyer, seller = (selector, bidder) if entry.keep else (bidder, selector)
            self._sell(buyer, seller, tile, high)
            return
        self._bid_next()

    def _bid_next(self) -> None:
        """Ask the next bidder of the auction, or settle it."""
        auction = self.auction
        assert auction is not None
        game = self.game
        while auction.due:
            seat, rest = auction.due[0], auction.due[1:]
            self.auction = auction = auction._replace(due=rest)
            if seat not in game.out:
                self._ask(seat, "bazaar_bid")
                return
        if auction.bidder == auction.selector:  # nobody raised: the selector pays their bid to nobody
            self._sell(auction.selector, None, auction.tile, auction.high)
        elif auction.selector in game.out:
            self._sell(auction.bidder, None, auction.tile, auction.high)
        else:
            self._ask(auction.selector, "bazaar_keep")

    def _sell(self, buyer: int, seller: int | None, tile: str, price: int) -> None:
        """``buyer`` takes ``tile`` paying ``price`` to ``seller`` (nobody: lost); next selector."""
        game = self.game
        if price:
            game.award(BAZAAR, -price, (buyer,))
            if seller is not None:
                game.award(BAZAAR, price, (seller,))
        selector = self.auction.selector if self.auction is not None else buyer
        self.auction = None
        self._give(buyer, tile)
        self._select(self._in_game(selector))

    # --- the bazaar's tiles: each player's next tile ---------------------------------------------

    def draw(self) -> bool | str | None:
        """The player on turn's bazaar tile, if they hold one; once the bag is empty, the next
        player holding one plays it (the game goes on until every bazaar tile is played)."""
        game = self.game
        if self.in_bazaar and not game.asked:  # the player asked left: the auction goes on without them
            if self.auction is not None:
                self._bid_next()
            else:
                self._select(self._in_game(self.asking))
            if game.asked:
                return True  # a decision first; the draw comes after it
        self._returned()
        if not any(t is not None for t in self.held):
            return None
        seat = game.current_player
        if self.held[seat] is not None:
            return self.held[seat]
        if game.tiles_left - (0 if game.has_bag else sum(t is not None for t in self.held)) > 0:
            return None
        for other in self._in_game(seat):
            tile = self.held[other]
            if tile is not None:
                game.current_player = other
                return tile
        return None

    def _returned(self) -> None:
        """A bazaar tile skipped on time, or held by a player who left, went back into the bag."""
        game = self.game
        last = game.history[-1].move if game.history else None
        held = list(self.held)
        if type(last) is Move and (last.skip or last.forfeit):
            for seat, tile in enumerate(held):
                if tile == last.tile and seat == game.history[-1].player:
                    held[seat] = None
        for seat in game.out:
            if held[seat] is not None:
                game.put_back(held[seat] or "")
                held[seat] = None
        self.held = tuple(held)

    def after_place(self, placed: PlacedTile) -> None:
        """A player's own tile (Abbey & Mayor's abbey) played instead of their bazaar tile: the
        core put the bazaar tile back into the bag, yet it stays their next tile."""
        game = self.game
        held = self.held[game.current_player] if self.held else None
        if held is not None and placed.orientation.tile.id != held and game._bag is not None and held in game._bag:
            game._bag.remove(held)

    def draw_error(self, tile: str) -> str | None:
        held = self.held[self.game.current_player] if self.held else None
        if held is not None and tile != held:
            return refusal("bazaar_tile_next", player=self.game.players[self.game.current_player], held=held, tile=tile)
        return None

    def played(self, seat: int, tile: str, discarded: bool) -> None:
        if self.held and self.held[seat] == tile:
            held = list(self.held)
            held[seat] = None
            self.held = tuple(held)

    # --- bridges (on the tile just placed) --------------------------------------------------------

    def _bridge_error(self, tile: str, placement: Placement, edges: str) -> str | None:
        o = orientation(tile, placement.rotation)
        a, b = (EDGES.index(e) for e in edges)
        if o.edges[a] != "F" or o.edges[b] != "F":
            return refusal("bridge_not_on_fields", edges=" and ".join((EDGES[a], EDGES[b])))
        key = key_of(placement.x, placement.y)
        for e in (a, b):
            if key + DELTA[e] in self.game.board.cells:
                x, y = xy_of(key + DELTA[e])
                return refusal("bridge_meets_tile", x=x, y=y)
        return None

    def actions(self, tile: str, placement: Placement) -> list[Any]:
        if not self.bridges_left[self.game.current_player]:
            return []
        return [BridgeAction(e) for e in ("NS", "EW") if self._bridge_error(tile, placement, e) is None]

    def action_error(self, move: Move) -> str | None:
        seat = self.game.current_player
        if not self.bridges_left[seat]:
            return refusal("no_bridge_left", player=self.game.players[seat])
        return self._bridge_error(move.tile, move.placement, move.action.edges)

    def shape(self, move: Move, o: Orientation) -> Orientation:
        action = move.action
        return bridged(o, action.edges) if isinstance(action, BridgeAction) else o

    def act(self, turn: TileTurn) -> None:
        left = list(self.bridges_left)
        left[turn.player] -= 1
        self.bridges_left = tuple(left)

    # --- castles -------------------------------------------------------------------------------

    def before_scoring(self, turn: TileTurn) -> None:
        """Each small city the tile completed may become a castle: its winners are asked."""
        game, board = self.game, self.game.board
        due = []
        for root in turn.completed:
            if board.kind(root) != "city":
                continue
            keys = self._keys(root)
            if len(keys) != 2 or any(NO_CASTLE in board.cells[k].orientation.tile.marks for k in keys):
                continue
            figures = board.figures(root)
            if not figures:
                continue
            winners = set(game._winners(root, figures))
            seats = tuple(s for s in [turn.player, *self._in_game(turn.player)][:-1] if s in winners)
            if seats:
                due.append((root, seats))
        self.due = tuple(due)
        self._ask_castle()

    def _ask_castle(self) -> None:
        while self.due:
            root, seats = self.due[0]
            seats = tuple(s for s in seats if self.castles_left[s] and s not in self.game.out)
            if seats:
                self.due = ((root, seats[1:]), *self.due[1:])
                self.game.ask(seats[0], "castle", self, root)
                return
            self.due = self.due[1:]

    def _castle_answered(self, entry: CastleBuild, asked: Asked) -> None:
        root = asked.data
        seat = asked.pending.player
        if not entry.passes:
            turn = self.game._turn
            assert turn is not None
            turn.completed.remove(root)
            left = list(self.castles_left)
            left[seat] -= 1
            self.castles_left = tuple(left)
            # its followers leave the city for the castle: nothing on the board touches them now
            figures = tuple((f.player, f.kind) for f in self.game.board.remove_figures(root))
            self.castles = (*self.castles, (seat, root, self._keys(root), figures))
            self.built = (*self.built, root)
            self.due = tuple(d for d in self.due if d[0] != root)
        self._ask_castle()

    def _keys(self, root: int) -> tuple[int, ...]:
        return tuple(key_of(x, y) for x, y in self.game.board.tiles(root))

    @staticmethod
    def _fief(keys: tuple[int, ...]) -> set[int]:
        """A castle's two tiles and the two on each of its long sides."""
        (x1, y1), (x2, y2) = xy_of(keys[0]), xy_of(keys[1])
        sides = ((1, 0), (-1, 0)) if x1 == x2 else ((0, 1), (0, -1))
        return {key_of(x + dx, y + dy) for x, y in ((x1, y1), (x2, y2)) for dx, dy in ((0, 0), *sides)}

    def _trigger_castles(self, turn: TileTurn) -> None:
        """Every castle with a feature the tile completed in its fief scores the best of them;
        a castle that scores is a completed feature for the castles around it."""
        if not self.castles:
            return
        game = self.game
        done = [(set(self._keys(root)), game.feature_value(root, True)) for root in turn.completed]
        while done and self.castles:
            scored: list[tuple[set[int], int]] = []
            standing = []
            for castle in self.castles:
                seat, _root, keys, figures = castle
                fief = self._fief(keys)
                values = [value for tiles, value in done if tiles & fief and tiles != set(keys)]
                if not values or seat in game.out:
                    standing.append(castle)
                    continue
                value = max(values)
                tiles = tuple(xy_of(k) for k in keys)
                game.award("castle", value, (seat,), Scoring("castle", value, (seat,), True, tiles))
                for player, kind in figures:  # they go home
                    if kind == "follower":
                        game.supply[player] += 1
                    else:
                        game.reserve[player][kind] += 1
                scored.append((set(keys), value))
            self.castles = tuple(standing)
            done = scored

    def final_scoring(self, points: list[int], scored: list[Scoring]) -> None:
        """For farms a castle is a completed city worth one point more."""
        if not self.built:
            return
        game, board = self.game, self.game.board
        n, out = len(game.players), game.out
        castles = set(self.built)
        found = farms(board)
        if game.rules.farm_scoring == "current":
            for farm, cities in sorted(found.items()):
                bonus = len(cities & castles)
                if bonus:
                    winners = figure_majority(board.figures(farm), n, out)
                    self._farm_bonus(bonus, winners)
            return
        for city in sorted(castles):
            around = [farm for farm, cities in found.items() if city in cities]
            if around:
                winners = majority(((f.player, weight(f.kind)) for farm in around for f in board.figures(farm)), n, out)
                self._farm_bonus(1, winners)

    def _farm_bonus(self, value: int, winners: tuple[int, ...]) -> None:
        if winners:
            self.game.award("farms", value, winners, Scoring("field", value, winners, False))


_KINDS = {"bazaar": BazaarSelect, "bazaar_bid": BazaarRaise, "bazaar_keep": BazaarKeep, "castle": CastleBuild}
"""The entry that answers each of this module's decisions."""


def supported() -> AbstractContextManager[None]:
    """``with supported():`` rule sets may name ``bridges_castles_bazaars`` inside the block (see
    :func:`carcassonne.hooks.playable`)."""
    return playable(BridgesCastlesBazaars)


__all__ = [
    "BAZAAR",
    "BridgeAction",
    "BazaarKeep",
    "BazaarRaise",
    "BazaarSelect",
    "BridgesCastlesBazaars",
    "CastleBuild",
    "supported",
]
