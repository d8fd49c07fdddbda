from django.contrib import admin

from .models import InboundMessage, Notification, Preference


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ["pk", "kind", "email", "game", "status", "attempts", "created_at", "sent_at"]
    list_filter = ["status", "kind"]
    search_fields = ["email", "key"]


admin.site.register(Preference)


@admin.register(InboundMessage)
class InboundMessageAdmin(admin.ModelAdmin):
    """Replies received at the reply address and what became of each (never their body)."""

    list_display = ["created_at", "result", "reason", "answered", "sender", "game", "move_number", "source", "size"]
    list_filter = ["result", "reason", "answered", "source"]
    search_fields = ["sender", "message_id", "recipient"]
    readonly_fields = [f.name for f in InboundMessage._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
