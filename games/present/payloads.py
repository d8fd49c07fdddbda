"""The API's JSON of a :class:`~games.present.view.GameView` (``GET /api/games/{id}/``,
the 201 of a move or decision, and the legal moves). Players are named by username."""

from __future__ import annotations

from typing import Any

from ..models import bot_level
from .notices import played_text
from .view import GameView


def game_state(view: GameView) -> dict[str, Any]:
    """The state of a game as the view's viewer may see it: never the bag or seed, nor
    another player's hidden hand (only its size)."""
    game, names = view.stored, view.usernames
    state = {
        "id": game.pk,
        "name": game.title,
        "status": game.status,
        "rules": game.rules,
        "players": [_player(p) for p in view.players],
        "current_player": names[view.on_turn] if view.on_turn is not None else None,  # set when active
        "tile": view.tile,
        "tiles_left": view.tiles_left,
        "move_number": view.move_number,
        "board": [
            {
                **{k: placed[k] for k in ("x", "y", "tile", "rotation")},
                "meeples": [
                    {"spot": f["spot"], "player": names[f["seat"]], "figure": f["figure"]} for f in placed["figures"]
                ],
            }
            for placed in view.board
        ],
        "last_move": view.last_turn["entry"] if view.last_turn else None,
        "has_bots": game.has_bots,
        "pending": view.pending_public,
        "expansions": view.expansions(names),
    }
    if view.outcome is not None:
        state["winners"] = view.outcome.winner_names
        state["final_points"] = list(view.final_points or ())
        state["outcome"] = view.outcome.to_json()
    state.update(move_days=game.move_days, timeout_rule=game.timeout_rule, vacation_allowed=game.vacation_allowed)
    return state


def played(view: GameView, number: int) -> dict[str, Any]:
    """The 201 of a move or decision: the state and move ``number`` (the caller's) told
    in the caller's language (``played``)."""
    return {**game_state(view), "played": played_text(view, number)}


def _player(p) -> dict[str, Any]:
    data = {
        "username": p.username,
        "color": p.color,
        "score": p.score,
        "supply": p.supply,
        "reserve": dict(p.reserve),
        "state": p.state,
        "out": p.out,
        "breakdown": p.breakdown,
        "bot": bot_level(p.bot),
    }
    if p.hand_size is not None:
        data["hand_size"] = p.hand_size
    if p.hand is not None:
        data["hand"] = list(p.hand)
    return data


def legal_moves(view: GameView) -> dict[str, Any]:
    """What the pending decision allows (``GET /api/games/{id}/legal-moves/``)."""
    return view.legal
