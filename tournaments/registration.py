"""Who plays: registering, invitations (sent, accepted, declined) and withdrawing.

Withdrawing during the tournament settles the player's open games (the director's
policy: forfeit or drop) and may close the round (:func:`tournaments.rounds.advance`).
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts import blocks, language
from games import errors as game_errors
from games import lobby
from games.models import Game, Seat
from notifications import outbox
from notifications.models import Category
from ratings import services as ratings

from .errors import Conflict, NotAllowed, TooMany, TournamentError
from .models import Entry, Pairing, Tournament
from .ranking import refresh_standings
from .rounds import advance

User = get_user_model()


def finished_games(user) -> int:
    return Seat.objects.filter(user=user, game__status=Game.Status.FINISHED).count()


def can_register(t: Tournament, user) -> str | None:
    """None if ``user`` may register now, else the reason."""
    if t.status == Tournament.Status.FINISHED:
        return _("the tournament is over")
    if t.status == Tournament.Status.RUNNING and not (
        t.format == Tournament.Format.SWISS and t.late_entries and t.stage == Tournament.Stage.MAIN
    ):
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
        return ngettext(
            "entry requires %(count)d finished game", "entry requires %(count)d finished games", t.min_finished_games
        ) % {"count": t.min_finished_games}
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
def enter_director(t: Tournament) -> Entry:
    """The director plays in their own event (the new-tournament form's default): entered
    as registered, whatever the registration (an invitation-only event included)."""
    t = Tournament.objects.select_for_update().get(pk=t.pk)
    if t.status != Tournament.Status.REGISTRATION:
        raise Conflict(_("the tournament has started"))
    director = t.director
    entry, _created = Entry.objects.get_or_create(tournament=t, user=director)
    entry.state = Entry.State.REGISTERED
    entry.rating = ratings.display_rating(director.pk, ratings.pools_of(t.rules)[1])
    entry.save()
    refresh_standings(t)
    return entry


@transaction.atomic
def invite(t: Tournament, by, usernames) -> list[Entry]:
    """Invite players by username: each gets an e-mail (through the outbox, as their
    settings say) and an Accept/Decline on their home page. Nothing is stored when a
    name is unknown. The director naming themself is entered at once: nobody is shown
    an invitation from themself."""
    if not t.can_direct(by):
        raise NotAllowed(_("only the director may invite players"))
    if t.status == Tournament.Status.FINISHED:
        raise Conflict(_("the tournament is over"))
    users = []
    for name in usernames:
        user = User.objects.filter(username__iexact=name.strip(), is_active=True).first()
        if user is None or blocks.any_between(by.pk, [user.pk]):  # a block is silent: as for a name nobody has
            raise TournamentError(_("there is no player called %(name)s") % {"name": name.strip()})
        users.append(user)
    first_time = {u.pk for u in users} - set(t.entries.values_list("user_id", flat=True)) - {t.director_id}
    try:  # the same daily quota as game invitations
        lobby.check_invitation_quota(by, len(first_time))
    except game_errors.TooMany as exc:
        raise TooMany(str(exc)) from None
    out = []
    for user in users:
        if user.pk == t.director_id:  # never an invitation to oneself: entered (before round 1), or left be
            if t.status == Tournament.Status.REGISTRATION:
                out.append(enter_director(t))
            continue
        entry, created = Entry.objects.get_or_create(
            tournament=t, user=user, defaults={"state": Entry.State.INVITED, "invited_by": by}
        )
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
            _when_line(t),
            _("Accept or decline on the tournament page or on your home page."),
        ],
        path=t.get_absolute_url(),
        button=_("Open the tournament"),
    )


def _when_line(t: Tournament) -> str:
    """When the event plays, for its invitation: the planned start, and the rounds' length."""
    days = ngettext(
        "Each round lasts %(days)d day at most.", "Each round lasts %(days)d days at most.", t.round_days
    ) % {"days": t.round_days}
    if t.start_date:
        when = formats.date_format(t.start_date, "SHORT_DATETIME_FORMAT")
        return _("Round 1 is planned for %(when)s UTC.") % {"when": when} + " " + days
    return _("Round 1 starts when the director starts it.") + " " + days


def invitations(user):
    """The tournaments ``user`` is invited to and may still join, newest first."""
    if not user.is_authenticated:
        return Tournament.objects.none()
    return (
        Tournament.objects.filter(entries__user=user, entries__state=Entry.State.INVITED)
        .exclude(status=Tournament.Status.FINISHED)
        .select_related("director")
        .order_by("-pk")
    )


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
