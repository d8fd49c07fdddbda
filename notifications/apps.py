from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "notifications"
    verbose_name = "Play by e-mail"

    def ready(self) -> None:
        from . import events  # noqa: F401  (connects the receivers of games.signals)
