"""A deleted account's ratings (a receiver of :data:`accounts.signals.account_deleted`): its
ratings and rating history go, and it leaves the leaderboards at once. The leaderboards list
active accounts only, so a rating that a game still in progress brings later stays off them.
The other players' rating changes in the same games are theirs and stay."""

from __future__ import annotations

from django.dispatch import receiver

from accounts.signals import account_deleted

from .models import Rating, RatingChange


@receiver(account_deleted, dispatch_uid="ratings_account_deleted")
def erase_ratings(sender, user, **kwargs) -> dict:
    return {
        "ratings": Rating.objects.filter(user=user).delete()[0],
        "rating_changes": RatingChange.objects.filter(user=user).delete()[0],
    }
