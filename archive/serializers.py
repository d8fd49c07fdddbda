"""Response shapes of the archive API, for the OpenAPI schema (responses are plain dicts)."""

from __future__ import annotations

from rest_framework import serializers

from games.serializers import MoveSerializer

from .search import API_RULE_FLAGS


class ArchiveErrorSerializer(serializers.Serializer):
    detail = serializers.CharField()


# "errors" names a Serializer's property too: the field is declared beside the class body
ArchiveErrorSerializer._declared_fields["errors"] = serializers.DictField(child=serializers.CharField(), required=False)


ArchiveRulesSerializer = type(
    "ArchiveRulesSerializer",
    (serializers.Serializer,),
    {
        "__doc__": "A game's NOTATION.md rules object, with the old flags of search.API_RULE_FLAGS.",
        "farm_scoring": serializers.CharField(help_text="`current` or `classic`"),
        **{
            name: serializers.BooleanField(help_text=f"Whether `{name}` is one of the expansions")
            for name in API_RULE_FLAGS
        },
        "expansions": serializers.ListField(
            child=serializers.CharField(), required=False, help_text="The expansions played (NOTATION.md rules object)"
        ),
    },
)


class ArchivePlayerSerializer(serializers.Serializer):
    username = serializers.CharField()
    position = serializers.IntegerField(help_text="Seat, from 0 (turn order)")
    color = serializers.CharField()
    hex = serializers.CharField(help_text="The seat colour as #rrggbb")
    score = serializers.IntegerField()
    won = serializers.BooleanField()
    outcome = serializers.CharField(
        allow_null=True, help_text="`win`, `draw` (shared first place) or `loss`; null while in progress"
    )
    rank = serializers.IntegerField(allow_null=True)


class ArchiveTournamentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    round = serializers.IntegerField(allow_null=True, help_text="Round number, from 1")
    url = serializers.CharField(help_text="The tournament's page")
    round_url = serializers.CharField(allow_null=True, help_text="The round's page")


class ArchiveGameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.CharField(help_text="`finished` or `active`")
    finished_at = serializers.DateTimeField(allow_null=True)
    updated_at = serializers.DateTimeField(allow_null=True)
    move_count = serializers.IntegerField()
    rules = ArchiveRulesSerializer()
    players = ArchivePlayerSerializer(many=True)
    winners = serializers.ListField(child=serializers.CharField())
    tournament = ArchiveTournamentSerializer(
        allow_null=True, help_text="The tournament and round; null for a friendly game"
    )


class ArchivePageSerializer(serializers.Serializer):
    count = serializers.IntegerField(help_text="Games matching the filters")
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    page_size = serializers.IntegerField()
    next = serializers.CharField(allow_null=True, help_text="URL of the next page")
    previous = serializers.CharField(allow_null=True, help_text="URL of the previous page")
    filters = serializers.DictField(child=serializers.JSONField(), help_text="The filters applied")
    ignored = serializers.ListField(
        child=serializers.CharField(),
        help_text="Parameters accepted but not applied (now always empty; kept for compatibility)",
    )
    results = ArchiveGameSerializer(many=True)


class ArchiveBreakdownSerializer(serializers.Serializer):
    roads = serializers.IntegerField()
    cities = serializers.IntegerField()
    cloisters = serializers.IntegerField()
    farms = serializers.IntegerField()
    goods = serializers.IntegerField(help_text="Traders & Builders: goods tokens majorities")
    king = serializers.IntegerField(help_text="King & Robber: the king's bonus")
    robber = serializers.IntegerField(help_text="King & Robber: the robber's bonus")
    ransom = serializers.IntegerField(help_text="The Tower: ransoms received less ransoms paid")
    fairy = serializers.IntegerField(help_text="The Princess & the Dragon: the fairy's points")


class ArchivePlayedMoveSerializer(MoveSerializer):
    """A move of the log (its record entry, seat and a sentence for people), as the
    games API lists it: both come from ``games.present.entries.move_json``."""


class ArchiveMovePlayerSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    username = serializers.CharField()
    color = serializers.CharField()
    hex = serializers.CharField()
    score = serializers.IntegerField(help_text="Score after this move")
    points = serializers.IntegerField(help_text="Points scored on this move")
    final_points = serializers.IntegerField(allow_null=True, help_text="Final scoring (after the last move only)")
    supply = serializers.IntegerField(help_text="Followers in the supply")
    breakdown = ArchiveBreakdownSerializer(help_text="Points so far by feature")


class ArchiveLegendLineSerializer(serializers.Serializer):
    award = serializers.CharField(help_text="king or robber")
    text = serializers.CharField(help_text="Who holds it, in words")
    tooltip = serializers.CharField(help_text="Who gets it, in words")
    seat = serializers.IntegerField(allow_null=True, help_text="The holder's seat; null: not awarded yet")
    color = serializers.CharField(help_text="The holder's colour; empty: not awarded yet")
    icon = serializers.CharField(help_text="The award's small picture (SVG)")


class ArchiveMoveStateSerializer(serializers.Serializer):
    move = serializers.IntegerField(help_text="k: the state after move k (0 = start tile only)")
    total = serializers.IntegerField(help_text="Moves in the game")
    first = serializers.IntegerField()
    last = serializers.IntegerField()
    previous = serializers.IntegerField(allow_null=True)
    next = serializers.IntegerField(allow_null=True)
    finished = serializers.BooleanField(help_text="True after the last move of a finished game (final scoring applied)")
    played = ArchivePlayedMoveSerializer(allow_null=True, help_text="Move k itself; null for k = 0")
    points = serializers.ListField(child=serializers.IntegerField(), help_text="Points of each seat on move k")
    final_points = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    scores = serializers.ListField(child=serializers.IntegerField(), help_text="Scores of each seat after move k")
    players = ArchiveMovePlayerSerializer(many=True)
    legend = ArchiveLegendLineSerializer(
        many=True,
        help_text="The board's legend after move k (King & Robber: "
        "who holds each award), as the replay page shows it beside the board",
    )
    board_url = serializers.CharField(help_text="The board after move k as SVG")
    page_url = serializers.CharField(help_text="The replay page at move k")


class AnalysedMoveSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="The move's number in the record (from 1)")
    seat = serializers.IntegerField()
    player = serializers.CharField()
    played = serializers.JSONField(help_text="The record entry played")
    played_text = serializers.CharField(help_text="The move played, in words")
    best = serializers.JSONField(help_text="The record entry the bot prefers (the one played when it agrees)")
    best_text = serializers.CharField(help_text="The preferred move, in words")
    best_notation = serializers.CharField(
        help_text="A placement in the reply notation, e.g. `2,-1 90 city:N` ('' otherwise)"
    )
    loss = serializers.FloatField(help_text="Expected points lost against the preferred move")
    mark = serializers.CharField(allow_null=True, help_text="`inaccuracy`, `mistake`, `blunder`, or null")


class AnalysedPlayerSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    moves = serializers.IntegerField(help_text="Moves judged (decisions that had a choice)")
    average_loss = serializers.FloatField(help_text="Average expected points lost per move judged")
    marks = serializers.DictField(child=serializers.IntegerField(), help_text="How many of each mark")


class ArchiveAnalysisSerializer(serializers.Serializer):
    state = serializers.ChoiceField(["none", "queued", "running", "done", "failed"])
    level = serializers.CharField(help_text="The bot level that judges (the strongest)")
    seconds = serializers.FloatField(allow_null=True, help_text="CPU seconds of search per decision")
    progress = serializers.IntegerField(help_text="Moves gone through so far (while running)")
    total = serializers.IntegerField(help_text="Moves in the game")
    requested_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    thresholds = serializers.DictField(
        child=serializers.FloatField(), help_text="Points lost from which each mark is given"
    )
    moves = AnalysedMoveSerializer(many=True, help_text="Once done: every move judged, in order")
    players = AnalysedPlayerSerializer(many=True, help_text="Once done: one summary per player")
