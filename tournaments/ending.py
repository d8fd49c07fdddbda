"""The end of a tournament: its places (champion, second, third) and the final e-mail."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from accounts import language
from notifications import outbox
from notifications.models import Category

from .models import Entry, Tournament
from .ranking import knockout_bracket, refresh_standings

User = get_user_model()


def finish(t: Tournament):
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
                Category.GAME,
                key=f"tournament-finished:{t.pk}:{uid}",
                user=user,
                subject=_("%(name)s is over") % {"name": t.name},
                lines=lines,
                path=t.get_absolute_url(),
                button=_("See the final standings"),
            )


def places(t: Tournament) -> list[tuple[int, int]]:
    """The places the finished tournament decided, as ``(place, user id)``, best first: a
    knockout's champion, runner-up and third-place game's winner; without a knockout the
    first three of the standings (sharing a rank, sharing the place). Empty while it runs."""
    if t.status != Tournament.Status.FINISHED:
        return []
    if t.knockout_seeds:
        b = knockout_bracket(t)
        found = [
            (1, b.champion),
            (2, b.final.loser if b.final else None),
            (3, b.third_place.winner if b.third_place else None),
        ]
        return [(place, uid) for place, uid in found if uid is not None]
    rows = t.standings_cache or refresh_standings(t)
    return [(r["rank"], r["user_id"]) for r in rows if r["rank"] <= 3]


def place_label(place: int) -> str:
    return {1: _("Champion"), 2: _("Second place"), 3: _("Third place")}.get(place, str(place))
