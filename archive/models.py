"""The archive's own tables: one row per finished game and one per seat of it.

They are a denormalised summary of the move log (which stays the source of truth),
written once when a game finishes (see :mod:`archive.results`) and rebuilt at will
with ``manage.py rebuild_results``. They exist so that the archive list can filter
and sort 100,000s of games with plain indexes, and so that profile statistics need
no replay. ``games`` is never migrated for the archive's sake: the columns a list
needs (finish date, player count, privacy) are copied here, and the rule set as
:class:`RuleTag` rows, one per option that is on, so that a new expansion needs no new
column; a list and its count read archive tables only.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from carcassonne import Rules, hooks


class GameResult(models.Model):
    """The outcome of one finished game (its primary key is the game's)."""

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, primary_key=True, related_name="result")
    finished_at = models.DateTimeField()
    started_at = models.DateTimeField(null=True, blank=True)
    player_count = models.PositiveSmallIntegerField()
    move_count = models.PositiveIntegerField(default=0)
    top_score = models.IntegerField(default=0)
    # A tournament game's tournament and round number (from its tournaments.Pairing, see
    # archive.results.record_result); plain columns, not FKs, so that the archive stays readable
    # on its own. `manage.py rebuild_results --tournaments` refills them.
    tournament_id = models.BigIntegerField(null=True, blank=True)
    round = models.PositiveIntegerField(null=True, blank=True)
    # A copy of Game.private (the archive lists no private game): written with the result and
    # kept by archive.signals when an admin changes a finished game's privacy.
    private = models.BooleanField(default=False)

    class Meta:
        ordering = ["-finished_at", "-game_id"]
        indexes = [
            models.Index(fields=["-finished_at", "-game"], name="archive_gr_finished"),
            models.Index(fields=["player_count", "-finished_at"], name="archive_gr_players"),
            models.Index(fields=["tournament_id", "round"], name="archive_gr_tournament"),
            # the public results: a player's seats find theirs without reading the table (the count
            # of a player's games); the few private ones, left out of a count on the rule tags alone
            models.Index(fields=["game"], condition=models.Q(private=False), name="archive_gr_public"),
            models.Index(fields=["game"], condition=models.Q(private=True), name="archive_gr_private"),
        ]

    def __str__(self) -> str:
        return f"result of game #{self.game_id}"


USER_SEAT_COLUMNS = [
    *("result", "position", "rank"),  # the head to head
    *("outcome", "score", "roads", "cities", "cloisters", "farms"),  # the statistics
    *("goods", "king", "robber", "fairy", "ransom"),
]


class SeatResult(models.Model):
    """One player's final score in one finished game, with its breakdown by feature."""

    class Outcome(models.TextChoices):
        WIN = "win", "Win"
        DRAW = "draw", "Draw"  # shared first place
        LOSS = "loss", "Loss"

    result = models.ForeignKey(GameResult, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="seat_results"
    )
    username = models.CharField(max_length=150, blank=True, help_text="The name shown when the game finished")
    score = models.IntegerField()
    roads = models.IntegerField(default=0)
    cities = models.IntegerField(default=0)
    cloisters = models.IntegerField(default=0)
    farms = models.IntegerField(default=0)
    # an expansion's categories: empty (null) in a game played without the expansion
    goods = models.IntegerField(null=True, blank=True)
    king = models.IntegerField(null=True, blank=True)
    robber = models.IntegerField(null=True, blank=True)
    ransom = models.IntegerField(null=True, blank=True)
    fairy = models.IntegerField(null=True, blank=True)
    rank = models.PositiveSmallIntegerField(help_text="1 for the best score; tied players share a rank")
    won = models.BooleanField(default=False, help_text="Rank 1, alone or shared")
    outcome = models.CharField(max_length=4, choices=Outcome.choices)
    # Copies of the game's columns, so that a player's games are one index range.
    finished_at = models.DateTimeField()

    class Meta:
        ordering = ["result", "position"]
        constraints = [
            models.UniqueConstraint(fields=["result", "position"], name="archive_seat_unique_position"),
        ]
        indexes = [
            models.Index(fields=["user", "-finished_at", "-result"], name="archive_sr_user_finished"),
            models.Index(fields=["user", "won", "-finished_at"], name="archive_sr_user_won"),
            # a player's statistics and head to head (archive.profiles): their seats, then each
            # game's other seats, read from these two indexes alone on PostgreSQL (covering:
            # INCLUDE; plain elsewhere), not from a thousand table pages scattered over the disk
            models.Index(fields=["user"], include=USER_SEAT_COLUMNS, name="archive_sr_user_seat"),
            models.Index(
                fields=["result"], include=["position", "user", "rank", "username"], name="archive_sr_result_seat"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.username} in game #{self.result_id}: {self.score}"

    @property
    def game_id(self) -> int:
        return self.result_id


class OpponentResult(models.Model):
    """A player's opponent in one finished game and the ranks both finished in: one row per
    seat of a person and each other seat of the game, written with the seats. The head to
    head (``archive.profiles``) reads a player's rows from one index range, where a join of
    their seats with each game's others probed 1,500 games for a busy player (5-7 ms at
    100,000 games)."""

    result = models.ForeignKey(GameResult, on_delete=models.CASCADE, related_name="opponents")
    user = models.ForeignKey(  # found by archive_or_user
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+", db_index=False
    )
    opponent = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    opponent_name = models.CharField(max_length=150, blank=True, help_text="The opponent seat's name (SeatResult)")
    rank = models.PositiveSmallIntegerField()
    opponent_rank = models.PositiveSmallIntegerField()

    class Meta:
        indexes = [
            # a player's head to head from the index alone (covering on PostgreSQL)
            models.Index(
                fields=["user"],
                include=["opponent", "opponent_name", "rank", "opponent_rank", "result"],
                name="archive_or_user",
            ),
        ]

    def __str__(self) -> str:
        return f"user {self.user_id} against {self.opponent_name} in game #{self.result_id}"


class RuleTag(models.Model):
    """One rule option a finished game was played with, as a tag: an expansion or a house
    rule that is on (``count``, ``hand``; ``incomplete_score`` in the published game) or a
    choice with its value (``farm_scoring:classic``); see :meth:`tags_of`.

    A table rather than a JSON field: filtering by any option is one indexed lookup
    (``EXISTS`` on ``(result, tag)``) with the same SQL on SQLite and PostgreSQL, and the
    options come from the engine (``Rules.options()``), so an expansion needs no column.
    """

    # (the unique (result, tag) index serves the foreign key and the filters' EXISTS probes,
    # index-only; (tag, result) serves counting the games with a tag)
    result = models.ForeignKey(GameResult, on_delete=models.CASCADE, related_name="rule_tags", db_index=False)
    tag = models.CharField(max_length=60)

    class Meta:
        ordering = ["result", "tag"]
        constraints = [models.UniqueConstraint(fields=["result", "tag"], name="archive_ruletag_unique")]
        indexes = [models.Index(fields=["tag", "result"], name="archive_ruletag_tag")]

    def __str__(self) -> str:
        return f"{self.tag} in game #{self.result_id}"

    @staticmethod
    def tag_for(name: str, value: Any) -> str | None:
        """The tag saying option ``name`` has ``value`` (``None``: no tag, the option is off).

        An on/off option is tagged by its name when on (an ``int`` option when set at all);
        a choice always, as ``name:value``.
        """
        option = OPTIONS_BY_NAME[name]
        if option.kind == "choice":
            return f"{name}:{value}"
        return name if value not in (None, False) else None

    @classmethod
    def tags_of(cls, rules: Rules) -> list[str]:
        """Every tag of a rule set, in the engine's option order; an expansion's own options
        only where it is played (a game without the dragon has no way for it to move)."""
        unplayed = {o.name for cls_ in hooks.expansions() if cls_.name not in rules.expansions for o in cls_.settings}
        tags = (cls.tag_for(name, value) for name, value in rules.option_values().items() if name not in unplayed)
        return [t for t in tags if t is not None]


class GameAnalysis(models.Model):
    """The analysis of one finished game by the strongest bot (see :mod:`archive.game_analysis`):
    asked for once ("Analyse" on its replay page or ``POST`` on the API), computed once by
    a Celery task, stored here and only read afterwards.

    ``moves`` holds one verdict per decision that had a choice, in the order played:
    ``{"number", "seat", "played", "best", "loss", "mark"}`` (``played`` and ``best`` are
    record entries, ``loss`` the expected points lost, ``mark`` ``inaccuracy``, ``mistake``,
    ``blunder`` or null); ``players`` one summary per seat: ``{"seat", "name", "moves",
    "average_loss", "marks": {mark: count}}``; ``thresholds`` the points lost from which
    each mark is given (``carcassonne.bots.analysis``).
    """

    class State(models.TextChoices):
        QUEUED = "queued", _("waiting for a worker")
        RUNNING = "running", _("being analysed")
        DONE = "done", _("analysed")
        FAILED = "failed", pgettext_lazy("analysis", "failed")

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, primary_key=True, related_name="analysis")
    state = models.CharField(max_length=8, choices=State.choices, default=State.QUEUED)
    level = models.CharField(max_length=20, help_text="The named bot level that judged the moves")
    seconds = models.FloatField(help_text="CPU seconds of search per decision")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    requested_at = models.DateTimeField()
    # Set whenever the state changes and after each move judged: a run whose worker died
    # stops touching it, and archive.game_analysis.requeue_stale queues it again.
    updated_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0, help_text="Runs started (a worker that died counts)")
    progress = models.PositiveIntegerField(default=0, help_text="Moves of the record gone through so far")
    moves = models.JSONField(default=list, blank=True)
    players = models.JSONField(default=list, blank=True)
    thresholds = models.JSONField(default=dict, blank=True)

    class Meta:
        verbose_name_plural = "game analyses"
        indexes = [models.Index(fields=["state", "updated_at"], name="archive_analysis_state")]

    def __str__(self) -> str:
        return f"analysis of game #{self.game_id} ({self.state})"

    @property
    def pending(self) -> bool:
        """Queued or running: the page says so and waits."""
        return self.state in (self.State.QUEUED, self.State.RUNNING)


OPTIONS_BY_NAME = {option.name: option for option in Rules.options()}
"""The engine's rule options by name: every one is a tag and an archive filter."""
