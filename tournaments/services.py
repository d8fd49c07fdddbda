"""Running tournaments: create, register, start rounds, record games, advance, withdraw.

Views, the API and the ``games.Game`` post_save signal call these. Errors are
:class:`TournamentError` (``status`` is the HTTP status to use).

Rounds: a round's games are created at once with every seat taken
(``games.lobby.create_started_game``); the games' own "game started" e-mail goes
out and so does a round e-mail with the deadline. When the last game of the round
ends (signal) or the deadline passes (``manage.py tournament_deadlines``, which
adjudicates unfinished games on their current scores) the next round starts:

* round-robin: the next round of the schedule made at the start (Berger tables, or
  tables of 3-5 spreading opponents);
* Swiss: :func:`tournaments.pairing.pair_round` on the current standings;
* knockout: the bracket's playable matches; a draw goes to the higher seed.

After the main stage, ``knockout_top`` > 1 starts a knockout of the top N.
"""

from __future__ import annotations

import random
import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import gettext
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts import language
from games import lobby
from games import errors as game_errors
from games.models import Game, Seat
from games.presenter.records import outcome_of
from games.text import single_line
from games.vocabulary import rules_error
from notifications import outbox
from notifications.models import Category
from ratings import services as ratings

from . import bracket as bracket_mod
from . import scheduling
from .models import Entry, Pairing, Round, Tournament
from .pairing import Player, pair_round
from .standings import TIEBREAKS, Result, compute
from .standings import knockout as knockout_standings

User = get_user_model()


class TournamentError(Exception):
    status = 400


class NotAllowed(TournamentError):
    status = 403


class Conflict(TournamentError):
    status = 409


class TooMany(TournamentError):
    status = 429


# --- creating and registering ------------------------------------------------------------

EDITABLE = [
    "name", "description", "format", "table_size", "double_round", "table_rounds", "swiss_rounds", "knockout_top",
    "seeding", "third_place", "registration", "min_finished_games", "max_players", "late_entries", "start_date",
    "rules", "move_days", "timeout_rule", "vacation_allowed", "round_days", "tiebreaks",
    "league", "season", "division", "promote", "relegate",
]


DESCRIPTION_MAX_LENGTH = 5000


def validate(t: Tournament) -> None:
    t.name = single_line(t.name)
    if not t.name:
        raise TournamentError(_("Give the tournament a name."))
    if len(t.description or "") > DESCRIPTION_MAX_LENGTH:
        raise TournamentError(
            ngettext("the description is limited to %(n)d character", "the description is limited to %(n)d characters",
                     DESCRIPTION_MAX_LENGTH) % {"n": DESCRIPTION_MAX_LENGTH}
        )
    if t.format not in Tournament.Format.values:
        raise TournamentError(_("Choose a format: round robin, Swiss or knockout."))
    from games.engine import Rules

    try:
        most = Rules.from_json(t.rules or {}).max_players
    except ValueError:
        most = 5
    if t.table_size == 6 and most < 6:
        raise TournamentError(_("Six players per game need Inns & Cathedrals."))
    if not 2 <= t.table_size <= most:
        raise TournamentError(_("A game has 2 to 5 players (players per game), 6 with Inns & Cathedrals."))
    if t.format != Tournament.Format.ROUND_ROBIN and t.table_size != 2:
        raise TournamentError(_("Swiss and knockout games have 2 players: set players per game to 2."))
    if t.format == Tournament.Format.SWISS and not 1 <= t.swiss_rounds <= 30:
        raise TournamentError(_("A Swiss has 1 to 30 rounds."))
    if not isinstance(t.tiebreaks, list) or any(name not in TIEBREAKS for name in t.tiebreaks):
        raise TournamentError(_("tiebreaks must be a list of: %(names)s") % {"names": ", ".join(TIEBREAKS)})
    if len(set(t.tiebreaks)) != len(t.tiebreaks):
        raise TournamentError(_("Each tiebreak can be chosen once."))
    if t.knockout_top == 1:
        raise TournamentError(_("A knockout needs at least 2 players: choose 2 or more for the knockout after the main stage, or 0 for none."))
    if not 1 <= t.round_days <= 365:
        raise TournamentError(_("A round lasts 1 to 365 days."))
    try:  # the engine knows every rule (unknown keys included) and says what is wrong
        from games.engine import Rules

        t.rules = Rules.from_json(t.rules or {}).to_json()
    except ValueError as exc:
        raise TournamentError(rules_error(exc)) from None


def create_tournament(director, *, counted: bool = True, **fields) -> Tournament:
    """A new tournament; ``counted``: it counts in the director's daily quota (the next
    season's divisions, made from a finished season, do not)."""
    unknown = set(fields) - set(EDITABLE)
    if unknown:
        raise TournamentError(_("unknown fields: %(names)s") % {"names": ", ".join(sorted(unknown))})
    t = Tournament(director=director, seed=secrets.randbits(62), **fields)
    validate(t)
    if counted:
        _check_tournaments_quota(director)
    t.save()
    return t


def _check_tournaments_quota(director) -> None:
    """At most ``TOURNAMENTS_CREATED_PER_DAY`` new tournaments per director in 24 hours."""
    per_day = settings.TOURNAMENTS_CREATED_PER_DAY
    since = timezone.now() - timedelta(days=1)
    if Tournament.objects.filter(director=director, created_at__gte=since).count() >= per_day:
        raise TooMany(
            ngettext("you can create at most %(count)d tournament a day; try again tomorrow",
                     "you can create at most %(count)d tournaments a day; try again tomorrow", per_day)
            % {"count": per_day}
        )


def update_tournament(t: Tournament, user, **fields) -> Tournament:
    if not t.can_direct(user):
        raise NotAllowed(_("only the director or staff may edit this tournament"))
    if t.status != Tournament.Status.REGISTRATION and set(fields) - {"name", "description"}:
        raise Conflict(_("the options are fixed once round 1 has started"))
    for key, value in fields.items():
        if key not in EDITABLE:
            raise TournamentError(_("unknown field %(name)s") % {"name": key})
        setattr(t, key, value)
    validate(t)
    t.save()
    return t


def finished_games(user) -> int:
    return Seat.objects.filter(user=user, game__status=Game.Status.FINISHED).count()


def can_register(t: Tournament, user) -> str | None:
    """None if ``user`` may register now, else the reason."""
    if t.status == Tournament.Status.FINISHED:
        return _("the tournament is over")
    if t.status == Tournament.Status.RUNNING and not (t.format == Tournament.Format.SWISS and t.late_entries
                                                      and t.stage == Tournament.Stage.MAIN):
        return _("the tournament has started")
    entry = t.entries.filter(user=user).first()
    if entry and entry.state == Entry.State.REGISTERED:
        return _("you are registered already")
    if entry and entry.state == Entry.State.WITHDRAWN:
        return _("you have withdrawn from this tournament")
    if t.registration == Tournament.Registration.INVITATION and not entry:
        return _("this tournament is by invitation only")
    if t.max_players and t.entries.filter(state=Entry.State.REGISTERED).count() >= t.max_players:
        return _("the tournament is full")
    if t.min_finished_games and finished_games(user) < t.min_finished_games:
        return ngettext("entry requires %(count)d finished game", "entry requires %(count)d finished games",
                        t.min_finished_games) % {"count": t.min_finished_games}
    return None


@transaction.atomic
def register(t: Tournament, user, rating: int | None = None) -> Entry:
    t = Tournament.objects.select_for_update().get(pk=t.pk)
    reason = can_register(t, user)
    if reason:
        raise Conflict(reason)
    entry, _created = Entry.objects.get_or_create(tournament=t, user=user)
    entry.state = Entry.State.REGISTERED
    entry.rating = rating if rating is not None else ratings.display_rating(user.pk, ratings.pools_of(t.rules)[1])
    entry.save()
    refresh_standings(t)
    return entry


@transaction.atomic
def invite(t: Tournament, by, usernames) -> list[Entry]:
    """Invite players by username: each gets an e-mail (through the outbox, as their
    settings say) and an Accept/Decline on their home page. Nothing is stored when a
    name is unknown."""
    if not t.can_direct(by):
        raise NotAllowed(_("only the director may invite players"))
    if t.status == Tournament.Status.FINISHED:
        raise Conflict(_("the tournament is over"))
    users = []
    for name in usernames:
        user = User.objects.filter(username__iexact=name.strip()).first()
        if user is None:
            raise TournamentError(_("there is no player called %(name)s") % {"name": name.strip()})
        users.append(user)
    first_time = {u.pk for u in users} - set(t.entries.values_list("user_id", flat=True))
    try:  # the same daily quota as game invitations
        lobby.check_invitation_quota(by, len(first_time))
    except game_errors.TooMany as exc:
        raise TooMany(str(exc)) from None
    out = []
    for user in users:
        entry, created = Entry.objects.get_or_create(tournament=t, user=user,
                                                     defaults={"state": Entry.State.INVITED, "invited_by": by})
        if entry.state == Entry.State.INVITED:
            _send_invitation(t, by, user)
        out.append(entry)
    return out


def _send_invitation(t: Tournament, by, user) -> None:
    with language.override_for(user):  # in the invitee's language, not the director's
        _send_invitation_text(t, by, user)


def _send_invitation_text(t: Tournament, by, user) -> None:
    outbox.message(
        Category.INVITATION,
        key=f"tournament-invitation:{t.pk}:{user.pk}",
        user=user,
        subject=_("%(director)s invites you to the tournament %(name)s") % {"director": by.username, "name": t.name},
        lines=[
            _("%(director)s invites you to play in %(name)s (%(format)s).")
            % {"director": by.username, "name": t.name, "format": t.get_format_display()},
            _("Accept or decline on the tournament page or on your home page."),
        ],
        path=t.get_absolute_url(),
        button=_("Open the tournament"),
    )


def invitations(user):
    """The tournaments ``user`` is invited to and may still join, newest first."""
    if not user.is_authenticated:
        return Tournament.objects.none()
    return (Tournament.objects.filter(entries__user=user, entries__state=Entry.State.INVITED)
            .exclude(status=Tournament.Status.FINISHED).select_related("director").order_by("-pk"))


@transaction.atomic
def decline(t: Tournament, user) -> None:
    deleted, _rows = Entry.objects.filter(tournament=t, user=user, state=Entry.State.INVITED).delete()
    if not deleted:
        raise Conflict(_("you have no invitation to this tournament"))


@transaction.atomic
def withdraw(t: Tournament, user, by=None, policy: str = "forfeit") -> Entry:
    """Withdraw ``user``. The director picks the ``policy`` of the remaining games:
    ``forfeit`` (the opponents win them) or ``drop`` (they are not played or counted)."""
    by = by or user
    if by.pk != user.pk and not t.can_direct(by):
        raise NotAllowed(_("only the director may withdraw another player"))
    if policy not in ("forfeit", "drop"):
        raise TournamentError(_("policy must be 'forfeit' or 'drop'"))
    t = Tournament.objects.select_for_update().get(pk=t.pk)
    if t.status == Tournament.Status.FINISHED:
        raise Conflict(_("the tournament is over: nobody can withdraw any more"))
    entry = t.entries.filter(user=user).first()
    if entry is None or entry.state == Entry.State.WITHDRAWN:
        raise Conflict(_("not registered in this tournament"))
    if t.status == Tournament.Status.REGISTRATION:
        entry.delete()
        refresh_standings(t)
        return entry
    entry.state, entry.withdrawn_at, entry.withdraw_policy = Entry.State.WITHDRAWN, timezone.now(), policy
    entry.save()
    for p in Pairing.objects.filter(round__tournament=t, status=Pairing.Status.ACTIVE):
        if user.pk in p.players:
            _withdraw_from(p, user.pk, policy)
    refresh_standings(t)
    advance(t)
    return entry


def _withdraw_from(p: Pairing, uid: int, policy: str) -> None:
    present = [u for u in p.players if u != uid and u not in p.forfeited]
    if len(p.players) == 2:
        if policy == "forfeit":
            p.forfeited = [uid]
            p.status = Pairing.Status.FORFEIT
        else:
            p.status = Pairing.Status.DROPPED
    else:
        p.forfeited = sorted(set(p.forfeited) | {uid})
        if len(present) < 2:
            p.status = Pairing.Status.FORFEIT
    p.save()


# --- rounds ----------------------------------------------------------------------------------


def refresh_ratings(t: Tournament) -> None:
    """Copy each registered player's current rating (in the tournament's rule set) onto the
    entry, for seeding; players without a rated game keep the entry's rating (1500 unless given)."""
    entries = list(t.entries.filter(state=Entry.State.REGISTERED))
    current = ratings.ratings_of([e.user_id for e in entries], ratings.pools_of(t.rules)[1])
    rated = [e for e in entries if e.user_id in current]
    for e in rated:
        e.rating = current[e.user_id].display
    Entry.objects.bulk_update(rated, ["rating"])


def active_entries(t: Tournament):
    return list(t.entries.filter(state=Entry.State.REGISTERED).select_related("user").order_by("-rating", "created_at", "pk"))


@transaction.atomic
def start(t: Tournament, by) -> Round:
    t = Tournament.objects.select_for_update().get(pk=t.pk)
    if not t.can_direct(by):
        raise NotAllowed(_("only the director may start the tournament"))
    if t.status != Tournament.Status.REGISTRATION:
        raise Conflict(_("The tournament has already started."))
    refresh_ratings(t)
    entries = active_entries(t)
    if len(entries) < 2:
        raise Conflict(_("Round 1 can start once at least 2 players have registered (so far: %(count)s).") % {"count": len(entries)})
    t.entries.filter(state=Entry.State.INVITED).delete()
    ids = [e.user_id for e in entries]
    if t.format == Tournament.Format.ROUND_ROBIN:
        if t.table_size == 2:
            t.schedule = [[list(table) for table in rnd] for rnd in scheduling.berger(ids, t.double_round)]
        else:
            if len(ids) < 3:
                raise Conflict(_("tables of 3-5 need at least 3 players"))
            sched = scheduling.table_schedule(ids, t.table_size, rounds=t.table_rounds, seed=t.pk)
            if t.double_round and t.table_rounds is None:
                sched = sched + sched
            t.schedule = [[list(table) for table in rnd] for rnd in sched]
    elif t.format == Tournament.Format.KNOCKOUT:
        t.knockout_seeds = _seed(t, ids)
        t.stage = Tournament.Stage.KNOCKOUT
    t.status = Tournament.Status.RUNNING
    t.save()
    return start_next_round(t)


def _seed(t: Tournament, ids: list[int]) -> list[int]:
    if t.seeding == Tournament.Seeding.RANDOM:
        ids = ids[:]
        if t.seed is None:  # made before seeds were stored: draw one now, and keep it
            t.seed = secrets.randbits(62)
            Tournament.objects.filter(pk=t.pk).update(seed=t.seed)
        random.Random(t.seed).shuffle(ids)
    return ids  # active_entries order is by rating; standings order when given standings


def total_rounds(t: Tournament) -> int | None:
    if t.format == Tournament.Format.ROUND_ROBIN:
        return len(t.schedule)
    if t.format == Tournament.Format.SWISS:
        return t.swiss_rounds
    return None


def start_next_round(t: Tournament) -> Round | None:
    """Create the next round of ``t`` (or move to the knockout, or finish)."""
    number = (t.rounds.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    entries = active_entries(t)
    active = {e.user_id for e in entries}
    withdrawn = dict(t.entries.filter(state=Entry.State.WITHDRAWN).values_list("user_id", "withdraw_policy"))
    if t.stage == Tournament.Stage.MAIN:
        main_rounds = t.rounds.filter(stage=Tournament.Stage.MAIN).count()
        if main_rounds >= (total_rounds(t) or 0) or len(active) < 2:
            return _end_main_stage(t)
        if t.format == Tournament.Format.ROUND_ROBIN:
            tables, byes = [], []
            for table in t.schedule[main_rounds]:
                tables.append(table)
        else:
            tables, byes = _swiss_tables(t, entries)
        return _create_round(t, number, Tournament.Stage.MAIN, tables, byes, withdrawn)
    # knockout
    b = knockout_bracket(t)
    if b.finished:
        return _finish(t)
    matches = b.playable()
    tables = [[m.a, m.b] for m in matches]
    keys = [f"{m.round}-{m.index}" for m in matches]
    return _create_round(t, number, Tournament.Stage.KNOCKOUT, tables, [], withdrawn, keys)


def _end_main_stage(t: Tournament):
    if t.knockout_top > 1 and t.stage == Tournament.Stage.MAIN:
        rows = standings(t)
        active = {e.user_id for e in active_entries(t)}
        seeds = [r.player for r in rows if r.player in active][: t.knockout_top]
        if t.seeding == Tournament.Seeding.RANDOM:
            random.Random(t.pk).shuffle(seeds)
        if len(seeds) >= 2:
            t.knockout_seeds = seeds
            t.stage = Tournament.Stage.KNOCKOUT
            t.save()
            return start_next_round(t)
    return _finish(t)


def _finish(t: Tournament):
    t.status = Tournament.Status.FINISHED
    t.save()
    refresh_standings(t)
    _announce_end(t)
    return None


def _announce_end(t: Tournament) -> None:
    """The final e-mail, with the places, to every player and the director, through the
    outbox (their settings for "Game started / finished" apply)."""
    found = places(t)
    ids = set(t.entries.exclude(state=Entry.State.INVITED).values_list("user_id", flat=True)) | {t.director_id}
    users = {u.pk: u for u in User.objects.filter(pk__in=ids | {uid for _place, uid in found})}
    for uid in sorted(ids):
        user = users[uid]
        with language.override_for(user):
            lines = [_("%(name)s is over.") % {"name": t.name}]
            for place in sorted({place for place, _uid in found}):
                names = ", ".join(users[u].username for p, u in found if p == place)
                lines.append(_("%(place)s: %(names)s") % {"place": place_label(place), "names": names})
            outbox.message(
                Category.GAME, key=f"tournament-finished:{t.pk}:{uid}", user=user,
                subject=_("%(name)s is over") % {"name": t.name}, lines=lines,
                path=t.get_absolute_url(), button=_("See the final standings"),
            )


def places(t: Tournament) -> list[tuple[int, int]]:
    """The places the finished tournament decided, as ``(place, user id)``, best first: a
    knockout's champion, runner-up and third-place game's winner; without a knockout the
    first three of the standings (sharing a rank, sharing the place). Empty while it runs."""
    if t.status != Tournament.Status.FINISHED:
        return []
    if t.knockout_seeds:
        b = knockout_bracket(t)
        found = [(1, b.champion), (2, b.final.loser if b.final else None),
                 (3, b.third_place.winner if b.third_place else None)]
        return [(place, uid) for place, uid in found if uid is not None]
    rows = t.standings_cache or refresh_standings(t)
    return [(r["rank"], r["user_id"]) for r in rows if r["rank"] <= 3]


def place_label(place: int) -> str:
    return {1: _("Champion"), 2: _("Second place"), 3: _("Third place")}.get(place, str(place))


def _swiss_tables(t: Tournament, entries) -> tuple[list, list]:
    history = main_pairings(t)
    ids = [e.user_id for e in entries]
    rows = compute_standings(t, ids, history)
    opp = {u: set() for u in ids}
    byes = {u: 0 for u in ids}
    colour = {u: [0, 0, None] for u in ids}
    for p in history:
        if p.status == Pairing.Status.BYE:
            if p.players[0] in byes:
                byes[p.players[0]] += 1
            continue
        if p.status == Pairing.Status.DROPPED or len(p.players) != 2:
            continue
        a, b = p.players
        if a in opp:
            opp[a].add(b)
        if b in opp:
            opp[b].add(a)
        if p.game_id:  # a game was played: a started, b went second
            if a in colour:
                colour[a][0] += 1
                colour[a][2] = True
            if b in colour:
                colour[b][1] += 1
                colour[b][2] = False
    players = [
        Player(r.player, r.points, frozenset(opp[r.player]), byes[r.player], *colour[r.player])
        for r in rows
    ]
    result = pair_round(players)
    return [list(pair) for pair in result.pairs], ([result.bye] if result.bye is not None else [])


def _create_round(t, number, stage, tables, byes, withdrawn, bracket_keys=None) -> Round:
    now = timezone.now()
    rnd = Round.objects.create(tournament=t, number=number, stage=stage, deadline=now + timedelta(days=t.round_days))
    users = {u.pk: u for u in User.objects.filter(pk__in={u for table in tables for u in table} | set(byes))}
    created = []
    for n, table in enumerate(tables, 1):
        p = Pairing(round=rnd, number=n, players=list(table), bracket_match=bracket_keys[n - 1] if bracket_keys else "")
        gone = [u for u in table if u in withdrawn]
        for u in gone:
            if withdrawn[u] == "drop":
                p.players.remove(u)
            else:
                p.forfeited.append(u)
        present = [u for u in p.players if u not in p.forfeited]
        if len(present) < 2:
            p.status = Pairing.Status.FORFEIT if p.forfeited else Pairing.Status.DROPPED
            if not p.players:
                continue
            p.save()
            continue
        game = lobby.create_started_game(
            t.director, [users[u] for u in present], t.rules, name=(_("%(name)s · round %(number)s, table %(table)s") % {"name": t.name, "number": number, "table": n})[:80]
        )
        _apply_game_options(t, game)
        p.game = game
        p.save()
        created.append(p)
    for n, u in enumerate(byes, len(tables) + 1):
        Pairing.objects.create(round=rnd, number=n, players=[u], status=Pairing.Status.BYE)
    _announce(t, rnd, created, [users[u] for u in byes if u in users])
    refresh_standings(t)
    if not rnd.pairings.filter(status=Pairing.Status.ACTIVE).exists():  # all forfeits or byes
        return advance(t) or rnd
    return rnd


def _apply_game_options(t: Tournament, game: Game) -> None:
    """Time per move, timeout rule and vacations, where the games app has them."""
    names = {f.name for f in Game._meta.get_fields()}
    changed = []
    for field in ("move_days", "timeout_rule", "vacation_allowed"):
        if field in names:
            setattr(game, field, getattr(t, field))
            changed.append(field)
    if changed:
        game.save(update_fields=changed)


def _announce(t, rnd, pairings, bye_users) -> None:
    """A round e-mail to every player, through the outbox (their settings apply)."""
    def subject() -> str:
        return _("%(name)s: round %(number)s") % {"name": t.name, "number": rnd.number}

    for p in pairings:
        users = {seat.user_id: seat.user for seat in p.game.seats.select_related("user")}
        for uid, user in users.items():
            others = ", ".join(u.username for v, u in users.items() if v != uid)
            with language.override_for(user):  # each player's own language
                deadline = _("Deadline: %(when)s UTC.") % {"when": formats.date_format(rnd.deadline, "SHORT_DATETIME_FORMAT")}
                outbox.message(
                    Category.GAME, key=f"tournament-round:{rnd.pk}:{uid}", user=user, game=p.game, subject=subject(),
                    lines=[_("Round %(number)s of %(name)s has started.") % {"number": rnd.number, "name": t.name},
                           _("Your game against %(others)s is ready.") % {"others": others}, deadline],
                    path=p.game.get_absolute_url(), button=_("Open your game"),
                )
    for user in bye_users:
        with language.override_for(user):
            outbox.message(
                Category.GAME, key=f"tournament-round:{rnd.pk}:{user.pk}", user=user, subject=subject(),
                lines=[_("You have a bye in round %(number)s of %(name)s.") % {"number": rnd.number, "name": t.name}],
                path=t.get_absolute_url(), button=_("Open the tournament"),
            )


# --- results ---------------------------------------------------------------------------------


def game_finished(game: Game) -> None:
    """The signal's entry point: record the result of a tournament game, then advance."""
    p = Pairing.objects.filter(game=game).select_related("round__tournament").first()
    if p is None or p.status != Pairing.Status.ACTIVE:
        return
    _record_scores(p, game)
    p.status = Pairing.Status.FINISHED
    p.save()
    t = p.round.tournament
    refresh_standings(t)
    advance(t)


def _record_scores(p: Pairing, game: Game) -> None:
    """The game's scores by player; when it is over, the players who left it (lost on
    time, resigned) lost it, whatever their score: the engine's outcome says who."""
    users = list(game.seats.order_by("position").values_list("user_id", flat=True))
    outcome = outcome_of(game) if game.status == Game.Status.FINISHED else None
    by_user = dict(zip(users, outcome["scores"] if outcome else game.scores or []))
    p.scores = [by_user.get(u, 0) for u in p.players]
    if outcome is not None:
        left = {users[seat] for seat in outcome["left"] if seat < len(users)}
        p.forfeited = sorted(set(p.forfeited) | (left & set(p.players)))


def advance(t: Tournament):
    """Close the current round when every pairing is done, and start the next."""
    t.refresh_from_db()
    if t.status != Tournament.Status.RUNNING:
        return None
    rnd = t.rounds.order_by("-number").first()
    if rnd is None or rnd.pairings.filter(status=Pairing.Status.ACTIVE).exists():
        return None
    rnd.status, rnd.finished_at = Round.Status.FINISHED, timezone.now()
    rnd.save()
    return start_next_round(t)


def adjudicate_overdue(now=None) -> int:
    """Rounds past their deadline: unfinished games count with their current scores."""
    now = now or timezone.now()
    count = 0
    for rnd in Round.objects.filter(status=Round.Status.ACTIVE, deadline__lt=now).select_related("tournament"):
        with transaction.atomic():
            for p in rnd.pairings.filter(status=Pairing.Status.ACTIVE).select_related("game"):
                if p.game is not None:
                    _record_scores(p, p.game)
                p.status = Pairing.Status.ADJUDICATED
                p.save()
                count += 1
            refresh_standings(rnd.tournament)
            advance(rnd.tournament)
    return count


# --- standings and brackets -----------------------------------------------------------------


def main_pairings(t: Tournament) -> list[Pairing]:
    return list(Pairing.objects.filter(round__tournament=t, round__stage=Tournament.Stage.MAIN).order_by("round__number", "number"))


def to_result(p: Pairing, round_number: int = 0) -> Result | None:
    if p.status in (Pairing.Status.FINISHED, Pairing.Status.ADJUDICATED):
        return Result(tuple(p.players), tuple(p.scores or [0] * len(p.players)), frozenset(p.forfeited), round_number)
    if p.status == Pairing.Status.FORFEIT:
        return Result(tuple(p.players), None, frozenset(p.forfeited), round_number)
    return None


def compute_standings(t: Tournament, ids=None, pairings=None):
    if ids is None:
        ids = entrants(t)
    if pairings is None:
        pairings = main_pairings(t)
    results, byes = [], []
    for p in pairings:
        if p.status == Pairing.Status.BYE:
            byes.append(p.players[0])
        else:
            r = to_result(p)
            if r is not None:
                results.append(r)
    return compute(ids, results, byes, t.tiebreaks)


def standings(t: Tournament):
    """The main stage's standings (a Swiss or round robin; a knockout after it is seeded by them)."""
    return compute_standings(t)


def entrants(t: Tournament) -> list[int]:
    """Everyone registered or withdrawn (not the invited), best rating first."""
    return list(t.entries.exclude(state=Entry.State.INVITED).order_by("-rating", "created_at", "pk")
                .values_list("user_id", flat=True))


def table(t: Tournament):
    """The standings the tournament shows, per format: a knockout's by the round reached then
    the points scored; a round robin's or Swiss's by points and the tiebreak chain (a knockout
    after them decides the places, see :func:`places`)."""
    if t.format != Tournament.Format.KNOCKOUT:
        return compute_standings(t)
    scored: dict[int, int] = {}
    for p in Pairing.objects.filter(round__tournament=t, round__stage=Tournament.Stage.KNOCKOUT).exclude(scores=None):
        if p.status in (Pairing.Status.FINISHED, Pairing.Status.ADJUDICATED):
            for uid, score in zip(p.players, p.scores):
                scored[uid] = scored.get(uid, 0) + score
    return knockout_standings(entrants(t), knockout_bracket(t), scored)


def refresh_standings(t: Tournament) -> list[dict]:
    """Recompute the standings and store them on the tournament (pages read the copy): after
    every registration, withdrawal, round and finished game."""
    rows = table(t)
    names = dict(User.objects.filter(pk__in=[r.player for r in rows]).values_list("pk", "username"))
    withdrawn = set(t.entries.filter(state=Entry.State.WITHDRAWN).values_list("user_id", flat=True))
    data = []
    for r in rows:
        d = r.as_dict()
        d["user_id"] = d.pop("player")
        d["username"] = names.get(r.player, "?")
        d["withdrawn"] = r.player in withdrawn
        data.append(d)
    Tournament.objects.filter(pk=t.pk).update(standings_cache=data)
    t.standings_cache = data
    return data


def knockout_bracket(t: Tournament) -> bracket_mod.Bracket:
    seeds = list(t.knockout_seeds)
    winners = {}
    for p in Pairing.objects.filter(round__tournament=t, round__stage=Tournament.Stage.KNOCKOUT).exclude(bracket_match=""):
        w = knockout_winner(p, seeds)
        if w is not None:
            r, i = (int(x) for x in p.bracket_match.split("-"))
            winners[(r, i)] = w
    return bracket_mod.build(seeds, winners, third_place=t.third_place)


def knockout_winner(p: Pairing, seeds: list[int]):
    if p.status == Pairing.Status.FORFEIT or (p.forfeited and p.status != Pairing.Status.ACTIVE):
        rest = [u for u in p.players if u not in p.forfeited]
        return rest[0] if rest else _better_seed(p.players, seeds)
    if p.status == Pairing.Status.DROPPED:
        rest = [u for u in p.players]
        return _better_seed(rest, seeds) if rest else None
    if p.status in (Pairing.Status.FINISHED, Pairing.Status.ADJUDICATED) and p.scores:
        a, b = p.players
        sa, sb = p.scores
        if sa != sb:
            return a if sa > sb else b
        return _better_seed(p.players, seeds)  # a draw goes to the higher seed
    return None


def _better_seed(players, seeds):
    return min(players, key=lambda u: seeds.index(u) if u in seeds else len(seeds))


# --- divisions ---------------------------------------------------------------------------------


def next_season(league: str, by, **options) -> list[Tournament]:
    """Create next season's divisions of ``league`` from the finished season: the top
    ``promote`` of each division go up one, the bottom ``relegate`` go down one."""
    from .divisions import next_divisions

    last = Tournament.objects.filter(league=league).exclude(season=None).order_by("-season").values_list("season", flat=True).first()
    if last is None:
        raise TournamentError(_("no season of league %(name)r") % {"name": league})
    current = list(Tournament.objects.filter(league=league, season=last).order_by("division"))
    if any(d.status != Tournament.Status.FINISHED for d in current):
        raise Conflict(_("every division of the season must be finished"))
    if not all(d.can_direct(by) for d in current):
        raise NotAllowed(_("only the director may start the next season"))
    withdrawn = set(Entry.objects.filter(tournament__in=current, state=Entry.State.WITHDRAWN).values_list("user_id", flat=True))
    tables = []
    for d in current:
        order = [r["user_id"] for r in (d.standings_cache or refresh_standings(d)) if r["user_id"] not in withdrawn]
        tables.append(order)
    divisions = next_divisions(tables, [d.promote for d in current], [d.relegate for d in current])
    out = []
    with transaction.atomic():
        for d, members in zip(current, divisions):
            fields = {k: getattr(d, k) for k in EDITABLE}
            fields.update(season=last + 1, name=_("%(league)s season %(season)s, division %(division)s") % {"league": league, "season": last + 1, "division": d.division}, start_date=None)
            fields.update(options)
            new = create_tournament(by, counted=False, **fields)
            new.registration = Tournament.Registration.INVITATION
            new.save()
            for uid in members:
                Entry.objects.create(tournament=new, user_id=uid, state=Entry.State.REGISTERED)
            out.append(new)
    return out
