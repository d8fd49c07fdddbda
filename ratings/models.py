"""Ratings: derived data, rebuilt at will from finished games (``manage.py recompute_ratings``).

A :class:`Rating` is one player's OpenSkill (Plackett–Luce) belief ``mu``/``sigma`` in
one pool (all games, base games, games with expansions); ``display`` is the number
people see. A :class:`RatingChange` is what one rated game did to one player's rating
in one pool; its uniqueness makes rating a game idempotent.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

PROVISIONAL_GAMES = 10
"""A rating is provisional until its player has this many rated games."""


class Pool(models.TextChoices):
    ALL = "all", _("All games")
    BASE = "base", _("Base game")
    EXPANSIONS = "expansions", _("With expansions")


class Rating(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    pool = models.CharField(max_length=12, choices=Pool.choices, default=Pool.ALL)
    mu = models.FloatField()
    sigma = models.FloatField()
    display = models.IntegerField(help_text="The ordinal (mu - 3 sigma) scaled to 1500 at the start")
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField()

    class Meta:
        ordering = ["pool", "-display", "user_id"]
        constraints = [models.UniqueConstraint(fields=["user", "pool"], name="rating_unique_user_pool")]
        indexes = [models.Index(fields=["pool", "-display"], name="rating_pool_display")]

    def __str__(self) -> str:
        return f"{self.user} {self.pool}: {self.display}"

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


class RatingChange(models.Model):
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes")
    pool = models.CharField(max_length=12, choices=Pool.choices)
    rank = models.PositiveSmallIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()
    display_before = models.IntegerField()
    display = models.IntegerField()
    finished_at = models.DateTimeField()

    class Meta:
        ordering = ["finished_at", "game_id"]
        constraints = [models.UniqueConstraint(fields=["game", "user", "pool"], name="ratingchange_unique")]
        indexes = [
            # a player's chart and last games (services.curve, history) from the index alone on
            # PostgreSQL: at 1,500 rated games their rows lie on 1,500 table pages
            models.Index(
                fields=["user", "pool", "finished_at", "game"],
                include=["display_before", "display"],
                name="ratingchange_user_curve",
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} in game #{self.game_id} ({self.pool}): {self.display_before} → {self.display}"

    @property
    def delta(self) -> int:
        return self.display - self.display_before
