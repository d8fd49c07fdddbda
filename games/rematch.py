"""After the game: a rematch with the same players and rules, and a new game with the
same players (the create form filled in)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games import lobby
from games.errors import GameError
from games.models import Game, Seat


def _players(game: Game, user) -> list[Seat]:
    seats = list(
        game.seats.select_related("user").filter(state=Seat.State.JOINED, user__isnull=False).order_by("position")
    )
    if not any(s.user_id == user.pk for s in seats):
        raise GameError(_("only the players of this game can do that"))
    return seats


def rematch_name(game: Game) -> str:
    return (_("%(title)s · rematch") % {"title": game.title})[:80]


def rematch(game: Game, user) -> Game:
    """A new game with the same players, rules and privacy; ``user`` sits first and the
    others are invited. Asked twice (by anyone of them), it is the same rematch."""
    if game.status != Game.Status.FINISHED:
        raise GameError(_("the game is not over yet"))
    seats = _players(game, user)
    name = rematch_name(game)
    existing = (
        Game.objects.filter(
            status__in=[Game.Status.WAITING, Game.Status.ACTIVE],
            name=name,
            created_at__gte=game.created_at,
            seats__user=user,
        )
        .order_by("-pk")
        .first()
    )
    if existing is not None:
        return existing
    me = next(i for i, s in enumerate(seats) if s.user_id == user.pk)
    others = [s.user.username for s in seats[me + 1 :] + seats[:me] if s.user is not None]  # all are people
    return lobby.create_game(
        user,
        others,
        rules=game.rules,
        name=name,
        seat_order=game.seat_order,
        move_days=game.move_days,
        timeout_rule=game.timeout_rule,
        vacation_allowed=game.vacation_allowed,
        private=game.private,
    )


def create_form_initial(game: Game, user) -> dict:
    """The create form filled in from ``game``: its other players, its rules and its privacy."""
    seats = _players(game, user)
    rules = game.engine_rules
    return {
        "invite": "\n".join(s.user.username for s in seats if s.user is not None and s.user_id != user.pk),
        **rules.option_values(),
        "move_days": game.move_days or "",
        "timeout_rule": game.timeout_rule,
        "vacation_allowed": game.vacation_allowed,
        "seat_order": game.seat_order,
        "private": game.private,
    }
