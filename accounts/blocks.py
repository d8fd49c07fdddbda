"""Blocking a player (as on lichess and Board Game Arena): the blocked player cannot invite
the blocker (nor the other way round), the two are never seated together from the lobby, and
the blocker sees none of the blocked player's chat. A block is silent: the blocked player is
never told, and a refused invitation does not say why.

The apps above read it here: games (invitations, the lobby), chat, notifications (chat
e-mails), tournaments (invitations)."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .models import Block, User

MAX_BLOCKS = 500  # blocks one account may hold (a list, not a weapon)


class BlockError(Exception):
    """A block that cannot be made; ``str()`` says why, for a person."""


def block(user, username: str) -> User:
    """``user`` blocks the player called ``username``; returns them."""
    name = (username or "").strip() if isinstance(username, str) else ""
    other = User.objects.filter(username__iexact=name, deleted_at__isnull=True).first() if name else None
    if other is None:
        raise BlockError(_("There is no player called %(name)s.") % {"name": name})
    if other.pk == user.pk:
        raise BlockError(_("You cannot block yourself."))
    if Block.objects.filter(user=user).count() >= MAX_BLOCKS:
        raise BlockError(
            ngettext(
                "You have blocked %(count)d player, the most there can be.",
                "You have blocked %(count)d players, the most there can be.",
                MAX_BLOCKS,
            )
            % {"count": MAX_BLOCKS}
        )
    Block.objects.get_or_create(user=user, blocked=other)
    return other


def unblock(user, user_id) -> bool:
    return bool(Block.objects.filter(user=user, blocked_id=user_id).delete()[0])


def blocked_by(user) -> set[int]:
    """The players ``user`` blocked (whose chat they do not see)."""
    if not getattr(user, "is_authenticated", False):
        return set()
    return set(Block.objects.filter(user=user).values_list("blocked_id", flat=True))


def apart(user_id: int) -> set[int]:
    """Everyone ``user_id`` must not play with from the lobby nor invite: the players they
    blocked and the players who blocked them."""
    rows = Block.objects.filter(Q(user_id=user_id) | Q(blocked_id=user_id)).values_list("user_id", "blocked_id")
    return {other for pair in rows for other in pair if other != user_id}


def any_between(user_id: int, others: Iterable[int]) -> bool:
    """Whether ``user_id`` and any of ``others`` blocked one another."""
    others = [o for o in others if o and o != user_id]
    if not others:
        return False
    return Block.objects.filter(
        Q(user_id=user_id, blocked_id__in=others) | Q(user_id__in=others, blocked_id=user_id)
    ).exists()
