"""What can happen to a game: creating, inviting, joining, starting and playing.

Views and API endpoints call these functions and turn :class:`GameError` into a
response (``error.status`` is the HTTP status to use). Every rule question goes to
the engine; the engine state of a game is always a replay of its move log.
"""

from __future__ import annotations

import random
from datetime import timedelta
import secrets
from typing import Any, Iterable

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import clock, decisions, signals
from games.engine import Game as EngineGame
from games.engine import Entry, IllegalMove, Resign, Rules, RulesError, Turn, parse_entry
from games.engine import Move as EngineMove
from games.engine.rules import MAX_PLAYERS, MIN_PLAYERS

from .models import Game, GameEvent, Move, PlayPreference, Seat
from .presenter.outcome import outcome_json
from .text import single_line
from .vocabulary import illegal_move_text, rules_error

User = get_user_model()


class GameError(Exception):
    """A request the game cannot take; ``str()`` is the message for the person (in their
    language); ``field``: the form field it is about, if any (``invite``)."""

    status = 400

    def __init__(self, message: str = "", field: str | None = None):
        super().__init__(message)
        self.field = field


class NotAllowed(GameError):
    status = 403


class Conflict(GameError):
    status = 409


class NotFound(GameError):
    status = 404


# --- creating and filling games ------------------------------------------------


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
) -> Game:
    """Create a game: the creator sits first, then the invited players, then open seats.

    ``invite`` holds usernames or e-mail addresses; an address of a registered user
    invites that user. With ``seat_order="random"`` the order is drawn at the start.
    """
    if seat_order not in Game.SeatOrder.values:
        raise GameError(_("seat_order must be 'as_listed' or 'random', not %(value)r") % {"value": seat_order})
    try:
        rules = rules if isinstance(rules, Rules) else Rules.from_json(rules or {})
    except RulesError as exc:
        raise GameError(rules_error(exc)) from None
    if not isinstance(open_seats, int) or open_seats < 0:
        raise GameError(_("open_seats must be a whole number, 0 or more"))
    if move_days is not None and move_days not in dict(Game.MOVE_DAYS_CHOICES):
        raise GameError(_("move_days must be one of 1, 2, 3, 5, 7, 10, 14 or null (unlimited)"))
    if timeout_rule not in Game.TimeoutRule.values:
        raise GameError(_("timeout_rule must be 'skip', 'lose' or 'bot'"))
    invitees = _resolve_invitees(creator, list(invite))
    _check_games_quota(creator)
    check_invitation_quota(creator, len(invitees))
    players = 1 + len(invitees) + open_seats
    if not MIN_PLAYERS <= players <= rules.max_players:
        values = {"least": MIN_PLAYERS, "most": rules.max_players, "players": players}
        if players == MAX_PLAYERS + 1:
            raise GameError(
                _("a game has %(least)d to %(most)d players with these rules; this one would have %(players)d "
                  "(you, the invited players and the open seats); a 6th player needs Inns & Cathedrals") % values
            )
        raise GameError(
            _("a game has %(least)d to %(most)d players with these rules; this one would have %(players)d "
              "(you, the invited players and the open seats)") % values
        )
    with transaction.atomic():
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


EMAIL_MAX_LENGTH = Seat._meta.get_field("invited_email").max_length


class TooMany(GameError):
    status = 429


def _check_games_quota(creator) -> None:
    """At most ``GAMES_WAITING_PER_USER`` of a user's games wait for players at once, and
    at most ``GAMES_CREATED_PER_DAY`` games a day that they sit in (games a tournament
    director creates for others' rounds do not count)."""
    from django.conf import settings

    waiting = settings.GAMES_WAITING_PER_USER
    if Game.objects.filter(created_by=creator, status=Game.Status.WAITING).count() >= waiting:
        raise TooMany(
            ngettext("you can have at most %(count)d game waiting for players at once; wait until it starts",
                     "you can have at most %(count)d games waiting for players at once; wait until one starts",
                     waiting) % {"count": waiting}
        )
    per_day = settings.GAMES_CREATED_PER_DAY
    since = timezone.now() - timedelta(days=1)
    if Game.objects.filter(created_by=creator, created_at__gte=since, seats__user=creator).distinct().count() >= per_day:
        raise TooMany(
            ngettext("you can create at most %(count)d game a day; try again tomorrow",
                     "you can create at most %(count)d games a day; try again tomorrow", per_day) % {"count": per_day}
        )


def check_invitation_quota(creator, wanted: int) -> None:
    """At most ``GAMES_INVITATIONS_PER_DAY`` invitations per user in any 24 hours: the
    seats of their games, and what other apps count (tournament invitations, through the
    ``invitations_sent`` signal)."""
    if not wanted:
        return
    from django.conf import settings

    limit = int(getattr(settings, "GAMES_INVITATIONS_PER_DAY", 50))
    since = timezone.now() - timedelta(days=1)
    sent = (
        Seat.objects.filter(game__created_by=creator, game__created_at__gte=since, position__gt=0)
        .exclude(state=Seat.State.OPEN, invited_email="", user__isnull=True)
        .count()
    )
    sent += sum(count for _receiver, count in signals.invitations_sent.send(sender=Game, user=creator, since=since))
    if sent + wanted > limit:
        raise TooMany(
            gettext("you can send at most %(limit)d invitations a day; you have %(left)d left today")
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
                raise GameError(_("%(address)r is not a valid e-mail address") % {"address": name}, field="invite") from None
            user = User.objects.filter(email__iexact=name).first()
            invitee = user or name.lower()
        else:
            user = User.objects.filter(username__iexact=name).first()
            if user is None:
                raise GameError(_("there is no player called %(name)r; invite them by e-mail instead") % {"name": name},
                                field="invite")
            invitee = user
        key = invitee.pk if not isinstance(invitee, str) else invitee
        if key in seen:
            if key == creator.pk:
                raise GameError(_("you cannot invite yourself"), field="invite")
            raise GameError(_("you cannot invite %(name)s twice") % {"name": name}, field="invite")
        seen.add(key)
        result.append(invitee)
    return result


def _locked_game(game_id: int) -> Game:
    try:
        return Game.objects.select_for_update().get(pk=game_id)
    except Game.DoesNotExist:
        raise NotFound(_("no such game")) from None


def seats_of_user(user) -> Q:
    """Seats held by ``user``: taken, or invited by their e-mail address (for filters)."""
    mine = Q(user=user)
    if user.email:
        mine |= Q(user__isnull=True, invited_email__iexact=user.email)
    return mine


def seat_of(seats: Iterable[Seat], user) -> Seat | None:
    """``user``'s seat among ``seats`` (taken, or invited by e-mail), without a query."""
    if user is None or not user.is_authenticated:
        return None
    email = (user.email or "").lower()
    return next(
        (s for s in seats if s.user_id == user.pk or (not s.user_id and email and s.invited_email.lower() == email)),
        None,
    )


def _seat_of(game: Game, user) -> Seat | None:
    return game.seats.filter(seats_of_user(user)).first()


@transaction.atomic
def accept_invitation(game_id: int, user) -> Game:
    game = _locked_game(game_id)
    seat = _seat_of(game, user)
    if seat is None or seat.state != Seat.State.INVITED:
        raise NotAllowed(_("you have no open invitation to this game"))
    return _take_seat(game, seat, user)


@transaction.atomic
def decline_invitation(game_id: int, user) -> Game:
    """Decline: the seat becomes open, so that someone from the lobby can take it."""
    game = _locked_game(game_id)
    seat = _seat_of(game, user)
    if seat is None or seat.state != Seat.State.INVITED:
        raise NotAllowed(_("you have no open invitation to this game"))
    seat.user, seat.invited_email, seat.state = None, "", Seat.State.OPEN
    seat.save()
    return game


@transaction.atomic
def join_game(game_id: int, user) -> Game:
    """Take an open seat (from the lobby)."""
    game = _locked_game(game_id)
    if game.status != Game.Status.WAITING:
        raise Conflict(_("this game has already started"))
    if game.seats.filter(user=user).exists():
        raise Conflict(_("you already have a seat in this game"))
    seat = game.seats.filter(state=Seat.State.OPEN).order_by("position").first()
    if seat is None:
        raise Conflict(_("this game has no open seat"))
    return _take_seat(game, seat, user)


@transaction.atomic
def claim_invitation(token: str, user) -> Game:
    """Accept an e-mailed invitation link with the account of whoever opened it."""
    seat = Seat.objects.select_related("game").filter(invite_token=token).first()
    if seat is None:
        raise GameError(_("this invitation link is not valid"))
    game = _locked_game(seat.game_id)
    seat.refresh_from_db()
    if seat.user_id == user.pk and seat.state == Seat.State.JOINED:
        return game
    if seat.state != Seat.State.INVITED or (seat.user_id and seat.user_id != user.pk):
        raise Conflict(_("this invitation has already been used"))
    if game.seats.filter(user=user).exclude(pk=seat.pk).exists():
        raise Conflict(_("you already have a seat in this game"))
    return _take_seat(game, seat, user)


def _take_seat(game: Game, seat: Seat, user) -> Game:
    """Sit ``user`` in ``seat``; the game starts when that fills the last seat."""
    seat.user, seat.state, seat.joined_at = user, Seat.State.JOINED, timezone.now()
    seat.save()
    _start_if_full(game)
    return game


def _start_if_full(game: Game) -> None:
    seats = list(game.seats.order_by("position"))
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
    engine = engine_for(game, seats)
    _store_turns(game, engine.discard_unplaceable())
    _copy_state(game, engine)
    game.save()
    signals.game_started.send(sender=Game, game=game)
    _announce(game, engine, None)


# --- playing ----------------------------------------------------------------------


def seat_names(seats: Iterable[Seat]) -> list[str]:
    return [seat.display_name for seat in seats]


def engine_for(game: Game, seats: list[Seat] | None = None, upto: int | None = None) -> EngineGame:
    """The engine state of ``game``: a replay of its move log (the first ``upto`` moves).

    A waiting game has no bag yet: it gets a bag-less engine showing the start tile.
    """
    if seats is None:
        seats = list(game.seats.select_related("user").order_by("position"))
    if game.seed is None:  # seats may still be open: the engine needs distinct names
        return EngineGame([f"seat {seat.position + 1}" for seat in seats], game.engine_rules)
    names = seat_names(seats)
    engine = EngineGame.new(names, game.engine_rules, seed=game.seed)
    moves = game.moves.order_by("number").values_list("number", "seat", "entry")
    if upto is not None:
        moves = moves[:upto]
    for number, seat, entry in moves:
        try:
            engine.play_json(named_entry(entry, seat, names))
        except IllegalMove as exc:  # the log was accepted once: this is corruption
            raise RuntimeError(f"{game}: stored move {number} no longer replays: {exc}") from exc
    return engine


def named_entry(entry: dict, seat: int, names: list[str]) -> dict:
    """``entry`` naming the player of ``seat`` as they are called now (a renamed user's
    resignation still replays)."""
    if "player" in entry and 0 <= seat < len(names) and entry["player"] != names[seat]:
        return {**entry, "player": names[seat]}
    return entry


def _playing_seat(game_id: int, user, not_started: str) -> tuple[Game, list[Seat], Seat]:
    """The locked game, its seats and ``user``'s seat, if they play in it and it is on."""
    game = _locked_game(game_id)
    seats = list(game.seats.select_related("user").order_by("position"))
    seat = seat_of(seats, user)
    if seat is None or seat.state != Seat.State.JOINED:
        raise NotAllowed(_("you are not playing in this game"))
    if game.status == Game.Status.WAITING:
        raise Conflict(_("the game has not started yet: %(what)s") % {"what": not_started})
    if game.status == Game.Status.FINISHED:
        raise Conflict(_("the game is over"))
    return game, seats, seat


def play_move(
    game_id: int, user, move_number: Any, x: Any, y: Any, rotation: Any, meeple: Any, tile: Any = None
) -> tuple[Game, EngineGame]:
    """Play the user's tile turn. Checks, in order: the game, the seat, the move number, the
    turn, then the engine's rules. ``tile``: which tile (of a hand) is placed; by default
    the drawn tile. Returns the game and its new engine state.

    The game row is locked for the whole transaction, and the log's unique
    (game, number) is the last guard: two submissions of one turn store one move.
    """

    def turn_entry(engine: EngineGame, seat: Seat) -> Entry:
        if engine.pending is not None and engine.pending.action != "turn":
            raise Conflict(
                _("the game waits for %(player)s's decision (%(decision)s): send it to the decision endpoint")
                % {"player": engine.players[engine.pending.player],
                   "decision": decisions.ACTION_LABELS.get(engine.pending.action, engine.pending.action)}
            )
        chosen = tile if tile is not None else engine.tile
        if chosen is None and engine.turn_tiles:
            raise GameError(_("choose the tile of your hand to place: tile must be one of %(tiles)s")
                            % {"tiles": ", ".join(engine.turn_tiles)})
        if tile is not None and engine.turn_tiles and tile not in engine.turn_tiles:
            raise GameError(_("tile %(tile)s is not yours to play: choose one of %(tiles)s")
                            % {"tile": tile, "tiles": ", ".join(engine.turn_tiles)})
        return EngineMove.from_json({"tile": chosen, "x": x, "y": y, "rotation": rotation, "meeple": meeple})

    return _play_as(game_id, user, move_number, turn_entry)


def play_decision(game_id: int, user, move_number: Any, answer: Any) -> tuple[Game, EngineGame]:
    """The user answers the decision the game waits for from them (the Count's: see
    :mod:`games.decisions`), on turn or not: the same checks and guarantees as
    :func:`play_move`. ``answer`` is the record entry without its player."""
    if not isinstance(answer, dict) or not answer:
        raise GameError(_("answer must be a record entry such as %(example)s") % {"example": '{"reinforce": null}'})

    def decision_entry(engine: EngineGame, seat: Seat) -> Entry:
        pending = engine.pending
        if pending is None or pending.action == "turn":
            raise Conflict(_("no decision is pending: it is a tile turn (send it as a move)"))
        name = engine.players[seat.position]
        if answer.get("player", name) != name:
            raise NotAllowed(_("you play as %(name)s, not as %(other)s") % {"name": name, "other": answer.get("player")})
        if "tile" in answer or "resign" in answer:
            raise GameError(_("a decision's answer is a reinforce, quarter or market entry, not a tile turn or resignation"))
        return parse_entry({"player": name, **{k: v for k, v in answer.items() if k != "player"}})

    return _play_as(game_id, user, move_number, decision_entry)


def _play_as(game_id: int, user, move_number: Any, make_entry) -> tuple[Game, EngineGame]:
    """Play the entry ``make_entry(engine, seat)`` builds for the user's pending decision."""
    if isinstance(move_number, bool) or not isinstance(move_number, int):
        raise GameError(_("move_number must be a whole number"))
    try:
        with transaction.atomic():
            game, seats, seat = _playing_seat(game_id, user, _("some seats are still empty"))
            if seat.bot:
                raise NotAllowed(_("a bot plays your seat since your time ran out"))
            expected = game.move_count + 1
            if move_number != expected:
                raise Conflict(_("The game has moved on: this was sent for move %(sent)d, the game is at move %(now)d.")
                               % {"sent": move_number, "now": expected})
            if game.current_seat != seat.position:
                who = seats[game.current_seat].display_name
                if game.pending_action and game.pending_action != "turn":
                    raise NotAllowed(_("the game waits for %(name)s's decision, not yours") % {"name": who})
                raise NotAllowed(_("it is %(name)s's turn, not yours") % {"name": who})
            engine = engine_for(game, seats)
            try:
                turn = engine.play(make_entry(engine, seat))
            except IllegalMove as exc:
                raise GameError(illegal_move_text(move_number, exc)) from None
            _advance(game, engine, [turn])
    except IntegrityError:
        raise Conflict(_("move %(number)d has already been played") % {"number": move_number}) from None
    return game, engine


def play_bot_entry(game_id: int, move_number: int, position: int, entry: Entry) -> Turn | None:
    """The bot of the seat at ``position`` plays ``entry`` (decided on its view of the
    game, see :mod:`games.bot_seats`): checked by the engine, stored, copied onto the game
    and announced exactly like a person's move. ``None`` when the game moved on meanwhile
    (someone moved, or the seat is no longer a bot's), so a late task changes nothing."""
    try:
        with transaction.atomic():
            game = _locked_game(game_id)
            if game.status != Game.Status.ACTIVE or game.move_count + 1 != move_number or game.current_seat != position:
                return None
            seats = list(game.seats.select_related("user").order_by("position"))
            if not seats[position].bot:
                return None
            engine = engine_for(game, seats)
            try:
                turn = engine.play(entry)
            except IllegalMove as exc:
                raise GameError(f"move {move_number}: {exc}") from None
            _advance(game, engine, [turn])
    except IntegrityError:
        return None
    return turn


def play_timeout(game_id: int, move_number: int) -> Turn | None:
    """The player to move at ``move_number`` ran out of time: apply the game's timeout rule.

    ``skip``: the turn is skipped and the drawn tile goes back into the bag; ``lose``:
    the player leaves the turn order (followers stay, no more points; with one player
    left the game ends); ``bot``: a bot plays the seat from now on, starting with this
    decision (see :mod:`games.bot_seats`). A decision other than a tile turn (the Count's)
    is passed, whatever the rule: never a loss. All are moves of the log. Returns ``None`` when the turn has
    been played meanwhile, so a late or repeated job changes nothing.
    """
    with transaction.atomic():
        game = _locked_game(game_id)
        if game.status != Game.Status.ACTIVE or game.move_count + 1 != move_number:
            return None
        seats = list(game.seats.select_related("user").order_by("position"))
        engine = engine_for(game, seats)
        pending = engine.pending
        seat = seats[pending.player]
        if pending.action != "turn" and not seat.bot:
            # a decision out of time is a pass, whatever the game's timeout rule (never a loss)
            turn = engine.play(decisions.pass_entry(engine))
            GameEvent.objects.create(
                game=game, move_number=move_number, seat=seat.position, user=seat.user, kind=GameEvent.Kind.PASSED
            )
            _advance(game, engine, [turn])
            return turn
        if game.timeout_rule == Game.TimeoutRule.BOT or seat.bot:
            # A bot takes over the seat (or already plays it) and decides like a person
            from .bot_seats import decide, take_over

            kind = None if seat.bot else GameEvent.Kind.BOT
            if not seat.bot:
                take_over(game, seat)
            turn = engine.play(decide(engine, seat.position, seat.bot))
            if kind is None:  # a bot seat's turn (its task did not run in time): just played
                _advance(game, engine, [turn])
                return turn
        else:
            flag = "skip" if game.timeout_rule == Game.TimeoutRule.SKIP else "forfeit"
            turn = engine.play(engine.timeout_entry(flag))
            kind = GameEvent.Kind.SKIPPED if flag == "skip" else GameEvent.Kind.LOST
        GameEvent.objects.create(game=game, move_number=move_number, seat=seat.position, user=seat.user, kind=kind)
        _advance(game, engine, [turn])
        signals.player_left.send(sender=Game, game=game, seat=seat, move_number=move_number, reason=kind)
    return turn


def resign(game_id: int, user) -> Game:
    """``user`` leaves the game, on turn or not: a ``resign`` entry of the log. Their
    figures stay but weigh nothing; they never win; with one player left the game ends."""
    with transaction.atomic():
        game, seats, seat = _playing_seat(game_id, user, _("decline or leave the seat instead"))
        engine = engine_for(game, seats)
        if seat.position in engine.out:
            raise Conflict(_("you have already left this game"))
        on_turn = game.current_seat
        turn = engine.play(Resign(engine.players[seat.position]))
        _advance(game, engine, [turn], on_turn=on_turn if on_turn != seat.position else None)
        signals.player_left.send(sender=Game, game=game, seat=seat, move_number=turn.number, reason="resigned")
    return game


def _advance(game: Game, engine: EngineGame, turns: list[Turn], on_turn: int | None = None) -> None:
    """Store the played ``turns`` (and the discards they lead to), copy the engine state
    onto the game and announce what changed: inside the caller's transaction.

    ``on_turn``: for an entry by a player not on turn (a resignation), the seat that was
    on turn; if it still is, its turn goes on (same clock, no second e-mail)."""
    turns = [*turns, *engine.discard_unplaceable()]
    turns += _auto_passes(game, engine)
    _store_turns(game, turns)
    _copy_state(game, engine)
    game.save()
    _announce(game, engine, on_turn)


COUNT_DECISIONS = ("reinforce", "quarter", "market")
"""The Count's decisions: all optional, so a player may have them passed automatically."""


def _auto_passes(game: Game, engine: EngineGame) -> list[Turn]:
    """Pass the Count's decisions of players who asked for that (``PlayPreference``), one
    after another, with the discards that follow; nobody waits on them."""
    turns: list[Turn] = []
    users: dict[int, int | None] | None = None
    while decisions.decision_pending(engine) and engine.pending.action in COUNT_DECISIONS:  # type: ignore[union-attr]
        if users is None:
            seats = game.seats.filter(user__isnull=False, bot="").values_list("position", "user_id")
            passing = PlayPreference.auto_passing(user for _position, user in seats)
            users = {position: user for position, user in seats if user in passing}
        if engine.pending.player not in users:  # type: ignore[union-attr]
            break
        turns.append(engine.play(decisions.pass_entry(engine)))
        turns += engine.discard_unplaceable()
    return turns


def _announce(game: Game, engine: EngineGame, unchanged_seat: int | None) -> None:
    """Signal the end of the game, or the decision now awaited, and keep its clock."""
    outcome = engine.outcome
    if outcome is not None:
        clock.stop(game)
        signals.game_finished.send(sender=Game, game=game, outcome=outcome)
        return
    pending = engine.pending
    if pending is None:
        return
    number = len(engine.history) + 1
    if unchanged_seat is not None and unchanged_seat == pending.player:
        clock.renumber(game, number)
        return
    since = clock.restart(game, pending.player, number)
    signals.turn_started.send(
        sender=Game, game=game, seat=pending.player, action=pending.action, move_number=number, since=since
    )


def _store_turns(game: Game, turns: list[Turn]) -> None:
    Move.objects.bulk_create(
        Move(game=game, number=turn.number, seat=turn.player, entry=turn.move.to_json(), points=list(turn.points))
        for turn in turns
    )


def _copy_state(game: Game, engine: EngineGame) -> None:
    game.move_count = len(engine.history)
    game.scores = list(engine.scores)
    pending = engine.pending  # whose decision it is (not always the player on turn) and which
    game.current_seat = pending.player if pending else None
    game.pending_action = pending.action if pending else ""
    if engine.finished and game.status != Game.Status.FINISHED:
        game.status = Game.Status.FINISHED
        game.finished_at = timezone.now()
    if engine.outcome is not None:
        game.outcome = outcome_json(engine.outcome)


def create_started_game(creator, users, rules=None, seat_order: str = Game.SeatOrder.AS_LISTED, name: str = "") -> Game:
    """Create a game whose seats are all taken by ``users`` (in seat order) and start it
    at once: no invitations (tournaments and other organisers pair the players)."""
    users = list(users)
    if seat_order not in Game.SeatOrder.values:
        raise GameError(_("seat_order must be 'as_listed' or 'random', not %(value)r") % {"value": seat_order})
    try:
        rules = rules if isinstance(rules, Rules) else Rules.from_json(rules or {})
    except RulesError as exc:
        raise GameError(rules_error(exc)) from None
    if not MIN_PLAYERS <= len(users) <= rules.max_players:
        raise GameError(_("a game has %(least)d to %(most)d players with these rules, not %(players)d")
                        % {"least": MIN_PLAYERS, "most": rules.max_players, "players": len(users)})
    if len({u.pk for u in users}) != len(users):
        raise GameError(_("a player cannot take two seats"))
    with transaction.atomic():
        game = Game.objects.create(name=single_line(name)[:80], created_by=creator, seat_order=seat_order, rules=rules.to_json())
        now = timezone.now()
        Seat.objects.bulk_create(
            Seat(game=game, position=i, user=u, state=Seat.State.JOINED, joined_at=now) for i, u in enumerate(users)
        )
        _start_if_full(game)
    return game
