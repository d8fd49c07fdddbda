"""Creating a tournament, editing its options, and a league's next season.

Every option a director sets is checked here (:func:`validate`), before anything is stored.
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import cast

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts import limits
from games.present.vocabulary import rules_error
from games.text import single_line

from .errors import Conflict, NotAllowed, TooMany, TournamentError
from .models import Entry, Tournament, default_tiebreaks
from .ranking import refresh_standings
from .standings import TIEBREAKS

EDITABLE = [
    "name",
    "description",
    "format",
    "table_size",
    "double_round",
    "table_rounds",
    "swiss_rounds",
    "knockout_top",
    "seeding",
    "third_place",
    "registration",
    "min_finished_games",
    "max_players",
    "late_entries",
    "start_date",
    "rules",
    "move_days",
    "timeout_rule",
    "vacation_allowed",
    "round_days",
    "tiebreaks",
    "league",
    "season",
    "division",
    "promote",
    "relegate",
]


DESCRIPTION_MAX_LENGTH = 5000


def validate(t: Tournament) -> None:
    t.name = single_line(t.name)
    if not t.name:
        raise TournamentError(_("Give the tournament a name."))
    if len(t.description or "") > DESCRIPTION_MAX_LENGTH:
        raise TournamentError(
            ngettext(
                "the description is limited to %(n)d character",
                "the description is limited to %(n)d characters",
                DESCRIPTION_MAX_LENGTH,
            )
            % {"n": DESCRIPTION_MAX_LENGTH}
        )
    if t.format not in Tournament.Format.values:
        raise TournamentError(_("Choose a format: round robin, Swiss or knockout."))
    from carcassonne import Rules

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
        raise TournamentError(
            _(
                "A knockout needs at least 2 players: choose 2 or more for the knockout after the main stage, or 0 for none."
            )
        )
    if not 1 <= t.round_days <= 365:
        raise TournamentError(_("A round lasts 1 to 365 days."))
    try:  # the engine knows every rule (unknown keys included) and says what is wrong
        from carcassonne import Rules

        t.rules = Rules.from_json(t.rules or {}).to_json()
    except ValueError as exc:
        raise TournamentError(rules_error(exc)) from None


def create_tournament(director, *, counted: bool = True, **fields) -> Tournament:
    """A new tournament; ``counted``: it counts in the director's daily quota (the next
    season's divisions, made from a finished season, do not)."""
    unknown = set(fields) - set(EDITABLE)
    if unknown:
        raise TournamentError(_("unknown fields: %(names)s") % {"names": ", ".join(sorted(unknown))})
    if "tiebreaks" not in fields:  # none chosen: the format's usual order
        fields["tiebreaks"] = default_tiebreaks(fields.get("format") or Tournament.Format.SWISS)
    t = Tournament(director=director, seed=secrets.randbits(62), **fields)
    validate(t)
    with transaction.atomic():
        if counted:
            limits.one_person_at_a_time(director)  # parallel requests count what the ones before stored
            _check_tournaments_quota(director)
        t.save()
    return t


def _check_tournaments_quota(director) -> None:
    """At most ``TOURNAMENTS_CREATED_PER_DAY`` new tournaments per director in 24 hours."""
    per_day = settings.TOURNAMENTS_CREATED_PER_DAY
    since = timezone.now() - timedelta(days=1)
    if Tournament.objects.filter(director=director, created_at__gte=since).count() >= per_day:
        raise TooMany(
            ngettext(
                "you can create at most %(count)d tournament a day; try again tomorrow",
                "you can create at most %(count)d tournaments a day; try again tomorrow",
                per_day,
            )
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


def next_season(league: str, by, **options) -> list[Tournament]:
    """Create next season's divisions of ``league`` from the finished season: the top
    ``promote`` of each division go up one, the bottom ``relegate`` go down one."""
    from .divisions import next_divisions

    last = (
        Tournament.objects.filter(league=league)
        .exclude(season=None)
        .order_by("-season")
        .values_list("season", flat=True)
        .first()
    )
    if last is None:
        raise TournamentError(_("no season of league %(name)r") % {"name": league})
    current = list(Tournament.objects.filter(league=league, season=last).order_by("division"))
    if any(d.status != Tournament.Status.FINISHED for d in current):
        raise Conflict(_("every division of the season must be finished"))
    if not all(d.can_direct(by) for d in current):
        raise NotAllowed(_("only the director may start the next season"))
    withdrawn = set(
        Entry.objects.filter(tournament__in=current, state=Entry.State.WITHDRAWN).values_list("user_id", flat=True)
    )
    tables: list[list[int]] = []
    for d in current:
        order = [r["user_id"] for r in (d.standings_cache or refresh_standings(d)) if r["user_id"] not in withdrawn]
        tables.append(order)
    divisions = next_divisions(tables, [d.promote for d in current], [d.relegate for d in current])
    out = []
    with transaction.atomic():
        for d, members in zip(current, divisions):
            fields = {k: getattr(d, k) for k in EDITABLE}
            fields.update(
                season=last + 1,
                name=_("%(league)s season %(season)s, division %(division)s")
                % {"league": league, "season": last + 1, "division": d.division},
                start_date=None,
            )
            fields.update(options)
            new = create_tournament(by, counted=False, **fields)
            new.registration = Tournament.Registration.INVITATION
            new.save()
            for uid in members:  # user ids, as the tables gave them
                Entry.objects.create(tournament=new, user_id=cast(int, uid), state=Entry.State.REGISTERED)
            out.append(new)
    return out
