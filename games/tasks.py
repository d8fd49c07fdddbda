"""Celery tasks of the games app."""

from celery import shared_task


@shared_task(ignore_result=True)
def play_bot_turns(game_id: int) -> int:
    """Bots play their turns of ``game_id`` (see :mod:`games.bot_seats`)."""
    from .bot_seats import play_bot_turns as play

    return play(game_id)
