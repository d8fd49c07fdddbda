"""Who may watch a game. Games are public: anyone, also logged out, may watch a game
on its page, through the API, as SVG and in the archive. A *private* game is seen only
by its creator, its players and its invitees (others get 404), and is not listed in the
lobby or the archive. Nobody but the inviter ever sees an invitee's address.

Every view under a game id asks :func:`game_for_viewer` first, so that an outsider gets
the very same 404 for a private game as for a game that does not exist, and nothing an
outsider sends to a private game is looked at, let alone stored."""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Q
from django.http import Http404
from django.utils.translation import gettext as _

from .models import Game, Seat


def _viewer_q(user) -> Q:
    if user is None or not user.is_authenticated:
        return Q(private=False)
    seated = Seat.objects.filter(game=OuterRef("pk")).filter(
        Q(user=user) | (Q(invited_email__iexact=user.email, user__isnull=True) if user.email else Q(pk__in=[]))
    )
    return Q(private=False) | Q(created_by=user) | Q(Exists(seated))


def visible_games(user, queryset=None):
    """The games ``user`` may watch (``queryset`` narrows them)."""
    return (queryset if queryset is not None else Game.objects.all()).filter(_viewer_q(user))


def hidden_from(user, game_ids) -> list[int]:
    """Which of ``game_ids`` (ids, or a subquery of them) ``user`` may not watch: their private
    games (few, found on their own index), less those ``user`` may; not a privacy probe per
    game. One query, two if any of them is private."""
    private = list(Game.objects.filter(private=True, pk__in=game_ids).values_list("pk", flat=True))
    if not private:
        return []
    seen = set(visible_games(user, Game.objects.filter(pk__in=private)).values_list("pk", flat=True))
    return [pk for pk in private if pk not in seen]


def can_view(game: Game, user) -> bool:
    return not game.private or visible_games(user, Game.objects.filter(pk=game.pk)).exists()


def game_for_viewer(game_id, user, queryset=None) -> Game:
    """The game ``game_id`` (of ``queryset``, if given) if ``user`` may watch it; else the
    404 of a game that does not exist, whether it is missing or private."""
    game = (queryset if queryset is not None else Game.objects.all()).filter(pk=game_id).first()
    if game is None or not can_view(game, user):
        raise Http404(_("no such game"))
    return game
