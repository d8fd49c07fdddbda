from django.contrib import admin

from .models import Notification, Preference


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ["pk", "kind", "email", "game", "status", "attempts", "created_at", "sent_at"]
    list_filter = ["status", "kind"]
    search_fields = ["email", "key"]


admin.site.register(Preference)
