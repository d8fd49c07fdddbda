"""What one player sees: the only thing a bot is given.

A :class:`PlayerView` holds the public record rebuilt without a bag (so the board,
the scores, the supplies and the counts of tiles still in the game by type), the
decision the game waits for, and the tile the viewing player has drawn. It never
holds the bag order, the seed, the bag's random generator or other players' hidden
hands: a bot cannot look at them because it never has them.

>>> from carcassonne import Game
>>> game = Game.new(["Ann", "Bob"], seed=7)
>>> view = view_of(game)
>>> view.seat, view.tile, view.game.tile, view.tiles_left
(0, 'U', None, 70)
"""

from __future__ import annotations

from dataclasses import dataclass

from carcassonne import Game, Pending, Rules, replay


@dataclass(frozen=True)
class PlayerView:
    """The game as ``seat`` sees it when it must decide.

    ``game`` is a :class:`~carcassonne.Game` without a bag, rebuilt from the public
    record: moves played on it (or on copies of it) name their tile. ``tile`` is the
    viewer's drawn tile (``None`` when the decision is not a tile turn of the viewer, or
    with hands). ``hand`` is the viewer's own hand (tiles in hand; never
    another player's). ``remaining`` counts every tile still in the game by type, the
    drawn one and those in hands included.
    """

    seat: int
    players: tuple[str, ...]
    rules: Rules
    pending: Pending | None
    tile: str | None
    game: Game
    hand: tuple[str, ...] = ()

    @property
    def scores(self) -> list[int]:
        return list(self.game.scores)

    @property
    def supply(self) -> list[int]:
        return list(self.game.supply)

    @property
    def remaining(self) -> dict[str, int]:
        return dict(self.game.remaining)

    @property
    def tiles_left(self) -> int:
        """Tiles still to be drawn after the viewer's drawn tile (those in hands not counted)."""
        return self.game.tiles_left - (1 if self.tile else 0)

    @property
    def name(self) -> str:
        return self.players[self.seat]


def view_of(game: Game, seat: int | None = None) -> PlayerView:
    """The view of ``seat`` (by default the player the game waits for) of ``game``."""
    pending = game.pending
    if seat is None:
        if pending is None:
            raise ValueError("the game is finished: nobody has a decision to take")
        seat = pending.player
    public = replay(game.record())  # the public record only: no bag, no seed, no generator
    tile = game.tile if pending is not None and pending.player == seat and pending.action == "turn" else None
    return PlayerView(seat, tuple(game.players), game.rules, pending, tile, public, game.hand(seat) or ())
