from django.contrib import admin

from .models import GameEvent, Notification, Preference, TurnClock, Vacation


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ["pk", "kind", "email", "game", "status", "attempts", "created_at", "sent_at"]
    list_filter = ["status", "kind"]
    search_fields = ["email", "key"]


admin.site.register(Preference)
admin.site.register(TurnClock)
admin.site.register(GameEvent)
admin.site.register(Vacation)
