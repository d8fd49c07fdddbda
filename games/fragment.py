"""The part of the game page that follows the game (#game-live), alone: what the page
swaps in after its player's move (the 201 of the page's move POST, games.page_moves, from
the view the move was played on: no replay) and when its live poll sees a change
(``/games/<id>/fragment/``). The page keeps its chat, notes and bag pictures, and its move
list up to ``since`` (the newest move it shows): the fragment leaves them out."""

from __future__ import annotations

from django.template.loader import render_to_string

from games.forms import bot_level_choices
from games.present import page
from games.present.view import GameView


def since_of(value: str | None) -> int:
    """The newest move number the page shows, as it sent it (anything else: none)."""
    return int(value) if value and value.isdigit() else 0


def render(request, view: GameView, since: int, asked_tile: str | None = None, played: str = "") -> str:
    """The fragment's HTML for ``request``'s viewer (games/templates/games/game_fragment.html);
    ``played``: the viewer's own move just played, in words (``[data-move-played]``)."""
    context = page.context(view, request.user, asked_tile, since=since)
    context.update(bot_levels=bot_level_choices(), fragment=True, since=since, played=played)
    return render_to_string("games/game_fragment.html", context, request=request)
