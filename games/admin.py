from django.contrib import admin

from .models import Game, GameEvent, Move, PlayPreference, Seat, TurnClock, Vacation


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("position", "user", "state", "invited_email")
    raw_id_fields = ("user",)


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "title", "status", "move_count", "created_by", "created_at", "finished_at")
    list_filter = ("status",)
    search_fields = ("name", "seats__user__username")
    inlines = [SeatInline]
    readonly_fields = ("move_count", "current_seat", "scores", "started_at", "finished_at")
    exclude = ("seed",)


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ("game", "position", "user", "state", "invited_email")
    list_filter = ("state",)
    raw_id_fields = ("game", "user")
    exclude = ("invite_token",)


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    """The move log is append-only: the admin shows it and changes nothing."""

    list_display = ("game", "number", "seat", "entry", "points", "created_at")
    raw_id_fields = ("game",)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


admin.site.register(TurnClock)
admin.site.register(GameEvent)
admin.site.register(Vacation)


@admin.register(PlayPreference)
class PlayPreferenceAdmin(admin.ModelAdmin):
    list_display = ("user", "auto_pass_count")
    raw_id_fields = ("user",)
