from django.apps import AppConfig


class ChatConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "chat"
    verbose_name = "Chat, notes and live updates"

    def ready(self) -> None:
        from . import privacy  # noqa: F401  (erases a deleted account's chat)
