"""The one place where hidden information is removed from what a viewer sees.

Hidden are the order of the bag (never shown: only counts by tile type) and each hand
of tiles (shown to its holder, and to everyone when the rules make hands public). A
:class:`~games.present.view.GameView` asks :func:`seen_by` once; nothing else on the
site reads the engine's hands or bag for a viewer.
"""

from __future__ import annotations

from dataclasses import dataclass

from carcassonne import Game as EngineGame


@dataclass(frozen=True)
class Seen:
    """What ``viewer`` may know of the hidden parts of a game."""

    hands: tuple[tuple[str, ...] | None, ...]
    """Per seat: the tiles of the hand, or ``None`` when hidden (or without hands)."""
    bag: dict[str, int]
    """Tiles still in the bag by type, counts only; the drawn tile and the hands shown
    are not counted (they are on show), hidden hands stay counted (so the counts tell
    nothing about them)."""


def visible_hand(engine: EngineGame, seat: int, viewer: int | None) -> tuple[str, ...] | None:
    """The tiles of ``seat``'s hand if ``viewer`` (a seat, or ``None``) may see them: their
    own hand, or every hand when the rules make hands public; else ``None`` (also
    without hands: the engine knows none)."""
    if viewer != seat and not engine.rules.hand_visible:
        return None
    return engine.hand(seat)


def seen_by(engine: EngineGame, viewer: int | None) -> Seen:
    """The hands and bag counts ``viewer`` (a seat whose hand they hold, or ``None``) may see."""
    hands = tuple(visible_hand(engine, seat, viewer) for seat in range(len(engine.players)))
    counts = dict(engine.remaining)
    shown = [engine.tile] if engine.tile else []
    for hand in hands:
        shown.extend(hand or ())
    for tile in shown:
        if counts.get(tile):
            counts[tile] -= 1
    return Seen(hands, {tile: n for tile, n in sorted(counts.items()) if n > 0})
