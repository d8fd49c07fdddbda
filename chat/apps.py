from django.apps import AppConfig


class ChatConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "chat"
    verbose_name = "Chat and notes"

    def ready(self) -> None:
        from . import live, privacy, services  # noqa: F401  (erases a deleted account's chat; the chat's part of a page's live version)
