"""The options of each kind of decision, as the engine enumerates them.

Each kind of decision (``Pending.action``) has one small function listing its legal
entries from a :class:`~games.bots.view.PlayerView`; the bots only ever choose among
them (and judge each by playing it on a copy), so a new kind (the Count's
``reinforce``, ``quarter``, ``market``) needs no code, or one more entry in
:data:`ENUMERATORS` for a special listing. Kinds without an entry are listed by the
engine's ``Game.options()`` (on main).
"""

from __future__ import annotations

from typing import Callable

from games.engine import Move

from .view import PlayerView


def turn_options(view: PlayerView) -> list:
    """Every legal tile turn: each placement of the drawn tile with no figure or a figure
    of each kind on each legal spot, or the discard when the tile fits nowhere.

    The engine lists them itself (``Game.options``, on main with the expansions' figures);
    the loop below is for an engine without it."""
    board, tile = view.board, view.tile
    if tile is None:
        return []
    listed = getattr(board, "options", None)
    if listed is not None:
        return list(listed(tile))
    placements = board.legal_placements(tile)
    if not placements:
        return [Move.discard_of(tile)]
    options = []
    for p in placements:
        options.append(Move(tile, p.x, p.y, p.rotation, None))
        options.extend(Move(tile, p.x, p.y, p.rotation, spot) for spot in board.legal_spots(p, tile))
    return options


def engine_options(view: PlayerView) -> list:
    """The entries the engine lists for any other decision (the Count's, a market, ...)."""
    listed = getattr(view.board, "options", None)
    if listed is None:
        raise NotImplementedError(f"no bot knows how to take the decision {view.pending!r}")
    return list(listed())


ENUMERATORS: dict[str, Callable[[PlayerView], list]] = {"turn": turn_options}


def options_of(view: PlayerView) -> list:
    """The legal entries of the decision ``view`` waits for (never empty while it waits)."""
    if view.pending is None:
        return []
    return ENUMERATORS.get(view.pending.action, engine_options)(view)
