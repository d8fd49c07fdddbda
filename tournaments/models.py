"""Tournaments: entries, rounds and pairings (a pairing is one game: a pair or a table).

Pairing, scheduling, standings and brackets are computed by the Django-free modules
(:mod:`tournaments.pairing`, :mod:`.scheduling`, :mod:`.standings`, :mod:`.bracket`);
:mod:`.creation`, :mod:`.registration`, :mod:`.rounds`, :mod:`.results`, :mod:`.ranking`
and :mod:`.ending` move the data between them and these rows.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from .standings import TIEBREAKS

TIEBREAK_LABELS = {
    "buchholz": (_("Buchholz"), pgettext_lazy("tiebreak, short", "Bh")),
    "buchholz_cut1": (_("Buchholz cut-1"), pgettext_lazy("tiebreak, short", "Bh-1")),
    "sonneborn_berger": (_("Sonneborn-Berger"), pgettext_lazy("tiebreak, short", "SB")),
    "head_to_head": (_("Head-to-head"), pgettext_lazy("tiebreak, short", "H2H")),
    "score_difference": (_("Score difference"), pgettext_lazy("tiebreak, short", "Diff")),
    "game_points": (_("Game points"), pgettext_lazy("tiebreak, short", "GP")),
}
"""Each tiebreak's name and short column head in the reader's language (by the keys of
the pure-Python ``standings.TIEBREAKS``)."""


TIEBREAKS_IN_A_SENTENCE = {
    "buchholz": pgettext_lazy("tiebreak, in a sentence", "Buchholz"),
    "buchholz_cut1": pgettext_lazy("tiebreak, in a sentence", "Buchholz cut-1"),
    "sonneborn_berger": pgettext_lazy("tiebreak, in a sentence", "Sonneborn-Berger"),
    "head_to_head": pgettext_lazy("tiebreak, in a sentence", "head-to-head"),
    "score_difference": pgettext_lazy("tiebreak, in a sentence", "score difference"),
    "game_points": pgettext_lazy("tiebreak, in a sentence", "game points"),
}
"""Each tiebreak's name as it reads inside "Tiebreaks: …." (French « confrontation directe,
points de partie », not the labels' capitals)."""


def tiebreak_label(name: str) -> str:
    return str(TIEBREAK_LABELS[name][0]) if name in TIEBREAK_LABELS else TIEBREAKS.get(name, name)


DEFAULT_TIEBREAKS = ["buchholz", "sonneborn_berger", "head_to_head", "game_points"]

# Each format's usual order. A complete round robin gives every tied player the same
# Buchholz, so the direct games decide first (as FIDE's round-robin rules do); a knockout
# ranks by the round reached and needs none.
FORMAT_TIEBREAKS = {
    "swiss": DEFAULT_TIEBREAKS,
    "round_robin": ["head_to_head", "sonneborn_berger", "game_points"],
    "knockout": [],
}


def default_tiebreaks(format: str = "swiss") -> list[str]:
    return list(FORMAT_TIEBREAKS.get(format, DEFAULT_TIEBREAKS))


class Tournament(models.Model):
    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", _("Round-robin league")
        SWISS = "swiss", _("Swiss")
        KNOCKOUT = "knockout", _("Single-elimination knockout")

    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Registration open")
        RUNNING = "running", _("In progress")
        FINISHED = "finished", _("Finished")

    class Registration(models.TextChoices):
        OPEN = "open", _("Open to everyone")
        INVITATION = "invitation", _("By invitation only")

    class Seeding(models.TextChoices):
        RATING = "rating", _("By rating")
        STANDINGS = "standings", _("By the previous stage's standings")
        RANDOM = "random", _("Random")

    class Stage(models.TextChoices):
        MAIN = "main", _("Main stage")
        KNOCKOUT = "knockout", _("Knockout")

    name = models.CharField(max_length=100)
    description = models.TextField(blank=True, max_length=5000)
    # Secret: draws the "random" seeding. Never serialised or rendered.
    seed = models.BigIntegerField(null=True, blank=True, editable=False)
    director = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="directed_tournaments"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    format = models.CharField(max_length=16, choices=Format.choices, default=Format.SWISS)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.REGISTRATION, db_index=True)
    stage = models.CharField(max_length=10, choices=Stage.choices, default=Stage.MAIN)
    # Round-robin options
    table_size = models.PositiveSmallIntegerField(default=2, help_text="Players per game: 2, or tables of 3-5")
    double_round = models.BooleanField(default=False)
    table_rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Tables of 3-5: rounds to play (empty: until everyone has met everyone)"
    )
    # Swiss options
    swiss_rounds = models.PositiveSmallIntegerField(default=5)
    # Knockout options (a knockout tournament, or the top N after the main stage)
    knockout_top = models.PositiveSmallIntegerField(
        default=0, help_text="Top N to a knockout after the main stage (0: none)"
    )
    seeding = models.CharField(max_length=10, choices=Seeding.choices, default=Seeding.RATING)
    third_place = models.BooleanField(default=False)
    # Registration
    registration = models.CharField(max_length=12, choices=Registration.choices, default=Registration.OPEN)
    min_finished_games = models.PositiveIntegerField(default=0)
    max_players = models.PositiveIntegerField(null=True, blank=True)
    late_entries = models.BooleanField(default=True, help_text="Swiss: players may join after round 1")
    start_date = models.DateTimeField(null=True, blank=True)
    # Game options, the same for every game of the event
    rules = models.JSONField(default=dict, blank=True)
    move_days = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Days per move (empty: unlimited)")
    timeout_rule = models.CharField(
        max_length=8, default="lose", choices=[("skip", _("Skip the turn")), ("lose", _("Lose by timeout"))]
    )
    vacation_allowed = models.BooleanField(default=True)
    round_days = models.PositiveSmallIntegerField(default=14, help_text="Round deadline, in days")
    tiebreaks = models.JSONField(default=default_tiebreaks, blank=True, help_text="Tiebreak chain, in order")
    # Divisions: a league's seasons (see creation.next_season)
    league = models.CharField(max_length=60, blank=True, db_index=True)
    season = models.PositiveSmallIntegerField(null=True, blank=True)
    division = models.PositiveSmallIntegerField(null=True, blank=True, help_text=_("1 is the top division"))
    promote = models.PositiveSmallIntegerField(default=0)
    relegate = models.PositiveSmallIntegerField(default=0)
    # Computed: the round-robin schedule (user ids) and the last standings (see rounds, ranking)
    schedule = models.JSONField(default=list, blank=True, editable=False)
    knockout_seeds = models.JSONField(default=list, blank=True, editable=False)
    standings_cache = models.JSONField(default=list, blank=True, editable=False)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", args=[self.pk])

    def can_direct(self, user) -> bool:
        return bool(user and user.is_authenticated and (user.pk == self.director_id or user.is_staff))

    @property
    def tiebreak_names(self) -> list[str]:
        return [str(TIEBREAKS_IN_A_SENTENCE.get(t) or tiebreak_label(t)) for t in self.tiebreaks]


class Entry(models.Model):
    class State(models.TextChoices):
        INVITED = "invited", _("Invited")
        REGISTERED = "registered", _("Registered")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournament_entries")
    state = models.CharField(max_length=12, choices=State.choices, default=State.REGISTERED)
    rating = models.IntegerField(default=1500)
    created_at = models.DateTimeField(auto_now_add=True)
    # Who invited the player (an invitation counts in their daily invitation quota).
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdraw_policy = models.CharField(
        max_length=8,
        blank=True,
        choices=[("forfeit", _("Remaining games forfeited")), ("drop", _("Remaining games dropped"))],
    )

    class Meta:
        ordering = ["tournament", "-rating", "created_at"]
        constraints = [models.UniqueConstraint(fields=["tournament", "user"], name="entry_unique_user")]

    def __str__(self) -> str:
        return f"{self.user} in {self.tournament}"


class Round(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("In progress")
        FINISHED = "finished", _("Finished")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    stage = models.CharField(max_length=10, choices=Tournament.Stage.choices, default=Tournament.Stage.MAIN)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    started_at = models.DateTimeField(auto_now_add=True)
    deadline = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="round_unique_number")]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"


class Pairing(models.Model):
    """One game of a round (a pair or a table), or a bye."""

    class Status(models.TextChoices):
        ACTIVE = "active", _("In progress")
        FINISHED = "finished", _("Finished")
        FORFEIT = "forfeit", _("Forfeit")
        ADJUDICATED = "adjudicated", _("Adjudicated at the deadline")
        BYE = "bye", _("Bye")
        DROPPED = "dropped", _("Dropped")

    DONE = (Status.FINISHED, Status.FORFEIT, Status.ADJUDICATED, Status.BYE, Status.DROPPED)

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings")
    number = models.PositiveSmallIntegerField(default=1)
    game = models.OneToOneField(
        "games.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="tournament_pairing"
    )
    players = models.JSONField(default=list, help_text="User ids in seat order")
    scores = models.JSONField(null=True, blank=True, help_text="Final game scores, aligned with players")
    forfeited = models.JSONField(default=list, blank=True, help_text="User ids who lost by forfeit")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.ACTIVE)
    bracket_match = models.CharField(max_length=12, blank=True, help_text="Knockout: 'round-index' of the bracket")

    class Meta:
        ordering = ["round", "number"]

    def __str__(self) -> str:
        return f"{self.round} table {self.number}"

    @property
    def done(self) -> bool:
        return self.status in self.DONE
