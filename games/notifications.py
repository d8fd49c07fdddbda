"""Hooks from the game services to the play-by-email layer (the notifications app).

Each hook is called inside the transaction of its event: the e-mails become outbox
rows committed with it, and are sent by Celery after the commit.
"""

from __future__ import annotations


def invitation(seat) -> None:
    """Invite a registered player or an e-mail address to a game."""
    from notifications import events

    events.invitation(seat)


def game_started(game) -> None:
    from notifications import events

    events.game_started(game)


def after_move(game) -> None:
    """Turn e-mail to the next player, or the final e-mails when the game is over."""
    from notifications import events

    events.after_move(game)
