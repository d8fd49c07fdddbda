"""Games, their seats and the append-only move log.

The move log is the source of truth: the engine state of a game is a replay of its
``Move`` rows from the game's secret seed (see :mod:`games.services`). The few
columns copied onto ``Game`` (scores, whose turn, move count) only serve lists and
are rewritten from the engine after every move.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse

from games.engine import COLORS, Rules
from games.engine import Move as EngineMove

BOT_LEVELS = ("random", "greedy", "mcts")  # games.bots.LEVELS, without importing the bots here


def new_token() -> str:
    return secrets.token_urlsafe(24)


class Game(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for players"
        ACTIVE = "active", "In progress"
        FINISHED = "finished", "Finished"

    class SeatOrder(models.TextChoices):
        AS_LISTED = "as_listed", "As listed"
        RANDOM = "random", "Random"

    class TimeoutRule(models.TextChoices):
        SKIP = "skip", "Skip the turn"
        LOSE = "lose", "Lose by timeout"
        BOT = "bot", "A bot takes over"

    MOVE_DAYS_CHOICES = [(d, f"{d} day{'s' if d > 1 else ''}") for d in (1, 2, 3, 5, 7, 10, 14)]

    name = models.CharField(max_length=80, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="created_games")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING, db_index=True)
    seat_order = models.CharField(max_length=10, choices=SeatOrder.choices, default=SeatOrder.AS_LISTED)
    rules = models.JSONField(default=dict, help_text="NOTATION.md rules object")
    # Secret: decides the bag order. Never serialised, rendered or logged.
    seed = models.BigIntegerField(null=True, blank=True, editable=False)
    # Copies of the engine state for lists; rewritten after every move.
    move_count = models.PositiveIntegerField(default=0)
    current_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    scores = models.JSONField(default=list, blank=True)
    # Play by e-mail: time per move (days; null: unlimited), what happens when it runs
    # out, and whether players may pause their clocks (see the notifications app).
    move_days = models.PositiveSmallIntegerField(null=True, blank=True, choices=MOVE_DAYS_CHOICES)
    timeout_rule = models.CharField(max_length=8, choices=TimeoutRule.choices, default=TimeoutRule.LOSE)
    vacation_allowed = models.BooleanField(default=True)
    # Set once any seat is played by a bot (see games.bot_seats): such games are not rated.
    has_bots = models.BooleanField(default=False, db_index=True)

    class Meta:
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return self.title

    @property
    def title(self) -> str:
        return self.name or f"Game #{self.pk}"

    @property
    def engine_rules(self) -> Rules:
        return Rules.from_json(self.rules)

    def get_absolute_url(self) -> str:
        return reverse("game-detail", args=[self.pk])


class Seat(models.Model):
    class State(models.TextChoices):
        INVITED = "invited", "Invited"
        JOINED = "joined", "Joined"
        OPEN = "open", "Open"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(help_text="Turn order, from 0; final once the game starts")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="seats"
    )
    state = models.CharField(max_length=10, choices=State.choices, default=State.OPEN)
    invited_email = models.EmailField(blank=True)
    invite_token = models.CharField(max_length=64, default=new_token, unique=True)
    joined_at = models.DateTimeField(null=True, blank=True)
    # The level of the bot that plays this seat ("" for a person): a bot seat from the
    # start has no user; a bot that took over on time keeps the player's user.
    bot = models.CharField(max_length=8, blank=True, default="", choices=[(level, level) for level in BOT_LEVELS])

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_unique_position"),
            models.UniqueConstraint(
                fields=["game", "user"], condition=models.Q(user__isnull=False), name="seat_unique_user"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game} seat {self.position + 1}: {self.display_name}"

    @property
    def color(self) -> str:
        return COLORS[self.position]

    @property
    def display_name(self) -> str:
        if self.user_id:
            return self.user.username
        if self.bot:
            return f"Bot {self.position + 1} ({self.bot})"
        return self.invited_email or "open seat"


class Move(models.Model):
    """One turn of the log, in NOTATION.md terms; rows are never changed."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    number = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    tile = models.CharField(max_length=8)
    x = models.IntegerField(null=True, blank=True)
    y = models.IntegerField(null=True, blank=True)
    rotation = models.PositiveSmallIntegerField(null=True, blank=True)
    meeple = models.CharField(max_length=16, null=True, blank=True)
    discard = models.BooleanField(default=False)
    skip = models.BooleanField(default=False, help_text="Turn skipped on time; the tile went back into the bag")
    forfeit = models.BooleanField(default=False, help_text="The player lost on time and left the turn order")
    points = models.JSONField(default=list, help_text="Points each seat scored on this move")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="move_unique_number")]

    def __str__(self) -> str:
        return f"{self.game} move {self.number}"

    def to_json(self) -> dict:
        return EngineMove(
            self.tile, self.x, self.y, self.rotation, self.meeple, self.discard, self.skip, self.forfeit
        ).to_json()
