"""The archive's summary tables in the admin: read-only (they are rebuilt from the move
logs with ``manage.py rebuild_results``, never edited by hand)."""

from django.contrib import admin

from .models import GameAnalysis, GameResult, SeatResult


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class SeatResultInline(admin.TabularInline):
    model = SeatResult
    fields = readonly_fields = (
        "position",
        "username",
        "user",
        "score",
        "roads",
        "cities",
        "cloisters",
        "farms",
        "rank",
        "outcome",
    )
    extra = 0
    can_delete = False
    ordering = ["position"]

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(GameResult)
class GameResultAdmin(ReadOnlyAdmin):
    list_display = [
        "game_id",
        "game",
        "finished_at",
        "player_count",
        "move_count",
        "top_score",
        "rules",
        "tournament_id",
        "round",
    ]
    list_filter = ["player_count", "rule_tags__tag"]
    list_select_related = ["game"]
    search_fields = ["=game__id", "game__name", "seats__username"]
    date_hierarchy = "finished_at"
    show_full_result_count = False
    inlines = [SeatResultInline]

    @admin.display(description="rules")
    def rules(self, result):
        return result.game.rules  # the game's own rules object (its tags are RuleTag rows)


@admin.register(SeatResult)
class SeatResultAdmin(ReadOnlyAdmin):
    list_display = ["result_id", "position", "username", "score", "rank", "outcome", "finished_at"]
    list_filter = ["outcome", "won"]
    search_fields = ["username", "=result__game__id"]
    raw_id_fields = ["result", "user"]
    date_hierarchy = "finished_at"
    show_full_result_count = False


@admin.register(GameAnalysis)
class GameAnalysisAdmin(admin.ModelAdmin):
    """Read-only but deletable: deleting a failed or stale analysis lets anyone ask again."""

    list_display = ["game_id", "state", "level", "seconds", "attempts", "progress", "requested_at", "finished_at"]
    list_filter = ["state"]
    search_fields = ["=game__id"]
    readonly_fields = [f.name for f in GameAnalysis._meta.fields]
    show_full_result_count = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False
