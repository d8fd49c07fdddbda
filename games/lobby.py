"""The lobby: creating games, inviting players, taking and leaving seats, and the daily
quotas of games and invitations. A game starts when its last seat is taken.

The seat commands return the :class:`~games.commands.LockedGame` they changed: the game, its
seats and (once asked for) its engine state, for the response."""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts import blocks, limits
from carcassonne import Rules, RulesError
from carcassonne.rules import MAX_PLAYERS, MIN_PLAYERS
from games import signals
from games.present.vocabulary import rules_error

from . import commands
from .commands import LockedGame
from .errors import Conflict, GameError, NotAllowed, TooMany
from .models import Game, Seat
from .seating import seat_of
from .text import single_line

User = get_user_model()
EMAIL_MAX_LENGTH: int = Seat._meta.get_field("invited_email").max_length or 254


def create_game(
    creator,
    invite: Iterable[str] = (),
    *,
    seat_order: str = Game.SeatOrder.AS_LISTED,
    rules: dict[str, Any] | Rules | None = None,
    open_seats: int = 0,
    name: str = "",
    move_days: int | None = None,
    timeout_rule: str = Game.TimeoutRule.LOSE,
    vacation_allowed: bool = True,
    private: bool = False,
    starts_at_once: bool = False,
) -> Game:
    """Create a game: the creator sits first, then the invited players, then open seats.

    ``invite`` holds usernames or e-mail addresses; an address of a registered user
    invites that user. With ``seat_order="random"`` the order is drawn at the start.
    ``starts_at_once``: the caller fills every open seat in the same transaction (bots),
    so the game never waits for players and the limit on waiting games does not apply.
    """
    rules = _checked_rules(rules, seat_order)
    if not isinstance(open_seats, int) or open_seats < 0:
        raise GameError(_("open_seats must be a whole number, 0 or more"))
    if move_days is not None and move_days not in dict(Game.MOVE_DAYS_CHOICES):
        raise GameError(_("move_days must be one of 1, 2, 3, 5, 7, 10, 14 or null (unlimited)"))
    if timeout_rule not in Game.TimeoutRule.values:
        raise GameError(_("timeout_rule must be 'skip', 'lose' or 'bot'"))
    invitees = _resolve_invitees(creator, list(invite))
    players = 1 + len(invitees) + open_seats
    if not MIN_PLAYERS <= players <= rules.max_players:
        values = {"least": MIN_PLAYERS, "most": rules.max_players, "players": players}
        if players == MAX_PLAYERS + 1:
            raise GameError(
                _(
                    "a game has %(least)d to %(most)d players with these rules; this one would have %(players)d "
                    "(you, the invited players and the open seats); a 6th player needs Inns & Cathedrals"
                )
                % values
            )
        raise GameError(
            _(
                "a game has %(least)d to %(most)d players with these rules; this one would have %(players)d "
                "(you, the invited players and the open seats)"
            )
            % values
        )
    with transaction.atomic():
        limits.one_person_at_a_time(creator)  # parallel requests count what the ones before stored
        _check_games_quota(creator, waits=not starts_at_once)
        check_invitation_quota(creator, len(invitees))
        game = Game.objects.create(
            name=single_line(name)[:80],
            created_by=creator,
            seat_order=seat_order,
            rules=rules.to_json(),
            move_days=move_days,
            timeout_rule=timeout_rule,
            vacation_allowed=bool(vacation_allowed),
            private=bool(private),
        )
        seats = [Seat(game=game, position=0, user=creator, state=Seat.State.JOINED, joined_at=timezone.now())]
        for position, invitee in enumerate(invitees, 1):
            if isinstance(invitee, str):
                seats.append(Seat(game=game, position=position, state=Seat.State.INVITED, invited_email=invitee))
            else:
                seats.append(Seat(game=game, position=position, user=invitee, state=Seat.State.INVITED))
        for position in range(1 + len(invitees), players):
            seats.append(Seat(game=game, position=position, state=Seat.State.OPEN))
        Seat.objects.bulk_create(seats)
        for seat in seats:
            if seat.state == Seat.State.INVITED:
                signals.seat_invited.send(sender=Game, game=game, seat=seat)
    return game


def create_started_game(
    creator,
    users,
    rules=None,
    seat_order: str = Game.SeatOrder.AS_LISTED,
    name: str = "",
    event: tuple[int, int] | None = None,
) -> Game:
    """Create a game whose seats are all taken by ``users`` (in seat order) and start it
    at once: no invitations (tournaments and other organisers pair the players). ``event``:
    the round and table an organiser paired it at, ``name`` then the event's name (the
    title is built when shown, in the reader's language)."""
    users = list(users)
    rules = _checked_rules(rules, seat_order)
    if not MIN_PLAYERS <= len(users) <= rules.max_players:
        raise GameError(
            _("a game has %(least)d to %(most)d players with these rules, not %(players)d")
            % {"least": MIN_PLAYERS, "most": rules.max_players, "players": len(users)}
        )
    if len({u.pk for u in users}) != len(users):
        raise GameError(_("a player cannot take two seats"))
    with transaction.atomic():
        game = Game.objects.create(
            name=single_line(name)[:80],
            event_round=event[0] if event else None,
            event_table=event[1] if event else None,
            created_by=creator,
            seat_order=seat_order,
            rules=rules.to_json(),
        )
        now = timezone.now()
        Seat.objects.bulk_create(
            Seat(game=game, position=i, user=u, state=Seat.State.JOINED, joined_at=now) for i, u in enumerate(users)
        )
        start_if_full(commands.lock(game.pk))
    return game


def _checked_rules(rules: dict[str, Any] | Rules | None, seat_order: str) -> Rules:
    """The rule set of a new game (its seat order checked too), or the error to show."""
    if seat_order not in Game.SeatOrder.values:
        raise GameError(_("seat_order must be 'as_listed' or 'random', not %(value)r") % {"value": seat_order})
    try:
        return rules if isinstance(rules, Rules) else Rules.from_json(rules or {})
    except RulesError as exc:
        raise GameError(rules_error(exc)) from None


# --- quotas and invitees ---------------------------------------------------------------


def _check_games_quota(creator, waits: bool = True) -> None:
    """At most ``GAMES_WAITING_PER_USER`` of a user's games wait for players at once (a
    new game that ``waits``), and at most ``GAMES_CREATED_PER_DAY`` games a day that they
    sit in (games a tournament director creates for others' rounds do not count)."""
    waiting = settings.GAMES_WAITING_PER_USER
    if waits and Game.objects.filter(created_by=creator, status=Game.Status.WAITING).count() >= waiting:
        raise TooMany(
            ngettext(
                "you can have at most %(count)d game waiting for players at once; wait until it starts",
                "you can have at most %(count)d games waiting for players at once; wait until one starts",
                waiting,
            )
            % {"count": waiting}
        )
    per_day = settings.GAMES_CREATED_PER_DAY
    since = timezone.now() - timedelta(days=1)
    if (
        Game.objects.filter(created_by=creator, created_at__gte=since, seats__user=creator).distinct().count()
        >= per_day
    ):
        raise TooMany(
            ngettext(
                "you can create at most %(count)d game a day; try again tomorrow",
                "you can create at most %(count)d games a day; try again tomorrow",
                per_day,
            )
            % {"count": per_day}
        )


def check_invitation_quota(creator, wanted: int) -> None:
    """At most ``GAMES_INVITATIONS_PER_DAY`` invitations per user in any 24 hours: the
    seats of their games, and what other apps count (tournament invitations, through the
    ``invitations_sent`` signal). Call it in the transaction that stores them."""
    if not wanted:
        return
    limits.one_person_at_a_time(creator)
    limit = int(getattr(settings, "GAMES_INVITATIONS_PER_DAY", 50))
    since = timezone.now() - timedelta(days=1)
    sent = (
        Seat.objects.filter(game__created_by=creator, game__created_at__gte=since, position__gt=0)
        .exclude(invited_email="", user__isnull=True)  # open seats, and bots' seats: nobody was invited
        .count()
    )
    sent += sum(
        int(count or 0) for _receiver, count in signals.invitations_sent.send(sender=Game, user=creator, since=since)
    )
    if sent + wanted > limit:
        raise TooMany(
            ngettext(
                "you can send at most %(limit)d invitation a day; you have %(left)d left today",
                "you can send at most %(limit)d invitations a day; you have %(left)d left today",
                limit,
            )
            % {"limit": limit, "left": max(limit - sent, 0)},
            field="invite",
        )


def _resolve_invitees(creator, names: list[str]) -> list:
    """Users for usernames and known addresses, plain addresses for the others."""
    result: list = []
    seen: set = {creator.pk}
    for raw in names:
        if not isinstance(raw, str) or not raw.strip():
            raise GameError(_("each invitation must be a username or an e-mail address"), field="invite")
        name = raw.strip()
        if "@" in name:
            try:
                if len(name) > EMAIL_MAX_LENGTH:
                    raise ValidationError("too long")
                validate_email(name)
            except ValidationError:
                raise GameError(
                    _("%(address)r is not a valid e-mail address") % {"address": name}, field="invite"
                ) from None
            user = User.objects.filter(email__iexact=name).first()
            if user is not None and (not user.is_active or blocks.any_between(creator.pk, [user.pk])):
                # a block is silent: refused as the address of a suspended account is
                raise GameError(_("%(name)s cannot be invited to your games") % {"name": name}, field="invite")
            invitee = user or name.lower()
        else:
            user = User.objects.filter(username__iexact=name, is_active=True).first()  # not deleted nor suspended
            if user is None or blocks.any_between(creator.pk, [user.pk]):
                # a block is silent: refused as a name nobody has (or a suspended account's) is
                raise GameError(
                    _("there is no player called %(name)r; invite them by e-mail instead") % {"name": name},
                    field="invite",
                )
            invitee = user
        key = invitee.pk if not isinstance(invitee, str) else invitee
        if key in seen:
            if key == creator.pk:
                raise GameError(_("you cannot invite yourself"), field="invite")
            raise GameError(_("you cannot invite %(name)s twice") % {"name": name}, field="invite")
        seen.add(key)
        result.append(invitee)
    return result


# --- taking and leaving seats ----------------------------------------------------------


def _invited_seat(locked: LockedGame, user) -> Seat:
    """``user``'s seat of ``locked`` that waits for their answer to an invitation."""
    seat = seat_of(locked.seats, user)
    if seat is None or seat.state != Seat.State.INVITED:
        raise NotAllowed(_("you have no open invitation to this game"))
    return seat


@transaction.atomic
def accept_invitation(game_id: int, user) -> LockedGame:
    locked = commands.lock(game_id)
    return _take_seat(locked, _invited_seat(locked, user), user)


@transaction.atomic
def decline_invitation(game_id: int, user) -> LockedGame:
    """Decline: the seat becomes open, so that someone from the lobby can take it."""
    locked = commands.lock(game_id)
    seat = _invited_seat(locked, user)
    seat.user, seat.invited_email, seat.state = None, "", Seat.State.OPEN
    seat.save()
    return locked


@transaction.atomic
def join_game(game_id: int, user) -> LockedGame:
    """Take an open seat (from the lobby)."""
    locked = commands.lock(game_id)
    if locked.game.status != Game.Status.WAITING:
        raise Conflict(_("this game has already started"))
    if any(s.user_id == user.pk for s in locked.seats):
        raise Conflict(_("you already have a seat in this game"))
    seat = next((s for s in locked.seats if s.state == Seat.State.OPEN), None)
    if seat is None:
        raise Conflict(_("this game has no open seat"))
    if blocks.any_between(
        user.pk, [s.user_id for s in locked.seats if s.user_id is not None]
    ):  # never seated together from the lobby
        raise Conflict(_("you cannot join this game"))
    return _take_seat(locked, seat, user)


@transaction.atomic
def claim_invitation(token: str, user) -> LockedGame:
    """Accept an e-mailed invitation link with the account of whoever opened it."""
    game_id = Seat.objects.filter(invite_token=token).values_list("game_id", flat=True).first()
    if game_id is None:
        raise GameError(_("this invitation link is not valid"))
    locked = commands.lock(game_id)
    seat = next(s for s in locked.seats if s.invite_token == token)
    if seat.user_id == user.pk and seat.state == Seat.State.JOINED:
        return locked
    if seat.state != Seat.State.INVITED or (seat.user_id and seat.user_id != user.pk):
        raise Conflict(_("this invitation has already been used"))
    if any(s.user_id == user.pk for s in locked.seats if s.pk != seat.pk):
        raise Conflict(_("you already have a seat in this game"))
    return _take_seat(locked, seat, user)


def _take_seat(locked: LockedGame, seat: Seat, user) -> LockedGame:
    """Sit ``user`` in ``seat``; the game starts when that fills the last seat."""
    seat.user, seat.state, seat.joined_at = user, Seat.State.JOINED, timezone.now()
    seat.save()
    start_if_full(locked)
    return locked


def start_if_full(locked: LockedGame) -> None:
    """Start the locked game if every seat is taken: draw the seat order if it is to be
    random, give the game its secret seed, and announce the start and the first turn."""
    game, seats = locked.game, locked.seats
    if game.status != Game.Status.WAITING or any(s.state != Seat.State.JOINED for s in seats):
        return
    if game.seat_order == Game.SeatOrder.RANDOM:
        order = list(range(len(seats)))
        random.SystemRandom().shuffle(order)
        for seat in seats:  # step aside first: positions are unique
            seat.position += 100
        Seat.objects.bulk_update(seats, ["position"])
        for seat, position in zip(seats, order):
            seat.position = position
        Seat.objects.bulk_update(seats, ["position"])
        seats.sort(key=lambda s: s.position)
    game.seed = secrets.randbits(62)
    game.status = Game.Status.ACTIVE
    game.started_at = timezone.now()
    locked.forget_engine()
    moves = commands.save(locked, [])
    signals.game_started.send(sender=Game, game=game)
    commands.announce(locked, moves, 1)
