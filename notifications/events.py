"""Outbox writers: receivers of the games app's signals, which are sent inside the
transaction of the event (invitation, start, turn, timeout, resignation, end), and of
chat messages. Each writes Notification rows (:mod:`notifications.outbox`), sent after commit.
"""

from __future__ import annotations

from django.dispatch import receiver

from accounts.models import Block
from carcassonne.record import kind_of
from games import signals
from games.models import Game, Move, Seat

from .models import Category, Mode, Notification, Preference
from .outbox import message, notify

# --- what the games app announces (games.signals) ------------------------------------------


@receiver(signals.seat_invited, sender=Game, dispatch_uid="notifications_invitation")
def invitation(sender=Game, *, seat: Seat, **kwargs) -> None:
    game = seat.game
    notify(
        Notification.Kind.INVITATION,
        Category.INVITATION,
        key=f"invitation:{seat.pk}:{seat.invite_token}",
        user=seat.user if seat.user_id else None,
        email="" if seat.user_id else seat.invited_email,
        game=game,
        data={"seat": seat.pk, "inviter": game.created_by.username},
    )


@receiver(signals.game_started, sender=Game, dispatch_uid="notifications_game_started")
def game_started(sender=Game, *, game: Game, **kwargs) -> None:
    """Tell every player the game started; the first player's "your turn" e-mail says it
    for them (one e-mail, not two at the same second)."""
    for seat in game.seats.select_related("user").order_by("position"):
        if seat.user_id and not _told_by_first_turn(game, seat):
            notify(
                Notification.Kind.STARTED,
                Category.GAME,
                key=f"started:{game.pk}:{seat.user_id}",
                user=seat.user,
                game=game,
            )


def _told_by_first_turn(game: Game, seat: Seat) -> bool:
    """Whether ``seat`` plays first and gets the first turn's e-mail each time (which then
    says that the game started)."""
    if seat.position != game.current_seat or seat.bot or game.move_count:  # (move 1 is the first turn)
        return False
    return Preference.for_user(seat.user).mode(Category.TURN) == Mode.EACH


@receiver(signals.turn_started, sender=Game, dispatch_uid="notifications_turn_started")
def turn_started(
    sender=Game,
    *,
    game: Game,
    seat: int,
    action: str = "turn",
    move_number: int = 1,
    seats: list[Seat],
    moves: list[Move],
    deadline=None,
    **kwargs,
) -> None:
    """Tell the player whose decision it now is, with what happened since the last one."""
    player = seats[seat]
    if not player.user_id or player.bot:  # a bot plays this seat: its player is not asked
        return
    data = {"move_number": move_number, "action": action, **_last_turn(seats, moves)}
    data["deadline"] = deadline.isoformat() if deadline else None
    # The first turn is announced even to a player active on the site right now: they
    # may be on another page, and nothing else tells them the game is waiting for them.
    first = move_number == 1
    if first:
        data["started"] = True  # the game-started e-mail of the first player is this one
    notify(
        Notification.Kind.TURN,
        Category.TURN,
        key=f"turn:{game.pk}:{move_number}",
        user=player.user,
        game=game,
        data=data,
        quiet_when_active=not first,
    )


@receiver(signals.game_finished, sender=Game, dispatch_uid="notifications_game_finished")
def game_finished(sender=Game, *, game: Game, outcome=None, **kwargs) -> None:
    for seat in game.seats.select_related("user").order_by("position"):
        if seat.user_id:
            notify(
                Notification.Kind.FINISHED,
                Category.GAME,
                key=f"finished:{game.pk}:{seat.user_id}",
                user=seat.user,
                game=game,
                data={"ending": outcome.ending if outcome else ""},
            )


@receiver(signals.player_left, sender=Game, dispatch_uid="notifications_player_left")
def player_left(sender=Game, *, game: Game, seat: Seat, move_number: int = 0, reason: str = "", **kwargs) -> None:
    """Tell everyone of a turn lost on time and the others of a resignation, unless it ended
    the game: then the game-over e-mail (sent already, before any next tournament round's)
    says it, and nobody gets two e-mails for one event."""
    if reason in ("resigned", "lost") and Game.objects.filter(pk=game.pk, status=Game.Status.FINISHED).exists():
        return
    data = {"move_number": move_number, "action": reason, "player": seat.display_name, "user_id": seat.user_id}
    kind, category, prefix = Notification.Kind.TIMEOUT, Category.TIMEOUT, str(Notification.Kind.TIMEOUT)
    if reason == "resigned":
        kind, category, prefix = Notification.Kind.RESIGNED, Category.GAME, str(Notification.Kind.RESIGNED)
    elif reason in ("closed", "closed_bot"):  # an account was deleted (games.privacy): news of the game
        category, prefix = Category.GAME, f"closed:{seat.pk}"
    for other in game.seats.select_related("user").order_by("position"):
        if other.user_id and not (reason == "resigned" and other.pk == seat.pk):
            notify(
                kind,
                category,
                key=f"{prefix}:{game.pk}:{move_number}:{other.user_id}",
                user=other.user,
                game=game,
                data=data,
            )


def _last_turn(seats: list[Seat], moves: list[Move]) -> dict:
    """Who moved last and what scored, from the ``moves`` since the last decision."""
    played = [m for m in moves if kind_of(m.entry) == "place"]
    mover = seats[played[-1].seat].display_name if played else None
    totals = [0] * len(seats)
    for m in moves:
        for i, p in enumerate(m.points or []):
            if i < len(totals):
                totals[i] += p
    return {
        "mover": mover,
        "last_tile": played[-1].entry.get("tile") if played else None,
        "last_move": played[-1].number if played else None,  # told in words when the e-mail is written
        "scored": [[seats[i].display_name, p] for i, p in enumerate(totals) if p],
        "discarded": [m.entry.get("tile") for m in moves if kind_of(m.entry) == "discard"],
    }


# --- chat ------------------------------------------------------------------------------


def chat_message_saved(sender, instance, created, **kwargs) -> None:
    """Players who want every chat message by e-mail get one (the others get the daily
    digest, or nothing); never the author, never someone who muted or blocked the author."""
    if not created:
        return
    from chat.models import Mute

    message = instance
    game = message.game
    muting = set(Mute.objects.filter(muted=message.author).values_list("user_id", flat=True))
    muting |= set(Block.objects.filter(blocked=message.author).values_list("user_id", flat=True))
    people = game.seats.select_related("user").filter(state=Seat.State.JOINED, user__isnull=False)  # not bots
    for seat in people.exclude(user=message.author):
        if seat.user_id in muting or Preference.for_user(seat.user).chat != Mode.EACH:
            continue
        message_notification(seat.user, message)


def message_notification(user, chat_message) -> None:
    from django.utils.translation import gettext as _

    game = chat_message.game
    message(
        Category.CHAT,
        key=f"chat:{chat_message.pk}:{user.pk}",
        user=user,
        game=game,
        subject=_("%(author)s in %(title)s: chat") % {"author": chat_message.author.username, "title": game.title},
        lines=[f"{chat_message.author.username}: {chat_message.text}"],
        path=game.get_absolute_url() + "#chat",
        button=_("Answer in the game"),
    )
