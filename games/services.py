"""What a game shows: its state as the API gives it, the legal moves of the pending
decision, the hands a viewer may see, the expansions' public state, its record and
its stored outcome. Changing a game is :mod:`games.commands`' job (and its commands':
:mod:`games.lobby`, :mod:`games.turns`, :mod:`games.timeouts`, :mod:`games.bot_seats`).
"""

from __future__ import annotations

from typing import Any

from games import decisions
from games.engine import Game as EngineGame
from games.engine import Outcome

from .models import Game, Seat
from .replay import engine_for


def outcome_json(outcome: Outcome) -> dict[str, Any]:
    """The engine's outcome by seat, as stored on ``Game.outcome``."""
    return {
        "winners": list(outcome.winners),
        "ranks": list(outcome.ranks),
        "scores": list(outcome.scores),
        "breakdown": [dict(b) for b in outcome.breakdown],
        "ending": outcome.ending,
        "left": list(outcome.left),
    }


def outcome_of(game: Game, seats: list[Seat] | None = None) -> dict[str, Any]:
    """The stored engine outcome of a finished game (see :func:`outcome_json`); a game
    finished before outcomes were stored is replayed once and gets it stored."""
    if game.outcome is None and game.status == Game.Status.FINISHED and game.seed is not None:
        outcome = engine_for(game, seats).outcome
        if outcome is not None:
            game.outcome = outcome_json(outcome)
            Game.objects.filter(pk=game.pk).update(outcome=game.outcome)
    return game.outcome or {"winners": [], "ranks": [], "scores": [], "breakdown": [], "ending": "", "left": []}


# --- what clients see -----------------------------------------------------------------


def visible_hand(engine: EngineGame, seat: int, viewer: int | None) -> tuple[str, ...] | None:
    """The tiles of ``seat``'s hand if ``viewer`` (a seat, or ``None``) may see them: their
    own hand, or every hand when the rules make hands public; else ``None``."""
    if not engine.rules.hand:
        return None
    if viewer != seat and not engine.rules.hand_visible:
        return None
    return engine.hand(seat)


def game_state(game: Game, engine: EngineGame, seats: list[Seat] | None = None, viewer: int | None = None) -> dict[str, Any]:
    """The state of a game (API ``GET /api/games/{id}/``) as ``viewer`` (a seat, or
    ``None`` for a spectator) may see it: never the bag or seed, nor another player's
    hidden hand (only its size)."""
    if seats is None:
        seats = list(game.seats.select_related("user").order_by("position"))
    names = [s.user.username if s.user_id else None for s in seats]
    active = game.status == Game.Status.ACTIVE
    board = []
    for placed in engine.placed_tiles():
        board.append(
            {
                "x": placed.x,
                "y": placed.y,
                "tile": placed.tile,
                "rotation": placed.rotation,
                "meeples": [
                    {"spot": spot, "player": names[seat], "figure": figure} for spot, seat, figure in placed.figures_here()
                ],
            }
        )
    state = {
        "id": game.pk,
        "name": game.title,
        "status": game.status,
        "rules": game.rules,
        "players": [
            {
                "username": names[i],
                "color": seat.color,
                "score": engine.scores[i],
                "supply": engine.supply[i],
                "reserve": dict(engine.reserve[i]),
                "state": seat.state,
                "out": i in engine.out,
                "breakdown": engine.breakdown[i],
                "bot": seat.bot,
                **_hand_fields(engine, i, viewer),
            }
            for i, seat in enumerate(seats)
        ],
        "current_player": names[engine.current_player] if active else None,
        "tile": engine.tile if active else None,
        "tiles_left": engine.tiles_left,
        "move_number": len(engine.history) + 1,
        "board": board,
        "last_move": engine.history[-1].move.to_json() if engine.history else None,
        "has_bots": game.has_bots,
        "pending": decisions.pending_json(engine, names) if active else None,
        "expansions": expansion_state(engine, names),
    }
    if game.status == Game.Status.FINISHED and engine.outcome is not None:
        state["winners"] = engine.outcome.winner_names
        state["final_points"] = list(engine.final_points or ())
        state["outcome"] = engine.outcome.to_json()
    return state


def _hand_fields(engine: EngineGame, seat: int, viewer: int | None) -> dict[str, Any]:
    if not engine.rules.hand:
        return {}
    fields: dict[str, Any] = {"hand_size": engine.hand_sizes()[seat]}
    hand = visible_hand(engine, seat, viewer)
    if hand is not None:
        fields["hand"] = list(hand)
    return fields


def legal_moves(engine: EngineGame, names: list[str | None] | None = None, viewer: int | None = None) -> dict[str, Any]:
    """What the pending decision allows: for a tile turn every legal placement of the drawn
    tile with its follower spots (``meeples``) and every figure the engine allows on each
    spot (``figures``: follower, large, builder, pig); for another decision (the Count's)
    its accepted answers under ``pending`` (NOTATION.md terms)."""
    if engine.finished:
        return {"tile": None, "placements": [], "pending": None}
    pending = decisions.pending_json(engine, names or engine.players)
    if decisions.decision_pending(engine):
        return {"tile": None, "placements": [], "pending": pending}
    if engine.tile is None:  # a hand of tiles: only who may see the hand sees its moves
        hand = visible_hand(engine, engine.current_player, viewer)
        if not hand:
            return {"tile": None, "placements": [], "pending": pending}
        return {"tile": None, "placements": [], "pending": pending,
                "hand": [{"tile": tile, "placements": placements_of(engine, tile)} for tile in hand]}
    return {"tile": engine.tile, "placements": placements_of(engine, engine.tile), "pending": pending}


def placements_of(engine: EngineGame, tile: str) -> list[dict[str, Any]]:
    """Each legal placement of ``tile`` with its follower spots and allowed figures."""
    result = []
    for p in engine.legal_placements(tile):
        figures = engine.legal_figures(p, tile)
        result.append(
            {
                "x": p.x,
                "y": p.y,
                "rotation": p.rotation,
                "meeples": [spot for spot, figure in figures if figure == "follower"],
                "figures": [{"spot": spot, "figure": figure} for spot, figure in figures],
            }
        )
    return result


def expansion_state(engine: EngineGame, names: list[str | None]) -> dict[str, Any]:
    """What the expansions keep besides the board, all public: goods tokens per player,
    the king's and robber's holders, the Count's City (by player name)."""
    state: dict[str, Any] = {}
    shown = [name or engine.players[i] for i, name in enumerate(names)]
    rename = dict(zip(engine.players, shown))
    for module in engine.modules:
        if module.name == "traders_builders":
            state["goods"] = {rename.get(k, k): v for k, v in module.summary().get("goods", {}).items()}
        elif module.name == "king_robber":
            summary = module.summary()
            state["king"] = rename.get(summary.get("king"), summary.get("king"))
            state["robber"] = rename.get(summary.get("robber"), summary.get("robber"))
    city = decisions.city_json(engine, shown)
    if city is not None:
        state["city"] = city
    return state


def record_meta(game: Game) -> dict[str, Any]:
    """The ``meta`` object of a game's record: where it comes from, and when."""
    return {
        "game": game.pk,
        "name": game.title,
        "status": game.status,
        "started": game.started_at.isoformat() if game.started_at else None,
        "finished": game.finished_at.isoformat() if game.finished_at else None,
    }


def record(game: Game, engine: EngineGame) -> dict[str, Any]:
    """The NOTATION.md record of the moves so far, with metadata under ``meta``."""
    data = engine.record()
    data["meta"] = record_meta(game)
    if engine.outcome is not None:
        data["meta"]["result"] = dict(zip(engine.players, engine.scores))
        data["meta"]["winners"] = engine.outcome.winner_names
    return data
