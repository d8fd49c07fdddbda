"""The options of each kind of decision, as the engine enumerates them.

Each kind of decision (``Pending.action``) has one small function listing its legal
entries from a :class:`~carcassonne.bots.view.PlayerView`; the bots only ever choose among
them (and judge each by playing it on a copy), so a new kind (the Count's
``reinforce``, ``quarter``, ``market``) needs no code, or one more entry in
:data:`ENUMERATORS` for a special listing. Kinds without an entry are listed by the
engine's ``Game.options()``.
"""

from __future__ import annotations

from collections.abc import Callable

from carcassonne import Move
from carcassonne.moves import Entry

from .view import PlayerView


def turn_options(view: PlayerView) -> list[Entry]:
    """Every legal tile turn: each placement of the drawn tile (or of each tile of the
    viewer's hand) with no figure or a figure of each kind on each legal spot
    (``Game.legal_figures``), as the engine lists them (``Game.options``); only the
    discard when a tile fits nowhere (with hands: the first such tile). The player's own
    tiles (the abbey) are listed after them, and a turn without a tile (the end's abbeys)
    is the engine's list."""
    tiles = (view.tile,) if view.tile is not None else tuple(dict.fromkeys(view.hand))
    game = view.game
    if not tiles:
        return list(game.options())
    stuck = game.unplaceable(tiles)
    if stuck is not None:
        return [Move.discard_of(stuck)]
    entries = [entry for tile in tiles for entry in game.options(tile)]
    for own in game.own_tiles:
        entries.extend(e for e in game.options(own) if type(e) is Move and e.tile == own)
    return entries


def engine_options(view: PlayerView) -> list[Entry]:
    """The entries the engine lists for any other decision (the Count's, a market, ...)."""
    return list(view.game.options())


ENUMERATORS: dict[str, Callable[[PlayerView], list[Entry]]] = {"turn": turn_options}


def options_of(view: PlayerView) -> list[Entry]:
    """The legal entries of the decision ``view`` waits for (never empty while it waits)."""
    if view.pending is None:
        return []
    return ENUMERATORS.get(view.pending.action, engine_options)(view)
