"""A person's data in the games app: what "Download my data" holds of it (``games.json``, a
receiver of :data:`accounts.signals.personal_data`; the records themselves come from the
archive), and what deleting the account does (a receiver of
:data:`accounts.signals.account_deleted`):

- Games waiting for players that the person created are cancelled; their seats in others'
  waiting games (taken, invited, or invited by address) become open seats again.
- In a game in progress the seat ends by the game's own timeout rule: under "a bot takes
  over" a bot plays it from now on; under "lose" (and "skip": a player who never comes
  back would only be skipped turn after turn) the player leaves the turn order, as a
  timeout's forfeit does, with the notation's entry for leaving at any moment (``resign``:
  the forfeit entry exists only for the player on turn). The others are told
  (``player_left`` with the reason ``closed`` or ``closed_bot``).
- The log's entries that name the player (``"player": NAME``) take the neutral name, so
  that every record still replays; invitation addresses, vacations and play preferences go.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.dispatch import receiver

from accounts import erasure
from accounts.signals import account_deleted, personal_data
from carcassonne import Resign
from games import signals

from . import bot_seats, commands
from .errors import NotFound
from .models import Game, Move, PlayPreference, Seat, Vacation


@receiver(account_deleted, dispatch_uid="games_account_deleted")
def erase_player(sender, user, old_name: str, old_addresses: list[str], neutral_name: str, **kwargs) -> dict:
    cancelled = Game.objects.filter(created_by=user, status=Game.Status.WAITING).delete()[1].get("games.Game", 0)
    renamed = _rename_games(user, old_name, neutral_name)  # while their seats still say which games were theirs
    freed = _free_waiting_seats(user, old_addresses)
    left = [leave_game(game_id, user.pk) for game_id in _active_games(user)]
    return {
        "waiting_games_cancelled": cancelled,
        "waiting_seats_freed": freed,
        "games_left": left.count("left"),
        "games_taken_over_by_bots": left.count("bot"),
        "entries_renamed": rename_entries(user, old_name, neutral_name),
        "game_names": renamed,
        "invitation_addresses": _forget_addresses(user, old_addresses),
        "vacations": Vacation.objects.filter(user=user).delete()[0],
        "play_preferences": PlayPreference.objects.filter(user=user).delete()[0],
    }


def _free_waiting_seats(user, addresses: list[str]) -> int:
    mine = Q(user=user)
    for address in addresses:
        mine |= Q(user__isnull=True, invited_email__iexact=address)
    return Seat.objects.filter(mine, game__status=Game.Status.WAITING).update(
        user=None, invited_email="", state=Seat.State.OPEN, joined_at=None
    )


def _active_games(user) -> list[int]:
    return list(
        Seat.objects.filter(user=user, state=Seat.State.JOINED, game__status=Game.Status.ACTIVE)
        .order_by("game_id")
        .values_list("game_id", flat=True)
    )


def leave_game(game_id: int, user_id: int) -> str | None:
    """The seat of ``user_id`` in the game in progress ``game_id`` ends by the game's timeout
    rule: ``"bot"`` (a bot plays it from now on) or ``"left"``; ``None`` when nothing was
    left to do (the game is over, the player had left, a bot already plays the seat)."""
    with transaction.atomic():
        try:
            locked = commands.lock(game_id)
        except NotFound:
            return None
        game = locked.game
        seat = next((s for s in locked.seats if s.user_id == user_id), None)
        if game.status != Game.Status.ACTIVE or seat is None or seat.bot or seat.position in locked.engine.out:
            return None
        if game.timeout_rule == Game.TimeoutRule.BOT:
            bot_seats.take_over(game, seat)
            game.save(update_fields=["has_bots", "updated_at"])  # the announcement below queues its turn
            number, outcome = game.move_count + 1, "bot"
        else:
            on_turn = game.current_seat
            turn = locked.engine.play(Resign(locked.engine.players[seat.position]))
            commands.record(locked, [turn], on_turn=on_turn if on_turn != seat.position else None)
            number, outcome = turn.number, "left"
        reason = "closed_bot" if outcome == "bot" else "closed"
        signals.player_left.send(sender=Game, game=game, seat=seat, move_number=number, reason=reason)
    return outcome


def rename_entries(user, old_name: str, new_name: str) -> int:
    """The log's entries that name ``user``'s seat take ``new_name`` (key order kept)."""
    positions = dict(Seat.objects.filter(user=user).values_list("game_id", "position"))
    moves = [
        m
        for m in Move.objects.filter(game_id__in=list(positions), entry__contains='"player":').only(
            "game", "seat", "entry"
        )
        if positions.get(m.game_id) == m.seat or m.entry.get("player") == old_name
    ]
    for move in moves:
        move.entry = {key: (new_name if key == "player" else value) for key, value in move.entry.items()}
    Move.objects.bulk_update(moves, ["entry"], batch_size=500)
    return len(moves)


def _rename_games(user, old_name: str, new_name: str) -> int:
    games = list(
        Game.objects.filter(Q(created_by=user) | Q(seats__user=user), name__icontains=old_name).distinct().only("name")
    )
    for game in games:
        game.name = erasure.replace_name(game.name, old_name, new_name)
    Game.objects.bulk_update(games, ["name"])
    return len(games)


def _forget_addresses(user, addresses: list[str]) -> int:
    seats = Q(user=user) & ~Q(invited_email="")
    for address in addresses:
        seats |= Q(invited_email__iexact=address)
    return Seat.objects.filter(seats).update(invited_email="")


# --- download my data ---------------------------------------------------------------------


@receiver(personal_data, dispatch_uid="games_personal_data")
def export_games(sender, user, **kwargs) -> dict:
    seats = Seat.objects.filter(user=user).select_related("game").order_by("game_id")
    sent = Seat.objects.filter(game__created_by=user, position__gt=0).exclude(user=user).select_related("user", "game")
    return {
        "games.json": {
            "games": [_game_row(seat) for seat in seats if seat.state == Seat.State.JOINED],
            "invitations_received": [_game_row(seat) for seat in seats if seat.state == Seat.State.INVITED],
            "invitations_sent": [
                {
                    "game": s.game_id,
                    "title": s.game.title,
                    "invited": s.user.username if s.user is not None else s.invited_email,
                }
                for s in sent
                if s.user_id or s.invited_email
            ],
            "vacations": list(Vacation.objects.filter(user=user).values("start", "end", "created_at")),
            "play_preferences": list(PlayPreference.objects.filter(user=user).values("auto_pass_count")),
        }
    }


def _game_row(seat: Seat) -> dict:
    game = seat.game
    return {
        "game": game.pk,
        "title": game.title,
        "status": game.status,
        "seat": seat.position + 1,
        "created_by_you": game.created_by_id == seat.user_id,
        "private": game.private,
        "created_at": game.created_at,
        "started_at": game.started_at,
        "finished_at": game.finished_at,
        "scores": game.scores,
        "record": f"games/{game.pk}.json" if game.seed is not None and seat.state == Seat.State.JOINED else None,
    }
