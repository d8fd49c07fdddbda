"""Games, their seats and the append-only move log.

The move log is the source of truth: the engine state of a game is a replay of its
``Move`` rows from the game's secret seed (see :mod:`games.engine_state`). The few
columns copied onto ``Game`` (scores, whose turn, move count) only serve lists and
are rewritten from the engine after every move.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.functional import cached_property, lazy
from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from carcassonne import COLORS, Rules

from .durations import describe_days
from .fields import EntryField

# The four levels people choose (carcassonne.bots.NAMED_LEVELS, without importing the bots here),
# weakest first; the names of the first bots stay accepted (the API, stored seats).
BOT_LEVELS = ("beginner", "casual", "strong", "expert")
OLD_BOT_LEVELS = {"random": "beginner", "greedy": "strong", "mcts": "expert"}
BOT_LEVEL_LABELS = {
    "beginner": pgettext_lazy("bot level", "Beginner"),
    "casual": pgettext_lazy("bot level", "Casual"),
    "strong": pgettext_lazy("bot level", "Strong"),
    "expert": pgettext_lazy("bot level", "Expert"),
}
# How each level plays, in a player's words (carcassonne/bots/ladder.py says it for developers).
BOT_LEVEL_PLAY = {
    "beginner": _("plays its tile anywhere it fits, now and then where it scores most"),
    "casual": _("takes the points it sees this turn, but plays half of its moves at random"),
    "strong": _("always takes the most points it can see this turn"),
    "expert": _("thinks a few turns ahead, over the tiles that may come"),
}
# The level every form of the site starts at ("Play a bot now", bots in a new game): a
# newcomer's first game; the stronger ones are one click away.
DEFAULT_BOT_LEVEL = "beginner"


def bot_level(name: str) -> str:
    """The level ``name`` stands for: one of ``BOT_LEVELS`` (an old name maps to its level)."""
    return OLD_BOT_LEVELS.get(name, name)


def rule_options() -> tuple:
    """The engine's rule options that games on this site may use: every one of
    ``Rules.options()`` (the site plays every expansion and house rule)."""
    return tuple(Rules.options())


def _days_label(days: int) -> str:
    return ngettext("%(count)d day", "%(count)d days", days) % {"count": days}


days_label = lazy(_days_label, str)
"""'3 days' in the reader's language, translated when shown (model choices are made at import)."""


def new_token() -> str:
    return secrets.token_urlsafe(24)


class Game(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting for players")
        ACTIVE = "active", _("In progress")
        FINISHED = "finished", _("Finished")

    class SeatOrder(models.TextChoices):
        AS_LISTED = "as_listed", _("As listed")
        RANDOM = "random", _("Random")

    class TimeoutRule(models.TextChoices):
        SKIP = "skip", _("Skip the turn")
        LOSE = "lose", _("Lose by timeout")
        BOT = "bot", _("A bot takes over")

    MOVE_DAYS_CHOICES = [(d, days_label(d)) for d in (1, 2, 3, 5, 7, 10, 14)]

    name = models.CharField(max_length=80, blank=True)
    # A game an organiser paired (a tournament's round and table): ``name`` is the event's and
    # the title is built when shown, in the reader's language ("Cup · round 1, table 2").
    event_round = models.PositiveSmallIntegerField(null=True, blank=True)
    event_table = models.PositiveSmallIntegerField(null=True, blank=True)
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
    current_seat = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The seat whose decision is pending"
    )
    pending_action = models.CharField(
        max_length=16,
        blank=True,
        default="",
        help_text="The pending decision: turn, or an expansion's (reinforce, ...)",
    )
    scores = models.JSONField(default=list, blank=True)
    # Play by e-mail: time per move (days; null: unlimited), what happens when it runs
    # out, and whether players may pause their clocks (see the notifications app).
    move_days = models.PositiveSmallIntegerField(null=True, blank=True, choices=MOVE_DAYS_CHOICES)
    timeout_rule = models.CharField(max_length=8, choices=TimeoutRule.choices, default=TimeoutRule.LOSE)
    vacation_allowed = models.BooleanField(default=True)
    # Games are public (anyone may watch, also logged out) unless private: then only the
    # creator, its players and its invitees see it, and the archive does not list it.
    private = models.BooleanField(default=False)
    # The engine's outcome once finished (see games.recorded.outcome_json): winners,
    # ranks, scores, breakdown, ending and the seats that left, by seat.
    outcome = models.JSONField(null=True, blank=True, editable=False)
    # Set once any seat is played by a bot (see games.bot_seats): such games are not rated.
    has_bots = models.BooleanField(default=False, db_index=True)

    class Meta:
        ordering = ["-updated_at"]
        indexes = [
            # the few private games: a player's among them (archive.profiles.hidden_games)
            # without a look at each of their games
            models.Index(fields=["id"], condition=models.Q(private=True), name="games_game_private"),
        ]

    def __str__(self) -> str:
        return self.title

    @property
    def title(self) -> str:
        if self.event_round is not None:
            return gettext("%(name)s · round %(number)s, table %(table)s") % {
                "name": self.name,
                "number": self.event_round,
                "table": self.event_table,
            }
        return self.name or gettext("Game #%(number)s") % {"number": self.pk}

    @property
    def engine_rules(self) -> Rules:
        return Rules.from_json(self.rules)

    def get_absolute_url(self) -> str:
        return reverse("game-detail", args=[self.pk])

    @property
    def winner_seats(self) -> list[int]:
        """Seats that won (the engine's outcome); empty while the game is not over."""
        return list((self.outcome or {}).get("winners", []))

    @cached_property
    def ended_early(self) -> bool:
        """Whether a seat left the finished game before its second tile turn (not rated)."""
        return self.pk in ended_early([self])


class Seat(models.Model):
    class State(models.TextChoices):
        INVITED = "invited", _("Invited")
        JOINED = "joined", _("Joined")
        OPEN = "open", _("Open")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(help_text="Turn order, from 0; final once the game starts")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="seats"
    )
    state = models.CharField(max_length=10, choices=State.choices, default=State.OPEN)
    invited_email = models.EmailField(blank=True)
    invite_token = models.CharField(max_length=64, default=new_token, unique=True)
    joined_at = models.DateTimeField(null=True, blank=True)
    # When the player last looked at the game (its page or the live swap) and how many
    # moves it had then: a turn e-mail held while they play is not sent about a turn seen.
    seen_at = models.DateTimeField(null=True, blank=True)
    seen_move = models.PositiveIntegerField(null=True, blank=True)
    # The level of the bot that plays this seat ("" for a person): a bot seat from the
    # start has no user; a bot that took over on time keeps the player's user.
    bot = models.CharField(
        max_length=8,
        blank=True,
        default="",
        choices=[*BOT_LEVEL_LABELS.items(), *((old, old) for old in OLD_BOT_LEVELS)],
    )

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
        """The player's name; never an invitee's address (only the inviter sees that)."""
        if self.user is not None:
            return self.user.username
        if self.bot:
            return gettext("Bot %(number)d (%(level)s)") % {
                "number": self.position + 1,
                "level": BOT_LEVEL_LABELS.get(bot_level(self.bot), self.bot),
            }
        return gettext("invited player") if self.invited_email else gettext("open seat")


class Move(models.Model):
    """One entry of the record, exactly as the engine writes it; rows are never changed.

    ``entry`` is the NOTATION.md record entry (a tile turn, a discard, a skip or forfeit
    on time, a resignation, and the entries expansions add: figures, the Count's
    decisions), so that any kind is stored without a migration; ``seat`` is who acted
    (not necessarily the player on turn), ``points`` what each seat scored by it.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    number = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField(help_text="The seat that acted")
    entry = EntryField(help_text="The record entry, as the engine writes it (NOTATION.md), key order kept")
    points = models.JSONField(default=list, help_text="Points each seat scored on this move")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="move_unique_number")]

    def __str__(self) -> str:
        return f"{self.game} move {self.number}"

    def to_json(self) -> dict:
        return self.entry


# --- clocks: time per move, timeouts and vacations ------------------------------------
# (db tables keep the names they had in the notifications app)


class TurnClock(models.Model):
    """When the pending decision of a game started, for deadlines and reminders."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="turn_clock")
    move_number = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    started_at = models.DateTimeField()

    class Meta:
        db_table = "notifications_turnclock"


class GameEvent(models.Model):
    """An automatic action on a game (turn skipped, game lost on time), for the move list."""

    class Kind(models.TextChoices):
        SKIPPED = "skipped", _("Turn skipped on time")
        LOST = "lost", _("Lost on time")
        BOT = "bot", _("A bot took over on time")
        PASSED = "passed", _("Decision passed on time")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="timeout_events")
    move_number = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "notifications_gameevent"
        ordering = ["game", "move_number", "created_at"]
        constraints = [models.UniqueConstraint(fields=["game", "move_number"], name="gameevent_unique_move")]

    def __str__(self) -> str:
        return f"{self.game}: {self.get_kind_display()} at move {self.move_number}"


class Vacation(models.Model):
    """A period when the user's clocks stop (in games that allow it)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations")
    start = models.DateTimeField()
    end = models.DateTimeField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "notifications_vacation"
        ordering = ["start"]

    def __str__(self) -> str:
        return f"{self.user} away {self.start:%Y-%m-%d} to {self.end:%Y-%m-%d}"

    @property
    def days(self) -> float:
        return (self.end - self.start).total_seconds() / 86400

    @property
    def days_text(self) -> str:
        return describe_days(self.days)


class PlayPreference(models.Model):
    """How a user likes to play: for now, whether the Count's optional decisions (moving a
    follower out of the City, into it, from the market) are passed for them at once."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="play_prefs")
    auto_pass_count = models.BooleanField(
        _("Pass the Count's decisions automatically"),
        default=False,
        help_text=_(
            "In games with the Count of Carcassonne, nobody waits for you when a completed feature or the "
            "market lets you move a follower out of the City: you pass at once."
        ),
    )

    def __str__(self) -> str:
        return f"play preferences of {self.user}"

    @classmethod
    def auto_passing(cls, user_ids) -> set[int]:
        """Which of ``user_ids`` pass the Count's decisions automatically."""
        return set(
            cls.objects.filter(user_id__in=list(user_ids), auto_pass_count=True).values_list("user_id", flat=True)
        )


# --- games a player left early: like an aborted game, not rated -------------------------

EARLY_TURNS = 2
"""A player who leaves (resigns, loses on time) before this many tile turns of their own
ends the game early."""


def is_tile_placement(entry: dict) -> bool:
    """A tile turn that put its tile down (not a discard, skip, forfeit, resignation or decision)."""
    return "tile" in entry and "x" in entry


def left_early(left, placed: dict[int, int]) -> bool:
    """Whether one of the seats ``left`` placed fewer than EARLY_TURNS tiles (``placed``: by seat)."""
    return any(placed.get(seat, 0) < EARLY_TURNS for seat in left)


def ended_early(games) -> set[int]:
    """The ids of the finished ``games`` a seat left before its second tile turn, in one query."""
    left = {
        g.pk: (g.outcome or {}).get("left")
        for g in games
        if g.status == Game.Status.FINISHED and (g.outcome or {}).get("left")
    }
    if not left:
        return set()
    placed: dict[int, dict[int, int]] = {pk: {} for pk in left}
    # the stored text of a placement has both keys (see is_tile_placement); no other entry has "tile" and "x"
    rows = (
        Move.objects.filter(game_id__in=left, entry__contains='"tile":')
        .filter(entry__contains='"x":')
        .order_by()
        .values_list("game_id", "seat")
        .annotate(n=models.Count("pk"))
    )
    for game_id, seat, n in rows:
        placed[game_id][seat] = n
    return {pk for pk, seats in left.items() if left_early(seats, placed[pk])}
