"""A person's ratings: "Download my data" holds them with their history (a receiver of
:data:`accounts.signals.personal_data`). A deleted account (a receiver of
:data:`accounts.signals.account_deleted`): its
ratings and rating history go, and it leaves the leaderboards at once. The leaderboards list
active accounts only, so a rating that a game still in progress brings later stays off them.
The other players' rating changes in the same games are theirs and stay."""

from __future__ import annotations

from django.dispatch import receiver

from accounts.signals import account_deleted, personal_data

from .models import Rating, RatingChange


@receiver(account_deleted, dispatch_uid="ratings_account_deleted")
def erase_ratings(sender, user, **kwargs) -> dict:
    return {
        "ratings": Rating.objects.filter(user=user).delete()[0],
        "rating_changes": RatingChange.objects.filter(user=user).delete()[0],
    }


@receiver(personal_data, dispatch_uid="ratings_personal_data")
def export_ratings(sender, user, **kwargs) -> dict:
    return {
        "ratings.json": {
            "ratings": list(Rating.objects.filter(user=user).values("pool", "display", "mu", "sigma", "games")),
            "history": list(
                RatingChange.objects.filter(user=user)
                .order_by("finished_at", "game_id")
                .values("game", "pool", "rank", "display_before", "display", "finished_at")
            ),
        }
    }
