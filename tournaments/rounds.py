"""Rounds: starting the tournament, pairing each round, creating its games, closing it.

A round's games are created at once with every seat taken
(``games.lobby.create_started_game``); the games' own "game started" e-mail goes
out and so does a round e-mail with the deadline. When the last game of the round
ends or the deadline passes (:mod:`tournaments.results`), :func:`advance` starts the next:

* round-robin: the next round of the schedule made at the start (Berger tables, or
  tables of 3-5 spreading opponents);
* Swiss: :func:`tournaments.pairing.pair_round` on the current standings;
* knockout: the bracket's playable matches; a draw goes to the higher seed.

After the main stage, ``knockout_top`` > 1 starts a knockout of the top N; then
:func:`tournaments.ending.finish` ends the tournament.
"""

from __future__ import annotations

import math
import random
import secrets
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from accounts import language
from games import lobby
from games.models import Game
from notifications import outbox
from notifications.models import Category
from ratings import services as ratings

from . import scheduling
from .ending import finish
from .errors import Conflict, NotAllowed
from .models import Entry, Pairing, Round, Tournament
from .pairing import Player, pair_round
from .ranking import compute_standings, knockout_bracket, main_pairings, refresh_standings, standings
from .round_names import match_kind, round_name, round_names

User = get_user_model()


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
    return list(
        t.entries.filter(state=Entry.State.REGISTERED).select_related("user").order_by("-rating", "created_at", "pk")
    )


@transaction.atomic
def start(t: Tournament, by) -> Round:
    t = Tournament.objects.select_for_update().get(pk=t.pk)
    if not t.can_direct(by):
        raise NotAllowed(_("only the director may start the tournament"))
    if t.status != Tournament.Status.REGISTRATION:
        raise Conflict(_("The tournament has already started."))
    refresh_ratings(t)
    entries = active_entries(t)
    problem = start_problem(t, len(entries))
    if problem:
        raise Conflict(problem)
    t.entries.filter(state=Entry.State.INVITED).delete()
    ids = [e.user_id for e in entries]
    if t.format == Tournament.Format.ROUND_ROBIN:
        if t.table_size == 2:
            t.schedule = [[list(table) for table in rnd] for rnd in scheduling.berger(ids, t.double_round)]
        else:
            sched = scheduling.table_schedule(ids, t.table_size, rounds=t.table_rounds, seed=t.pk)
            if t.double_round and t.table_rounds is None:
                sched = sched + sched
            t.schedule = [[list(table) for table in rnd] for rnd in sched]
    elif t.format == Tournament.Format.KNOCKOUT:
        t.knockout_seeds = _seed(t, ids)
        t.stage = Tournament.Stage.KNOCKOUT
    t.status = Tournament.Status.RUNNING
    t.save()
    first = start_next_round(t)
    assert first is not None, "two players or more always play a round 1"
    return first


def players_needed(t: Tournament) -> int:
    """How many registered players round 1 needs: 2, or 3 for tables of 3-5."""
    return 3 if t.format == Tournament.Format.ROUND_ROBIN and t.table_size > 2 else 2


def start_problem(t: Tournament, registered: int | None = None) -> str | None:
    """Why round 1 cannot start yet (too few registered players), or None."""
    if registered is None:
        registered = t.entries.filter(state=Entry.State.REGISTERED).count()
    needed = players_needed(t)
    if registered >= needed:
        return None
    if needed == 2:
        return _("Round 1 can start once at least 2 players have registered (so far: %(count)s).") % {
            "count": registered
        }
    return _("Tables of 3-5 need at least 3 players: round 1 can start once 3 have registered (so far: %(count)s).") % {
        "count": registered
    }


def knockout_rounds(players: int) -> int:
    """The rounds of a single-elimination bracket of ``players``."""
    return max(1, math.ceil(math.log2(players))) if players >= 2 else 0


def timeline(t: Tournament) -> list[dict]:
    """Every round's dates, played or to come: ``number``, ``starts`` and ``ends`` (the
    deadline, or when it finished), ``started``, ``finished`` and ``planned``. A round to come
    starts when the one before is over, at the latest at its deadline, and lasts
    ``round_days``: its dates are the latest. Before round 1 they count from the start date
    the director announced (``planned``; ``starts`` None while none is set). How many rounds
    a knockout or a round robin has before round 1 depends on the players registered so far."""
    out: list[dict] = []
    played = list(t.rounds.order_by("number"))
    for r in played:
        out.append(
            {
                "number": r.number,
                "starts": r.started_at,
                "ends": r.finished_at or r.deadline,
                "started": True,
                "finished": r.status == Round.Status.FINISHED,
                "planned": False,
            }
        )
    if t.status == Tournament.Status.FINISHED:
        return out
    if t.status == Tournament.Status.REGISTRATION:
        registered = t.entries.filter(state=Entry.State.REGISTERED).count()
        if t.format == Tournament.Format.ROUND_ROBIN:
            if t.table_size == 2:
                per = registered - 1 + registered % 2
                total = per * (2 if t.double_round else 1) if registered >= 2 else 0
            else:  # tables: known once the schedule is made, unless the director set the rounds
                total = t.table_rounds or 0
        elif t.format == Tournament.Format.SWISS:
            total = t.swiss_rounds
        else:
            total = knockout_rounds(registered)
    else:
        total = total_rounds(t) or 0
        if t.stage == Tournament.Stage.KNOCKOUT or t.format == Tournament.Format.KNOCKOUT:
            main = t.rounds.filter(stage=Tournament.Stage.MAIN).count()
            total = main + knockout_rounds(len(t.knockout_seeds))
    if t.knockout_top > 1 and t.stage == Tournament.Stage.MAIN and t.format != Tournament.Format.KNOCKOUT:
        total += knockout_rounds(t.knockout_top)
    planned = t.status == Tournament.Status.REGISTRATION  # from the start date the director announced
    length = timedelta(days=t.round_days)
    last = out[-1]["ends"] if out else t.start_date
    for number in range(len(out) + 1, total + 1):
        starts = last
        ends = starts + length if starts else None
        out.append(
            {"number": number, "starts": starts, "ends": ends, "started": False, "finished": False, "planned": planned}
        )
        last = ends
    return out


def named_timeline(t: Tournament) -> list[dict]:
    """:func:`timeline` with each round's ``name`` ("Round 2", "Semi-finals"), for the
    tournament's page and the API."""
    names = round_names(t)
    rows = timeline(t)
    for r in rows:
        r["name"] = names.get(r["number"]) or _("Round %(number)s") % {"number": r["number"]}
    return rows


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
            tables: list[list[Any]] = []  # user ids
            byes: list[Any] = []
            for table in t.schedule[main_rounds]:
                tables.append(table)
        else:
            tables, byes = _swiss_tables(t, entries)
        return _create_round(t, number, Tournament.Stage.MAIN, tables, byes, withdrawn)
    # knockout
    b = knockout_bracket(t)
    if b.finished:
        return finish(t)
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
    return finish(t)


def _swiss_tables(t: Tournament, entries) -> tuple[list, list]:
    history = main_pairings(t)
    ids = [e.user_id for e in entries]
    rows = compute_standings(t, ids, history)
    opp: dict[Any, set[Any]] = {u: set() for u in ids}
    byes = {u: 0 for u in ids}
    starts, seconds = {u: 0 for u in ids}, {u: 0 for u in ids}  # games as the first player, as the second
    last_started: dict[Any, bool | None] = {u: None for u in ids}
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
            if a in starts:
                starts[a] += 1
                last_started[a] = True
            if b in seconds:
                seconds[b] += 1
                last_started[b] = False
    players = [
        Player(
            r.player,
            r.points,
            frozenset(opp[r.player]),
            byes[r.player],
            starts[r.player],
            seconds[r.player],
            last_started[r.player],
        )
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
            t.director,
            [users[u] for u in present],
            t.rules,
            name=t.name,  # the title is built when shown, in the reader's language
            event=(number, n),
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


def _game_lines(t, rnd, pairing, others: str) -> list[str]:
    """What the round e-mail says of the player's game: a knockout's match by its name
    ("Your final against ann is ready."), as on the pages."""
    kind = match_kind(t, pairing)
    if kind == "final":
        return [pgettext("after the greeting", "Your final against %(others)s is ready.") % {"others": others}]
    if kind == "third":
        return [
            pgettext("after the greeting", "Your third-place match against %(others)s is ready.") % {"others": others}
        ]
    if kind == "knockout":
        return [
            _("%(round)s of %(name)s: your game against %(others)s is ready.")
            % {"round": round_name(t, rnd), "name": t.name, "others": others}
        ]
    return [
        _("Round %(number)s of %(name)s has started.") % {"number": rnd.number, "name": t.name},
        _("Your game against %(others)s is ready.") % {"others": others},
    ]


def _dates_line(t, rnd, next_number: int | None) -> str:
    """The round's dates in the reader's language, for its e-mail: from when to its
    deadline, and when the next round starts."""
    when = {
        "start": formats.date_format(rnd.started_at, "SHORT_DATETIME_FORMAT"),
        "end": formats.date_format(rnd.deadline, "SHORT_DATETIME_FORMAT"),
    }
    line = _("This round runs from %(start)s to its deadline, %(end)s UTC.") % when
    if next_number:
        line += " " + _("Round %(number)s starts once every game of this one is over, at the latest then.") % {
            "number": next_number
        }
    return line


def _announce(t, rnd, pairings, bye_users) -> None:
    """A round e-mail to every player, through the outbox (their settings apply)."""
    next_number = next((r["number"] for r in timeline(t) if r["number"] > rnd.number), None)

    def subject() -> str:
        if rnd.stage == Tournament.Stage.KNOCKOUT:
            return _("%(name)s: %(round)s") % {"name": t.name, "round": round_name(t, rnd)}
        return _("%(name)s: round %(number)s") % {"name": t.name, "number": rnd.number}

    for p in pairings:
        users = {seat.user_id: seat.user for seat in p.game.seats.select_related("user")}
        for uid, user in users.items():
            others = ", ".join(u.username for v, u in users.items() if v != uid)
            with language.override_for(user):  # each player's own language
                deadline = _dates_line(t, rnd, next_number)
                outbox.message(
                    Category.GAME,
                    key=f"tournament-round:{rnd.pk}:{uid}",
                    user=user,
                    game=p.game,
                    subject=subject(),
                    lines=[*_game_lines(t, rnd, p, others), deadline],
                    path=p.game.get_absolute_url(),
                    button=_("Open your game"),
                )
    for user in bye_users:
        with language.override_for(user):
            outbox.message(
                Category.GAME,
                key=f"tournament-round:{rnd.pk}:{user.pk}",
                user=user,
                subject=subject(),
                lines=[
                    pgettext("after the greeting", "You have a bye in round %(number)s of %(name)s.")
                    % {"number": rnd.number, "name": t.name},
                    _dates_line(t, rnd, next_number),
                ],
                path=t.get_absolute_url(),
                button=_("Open the tournament"),
            )


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
