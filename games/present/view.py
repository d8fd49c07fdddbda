"""A game as one viewer may see it, built once from (game, seats, engine, viewer, move k).

The API, the game page, the e-mails and the archive replay all read a :class:`GameView`;
none of them reads the engine's hands or bag. What the viewer may not see is removed
when the view is built, by :func:`games.present.hidden.seen_by`, and only there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from carcassonne import Game as EngineGame
from carcassonne import IllegalMove, Move
from carcassonne.effects import TurnEffects, history_effects, turn_effects
from games import engine_state, seating
from games.models import Game, Seat
from games.present import decision_words, expansions
from games.present.entries import describe, scored_json
from games.present.expansions import Mark
from games.recorded import outcome_json

from .hidden import seen_by
from .rule_words import rules_line, rules_text


@dataclass
class PlayerView:
    """One seat as the viewer sees it."""

    position: int
    name: str  # as shown (display name)
    username: str | None  # the account's name (API); None for a seat nobody has taken
    color: str
    score: int
    supply: int  # followers in supply
    reserve: dict[str, int]  # other figures in supply: large, builder, pig
    breakdown: dict[str, int]  # points by category
    out: bool  # left the game (lost on time or resigned)
    hand_size: int | None  # None without hands of tiles
    hand: tuple[str, ...] | None  # None: hidden from this viewer (or no hands)
    marks: list[Mark] = field(default_factory=list)  # the expansions' marks beside the player (goods, awards, the City)
    current: bool = False  # the game waits for this seat
    winner: bool = False
    final_points: int | None = None  # points of the final scoring (finished games)
    seat: Seat | None = None  # the stored seat (None for an uploaded record)
    state: str = Seat.State.JOINED
    bot: str = ""
    me: bool = False  # the viewer's own seat


def placements_of(engine: EngineGame, tile: str) -> list[dict[str, Any]]:
    """Each legal placement of ``tile`` with its follower spots and allowed figures, and
    where an expansion allows them, the actions a move may take instead of a figure (and
    ``must_act`` where it must take one: then no figure)."""
    result = []
    for p in engine.legal_placements(tile):
        must_act = engine.action_required(p, tile) is not None
        figures = [] if must_act else engine.legal_figures(p, tile)
        placement: dict[str, Any] = {
            "x": p.x,
            "y": p.y,
            "rotation": p.rotation,
            "meeples": [spot for spot, figure in figures if figure == "follower"],
            "figures": [{"spot": spot, "figure": figure} for spot, figure in figures],
        }
        actions = engine.legal_actions(p, tile)
        if actions:
            placement["actions"] = [move.action.to_json() for move in actions]
        if must_act:
            placement["must_act"] = True
        result.append(placement)
    return result


def _status(game: Game | None, engine: EngineGame) -> str:
    """The game's status after the engine's last move: the stored one for the game as it
    is now; from the engine for an uploaded record or the game after an earlier move."""
    if game is not None and (game.status == Game.Status.WAITING or len(engine.history) == game.move_count):
        return game.status
    return Game.Status.FINISHED if engine.finished else Game.Status.ACTIVE


class GameView:
    """All a viewer may see of a game after move k: board, players, own hand, pending
    decision, legal options, bag counts, last turn, outcome and the rule set in words.

    ``viewer``: the seat whose hand the viewer holds (a joined seat), or ``None``.
    ``me``: the viewer's seat (also an invited one), or ``None``.
    """

    log: list[tuple[Any, ...]] | None = None
    """The move log the view was loaded from, when its caller read it (:meth:`load`)."""

    def __init__(
        self,
        engine: EngineGame,
        names: Sequence[str],
        *,
        game: Game | None = None,
        seats: Sequence[Seat] = (),
        viewer: int | None = None,
        me: Seat | None = None,
    ):
        self._engine = engine  # private: hands and bag are read through ``seen_by`` only
        self.game, self.seats, self.viewer, self.me = game, list(seats), viewer, me
        self.rules = engine.rules
        self.names = list(names)
        self.usernames = [s.user.username if s.user else None for s in self.seats] if self.seats else list(names)
        self.status = _status(game, engine)
        self.active = self.status == Game.Status.ACTIVE
        self.finished = self.status == Game.Status.FINISHED
        self.waiting = self.status == Game.Status.WAITING
        self.move_number = len(engine.history) + 1
        self.pending = engine.pending if self.active else None  # whom the game waits for, and for what
        self.on_turn = engine.current_player if self.active else None
        self.tile = engine.tile if self.active else None  # the drawn tile, on show
        self.tiles_left = engine.tiles_left
        seen = seen_by(engine, viewer)
        self.bag = seen.bag if self.active else {}
        self.outcome = engine.outcome if self.finished else None
        self.final_points = tuple(engine.final_points) if self.finished and engine.final_points else None
        self.hands = bool(self.rules.hand)  # the players hold tiles in hand
        self._hand_sizes = engine.hand_sizes() if self.hands else None
        self.players = [self._player(i, seen.hands[i]) for i in range(len(self.names))]
        self.rules_text = rules_text(game) if game is not None else rules_line(engine.rules.to_json())

    @classmethod
    def of(cls, game: Game, seats: Sequence[Seat] | None, engine: EngineGame, user=None) -> GameView:
        """The view of ``user`` (signed in or not): a joined player sees their own hand."""
        if seats is None:
            seats = list(game.seats.select_related("user").order_by("position"))
        me = seating.seat_of(seats, user)
        viewer = me.position if me is not None and me.state == Seat.State.JOINED else None
        return cls(engine, [s.display_name for s in seats], game=game, seats=seats, viewer=viewer, me=me)

    @classmethod
    def load(
        cls,
        game: Game,
        user=None,
        *,
        upto: int | None = None,
        seats: Sequence[Seat] | None = None,
        noted: int | None = engine_state.NOTED,
        log: list[tuple[Any, ...]] | None = None,
    ) -> GameView:
        """Replay ``game`` once (the first ``upto`` moves) and view it as ``user``; what the
        last ``noted`` moves did (every move's with ``None``) is told without a second replay.
        ``log``: the move log as the caller read it (see :func:`engine_state.engine_for`),
        kept as :attr:`log`."""
        if seats is None:
            seats = list(game.seats.select_related("user").order_by("position"))
        engine = engine_state.engine_for(game, list(seats), upto=upto, noted=noted, log=log)
        view = cls.of(game, seats, engine, user)
        view.log = log
        return view

    def _player(self, i: int, hand: tuple[str, ...] | None) -> PlayerView:
        engine, extras = self._engine, self._extras
        key = engine.players[i]
        seat = self.seats[i] if i < len(self.seats) else None
        return PlayerView(
            position=i,
            name=self.names[i],
            username=self.usernames[i],
            color=seat.color if seat is not None else "",
            score=engine.scores[i],
            supply=engine.supply[i],
            reserve=dict(engine.reserve[i]),
            breakdown=dict(engine.breakdown[i]),
            out=i in engine.out,
            hand_size=self._hand_sizes[i] if self._hand_sizes else None,
            hand=hand,
            marks=expansions.player_marks(extras, key),
            current=bool(self.pending and self.pending.player == i),
            winner=bool(self.outcome and i in self.outcome.winners),
            final_points=self.final_points[i] if self.final_points else None,
            seat=seat,
            state=seat.state if seat is not None else Seat.State.JOINED,
            bot=seat.bot if seat is not None else "",
            me=seat is not None and self.me is not None and self.me.pk == seat.pk,
        )

    @cached_property
    def _extras(self) -> dict[str, Any]:
        """The expansions' public state by engine player name: goods, king, robber, the City."""
        return expansions.public_state(self._engine, self._engine.players)

    def expansions(self, names: Sequence[str | None]) -> dict[str, Any]:
        """What the expansions keep besides the board, all public, by player ``names``:
        goods tokens, the king's and robber's holders, the Count's City."""
        shown = [name or self._engine.players[i] for i, name in enumerate(names)]
        return expansions.public_state(self._engine, shown)

    # --- the board and the last turn ---------------------------------------------------

    @cached_property
    def board(self) -> list[dict[str, Any]]:
        """The placed tiles with their figures (by seat)."""
        return [
            {
                "x": p.x,
                "y": p.y,
                "tile": p.tile,
                "rotation": p.rotation,
                "figures": [{"spot": spot, "seat": seat, "figure": figure} for spot, seat, figure in p.figures_here()],
            }
            for p in self._engine.placed_tiles()
        ]

    def board_svg(
        self,
        highlight: Sequence[tuple[int, int]] | None = None,
        labels: dict[tuple[int, int], str] | None = None,
        *,
        legend: bool = True,
        sprite: str | None = None,
    ) -> str:
        """The board as SVG (the last move marked; ``highlight``: cells to click; ``labels``:
        a text in some of them, for the turn e-mail's picture; ``legend``: the expansions'
        legend drawn under it, or left to the page or e-mail, see :meth:`board_legend`;
        ``sprite``: the tiles' drawings referred to in the sprites, for a page)."""
        from games import board_svg

        return board_svg.render_board(
            self._engine,
            last_move=True,
            highlight=highlight,
            interactive=bool(highlight) and not labels,
            labels=labels,
            legend=legend,
            sprite=sprite,
        )

    def board_legend(self, colors: Sequence[str] = ()) -> list[dict[str, Any]]:
        """The lines a page shows beside the board (King & Robber's awards, the partial
        ``games/_board_legend.html``): ``award``, ``text``, the holder's ``seat`` (or
        ``None``) and its colour among ``colors`` (by seat), the ``tooltip`` saying why and
        the award's ``icon`` (SVG)."""
        from games import board_svg

        return [
            {
                "award": award,
                "text": text,
                "seat": seat,
                "tooltip": tooltip,
                "icon": board_svg.legend_icon(award),
                "color": colors[seat] if seat is not None and seat < len(colors) else "",
            }
            for award, text, seat, tooltip in board_svg.legend_lines(self._engine)
        ]

    def awards(self) -> list[str]:
        """The board's legend in words (an e-mail's lines beside its picture)."""
        return [line["text"] for line in self.board_legend()]

    def tile_at(self, x: int, y: int):
        """The placed tile at (x, y), or ``None`` (the board is public)."""
        return self._engine.tile_at(x, y)

    @cached_property
    def last_turn(self) -> dict[str, Any] | None:
        """The last move of the log: its number, seat, record entry and points."""
        return self.turn(len(self._engine.history))

    def turn(self, number: int) -> dict[str, Any] | None:
        """Move ``number`` of the log (from 1): its number, seat, record entry and points."""
        if not 0 < number <= len(self._engine.history):
            return None
        turn = self._engine.history[number - 1]
        return {
            "number": turn.number,
            "seat": turn.player,
            "entry": turn.move.to_json(),
            "points": list(turn.points),
            "scored": scored_json(turn.scored),
        }

    @cached_property
    def effects(self) -> list[TurnEffects | None]:
        """What each move did to the board and the expansions' state (by move, from 0),
        found by replaying the log once more (see :mod:`carcassonne.effects`), unless the
        engine noted every move as it played."""
        try:
            return list(history_effects(self._engine))
        except IllegalMove:  # a log the engine accepted replays: words are no reason to fail a page
            return [None] * len(self._engine.history)

    def effects_of(self, number: int) -> TurnEffects | None:
        """What move ``number`` did: as the engine noted it while it played (the newest
        moves, see ``games.engine_state.engine_for``), else from :attr:`effects`."""
        noted = turn_effects(self._engine, number)
        return noted if noted is not None else self.effects[number - 1]

    def describe(self, number: int) -> str:
        """Move ``number`` in words: what it did to the board and what it completed, for
        whom ('' for no such move; see :mod:`games.present.move_sentences`)."""
        turn = self.turn(number)
        if turn is None:
            return ""
        names, seat = self.names, turn["seat"]
        who = names[seat] if seat < len(names) else "?"
        return describe(turn["entry"], who, turn["scored"], names, self.effects_of(number), seat)

    @cached_property
    def outcome_json(self) -> dict[str, Any] | None:
        """The outcome by seat (as stored on ``Game.outcome``), for a finished game."""
        return outcome_json(self.outcome) if self.outcome is not None else None

    @property
    def stored(self) -> Game:
        """The stored game of a view made from one (:meth:`of`, :meth:`load`: every page and
        API answer); a view of an engine game alone has none."""
        if self.game is None:
            raise ValueError("this view shows an engine game that is not stored")
        return self.game

    # --- decisions and legal options ------------------------------------------------------

    @property
    def mine(self) -> bool:
        """Whether the game waits for the viewer (a person, not a bot playing their seat)."""
        me = self.me
        return bool(
            self.pending and me and me.state == Seat.State.JOINED and not me.bot and self.pending.player == me.position
        )

    @property
    def my_turn(self) -> bool:
        return self.mine and self.pending is not None and self.pending.action == "turn"

    @property
    def my_decision(self) -> bool:
        return self.mine and self.pending is not None and self.pending.action != "turn"

    @cached_property
    def pending_public(self) -> dict[str, Any] | None:
        """Whom the game waits for and the accepted answers, in everyone's words (API)."""
        return decision_words.pending_json(self._engine, self.usernames) if self.active else None

    @cached_property
    def decision(self) -> dict[str, Any] | None:
        """The pending decision (not a tile turn) told to the viewer, with its options."""
        if self.pending is None or self.pending.action == "turn":
            return None
        return decision_words.pending_json(self._engine, self.names, self.me.position if self.me else None)

    def hand_of(self, seat: int) -> tuple[str, ...] | None:
        """The hand of ``seat`` if the viewer may see it (see ``hidden``)."""
        return self.players[seat].hand

    @property
    def my_hand(self) -> tuple[str, ...] | None:
        """With a hand of tiles, on the viewer's turn: the tiles to choose from."""
        return self.hand_of(self.me.position) if self.my_turn and self.me is not None else None

    def chosen_tile(self, asked: str | None = None) -> str | None:
        """The tile the viewer places: the drawn one, or from their hand the ``asked`` one
        (by default the first that fits); one of their own tiles (the abbey) when ``asked``
        or when there is no other."""
        hand = self.my_hand
        own = self.own_tiles if self.my_turn else ()
        if asked is not None and asked in own:
            return asked
        if not hand:
            return self.tile or (own[0] if own else None)
        return asked if asked in hand else next((t for t in hand if self._engine.can_place(t)), hand[0])

    def placements(self, tile: str) -> list[dict[str, Any]]:
        """Each legal placement of ``tile`` with the figures allowed on each spot."""
        cache = self.__dict__.setdefault("_placements", {})
        if tile not in cache:
            cache[tile] = placements_of(self._engine, tile)
        return cache[tile]

    @cached_property
    def legal(self) -> dict[str, Any]:
        """What the pending decision allows (API legal moves): the drawn tile's placements,
        a decision's answers under ``pending``, or with hands of tiles each tile of the
        hand on turn, if the viewer may see it."""
        empty: dict[str, Any] = {"tile": None, "placements": [], "pending": None}
        if not self.active or self._engine.finished:
            return empty
        pending = self.pending_public
        if self.pending is not None and self.pending.action != "turn":
            return {**empty, "pending": pending}
        own = self.own_tiles
        if self._engine.tile is None:  # a hand of tiles: only who may see the hand sees its moves
            hand = self.hand_of(self._engine.current_player)  # on turn (active)
            if not hand:  # or no tile at all: the end's abbeys
                return {**empty, "pending": pending, **self._extra_moves(own)}
            hands = [{"tile": t, "placements": self.placements(t)} for t in hand]
            return {**empty, "pending": pending, "hand": hands, **self._extra_moves(own)}
        legal = {"tile": self._engine.tile, "placements": self.placements(self._engine.tile), "pending": pending}
        return {**legal, **self._extra_moves(own)}

    def _extra_moves(self, own: tuple[str, ...]) -> dict[str, Any]:
        """The legal moves besides the drawn tile's: own tiles (the abbey), entries before the tile move."""
        extra: dict[str, Any] = {}
        if own:
            extra["own_tiles"] = [{"tile": t, "placements": self.placements(t)} for t in own]
        if self.before_turn:
            extra["before_turn"] = self.before_turn
        return extra

    @cached_property
    def own_tiles(self) -> tuple[str, ...]:
        """The player on turn's own tiles they may place instead of the drawn one (the
        abbey; public: every player knows who still holds theirs) and that fit somewhere."""
        if not self.active or self._engine.finished:
            return ()
        return tuple(t for t in self._engine.own_tiles if self._engine.legal_placements(t))

    @cached_property
    def before_turn(self) -> list[dict[str, Any]]:
        """What the player on turn may play before their tile move, unasked (the Tower's
        ransom), each as a decision's answer: the record entry without its player."""
        if not self.active:
            return []
        return [{k: v for k, v in e.to_json().items() if k != "player"} for e in self._engine.turn_entries()]

    # --- why not: the engine's reasons, for a player who tries what the rules forbid ----------

    def open_cells(self) -> list[tuple[int, int]]:
        """The empty cells next to the board: where a tile might go (the board is public)."""
        taken = {(t["x"], t["y"]) for t in self.board}
        around = {(x + dx, y + dy) for x, y in taken for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
        return sorted(around - taken)

    def why_not(self, tile: str, x: int, y: int, rotation: int, spot: str | None = None) -> IllegalMove | None:
        """Why the player on turn may not place ``tile`` so (with a follower on ``spot``), as
        the engine says it (``code`` and ``params``); ``None`` if they may."""
        try:
            self._engine.check(Move(tile, x, y, rotation, spot))
        except IllegalMove as exc:
            return exc
        return None
