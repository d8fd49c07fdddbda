"""The options of each kind of decision, as the engine enumerates them.

Each kind of decision (``Pending.action``) has one small function listing its legal
entries from a :class:`~games.bots.view.PlayerView`; the bots only ever choose among
them, so a new kind (the Count's ``reinforce``, ``quarter``, ``market``) is one more
entry in :data:`ENUMERATORS`. Kinds the bots do not know yet are asked of the engine's
``legal_entries(player)`` when it offers one.
"""

from __future__ import annotations

from typing import Callable

from games.engine import Game, Move

from .view import PlayerView


def figures_for(board: Game, seat: int) -> tuple[str, ...]:
    """The kinds of figure ``seat`` may place (the engine's ``legal_figures`` once expansions add them)."""
    legal_figures = getattr(board, "legal_figures", None)
    return tuple(legal_figures(seat)) if legal_figures is not None else ("follower",)


def turn_options(view: PlayerView) -> list[Move]:
    """Every legal tile turn: each placement of the drawn tile with no figure or a figure on each legal spot."""
    board, tile = view.board, view.tile
    if tile is None:
        return []
    placements = board.legal_placements(tile)
    if not placements:
        return [Move.discard_of(tile)]
    figures = figures_for(board, view.seat)
    options = []
    for p in placements:
        options.append(Move(tile, p.x, p.y, p.rotation, None))
        for spot in board.legal_spots(p, tile):
            for figure in figures:
                options.append(Move(tile, p.x, p.y, p.rotation, spot, figure=figure))
    return options


def engine_options(view: PlayerView) -> list:
    """The entries the engine lists for a decision the bots have no enumerator for."""
    legal_entries = getattr(view.board, "legal_entries", None)
    if legal_entries is None:
        raise NotImplementedError(f"no bot knows how to take the decision {view.pending!r}")
    return list(legal_entries(view.seat))


ENUMERATORS: dict[str, Callable[[PlayerView], list]] = {"turn": turn_options}


def options_of(view: PlayerView) -> list:
    """The legal entries of the decision ``view`` waits for (never empty while it waits)."""
    if view.pending is None:
        return []
    return ENUMERATORS.get(view.pending.action, engine_options)(view)
